"""The store's games as a spectator sees them: the list, a game at any event, its
picture, a tournament's standings, and what the new-game form needs to know."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from .context import REFERRER_POLICY, Context, call, hash_of, json_response, wants_json
from .service import STATUSES, NotFound
from .tournaments import standings


def routes(ctx: Context) -> list[BaseRoute]:
    service = ctx.service

    async def index(request: Request) -> Response:
        q = request.query_params
        filters = {k: q.get(k) or None for k in ("game", "status", "tournament")}
        every = await call(service.all_games)
        rows = service.filter_games(every, **filters)
        tours = sorted({r["tournament"] for r in every if r["tournament"]})
        if wants_json(request):
            return json_response(rows)
        return ctx.page(request, "index.html", games=rows, filters=filters, statuses=STATUSES,
                        game_names=sorted(ctx.engine.plugins.games), tournaments=tours,
                        fingerprint=hash_of(await call(service.fingerprint)))

    async def game_page(request: Request) -> Response:
        gid = request.path_params["game_id"]
        await call(service.header, gid)
        at = await call(service.check_at, gid, request.query_params.get("at"))
        data = await call(service.page, gid, None, at)
        if wants_json(request):
            return json_response(data)
        return ctx.page(request, "game.html", g=data, seat=None, key=None, base=f"/games/{gid}")

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
                        headers={"Referrer-Policy": REFERRER_POLICY})

    async def tournament_page(request: Request) -> Response:
        tid = request.path_params["tid"]
        rows = await call(lambda: service.list_games(tournament=tid))
        if not rows:
            raise NotFound(f"there is no tournament {tid!r} in this store")
        headers = await call(lambda: {r["game_id"]: service.header(r["game_id"]) for r in rows})
        data = {"tournament": tid, "games": rows, **standings(rows, headers)}
        if wants_json(request):
            return json_response(data)
        return ctx.page(request, "tournament.html", t=data,
                        fingerprint=hash_of(await call(service.fingerprint)))

    async def api_meta(request: Request) -> Response:
        return json_response({"games": service.games_info(),
                              "agents": sorted(ctx.engine.plugins.agents)})

    return [
        Route("/", index),
        Route("/api/games", index),
        Route("/api/meta", api_meta),
        Route("/games/{game_id}", game_page),
        Route("/api/games/{game_id}", game_page),
        Route("/games/{game_id}/board.svg", board),
        Route("/seat/{key}/board.svg", board),
        Route("/tournaments/{tid}", tournament_page),
        Route("/api/tournaments/{tid}", tournament_page),
    ]
