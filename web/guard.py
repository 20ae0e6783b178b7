"""What the server accepts before any route runs: its own Host names only (a page of
another site that resolves its name to this machine, DNS rebinding, gets nothing),
state-changing requests only from its own pages (Origin), and request bodies of a
bounded size."""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.middleware.body_limit import RequestBodyLimitMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

#: The names this machine answers to by default.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
#: Methods that only read; every other one may change a game and has its Origin checked.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: The largest request body accepted (a command or a new game is far smaller).
MAX_BODY_BYTES = 64 * 1024


def host_name(address: str) -> str:
    """``address`` as it appears in a Host header: an IPv6 address in brackets."""
    try:
        return f"[{address}]" if ipaddress.ip_address(address).version == 6 else address
    except ValueError:
        return address


def is_loopback(address: str) -> bool:
    if address.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(address.strip("[]")).is_loopback
    except ValueError:
        return False


class SameOriginWrites:
    """Refuses (403) a state-changing request whose Origin is not the server's own: a
    browser names the page that sent it, so another site's page cannot move, create or
    undo through a visitor's browser. A request without Origin (curl, scripts) passes."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            headers = Headers(scope=scope)
            origin = headers.get("origin")
            if origin is not None and urlsplit(origin).netloc.lower() != \
                    headers.get("host", "").lower():
                await refusal(scope, origin)(scope, receive, send)
                return
        await self.app(scope, receive, send)


class DeclaredBodyLimit:
    """Refuses (413) a request whose Content-Length is over the limit before reading it;
    a body sent without a length is cut off by Starlette's RequestBodyLimitMiddleware,
    whose refusal reaches the app's error handler."""

    def __init__(self, app: ASGIApp, max_body_bytes: int) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            declared = Headers(scope=scope).get("content-length", "")
            if declared.isdigit() and int(declared) > self.max_body_bytes:
                await answer(scope, too_large(self.max_body_bytes), 413)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def too_large(max_body_bytes: int) -> str:
    return f"the request is larger than the {max_body_bytes} bytes this server accepts"


def refusal(scope: Scope, origin: str) -> Response:
    return answer(scope, f"refused: this {scope['method']} comes from a page of another site "
                         f"({origin[:80]}); only this server's own pages may change its games",
                  403)


def answer(scope: Scope, message: str, status: int) -> Response:
    """One line, as JSON under /api/ (as the app's own errors are), else as text."""
    if scope["path"].startswith("/api/"):
        return JSONResponse({"error": message}, status_code=status)
    return PlainTextResponse(message, status_code=status)


def guards(allowed_hosts: Sequence[str], max_body_bytes: int) -> list[Middleware]:
    """The middleware of the checks above, outermost first."""
    return [Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts),
                       www_redirect=False),
            Middleware(SameOriginWrites),
            Middleware(DeclaredBodyLimit, max_body_bytes=max_body_bytes),
            Middleware(RequestBodyLimitMiddleware, max_body_size=max_body_bytes)]
