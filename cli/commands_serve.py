"""`meeple serve`: the browser front end (meeple.web) over the same store."""

from __future__ import annotations

import socket
from typing import Annotated

import typer


def serve(
    db: Annotated[str | None, typer.Option(
        "--db", envvar="MEEPLE_DB", show_envvar=True,
        help="Event store URL or SQLite path (as for every other command).")] = None,
    host: Annotated[str, typer.Option(help="Address to listen on; 127.0.0.1 keeps it to this "
                                      "machine.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    seats: Annotated[str | None, typer.Option(
        help="File for the seat keys of games made in the browser (default: next to the "
             "store).")] = None,
) -> None:
    """Serve the store's games in the browser: list, replay, play with a private link per
    seat, watch tournaments live."""
    import uvicorn
    from meeple.core import BadOptions
    from meeple.web.app import create_app

    if not 0 < port < 65536:
        raise BadOptions(f"--port must be from 1 to 65535, not {port}")
    with socket.socket() as probe:  # say so plainly now rather than in uvicorn's log later
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise BadOptions(f"cannot listen on {host}:{port}: {exc.strerror}; "
                             "choose another --port or --host") from None
    app = create_app(db, seats_path=seats)
    typer.echo(f"meeple serve: http://{host}:{port}/  (store: "
               f"{app.state.service.engine.store.url}; Ctrl-C stops)")
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)


def register(app: typer.Typer) -> None:
    app.command()(serve)
