"""A game's stored review (``meeple review``) in the web app, as a spectator may see it.

    /api/games/ID/review?key=K          the review as ``meeple review --json`` prints it
    /games/ID/review.svg?key=K          its chart; each point has data-seq for the page
    /games/ID/review/board.svg?index=N  the board after the move the search preferred at
                                        decision N, from a sample of what that player saw

``key`` picks one of the game's reviews (``reviews`` in the JSON lists them); without it,
the one with the most decisions. The page script is static/review.js.
"""

from __future__ import annotations

from typing import Any

import orjson
from meeple.core.game import render_checked
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from .context import REFERRER_POLICY
from .service import NotFound


def _review(request: Request) -> dict[str, Any]:
    from meeple.ai.review import stored_review_json

    service = request.app.state.service
    gid = request.path_params["game_id"]
    service.header(gid)
    key = request.query_params.get("key") or None
    with service.lock:
        data = stored_review_json(service.engine, gid, key)
    if data is None:
        raise NotFound(f"{gid} has no review{' ' + repr(key) if key else ''}: make one with "
                       f"`meeple review {gid}`")
    return data


async def api_review(request: Request) -> Response:
    data = await run_in_threadpool(_review, request)
    return Response(orjson.dumps(data), media_type="application/json")


async def review_svg(request: Request) -> Response:
    from meeple.ai.review_chart import review_svg as chart

    data = await run_in_threadpool(_review, request)
    return Response(chart(data), media_type="image/svg+xml",
                    headers={"Referrer-Policy": REFERRER_POLICY})


def _alternative(request: Request) -> str:
    from meeple.ai.review import alternative_state, load_review

    data = _review(request)
    try:
        index = int(request.query_params.get("index", ""))
    except ValueError:
        index = -1
    if not 0 <= index < len(data["decisions"]):
        raise NotFound(f"index must be a decision number from 0 to "
                       f"{len(data['decisions']) - 1}")
    shown = data["decisions"][index]
    service = request.app.state.service
    gid = request.path_params["game_id"]
    with service.lock:
        full = {d["index"]: d for d in load_review(service.engine, gid, data["key"])}[
            shown["index"]]
        if shown["best"] != full["best"]:
            # The game hides this command from spectators: so is the board it leads to.
            raise NotFound("the move the search preferred is hidden from spectators")
        game = service.engine.game_of(gid)
        state = alternative_state(service.engine, gid, full)
        return render_checked(game, game.view(state, None), "svg", None)


async def alternative_board(request: Request) -> Response:
    svg = await run_in_threadpool(_alternative, request)
    return Response(svg, media_type="image/svg+xml", headers={"Referrer-Policy": REFERRER_POLICY})


def routes(ctx: Any) -> list[Route]:
    """The review's routes; they read the service from the app, not from ``ctx``."""
    return [
        Route("/api/games/{game_id}/review", api_review),
        Route("/games/{game_id}/review.svg", review_svg),
        Route("/games/{game_id}/review/board.svg", alternative_board),
    ]
