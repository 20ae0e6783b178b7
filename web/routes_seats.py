"""One seat's private page and what it does: its view and moves, a move, asking for an
undo and answering another seat's request. The key in the path is the seat's credential."""

from __future__ import annotations

from typing import Any

import orjson
from meeple.core import BadOptions
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from .context import Context, call, json_response, wants_json


async def body_of(request: Request) -> dict[str, Any]:
    try:
        data = orjson.loads(await request.body() or b"{}")
    except orjson.JSONDecodeError:
        raise BadOptions("the request body must be JSON") from None
    if not isinstance(data, dict):
        raise BadOptions("the request body must be a JSON object")
    return data


def routes(ctx: Context) -> list[BaseRoute]:
    service = ctx.service

    async def seat_page(request: Request) -> Response:
        key = request.path_params["key"]
        seat = await call(service.seat_of, key)
        at = await call(service.check_at, seat.game_id, request.query_params.get("at"))
        data = await call(service.page, seat.game_id, seat.seat, at)
        if wants_json(request):
            return json_response(data)
        return ctx.page(request, "game.html", g=data, seat=seat.seat, key=key,
                        base=f"/seat/{key}")

    async def api_move(request: Request) -> Response:
        seat = await call(service.seat_of, request.path_params["key"])
        data = await body_of(request)
        return json_response(await call(service.move, seat, str(data.get("command") or ""),
                                        data.get("seq")))

    async def api_undo(request: Request) -> Response:
        seat = await call(service.seat_of, request.path_params["key"])
        data = await body_of(request)
        return json_response(await call(service.ask_undo, seat, data.get("seq")))

    async def api_consent(request: Request) -> Response:
        seat = await call(service.seat_of, request.path_params["key"])
        data = await body_of(request)
        agree = data.get("agree")
        if not isinstance(agree, bool):
            raise BadOptions("agree must be true or false")
        return json_response(await call(service.answer_undo, seat, agree, data.get("seq")))

    return [
        Route("/seat/{key}", seat_page),
        Route("/api/seat/{key}", seat_page),
        Route("/api/seat/{key}/move", api_move, methods=["POST"]),
        Route("/api/seat/{key}/undo", api_undo, methods=["POST"]),
        Route("/api/seat/{key}/consent", api_consent, methods=["POST"]),
    ]
