"""What every route module shares: the engine's service, the page templates, the
settings of one app, and the small helpers that turn data into a response."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import orjson
from meeple.core import GameNotFound
from meeple.core.engine import Engine
from meeple.core.errors import ConcurrencyError, IllegalCommand
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from .service import NotFound, Service, Stale

HERE = Path(__file__).parent
#: Seat links carry their key in the path: no page may send it on to another site. Not
#: "no-referrer": with it a browser sends ``Origin: null`` even to this server, whose
#: writes must show their own origin (guard.py).
REFERRER_POLICY = "same-origin"


def templates() -> Jinja2Templates:
    found = Jinja2Templates(directory=str(HERE / "templates"))
    found.env.filters["signed"] = lambda v: f"+{v:g}" if v > 0 else f"{v:g}"
    return found


@attrs.define
class Context:
    """One app's service and settings, handed to each route module's ``routes``."""

    service: Service
    templates: Jinja2Templates
    #: How often an open page's event stream looks at the store, and the list's stream
    #: (other processes, such as a running tournament, write to it without telling us).
    poll_seconds: float
    list_poll_seconds: float
    #: After this long without news a stream sends a comment line to keep proxies open.
    keepalive_seconds: float

    @property
    def engine(self) -> Engine:
        return self.service.engine

    def page(self, request: Request, name: str, status: int = 200, **context: Any) -> Response:
        resp = self.templates.TemplateResponse(request, name, context, status_code=status)
        resp.headers["Referrer-Policy"] = REFERRER_POLICY
        return resp


async def call(fn: Callable[..., Any], *args: Any) -> Any:
    """Run a blocking call (the engine, the store) off the event loop."""
    return await run_in_threadpool(fn, *args)


def wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def json_response(data: Any, status: int = 200) -> Response:
    return Response(orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS, default=str),
                    status_code=status, media_type="application/json")


def status_of(exc: Exception) -> int:
    if isinstance(exc, NotFound | GameNotFound):
        return 404
    if isinstance(exc, Stale | ConcurrencyError):
        return 409
    if isinstance(exc, IllegalCommand):
        return 422
    return 400


def hash_of(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]
