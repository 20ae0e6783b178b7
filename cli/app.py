"""The `meeple` command. Every subcommand is a thin layer over meeple.core.engine.Engine
(and meeple.ai for agents), so scripts can do the same in Python."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import orjson
import typer
from meeple.core import MeepleError
from meeple.core.agents import check_table, parse_spec, split_specs
from meeple.core.audit import VerifyReport
from meeple.core.engine import HOT_SEAT, Engine
from meeple.core.errors import BadOptions, UnknownName
from meeple.core.plugins import load
from meeple.core.rng import derive_rng, new_seed
from meeple.core.scheduler import run_match
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from .human import HumanAgent, NoInput
from .lines import err, error_markup, one_line
from .playing import follow_up, people_at_table, play_with_people, score_breakdown
from .plugin_commands import WithPluginCommands
from .tables import fitted_table
from .words import picture_width, print_words, table_words, text_format

app = typer.Typer(
    name="meeple",
    help="Play, replay, audit and pit AI players against each other in board games.",
    cls=WithPluginCommands,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console()

Db = Annotated[str | None, typer.Option(
    "--db", envvar="MEEPLE_DB", show_envvar=True,
    help="Event store URL or SQLite path (sqlite:///f.db, jsonl:///dir, memory:, "
         "postgresql://...). Default: meeple.sqlite in the user's data folder.")]
Json = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
As = Annotated[str | None, typer.Option("--as", help="See the game as this player.")]
Reveal = Annotated[bool, typer.Option(
    "--reveal", help="Show everything, every player's secrets included (the store's owner). "
    "Without it you see what a spectator sees, or with --as what that player sees.")]
Opts = Annotated[list[str] | None, typer.Option(
    "--option", "-o", help="A game option as name=value (repeatable); see `meeple games`.")]


def emit_json(data: Any) -> None:
    sys.stdout.write(orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS,
                                  default=str).decode() + "\n")


def engine(db: str | None) -> Engine:
    return Engine(db)


def parse_options(items: list[str] | None) -> dict[str, str]:
    opts: dict[str, str] = {}
    for item in items or ():
        key, eq, value = item.partition("=")
        if not key.strip():
            raise BadOptions(f"option {item!r} must look like name=value")
        opts[key.strip()] = value.strip() if eq else "true"
    return opts


def split_list(text: str, what: str) -> list[str]:
    items = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in items):
        raise BadOptions(f"{what} {text!r} must be a comma-separated list with no empty entries")
    return items


def make_agents(specs: list[str], seed: int, plugins: Any, game: Any = None,
                seats: list[str] | None = None) -> list[Any]:
    """The agents of a match, each checked against the table (``game``, ``seats``) before
    any game is created."""
    try:
        parsed = [parse_spec(spec) for spec in specs]
    except ValueError as exc:
        raise BadOptions(str(exc)) from None
    agents = []
    for i, (name, opts) in enumerate(parsed):
        if name == "human":
            agents.append(HumanAgent(out))
            continue
        factory = plugins.agent_factory(name)
        # One-way from the game seed: an agent's own seed must not tell the game's.
        agents.append(factory(opts, derive_rng(seed, i, "agent").getrandbits(63)))
        if game is not None and seats is not None:
            check_table(agents[-1], game, seats)
    return agents


# -- what is installed -------------------------------------------------------------------


@app.command()
def games(json: Json = False) -> None:
    """List the installed games, their player counts and options."""
    plugins = load()
    rows = []
    for g in plugins.games.values():
        rows.append({
            "name": g.name, "title": g.title, "version": g.version,
            "players": [g.min_players, g.max_players],
            "hidden_information": g.hidden_information,
            "options": [{"name": o.name, "default": o.default, "help": o.help,
                         "kind": o.kind.__name__, "allowed": o.describe(), "min": o.min,
                         "max": o.max, "choices": list(o.choices) if o.choices else None}
                        for o in g.options],
        })
    if json:
        emit_json(rows)
        return
    cells = []
    for r in rows:
        lo, hi = r["players"]
        cells.append((r["name"], r["title"], f"{lo}-{hi}" if lo != hi else str(lo),
                      ", ".join(o["name"] for o in r["options"]) or "-"))
    out.print(fitted_table(out, "Installed games", ("game", "title", "players", "options"),
                           cells))


@app.command()
def plugins(json: Json = False) -> None:
    """List every loaded plugin with its version and hooks, and any that failed to load."""
    loaded = load()
    rows = [{"name": i.name, "distribution": i.distribution, "version": i.version,
             "hooks": list(i.hooks), "error": i.error} for i in loaded.infos]
    if json:
        emit_json(rows)
        return
    t = RichTable("plugin", "distribution", "version", "hooks", "status", title="Plugins")
    for r in rows:
        t.add_row(r["name"], r["distribution"], r["version"], ", ".join(r["hooks"]),
                  f"[red]failed: {r['error']}[/red]" if r["error"] else "ok")
    out.print(t)


@app.command()
def agents(json: Json = False) -> None:
    """List the installed agents (use them in --players specs, e.g. mcts:sims=500)."""
    names = list(load().agents) + ["human"]
    if json:
        emit_json(names)
    else:
        out.print("agents: " + ", ".join(names))


# -- creating and playing -------------------------------------------------------------------


@app.command()
def new(
    game: Annotated[str, typer.Argument(help="Game name, see `meeple games`.")],
    players: Annotated[str, typer.Option("--players", "-p", help="Player names, comma-separated.")],
    option: Opts = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the game's randomness.")] = None,
    game_id: Annotated[str | None, typer.Option("--id", help="Id for the new game.")] = None,
    db: Db = None,
) -> None:
    """Create a game for people to play with `meeple move`."""
    eng = engine(db)
    gid = eng.new_game(game, split_list(players, "--players"), parse_options(option), seed, game_id)
    out.print(gid)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game name to start, or a stored game id with --resume.")],
    players: Annotated[str, typer.Option(
        "--players", "-p", help="Agent specs, one per seat: random, heuristic, "
        "mcts:sims=200, ismcts, human ...")],
    names: Annotated[str | None, typer.Option(help="Player names (default: the game's seats).")] = None,
    option: Opts = None,
    seed: Annotated[int | None, typer.Option(
        help="Seed for the game and the agents (default: a fresh random one).")] = None,
    game_id: Annotated[str | None, typer.Option("--id", help="Id for the new game.")] = None,
    resume: Annotated[bool, typer.Option(help="GAME is a stored game id to play on.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only print the result.")] = False,
    db: Db = None,
) -> None:
    """Play a match between agents (and people) to the end; every move is stored."""
    eng = engine(db)
    split_list(players, "--players")  # no empty entries
    specs = split_specs(players)
    if resume:
        gid = game
        header = eng.store.header(gid)
        seats = list(header.players)
    else:
        g = eng.plugins.game(game)
        seats = split_list(names, "--names") if names else g.default_players(len(specs))
        if len(seats) != len(specs):
            raise BadOptions(f"{len(specs)} agent specs for {len(seats)} player names")
        g.check_players(seats)
        gid = None
    if len(specs) != len(seats):
        raise BadOptions(f"game {game} has {len(seats)} players; give one agent spec for each")
    seed = new_seed() if seed is None else seed
    agent_objs = make_agents(specs, seed, eng.plugins,
                             eng.plugins.game(eng.store.header(gid).game if resume else game),
                             seats)
    humans = any(isinstance(a, HumanAgent) for a in agent_objs)
    if gid is None:
        # An AI-only match is written in few transactions; people see every move stored.
        gid = eng.new_game(game, seats, parse_options(option), seed, game_id, deferred=not humans)
    if not quiet:
        out.print(f"game [bold]{gid}[/bold]: "
                  + escape(", ".join(f"{p}={s}" for p, s in zip(seats, specs, strict=True))))
    if humans:
        # people share one screen and one line editor (this game's history)
        seat_agents = people_at_table(dict(zip(seats, agent_objs, strict=True)), out, gid)
        outcome = play_with_people(eng, gid, seat_agents, specs, db, out)
        if outcome is None:
            return
    else:
        outcome = run_match(eng, gid, dict(zip(seats, agent_objs, strict=True)),
                            flush_every=50)
    if not quiet:
        out.print(eng.render(gid, text_format(eng.game_of(gid), out),
                             width=picture_width(out)), markup=False)
        print_words(out, table_words(eng, gid, None))  # the final table, tie-break too
        if outcome is not None:
            for line in [*score_breakdown(eng, gid, outcome),
                         *follow_up(gid, db, eng.store.last(gid)[0])]:
                out.print(line, markup=False, highlight=False, soft_wrap=True)
    result = outcome.to_json() if outcome else {}
    out.print(f"{gid}: " + ", ".join(f"{p} {s:g} (rank {result['ranks'][p]})"
                                    for p, s in result.get("scores", {}).items()),
              markup=False)


# A command may start with a minus sign (Carcassonne's "-1,0 r0"): not an option.
@app.command(context_settings={"ignore_unknown_options": True})
def move(
    game_id: Annotated[str, typer.Argument(help="Stored game id.")],
    command: Annotated[str, typer.Argument(help="The command in the game's notation.")],
    as_player: Annotated[str, typer.Option("--as", help="The player giving the command.")],
    db: Db = None,
) -> None:
    """Give one command in a stored game, as a player."""
    eng = engine(db)
    records = eng.move(game_id, command, as_player)
    out.print(f"stored events {records[0].seq}-{records[-1].seq}: {records[0].command_text}",
              markup=False)
    status = eng.store.status(game_id)
    if status.get("status") == "finished":
        out.print(f"game over: {status['outcome']['scores']}", markup=False)
    else:
        out.print(f"to act: {', '.join(status.get('to_act', []))}", markup=False)


# -- looking --------------------------------------------------------------------------------


@app.command()
def show(
    game_id: Annotated[str, typer.Argument(help="Stored game id.")],
    as_player: As = None,
    at: Annotated[int | None, typer.Option(help="Show the state after this event.")] = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help="text, svg or json.")] = "text",
    reveal: Reveal = False,
    db: Db = None,
) -> None:
    """Show a game's state (as a spectator sees it; as a player with --as)."""
    if fmt not in ("text", "svg", "json"):
        raise BadOptions(f"--format must be text, svg or json, not {fmt!r}")
    eng = engine(db)
    _check_as(eng, game_id, as_player, reveal)
    if fmt == "json":
        emit_json(eng.show_json(game_id, as_player, at, reveal=reveal))
    else:
        if fmt == "text":  # a narrow terminal gets the game's narrow picture, if it has one
            fmt = text_format(eng.game_of(game_id), out)
        width = picture_width(out) if fmt != "svg" else None
        sys.stdout.write(eng.render(game_id, fmt, as_player, at, reveal=reveal, width=width)
                         + "\n")
        if fmt in ("text", "narrow"):  # the table in words: what the picture does not say
            print_words(out, table_words(eng, game_id, as_player, at, reveal))


def _check_as(eng: Engine, game_id: str, player: str | None, reveal: bool = False) -> None:
    if reveal and player is not None:
        raise BadOptions("give --as (one player's view) or --reveal (everything), not both")
    if player is not None and player not in eng.store.header(game_id).players:
        players = ", ".join(eng.store.header(game_id).players)
        raise BadOptions(f"{player!r} does not play in {game_id}; players: {players}")


@app.command()
def log(
    game_id: Annotated[str, typer.Argument(help="Stored game id.")],
    as_player: As = None,
    json: Json = False,
    reveal: Reveal = False,
    db: Db = None,
) -> None:
    """Print a game's events with their consequences (who gained or paid what) and turn
    and round markers, as a spectator sees them (as a player with --as). --json gives each
    line a `changes` object {player: {counter: delta}}."""
    eng = engine(db)
    _check_as(eng, game_id, as_player, reveal)
    lines = eng.log(game_id, as_player, reveal=reveal)
    if json:
        emit_json([ln.to_json() for ln in lines])
        return
    for ln in lines:
        if ln.marker:
            out.print(f"[bold]{escape(ln.marker)}[/bold]", highlight=False)
        # Names, commands and event lines are the players' and the game's text, not markup.
        who = f"{escape(ln.actor)}: " if ln.actor else ""
        cmd = f" [dim]<- {escape(ln.command)}[/dim]" if ln.command and ln.actor else ""
        effect = f"  [cyan]({escape(ln.changes_text)})[/cyan]" if ln.changes else ""
        text = f"{ln.seq:>5}  {who}{escape(ln.text)}{effect}{cmd}"
        out.print(f"[strike dim]{text}[/strike dim]" if ln.undone else text, highlight=False)


@app.command("list")
def list_games(json: Json = False, db: Db = None) -> None:
    """List the stored games; a damaged one as damaged (exit 1), the others all the same.

    Each damaged game gets one line after the table saying what is wrong. Exit code 0 when
    every game reads, 1 when some game is damaged, 2 for bad input."""
    rows = engine(db).list_games()
    damaged = [r for r in rows if r.get("status") == "damaged"]
    if json:
        emit_json(rows)
    else:
        cells = []
        for r in rows:
            status = r.get("status", "?")
            if status == "finished":
                status = "won by " + ", ".join(r["outcome"]["winners"])
            elif status == "running":
                status = "to act: " + ", ".join(r.get("to_act", []))
            cells.append((r["game_id"], r["game"], ", ".join(r["players"]), r.get("seq", "?"),
                          status))
        # the id is what every other command needs: never cut
        out.print(fitted_table(out, "Stored games",
                               ("id", "game", "players", "events", "status"), cells))
        for r in damaged:  # whole lines, not wrapped into the table
            sys.stdout.write(f"damaged {r['game_id']}: {r['problem']}\n")
    if damaged:
        raise typer.Exit(1)


@app.command()
def replay(
    game_id: Annotated[str, typer.Argument(help="Stored game id.")],
    to: Annotated[int | None, typer.Option("--to", help="Stop after this event.")] = None,
    as_player: As = None,
    json: Json = False,
    reveal: Reveal = False,
    db: Db = None,
) -> None:
    """Rebuild a game from its log (up to --to) and show where it stands (as a spectator
    sees it; as a player with --as)."""
    eng = engine(db)
    _check_as(eng, game_id, as_player, reveal)
    if to is not None:
        last = eng.store.last(game_id)[0]
        if not 1 <= to <= last:
            raise BadOptions(f"--to must be an event number from 1 to {last}, not {to}")
    if json:
        emit_json(eng.show_json(game_id, as_player, to, reveal=reveal))
        return
    text = eng.render(game_id, "text", as_player, to, reveal=reveal, width=picture_width(out))
    replayed = to or eng.store.last(game_id)[0]
    out.print(f"{game_id}: replayed {replayed} event{'' if replayed == 1 else 's'}")
    sys.stdout.write(text + "\n")


# -- changing history without rewriting it ----------------------------------------------------


@app.command()
def undo(
    game_id: Annotated[str, typer.Argument(help="Stored game id.")],
    as_player: Annotated[str, typer.Option("--as", help="The player asking for the undo.")],
    force: Annotated[bool, typer.Option(
        help="Undo without the consent it needs (recorded as forced).")] = False,
    agreed_by: Annotated[str | None, typer.Option(
        help="Players who agree, comma-separated. Taken on trust: at one terminal this is a "
        "hot-seat table, and the event records the consent as named by --as.")] = None,
    db: Db = None,
) -> None:
    """Undo the last command: appends an Undone event (the log is never rewritten).
    Another player's command needs their consent; one that revealed hidden information
    needs everyone's."""
    eng = engine(db)
    agreed = split_list(agreed_by, "--agreed-by") if agreed_by else []
    # At one terminal --as and --agreed-by are taken on trust (hot-seat); the event
    # records them as such (docs/reliability.md).
    rec = eng.undo(game_id, as_player, force, agreed, proof=HOT_SEAT)
    out.print(f"event {rec.seq}: undone; to act: {', '.join(eng.to_act(game_id))}",
              markup=False)


@app.command()
def redo(
    game_id: Annotated[str, typer.Argument(help="Stored game id.")],
    as_player: Annotated[str, typer.Option("--as", help="The player asking for the redo.")],
    db: Db = None,
) -> None:
    """Cancel the last undo, if nothing was played since."""
    rec = engine(db).redo(game_id, as_player)
    out.print(f"event {rec.seq}: redone")


@app.command()
def fork(
    game_id: Annotated[str, typer.Argument(help="Stored game id.")],
    at: Annotated[int, typer.Option("--at", help="Take the log up to this event.")],
    new_id: Annotated[str | None, typer.Option("--id", help="Id for the new game.")] = None,
    db: Db = None,
) -> None:
    """Start a new game from the first events of another (what-if analysis)."""
    # Engine.fork checks --at against the log before the store sees a number it may not
    # hold (SQLite: 2**63), after it has found a damaged game.
    out.print(engine(db).fork(game_id, at, new_id))


@app.command()
def verify(
    game_id: Annotated[str | None, typer.Argument(help="Stored game id.")] = None,
    all_games: Annotated[bool, typer.Option("--all", help="Verify every stored game.")] = False,
    json: Json = False,
    db: Db = None,
) -> None:
    """Check the hash chain and re-derive every event from its command. Exit 1 on failure."""
    if (game_id is None) == (not all_games):
        raise BadOptions("give a game id or --all (not both)")
    eng = engine(db)
    ids = eng.store.game_ids() if all_games else [game_id]
    reports = []
    for gid in ids:
        try:
            reports.append(eng.verify(gid))
        except MeepleError as exc:
            if not all_games:
                raise
            # A key the store lists but no game id can have (a file renamed by hand): a
            # finding about that entry, and the others are still verified.
            reports.append(VerifyReport(gid, False, 0, None, f"the store lists it, but: {exc}"))
    if json:
        emit_json([r.to_json() for r in reports])
    else:
        for r in reports:
            if r.ok:
                note = (f" ({r.chance_unchecked} draws wait for the seed, sealed until the "
                        "game is over)" if r.chance_unchecked else "")
                if r.upcast:
                    note += f" ({r.upcast})"
                if r.fork:
                    note += f" ({r.fork})"
                events = "1 event" if r.events == 1 else f"{r.events} events"
                out.print(f"[green]ok[/green]   {escape(one_line(r.game_id))}: {events}"
                          f"{escape(one_line(note))}", highlight=False, soft_wrap=True)
            else:
                where = f"event {r.first_bad_seq}: " if r.first_bad_seq else ""
                out.print(f"[red]FAIL[/red] {escape(one_line(r.game_id))}: {where}"
                          f"{escape(one_line(r.problem))}", highlight=False, soft_wrap=True)
    if not all(r.ok for r in reports):
        raise typer.Exit(1)


# -- moving games in and out ------------------------------------------------------------------


@app.command()
def export(
    game_id: Annotated[str, typer.Argument(help="Stored game id.")],
    output: Annotated[Path | None, typer.Option("--output", "-o", help="File (default: stdout).")] = None,
    reveal: Annotated[bool, typer.Option(
        "--reveal", help="Export a running game with hidden information anyway: its events "
        "hold every player's secrets (the store's owner, for a backup). The seed stays "
        "sealed until the game is over.")] = False,
    db: Db = None,
) -> None:
    """Write a game as JSON Lines (header, one record per line, a trailer)."""
    data = engine(db).export(game_id, reveal=reveal)
    if output:
        if output.is_dir():
            raise BadOptions(f"--output {output} is a folder; name a file in it")
        try:
            output.write_bytes(data)
        except OSError as exc:
            raise BadOptions(f"cannot write {output}: {exc.strerror or exc}") from None
        err.print(f"wrote {output}")
    else:
        sys.stdout.buffer.write(data)


@app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="A Meeple export, or a foreign record with --format.")],
    fmt: Annotated[str, typer.Option("--format", "-f", help="meeple (an export) or an "
                                     "importer's name, e.g. snellman.")] = "meeple",
    game_id: Annotated[str | None, typer.Option("--id", help="Id for the stored game.")] = None,
    db: Db = None,
) -> None:
    """Store a game from a file; nothing is stored unless the whole file reads and verifies."""
    try:
        data = file.read_bytes()
    except OSError as exc:
        raise BadOptions(f"cannot read {file}: {exc.strerror}") from None
    eng = engine(db)
    if fmt == "meeple":
        gid = eng.import_export(data, game_id)
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadOptions(f"{file} is not UTF-8 text") from None
        gid = eng.import_record(fmt, text, game_id)
    out.print(gid)


def _register_extras() -> None:
    from .commands_serve import register as register_serve  # meeple serve (meeple.web)

    register_serve(app)
    from .commands_ai import register
    from .commands_plugin import register as register_plugin
    from .commands_rules import register as register_rules

    register(app)
    register_rules(app)
    register_plugin(app)
    from .commands_review import register as register_review

    register_review(app)


_register_extras()


def _not_text(args: list[str]) -> str | None:
    """The first argument holding bytes that are not UTF-8 (Python keeps them as lone
    surrogates), shown escaped; None if every argument is text."""
    for arg in args:
        try:
            arg.encode()
        except UnicodeEncodeError:
            return repr(arg.encode("utf-8", "surrogateescape"))[2:-1]
    return None


def main() -> None:
    bad = _not_text(sys.argv[1:])
    if bad is not None:
        # Game ids, names, commands and store URLs are text in every store; a byte that
        # is not UTF-8 would otherwise fail deep in a store's driver.
        err.print(error_markup(f"argument '{bad}' is not UTF-8 text: game ids, player names, "
                               "commands, options and store URLs must be"), highlight=False,
                  soft_wrap=True)
        raise SystemExit(2)
    try:
        # Outside standalone mode click returns an Exit's code instead of raising it.
        code = app(standalone_mode=False)
        if isinstance(code, int) and code:
            raise SystemExit(code)
    except typer.Exit as exc:
        raise SystemExit(exc.exit_code) from None
    except NoInput as exc:
        err.print(str(exc), highlight=False, soft_wrap=True)
        raise SystemExit(1) from None
    except (UnknownName, BadOptions, MeepleError) as exc:
        err.print(error_markup(exc), highlight=False, soft_wrap=True)
        raise SystemExit(2) from None
    except KeyboardInterrupt:
        err.print("interrupted; stored games can be resumed")
        raise SystemExit(130) from None
    except typer.Abort:
        raise SystemExit(1) from None
    except Exception as exc:
        # Usage errors (unknown option, missing argument) come from the click that typer
        # uses, vendored or not: recognise them by shape and print one line.
        if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):
            ctx = getattr(exc, "ctx", None)
            where = f" (see `{ctx.command_path} --help`)" if ctx is not None else ""
            err.print(error_markup(f"{exc.format_message()}{where}"), highlight=False,
                      soft_wrap=True)
            raise SystemExit(2) from None
        raise


if __name__ == "__main__":
    main()
