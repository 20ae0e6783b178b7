"""The built-in stores run the contracts that ``meeple.core.testing`` ships for every store
backend (``StoreContract``, and ``AnnotationsContract`` for data kept beside a game's log):
memory, SQLite, JSON Lines and PostgreSQL.

PostgreSQL runs when MEEPLE_TEST_POSTGRES holds a server URL (scripts/ci-postgres.sh
prints one); with CI=true and no URL the PostgreSQL tests fail instead of skipping.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import count
from meeple.core.engine import Engine
from meeple.core.errors import BadOptions
from meeple.core.plugins import load
from meeple.core.stores.annotations import annotations_for
from meeple.core.stores.base import EventStore
from meeple.core.stores.jsonl import JsonlStore
from meeple.core.stores.memory import MemoryStore
from meeple.core.stores.sqlite import SqliteStore
from meeple.core.testing import (
    AnnotationsContract,
    PersistentAnnotationsContract,
    PersistentContract,
    StoreContract,
    open_url,
    store_header,
)


class Counted:
    """The concurrency tests' counts go to the reliability figures (docs/reliability.md)."""

    def counted(self, key: str, n: int) -> None:
        count(key, n)


class TestMemoryStore(Counted, StoreContract, AnnotationsContract):
    processes = False

    def make_store(self, place: Path) -> EventStore:
        return MemoryStore()


class TestSqliteStore(Counted, PersistentContract, PersistentAnnotationsContract):
    def make_store(self, place: Path) -> EventStore:
        return SqliteStore(place / "store.sqlite")


class TestJsonlStore(Counted, PersistentContract, PersistentAnnotationsContract):
    def make_store(self, place: Path) -> EventStore:
        return JsonlStore(place / "games")

    def test_the_annotations_side_file_is_not_listed_as_a_game(self, annotated: EventStore) -> None:
        annotations_for(annotated).put("g1", "review", "k", 0, 1)
        assert annotated.game_ids() == ["g1", "g2"]


@pytest.mark.postgres
class TestPostgresStore(Counted, PersistentContract, PersistentAnnotationsContract):
    @pytest.fixture(autouse=True)
    def _server(self, pg_url: str) -> None:
        self.url = pg_url  # a schema of this test's own on the test server

    def make_store(self, place: Path) -> EventStore:
        return open_url(self.url)

    def test_meeple_db_selects_postgresql(self, pg_url: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
        from meeple.core.stores.postgresql import PostgresStore

        monkeypatch.setenv("MEEPLE_DB", pg_url)
        eng = Engine(None, load())
        try:
            assert isinstance(eng.store, PostgresStore)
            gid = eng.new_game("connect-four", ["red", "yellow"], seed=2, game_id="via-env")
            assert eng.verify(gid).ok and eng.store.game_ids() == ["via-env"]
        finally:
            eng.close()

    def test_urls_name_no_password_and_accept_the_short_scheme(self, pg_url: str) -> None:
        from meeple.core.stores.postgresql import split_url

        conninfo, schema = split_url("postgres://u:secret@h:5/db?schema=s_1&sslmode=disable"
                                     "&options=-c%20a%3Db")
        assert schema == "s_1"
        assert conninfo == "postgresql://u:secret@h:5/db?sslmode=disable&options=-c%20a%3Db"
        with pytest.raises(BadOptions):
            split_url("postgresql://h/db?schema=Robert'); DROP TABLE x;--")
        s = open_url(pg_url.replace("postgresql://", "postgres://", 1)
                     + "&application_name=meeple%20test&password=secret&sslmode=disable")
        try:
            assert "secret" not in s.url and s.game_ids() == []
            # The store's URL opens the same store again, settings included.
            assert "application_name=meeple%20test" in s.url and "schema=" in s.url
            assert "sslmode=disable" in s.url
            assert_reopens(s, open_url)
        finally:
            s.close()

    def test_the_wait_for_the_server_is_the_callers_else_the_urls_else_ten_seconds(
            self, pg_url: str) -> None:
        from meeple.core.stores.postgresql import CONNECT_TIMEOUT, PostgresStore

        def waited(url: str, **given: int) -> str:
            s = PostgresStore(url, **given)
            try:
                return s._db.info.get_parameters()["connect_timeout"]
            finally:
                s.close()

        assert CONNECT_TIMEOUT == 10
        assert waited(pg_url) == "10"
        for other in ("application_name=meeple", "sslmode=prefer"):  # named before and after
            assert waited(f"{pg_url}&{other}") == "10"
        assert waited(pg_url + "&connect_timeout=3") == "3"
        assert waited(pg_url + "&connect_timeout=3", connect_timeout=5) == "5"
        assert waited(pg_url, connect_timeout=7) == "7"


def assert_reopens(store: EventStore, opener: Any) -> None:
    """``opener(store.url)`` opens the same store: a game created through it is listed."""
    again = opener(store.url)
    try:
        again.create_game(store_header("seen"))
        assert store.game_ids() == ["seen"]
    finally:
        again.close()


@pytest.mark.postgres
def test_a_postgresql_url_without_a_host_part_keeps_it_empty(pg_url: str) -> None:
    from meeple.core.stores.postgresql import PostgresStore, split_url

    assert split_url("postgresql:///meeple?schema=s") == ("postgresql:///meeple", "s")
    assert split_url("postgresql://u@[::1]:5/db") == ("postgresql://u@[::1]:5/db", None)
    # The host as a parameter (or the local socket): the store's URL opens it again.
    parts = urlsplit(pg_url)
    url = (f"postgresql://{parts.path}?host={parts.hostname}&port={parts.port}"
           f"&user={parts.username}&{parts.query}")
    s = PostgresStore(url)
    try:
        assert s.url.startswith("postgresql:///") and s.where.startswith("postgresql://localhost/")
        assert_reopens(s, PostgresStore)
    finally:
        s.close()


def test_an_unreachable_postgresql_server_is_a_clear_store_error() -> None:
    pytest.importorskip("psycopg")  # the optional extra 'meeple[postgresql]'
    from meeple.core.errors import StoreError

    with pytest.raises(StoreError, match="cannot reach the database"):
        open_url("postgresql://nobody:secret@127.0.0.1:1/meeple?connect_timeout=3")
    with pytest.raises(StoreError) as info:
        open_url("postgresql://nobody:secret@127.0.0.1:1/meeple?connect_timeout=3")
    assert "secret" not in str(info.value)
