"""The ASGI app: pages, their JSON under /api/, server-sent events, the AI worker.

    from meeple.web.app import create_app
    app = create_app("sqlite:///games.sqlite")     # or an Engine; run it with uvicorn

Routes (HTML, then the same data as JSON), each in the route module named for them:
    /                      games, filtered by ?game= &status= &tournament=   /api/games
    /games/ID?at=SEQ       a game as a spectator sees it, at any event       /api/games/ID
    /tournaments/ID        a tournament's games and standings so far         /api/tournaments/ID
                                                              (routes_games)
    /new                   create a game (players, agents, options, seed)    POST /api/games
                                                              (routes_create)
    /seat/KEY?at=SEQ       one seat's private page: its view and moves       /api/seat/KEY
                                                              (routes_seats)
    /events, /games/ID/events, /seat/KEY/events    server-sent events: "something changed"
                                                              (routes_stream)

A route module has ``routes(ctx: Context) -> list[BaseRoute]``; ``ROUTE_MODULES`` lists
the ones every app serves, and ``create_app(extra_routes=...)`` adds more.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Sequence
from types import ModuleType
from typing import Any

from meeple.core import MeepleError
from meeple.core.engine import Engine
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from . import routes_create, routes_games, routes_review, routes_seats, routes_stream
from .context import HERE, Context, status_of, templates
from .guard import LOCAL_HOSTS, MAX_BODY_BYTES, guards, too_large
from .robots import Robots
from .seats import SeatBook, seats_path_for
from .service import Service

POLL_SECONDS = 0.3
LIST_POLL_SECONDS = 1.0
KEEPALIVE_SECONDS = 15.0
#: An error message longer than this is cut: it may hold a refused command, typed by anyone.
MAX_MESSAGE_CHARS = 400

#: The route modules every app serves, in this order.
ROUTE_MODULES: tuple[ModuleType, ...] = (routes_games, routes_create, routes_seats,
                                         routes_stream, routes_review)


def create_app(engine_or_db_url: Engine | str | None = None, *, seats_path: str | None = None,
               ai: bool = True, keepalive_seconds: float = KEEPALIVE_SECONDS,
               allowed_hosts: Sequence[str] = LOCAL_HOSTS,
               max_body_bytes: int = MAX_BODY_BYTES,
               extra_routes: Sequence[Callable[[Context], list[BaseRoute]]] = ()) -> Starlette:
    """The web app over one store. ``seats_path``: where the seat keys are kept (default:
    next to the store, see seats.seats_path_for). ``ai=False`` leaves AI seats idle.
    ``keepalive_seconds``: how long an event stream stays silent before it says it is
    still there. ``allowed_hosts``: the Host names answered (any other gets 400).
    ``max_body_bytes``: the largest request body (a larger one gets 413).
    ``extra_routes``: more route modules' ``routes`` functions."""
    engine = engine_or_db_url if isinstance(engine_or_db_url, Engine) else Engine(engine_or_db_url)
    service = Service(engine, SeatBook(seats_path or seats_path_for(engine.store.url)))
    robots = Robots(service)
    ctx = Context(service, templates(), POLL_SECONDS, LIST_POLL_SECONDS, keepalive_seconds)
    routes = [r for make in (*(m.routes for m in ROUTE_MODULES), *extra_routes)
              for r in make(ctx)]
    routes.append(Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"))
    on_error = error_handler(ctx, max_body_bytes)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        app.state.stopping = False
        if ai:
            robots.start()
        try:
            yield
        finally:
            app.state.stopping = True
            robots.stop()

    handlers: dict[Any, Any] = {HTTPException: on_error, MeepleError: on_error}
    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan,
                    middleware=guards(allowed_hosts, max_body_bytes))
    app.state.stopping = False
    app.state.service = service
    app.state.robots = robots
    return app


def error_handler(ctx: Context, max_body_bytes: int) -> Callable[..., Any]:
    """Every refusal as one sentence: a page, or ``{"error": ...}`` under /api/."""

    async def on_error(request: Request, exc: Exception) -> Response:
        if isinstance(exc, HTTPException):
            status, message = exc.status_code, {
                404: f"there is no page {request.url.path[:100]}",
                413: too_large(max_body_bytes)}.get(exc.status_code, exc.detail)
        else:
            status, message = status_of(exc), str(exc)
        if len(message) > MAX_MESSAGE_CHARS:
            message = message[:MAX_MESSAGE_CHARS] + " [...]"
        if request.url.path.startswith("/api/") or "json" in request.headers.get("accept", ""):
            return JSONResponse({"error": message}, status_code=status)
        return ctx.page(request, "error.html", status=status, message=message, code=status)

    return on_error


__all__ = ["ROUTE_MODULES", "create_app"]
