"""Running the app on uvicorn in a background thread: for tests, scripts and notebooks.

    with running(create_app("sqlite:///g.sqlite")) as base:   # "http://127.0.0.1:PORT"
        ...
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


@contextmanager
def running(app: Any, host: str = "127.0.0.1", port: int | None = None,
            timeout: float = 15.0) -> Iterator[str]:
    """Serve ``app`` until the block ends; yields its base URL once it accepts requests."""
    port = port or free_port(host)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="on",
                            timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="meeple-web-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + timeout
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError(f"the web server did not start on {host}:{port}")
        time.sleep(0.02)
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
