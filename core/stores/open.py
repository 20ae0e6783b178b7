"""Choosing a store from a URL: ``--db``, then ``MEEPLE_DB``, then the user's data folder."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..errors import BadOptions, UnknownName
from .base import EventStore

ENV_DB = "MEEPLE_DB"


def default_db_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("meeple")) / "meeple.sqlite"


def resolve_url(url: str | None) -> str:
    url = url or os.environ.get(ENV_DB) or ""
    if not url:
        return f"sqlite:///{default_db_path()}"
    if "://" not in url and ":" not in url.split("/")[0]:
        return f"sqlite:///{Path(url).resolve()}"  # a bare path means an SQLite file
    return url


def open_store(url: str | None, factories: Mapping[str, Callable[[str], Any]]) -> EventStore:
    full = resolve_url(url)
    scheme = full.partition(":")[0].lower()
    if scheme in ("postgres", "postgresql+psycopg"):
        scheme = "postgresql"
    if scheme not in factories:
        allowed = ", ".join(sorted(factories)) or "none"
        raise UnknownName(f"no store for {scheme!r} URLs ({full}); installed stores: {allowed}")
    try:
        return factories[scheme](full)
    except ValueError as exc:  # a URL its library cannot parse: port out of range, "[::1"
        raise BadOptions(f"the store URL {_without_password(full)!r} is not valid: {exc}; "
                         f"{scheme} URLs look like {_EXAMPLES.get(scheme, scheme + '://...')}"
                         ) from None


_EXAMPLES = {"postgresql": "postgresql://user@host:5432/database",
             "sqlite": "sqlite:///path/to/games.sqlite", "jsonl": "jsonl:///path/to/folder"}


def _without_password(url: str) -> str:
    """The URL as it may be shown: no user or password (everything before an '@')."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        return url
    netloc, slash, path = rest.partition("/")
    return f"{scheme}://{netloc.rpartition('@')[2]}{slash}{path}"
