"""Events to bytes and back: cattrs turns attrs events into plain data, orjson writes it.

The codec knows the event classes of one game plus the engine's own events. Old event
versions are brought up to date through ``Game.upcast`` one version at a time.
"""

from __future__ import annotations

from typing import Any

import cattrs
import orjson

from .errors import IntegrityError
from .events import ENGINE_EVENTS


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter()
    # Tuples are the natural immutable sequence in frozen events; store them as lists.
    return conv


class Codec:
    def __init__(self, game: Any) -> None:
        self.game = game
        self.converter = _make_converter()
        self.types: dict[str, type] = {}
        for cls in (*ENGINE_EVENTS, *game.events):
            name = cls.TYPE
            if name in self.types and self.types[name] is not cls:
                raise ValueError(f"two event classes share the type name {name!r}")
            self.types[name] = cls

    def to_data(self, ev: Any) -> dict[str, Any]:
        return self.converter.unstructure(ev)

    def encode(self, ev: Any) -> tuple[str, int, bytes]:
        cls = type(ev)
        return cls.TYPE, cls.VERSION, dumps(self.to_data(ev))

    def decode(self, type_name: str, version: int, data: bytes | dict[str, Any]) -> Any:
        cls = self.types.get(type_name)
        if cls is None:
            raise IntegrityError(f"unknown event type {type_name!r} for {self.game.name}")
        payload = orjson.loads(data) if isinstance(data, bytes | bytearray | memoryview | str) else data
        while version < cls.VERSION:
            version, payload = self.game.upcast(type_name, version, payload)
        if version != cls.VERSION:
            raise IntegrityError(
                f"{type_name} version {version} is newer than this plugin knows ({cls.VERSION})"
            )
        return self.converter.structure(payload, cls)


def dumps(data: Any) -> bytes:
    """Canonical bytes: sorted keys, so the same data always hashes the same."""
    return orjson.dumps(data, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
