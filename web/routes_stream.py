"""Server-sent events: each open page is told "something changed" (the game's last event
number, or a digest of the list) and then fetches itself again."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from .context import REFERRER_POLICY, Context, call, hash_of

KEEPALIVE = ": still here\n\n"


async def changes(request: Request, probe: Callable[[], Any], every: float,
                  keepalive: float) -> AsyncIterator[str]:
    """``probe``'s answer whenever it changes, looked at every ``every`` seconds, and a
    comment line after ``keepalive`` seconds without news, until the client leaves or
    the app stops."""
    last, quiet = None, 0.0
    yield "retry: 1000\n\n"
    while not request.app.state.stopping:
        if await request.is_disconnected():
            break
        now = await call(probe)
        if now != last:
            yield f"data: {now}\n\n"
            last, quiet = now, 0.0
        elif quiet >= keepalive:
            yield KEEPALIVE  # keeps proxies from closing an idle stream
            quiet = 0.0
        await asyncio.sleep(every)
        quiet += every


def sse(gen: AsyncIterator[str]) -> StreamingResponse:
    return StreamingResponse(gen, media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no",
                                      "Referrer-Policy": REFERRER_POLICY})


def routes(ctx: Context) -> list[BaseRoute]:
    service = ctx.service

    async def list_events(request: Request) -> Response:
        return sse(changes(request, lambda: hash_of(service.fingerprint()),
                           ctx.list_poll_seconds, ctx.keepalive_seconds))

    async def game_events(request: Request) -> Response:
        if "key" in request.path_params:
            gid = (await call(service.seat_of, request.path_params["key"])).game_id
        else:
            gid = request.path_params["game_id"]
            await call(service.header, gid)

        def probe() -> str:
            req = service.undo_requests.get(gid)
            return f"{service.last_seq(gid)}{'u' + str(len(req.agreed)) if req else ''}"

        return sse(changes(request, probe, ctx.poll_seconds, ctx.keepalive_seconds))

    return [
        Route("/events", list_events),
        Route("/games/{game_id}/events", game_events),
        Route("/seat/{key}/events", game_events),
    ]
