"""An in-process store: dictionaries behind a lock. For tests, search and scripts."""

from __future__ import annotations

import threading
from typing import Any

from ..errors import BadOptions, GameNotFound
from ..records import GameHeader, Record
from .base import EventStore, check_game_id, check_sequence


class MemoryStore(EventStore):
    def __init__(self) -> None:
        self.url = "memory:"
        self._lock = threading.Lock()
        self._headers: dict[str, GameHeader] = {}
        self._logs: dict[str, list[Record]] = {}
        self._status: dict[str, dict[str, Any]] = {}

    @classmethod
    def from_url(cls, url: str) -> MemoryStore:
        return cls()

    def create_game(self, header: GameHeader) -> None:
        check_game_id(header.game_id)
        with self._lock:
            if header.game_id in self._headers:
                raise BadOptions(f"a game with id {header.game_id!r} exists already")
            self._headers[header.game_id] = header
            self._logs[header.game_id] = []

    def _create_with_records(self, header: GameHeader, records: list[Record],
                             status: dict[str, Any] | None = None) -> None:
        check_game_id(header.game_id)
        check_sequence(header.game_id, 0, records)
        with self._lock:
            if header.game_id in self._headers:
                raise BadOptions(f"a game with id {header.game_id!r} exists already")
            self._headers[header.game_id] = header
            self._logs[header.game_id] = list(records)
            if status is not None:
                self._status[header.game_id] = dict(status)

    def header(self, game_id: str) -> GameHeader:
        try:
            return self._headers[game_id]
        except KeyError:
            raise GameNotFound(f"no game with id {game_id!r} in {self.url}") from None

    def game_ids(self) -> list[str]:
        return list(self._headers)

    def last(self, game_id: str) -> tuple[int, str]:
        log = self._logs.get(game_id)
        if log is None:
            self.header(game_id)
        if not log:
            return 0, self._headers[game_id].hash()
        return log[-1].seq, log[-1].hash

    def _append_records(self, game_id: str, expected_seq: int, make: Any,
                        status: dict[str, Any] | None = None) -> list[Record]:
        with self._lock:
            last_seq, last_hash = self.last(game_id)
            records = make(last_seq, last_hash)
            check_sequence(game_id, last_seq, records)
            self._logs[game_id].extend(records)
            if status is not None:
                self._status[game_id] = dict(status)
            return records

    def load(self, game_id: str, after: int = 0, upto: int | None = None) -> list[Record]:
        self.header(game_id)
        log = self._logs[game_id]
        end = len(log) if upto is None else max(0, min(upto, len(log)))
        return log[after:end]

    def set_status(self, game_id: str, status: dict[str, Any]) -> None:
        self.header(game_id)
        self._status[game_id] = dict(status)

    def status(self, game_id: str) -> dict[str, Any]:
        self.header(game_id)
        return dict(self._status.get(game_id, {}))
