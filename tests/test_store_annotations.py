"""The annotations contract: data about a game kept beside its log, on every backend.

PostgreSQL runs when MEEPLE_TEST_POSTGRES holds a server URL; with CI=true and no URL it
fails instead of skipping (conftest.pg_url).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from meeple.core.errors import GameNotFound
from meeple.core.stores.annotations import annotations_for
from meeple.core.stores.base import EventStore
from meeple.core.stores.jsonl import JsonlStore
from meeple.core.stores.memory import MemoryStore
from meeple.core.stores.open import open_store
from meeple.core.stores.sqlite import SqliteStore
from test_store_contract import PLUGINS, ev, header


class AnnotationsContract:
    def open_store(self, place: Path) -> EventStore:
        raise NotImplementedError

    @pytest.fixture
    def store(self, tmp_path: Path) -> Iterator[EventStore]:
        s = self.open_store(tmp_path)
        s.create_game(header("g1"))
        s.append("g1", 0, [ev(1), ev(2)], status={"seq": 2})
        s.create_game(header("g2"))
        yield s
        s.close()

    def test_parts_round_trip_and_a_part_written_again_is_replaced(self, store: EventStore) -> None:
        notes = annotations_for(store)
        assert notes.get("g1", "review", "k") == {}
        notes.put("g1", "review", "k", 0, {"loss": 0.5, "best": "4", "by": {"ann": -1.0}})
        notes.put("g1", "review", "k", 2, {"loss": 0.0, "ü": "“x”"})
        notes.put("g1", "review", "k", 0, {"loss": 0.25})
        assert notes.get("g1", "review", "k") == {0: {"loss": 0.25}, 2: {"loss": 0.0, "ü": "“x”"}}

    def test_keys_kinds_and_games_are_kept_apart(self, store: EventStore) -> None:
        notes = annotations_for(store)
        notes.put("g1", "review", "a", 0, 1)
        notes.put("g1", "review", "b", 0, 2)
        notes.put("g1", "other", "c", 0, 3)
        notes.put("g2", "review", "d", 0, 4)
        assert notes.keys("g1", "review") == ["a", "b"]
        assert notes.keys("g1", "other") == ["c"]
        assert notes.keys("g2", "review") == ["d"]
        assert notes.get("g1", "review", "b") == {0: 2}
        notes.delete("g1", "review", "a")
        assert notes.keys("g1", "review") == ["b"]
        assert notes.get("g1", "review", "a") == {}

    def test_annotations_leave_the_log_and_status_as_they_were(self, store: EventStore) -> None:
        before = (store.load("g1"), store.status("g1"), store.last("g1"), store.game_ids())
        annotations_for(store).put("g1", "review", "k", 0, {"x": 1})
        assert (store.load("g1"), store.status("g1"), store.last("g1"),
                store.game_ids()) == before

    def test_a_game_that_is_not_there_has_no_annotations(self, store: EventStore) -> None:
        with pytest.raises(GameNotFound):
            annotations_for(store).put("nope", "review", "k", 0, 1)
        with pytest.raises(GameNotFound):
            annotations_for(store).get("nope", "review", "k")


class PersistentAnnotations(AnnotationsContract):
    def test_a_reopened_store_sees_them(self, store: EventStore) -> None:
        annotations_for(store).put("g1", "review", "k", 3, {"x": [1, 2]})
        again = open_store(store.url, PLUGINS.stores)
        try:
            assert annotations_for(again).get("g1", "review", "k") == {3: {"x": [1, 2]}}
            assert annotations_for(again).keys("g1", "review") == ["k"]
        finally:
            again.close()


class TestMemoryAnnotations(AnnotationsContract):
    def open_store(self, place: Path) -> EventStore:
        return MemoryStore()


class TestSqliteAnnotations(PersistentAnnotations):
    def open_store(self, place: Path) -> EventStore:
        return SqliteStore(place / "store.sqlite")


class TestJsonlAnnotations(PersistentAnnotations):
    def open_store(self, place: Path) -> EventStore:
        return JsonlStore(place / "games")

    def test_the_side_file_is_not_listed_as_a_game(self, store: EventStore) -> None:
        annotations_for(store).put("g1", "review", "k", 0, 1)
        assert store.game_ids() == ["g1", "g2"]


@pytest.mark.postgres
class TestPostgresAnnotations(PersistentAnnotations):
    @pytest.fixture
    def store(self, pg_url: str) -> Iterator[EventStore]:
        s = open_store(pg_url, PLUGINS.stores)
        s.create_game(header("g1"))
        s.append("g1", 0, [ev(1), ev(2)], status={"seq": 2})
        s.create_game(header("g2"))
        yield s
        s.close()
