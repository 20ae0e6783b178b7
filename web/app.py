"""The ASGI app: pages, their JSON under /api/, server-sent events, the AI worker.

    from meeple.web.app import create_app
    app = create_app("sqlite:///games.sqlite")     # or an Engine; run it with uvicorn

Routes (HTML, then the same data as JSON):
    /                      games, filtered by ?game= &status= &tournament=   /api/games
    /games/ID?at=SEQ       a game as a spectator sees it, at any event       /api/games/ID
    /seat/KEY?at=SEQ       one seat's private page: its view and moves       /api/seat/KEY
    /new                   create a game (players, agents, options, seed)    POST /api/games
    /tournaments/ID        a tournament's games and standings so far         /api/tournaments/ID
    /events, /games/ID/events, /seat/KEY/events    server-sent events: "something changed"
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import orjson
from meeple.core import BadOptions, GameNotFound, MeepleError
from meeple.core.engine import Engine
from meeple.core.errors import ConcurrencyError, IllegalCommand, UnknownName
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from .robots import Robots
from .routes_review import routes as review_routes
from .seats import SeatBook, seats_path_for
from .service import STATUSES, NotFound, Service, Stale
from .tournaments import standings

HERE = Path(__file__).parent
#: How often an open page's event stream looks at the store (other processes, such as a
#: running tournament, write to it without telling this server).
POLL_SECONDS = 0.3
LIST_POLL_SECONDS = 1.0


def _json(data: Any, status: int = 200) -> Response:
    return Response(orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS, default=str),
                    status_code=status, media_type="application/json")


def _status_of(exc: Exception) -> int:
    if isinstance(exc, NotFound | GameNotFound):
        return 404
    if isinstance(exc, Stale | ConcurrencyError):
        return 409
    if isinstance(exc, IllegalCommand):
        return 422
    return 400


def create_app(engine_or_db_url: Engine | str | None = None, *, seats_path: str | None = None,
               ai: bool = True) -> Starlette:
    """The web app over one store. ``seats_path``: where the seat keys are kept (default:
    next to the store, see seats.seats_path_for). ``ai=False`` leaves AI seats idle."""
    engine = engine_or_db_url if isinstance(engine_or_db_url, Engine) else Engine(engine_or_db_url)
    book = SeatBook(seats_path or seats_path_for(engine.store.url))
    service = Service(engine, book)
    robots = Robots(service)
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    templates.env.filters["signed"] = lambda v: f"+{v:g}" if v > 0 else f"{v:g}"

    def page(request: Request, name: str, status: int = 200, **context: Any) -> Response:
        resp = templates.TemplateResponse(request, name, context, status_code=status)
        # Seat links carry their key in the path: never send it on to another site.
        resp.headers["Referrer-Policy"] = "no-referrer"
        return resp

    async def call(fn: Callable[..., Any], *args: Any) -> Any:
        return await run_in_threadpool(fn, *args)

    # -- pages -------------------------------------------------------------------------

    async def index(request: Request) -> Response:
        q = request.query_params
        filters = {k: q.get(k) or None for k in ("game", "status", "tournament")}
        every = await call(service.all_games)
        rows = service.filter_games(every, **filters)
        tours = sorted({r["tournament"] for r in every if r["tournament"]})
        if request.url.path.startswith("/api/"):
            return _json(rows)
        return page(request, "index.html", games=rows, filters=filters, statuses=STATUSES,
                    game_names=sorted(engine.plugins.games), tournaments=tours,
                    fingerprint=hash_of(await call(service.fingerprint)))

    async def game_page(request: Request) -> Response:
        gid = request.path_params["game_id"]
        await call(service.header, gid)
        at = await call(service.check_at, gid, request.query_params.get("at"))
        data = await call(service.page, gid, None, at)
        if request.url.path.startswith("/api/"):
            return _json(data)
        return page(request, "game.html", g=data, seat=None, key=None, base=f"/games/{gid}")

    async def seat_page(request: Request) -> Response:
        key = request.path_params["key"]
        seat = await call(service.seat_of, key)
        at = await call(service.check_at, seat.game_id, request.query_params.get("at"))
        data = await call(service.page, seat.game_id, seat.seat, at)
        if request.url.path.startswith("/api/"):
            return _json(data)
        return page(request, "game.html", g=data, seat=seat.seat, key=key, base=f"/seat/{key}")

    async def board(request: Request) -> Response:
        if "key" in request.path_params:
            seat = await call(service.seat_of, request.path_params["key"])
            gid, who = seat.game_id, seat.seat
        else:
            gid, who = request.path_params["game_id"], None
            await call(service.header, gid)
        at = await call(service.check_at, gid, request.query_params.get("at"))
        svg = await call(service.svg, gid, who, at)
        return Response(svg, media_type="image/svg+xml",
                        headers={"Referrer-Policy": "no-referrer"})

    async def tournament_page(request: Request) -> Response:
        tid = request.path_params["tid"]
        rows = await call(lambda: service.list_games(tournament=tid))
        if not rows:
            raise NotFound(f"there is no tournament {tid!r} in this store")
        headers = await call(lambda: {r["game_id"]: service.header(r["game_id"]) for r in rows})
        data = {"tournament": tid, "games": rows, **standings(rows, headers)}
        if request.url.path.startswith("/api/"):
            return _json(data)
        return page(request, "tournament.html", t=data,
                    fingerprint=hash_of(await call(service.fingerprint)))

    # -- creating ----------------------------------------------------------------------

    def parse_create(fields: dict[str, Any]) -> tuple[str, list[tuple[str, str]], dict, int | None]:
        game = str(fields.get("game") or "").strip()
        if not game:
            raise BadOptions("choose a game")
        seats = fields.get("seats")
        if seats is None:  # the HTML form: name0/agent0, name1/agent1, ...
            seats = [(str(fields.get(f"name{i}", "")).strip(),
                      str(fields.get(f"agent{i}", "") or "human").strip()) for i in range(8)]
            seats = [(n, a) for n, a in seats if n]
        elif not isinstance(seats, list) or not all(
                isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats):
            raise BadOptions('seats must be a list of {"name": ..., "agent": ...}')
        else:
            seats = [(s["name"].strip(), str(s.get("agent") or "human")) for s in seats]
        options = fields.get("options") or {}
        if isinstance(options, str):
            lines = [ln.strip() for ln in options.replace(",", "\n").splitlines() if ln.strip()]
            options = {}
            for ln in lines:
                k, eq, v = ln.partition("=")
                if not k.strip():
                    raise BadOptions(f"option {ln!r} must look like name=value")
                options[k.strip()] = v.strip() if eq else "true"
        if not isinstance(options, dict):
            raise BadOptions("options must be name=value pairs")
        seed_text = str(fields.get("seed") if fields.get("seed") is not None else "").strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            raise BadOptions(f"seed must be a whole number, not {seed_text!r}") from None
        if seed is not None and not 0 <= seed < 2 ** 63:
            raise BadOptions(f"seed must be from 0 to 2**63 - 1, not {seed}")
        return game, seats, options, seed

    def links(request: Request, gid: str, keys: dict[str, str]) -> dict[str, Any]:
        base = str(request.base_url).rstrip("/")
        return {"game_id": gid, "spectator": f"{base}/games/{gid}",
                "seats": {seat: f"{base}/seat/{key}" for seat, key in keys.items()}}

    async def new_page(request: Request) -> Response:
        form: dict[str, Any] = {}
        error = None
        status = 200
        if request.method == "POST":
            body = (await request.body()).decode("utf-8", "replace")
            form = dict(parse_qsl(body, keep_blank_values=True))
            try:
                args = parse_create(form)
                gid, keys = await call(service.create, *args)
            except (MeepleError, UnknownName) as exc:
                error, status = str(exc), 400
            else:
                return page(request, "created.html", **links(request, gid, keys),
                            agents=await call(lambda: service.page(gid)["agents"]))
        return page(request, "new.html", status=status, games=service.games_info(), form=form,
                    error=error)

    async def api_create(request: Request) -> Response:
        try:
            fields = orjson.loads(await request.body())
        except orjson.JSONDecodeError:
            raise BadOptions("the request body must be JSON") from None
        if not isinstance(fields, dict):
            raise BadOptions("the request body must be a JSON object")
        gid, keys = await call(service.create, *parse_create(fields))
        return _json(links(request, gid, keys), 201)

    # -- playing -----------------------------------------------------------------------

    async def body_of(request: Request) -> dict[str, Any]:
        try:
            data = orjson.loads(await request.body() or b"{}")
        except orjson.JSONDecodeError:
            raise BadOptions("the request body must be JSON") from None
        if not isinstance(data, dict):
            raise BadOptions("the request body must be a JSON object")
        return data

    async def api_move(request: Request) -> Response:
        seat = await call(service.seat_of, request.path_params["key"])
        data = await body_of(request)
        return _json(await call(service.move, seat, str(data.get("command") or ""),
                                data.get("seq")))

    async def api_undo(request: Request) -> Response:
        seat = await call(service.seat_of, request.path_params["key"])
        data = await body_of(request)
        return _json(await call(service.ask_undo, seat, data.get("seq")))

    async def api_consent(request: Request) -> Response:
        seat = await call(service.seat_of, request.path_params["key"])
        data = await body_of(request)
        agree = data.get("agree")
        if not isinstance(agree, bool):
            raise BadOptions("agree must be true or false")
        return _json(await call(service.answer_undo, seat, agree, data.get("seq")))

    async def api_meta(request: Request) -> Response:
        return _json({"games": service.games_info(), "agents": sorted(engine.plugins.agents)})

    # -- live --------------------------------------------------------------------------

    async def stream(request: Request, probe: Callable[[], Any], every: float) -> AsyncIterator[str]:
        last, quiet = None, 0.0
        yield "retry: 1000\n\n"
        while not request.app.state.stopping:
            if await request.is_disconnected():
                break
            now = await call(probe)
            if now != last:
                yield f"data: {now}\n\n"
                last, quiet = now, 0.0
            elif quiet > 15:
                yield ": still here\n\n"  # keeps proxies from closing an idle stream
                quiet = 0.0
            await asyncio.sleep(every)
            quiet += every

    def sse(gen: AsyncIterator[str]) -> StreamingResponse:
        return StreamingResponse(gen, media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no",
                                          "Referrer-Policy": "no-referrer"})

    async def list_events(request: Request) -> Response:
        return sse(stream(request, lambda: hash_of(service.fingerprint()), LIST_POLL_SECONDS))

    async def game_events(request: Request) -> Response:
        if "key" in request.path_params:
            gid = (await call(service.seat_of, request.path_params["key"])).game_id
        else:
            gid = request.path_params["game_id"]
            await call(service.header, gid)

        def probe() -> str:
            req = service.undo_requests.get(gid)
            return f"{service.last_seq(gid)}{'u' + str(len(req.agreed)) if req else ''}"

        return sse(stream(request, probe, POLL_SECONDS))

    # -- errors --------------------------------------------------------------------------

    async def on_error(request: Request, exc: Exception) -> Response:
        if isinstance(exc, HTTPException):
            status, message = exc.status_code, (
                f"there is no page {request.url.path}" if exc.status_code == 404 else exc.detail)
        else:
            status, message = _status_of(exc), str(exc)
        if request.url.path.startswith("/api/") or "json" in request.headers.get("accept", ""):
            return JSONResponse({"error": message}, status_code=status)
        return page(request, "error.html", status=status, message=message, code=status)

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

    routes = [
        Route("/", index),
        Route("/api/games", index),
        Route("/api/games", api_create, methods=["POST"]),
        Route("/api/meta", api_meta),
        Route("/new", new_page, methods=["GET", "POST"]),
        Route("/games/{game_id}", game_page),
        Route("/api/games/{game_id}", game_page),
        Route("/games/{game_id}/board.svg", board),
        Route("/games/{game_id}/events", game_events),
        Route("/seat/{key}", seat_page),
        Route("/api/seat/{key}", seat_page),
        Route("/seat/{key}/board.svg", board),
        Route("/seat/{key}/events", game_events),
        Route("/api/seat/{key}/move", api_move, methods=["POST"]),
        Route("/api/seat/{key}/undo", api_undo, methods=["POST"]),
        Route("/api/seat/{key}/consent", api_consent, methods=["POST"]),
        Route("/tournaments/{tid}", tournament_page),
        Route("/api/tournaments/{tid}", tournament_page),
        Route("/events", list_events),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    routes.extend(review_routes)
    handlers: dict[Any, Any] = {HTTPException: on_error, MeepleError: on_error}
    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan)
    app.state.stopping = False
    app.state.service = service
    app.state.robots = robots
    return app


def hash_of(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


__all__ = ["create_app"]
