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
    allow_host: Annotated[list[str] | None, typer.Option(
        "--allow-host", metavar="NAME",
        help="Another Host name to answer (repeatable), e.g. this machine's name on the "
             "network; by default only the --host address, localhost, 127.0.0.1 and "
             "[::1].")] = None,
) -> None:
    """Serve the store's games in the browser: list, replay, play with a private link per
    seat, watch tournaments live."""
    import uvicorn
    from meeple.core import BadOptions
    from meeple.web.app import create_app
    from meeple.web.guard import LOCAL_HOSTS, host_name, is_loopback

    if not host.strip():
        raise BadOptions("--host must be an address to listen on: 127.0.0.1 (this machine "
                         "only), or an explicit address such as 0.0.0.0 to let others in")
    if not 0 < port < 65536:
        raise BadOptions(f"--port must be from 1 to 65535, not {port}")
    names = [n.strip() for n in allow_host or []]
    if any(not n or "*" in n[1:] or (n.startswith("*") and not n.startswith("*.")) for n in names):
        raise BadOptions("--allow-host takes a host name or address, such as games.example "
                         "or 192.168.1.5 (or *.example for every name under it)")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as probe:  # say so plainly now rather than in uvicorn's log later
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise BadOptions(f"cannot listen on {host}:{port}: {exc.strerror}; "
                             "choose another --port or --host") from None
    allowed = list(dict.fromkeys([*LOCAL_HOSTS, host_name(host), *names]))
    if not is_loopback(host):
        typer.echo(f"warning: listening on {host} lets other machines in; seat links travel "
                   "in the clear over plain HTTP (put a TLS proxy in front), and only the "
                   f"Host names {', '.join(allowed)} are answered (--allow-host NAME adds "
                   "one)", err=True)
    app = create_app(db, seats_path=seats, allowed_hosts=allowed)
    typer.echo(f"meeple serve: http://{host}:{port}/  (store: "
               f"{app.state.service.engine.store.url}; Ctrl-C stops)")
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)


def register(app: typer.Typer) -> None:
    app.command()(serve)
