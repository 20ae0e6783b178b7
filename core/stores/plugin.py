"""The built-in store backends, registered through the same hook as any plugin's."""

from ..hookspecs import hookimpl


@hookimpl
def meeple_stores():
    from .jsonl import JsonlStore
    from .memory import MemoryStore
    from .sqlite import SqliteStore

    return {"memory": MemoryStore.from_url, "sqlite": SqliteStore.from_url, "jsonl": JsonlStore.from_url}
