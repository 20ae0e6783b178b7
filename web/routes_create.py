"""Creating a game: the new-game form (/new) and its JSON twin (POST /api/games). Every
field is checked before anything is stored."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl

import orjson
from meeple.core import BadOptions, MeepleError
from meeple.core.errors import UnknownName
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from .context import Context, call, json_response

#: How many seats the HTML form offers (name0/agent0 ... name7/agent7).
FORM_SEATS = 8


def seats_of(fields: dict[str, Any]) -> list[tuple[str, str]]:
    """(name, "human" or an agent spec) per seat, from the form or from JSON."""
    seats = fields.get("seats")
    if seats is None:  # the HTML form: name0/agent0, name1/agent1, ...
        pairs = [(str(fields.get(f"name{i}", "")).strip(),
                  str(fields.get(f"agent{i}", "") or "human").strip()) for i in range(FORM_SEATS)]
        return [(n, a) for n, a in pairs if n]
    if not isinstance(seats, list) or not all(
            isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats):
        raise BadOptions('seats must be a list of {"name": ..., "agent": ...}')
    return [(s["name"].strip(), str(s.get("agent") or "human")) for s in seats]


def options_of(fields: dict[str, Any]) -> dict[str, Any]:
    """The options, as a JSON object or as the form's text: name=value, one per line or
    separated by commas; a bare name means true."""
    options = fields.get("options") or {}
    if isinstance(options, str):
        lines = [ln.strip() for ln in options.replace(",", "\n").splitlines() if ln.strip()]
        options = {}
        for ln in lines:
            k, eq, v = ln.partition("=")
            if not k.strip():
                raise BadOptions(f"option {ln[:40]!r} must look like name=value")
            options[k.strip()] = v.strip() if eq else "true"
    if not isinstance(options, dict):
        raise BadOptions("options must be name=value pairs")
    return options


def seed_of(fields: dict[str, Any]) -> int | None:
    seed_text = str(fields.get("seed") if fields.get("seed") is not None else "").strip()
    try:
        seed = int(seed_text) if seed_text else None
    except ValueError:
        raise BadOptions(f"seed must be a whole number, not {seed_text[:40]!r}") from None
    if seed is not None and not 0 <= seed < 2 ** 63:
        raise BadOptions(f"seed must be from 0 to 2**63 - 1, not {seed}")
    return seed


def public_of(fields: dict[str, Any]) -> bool:
    """Whether the seed is to be public: JSON true/false, or the form's checkbox."""
    value = fields.get("public_seed", False)
    if isinstance(value, bool):
        return value
    if value in ("on", "true", "1"):
        return True
    if value in ("", "off", "false", "0", None):
        return False
    raise BadOptions(f"public_seed must be true or false, not {str(value)[:20]!r}")


def parse_create(fields: dict[str, Any]) -> tuple[str, list[tuple[str, str]], dict,
                                                  int | None, bool]:
    """(game, seats, options, seed, public seed) of a new-game request."""
    game = str(fields.get("game") or "").strip()
    if not game:
        raise BadOptions("choose a game")
    return game, seats_of(fields), options_of(fields), seed_of(fields), public_of(fields)


def links(request: Request, gid: str, keys: dict[str, str]) -> dict[str, Any]:
    base = str(request.base_url).rstrip("/")
    return {"game_id": gid, "spectator": f"{base}/games/{gid}",
            "seats": {seat: f"{base}/seat/{key}" for seat, key in keys.items()}}


def routes(ctx: Context) -> list[BaseRoute]:
    service = ctx.service

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
                return ctx.page(request, "created.html", **links(request, gid, keys),
                                agents=await call(lambda: service.page(gid)["agents"]))
        return ctx.page(request, "new.html", status=status, games=service.games_info(),
                        form=form, error=error)

    async def api_create(request: Request) -> Response:
        try:
            fields = orjson.loads(await request.body())
        except orjson.JSONDecodeError:
            raise BadOptions("the request body must be JSON") from None
        if not isinstance(fields, dict):
            raise BadOptions("the request body must be a JSON object")
        gid, keys = await call(service.create, *parse_create(fields))
        return json_response(links(request, gid, keys), 201)

    return [
        Route("/api/games", api_create, methods=["POST"]),
        Route("/new", new_page, methods=["GET", "POST"]),
    ]
