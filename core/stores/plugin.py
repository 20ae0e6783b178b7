"""The built-in store backends, registered through the same hook as any plugin's."""

import importlib.util

from ..hookspecs import hookimpl


@hookimpl
def meeple_stores():
    from .jsonl import JsonlStore
    from .memory import MemoryStore
    from .sqlite import SqliteStore

    stores = {"memory": MemoryStore.from_url, "sqlite": SqliteStore.from_url,
              "jsonl": JsonlStore.from_url}
    # PostgreSQL is an optional extra (pip install 'meeple[postgresql]').
    if importlib.util.find_spec("psycopg") is not None:
        from .postgresql import PostgresStore

        stores["postgresql"] = PostgresStore.from_url
    return stores
