"""Spectator by default: every command that prints a state or a log shows what
a spectator may see unless asked otherwise (``--as P`` for a seat, ``--reveal`` for the
store's owner). For every game with hidden information, at random positions:

- ``show`` (text, svg, json) and ``replay`` (text, json) print exactly the spectator's
  view, which test_reliability_secrets proves hides every secret;
- ``log`` (text and json) prints the spectator's redaction of every event, and of every
  command no more than another seat is shown of it; nothing only ``--reveal`` shows
  appears in the default output;
- ``export`` of a running game is refused without ``--reveal`` and never carries the seed.
"""

from __future__ import annotations

import orjson
import pytest
from cli_runner import run_meeple
from conftest import count, installed_games, play_random
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from meeple.core.engine import Engine
from meeple.core.events import Redone, Undone
from meeple.core.plugins import load
from meeple.core.stores.sqlite import SqliteStore

PLUGINS = load()
HIDDEN = [n for n in installed_games() if PLUGINS.game(n).hidden_information]
DIFFERED: dict[str, int] = {}


def cli(capsys, db, *args: str) -> str:
    code, out, err = run_meeple(capsys, *args, "--db", str(db))
    assert code == 0, (args, err)
    return out


@pytest.mark.parametrize("name", HIDDEN)
def test_every_printing_command_defaults_to_the_spectator(name: str, capsys, tmp_path) -> None:
    game = PLUGINS.game(name)
    db = tmp_path / "s.sqlite"

    @settings(max_examples=3, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(0, 2**32), st.integers(1, 30))
    def check(seed: int, prefix: int) -> None:
        gid = f"g{seed}-{prefix}"
        eng = Engine(SqliteStore(db), PLUGINS)
        play_random(eng, name, seed, prefix, gid)
        t = eng.table(gid)
        spectator = game.view(t.state, None)
        text = game.render(spectator, "text", None)
        shown_text = cli(capsys, db, "show", gid)
        # The picture, then the table in words, wrapped at words for the terminal.
        assert shown_text.startswith(text + "\n")
        table = " ".join(game.describe_table(spectator, None))
        assert " ".join(shown_text[len(text) + 1:].split()) == " ".join(table.split())
        assert cli(capsys, db, "show", gid, "-f", "svg") == game.render(spectator, "svg", None) + "\n"
        shown = orjson.loads(cli(capsys, db, "show", gid, "-f", "json"))
        assert shown["state"] == orjson.loads(orjson.dumps(game.summary(spectator, None),
                                                           option=orjson.OPT_NON_STR_KEYS))
        assert cli(capsys, db, "replay", gid).endswith(text + "\n")
        assert orjson.loads(cli(capsys, db, "replay", gid, "--json")) == shown
        # The view hides something here (else this position proves nothing).
        DIFFERED[name] = DIFFERED.get(name, 0) + (spectator != t.state)
        revealed = orjson.loads(cli(capsys, db, "show", gid, "-f", "json", "--reveal"))
        assert revealed["state"] == orjson.loads(orjson.dumps(
            game.summary(t.state, None), option=orjson.OPT_NON_STR_KEYS))

        log = orjson.loads(cli(capsys, db, "log", gid, "--json"))
        full = orjson.loads(cli(capsys, db, "log", gid, "--json", "--reveal"))
        plain = cli(capsys, db, "log", gid)
        players = list(t.header.players)
        for entry, secret, r, (_, ev) in zip(log, full, t.records, t.pairs, strict=True):
            if isinstance(ev, Undone | Redone):
                continue
            assert entry["text"] == game.describe_event(game.redact(ev, None))
            if r.actor and r.command_text:
                # No more than another seat is shown of this player's command.
                other = next(p for p in players if p != r.actor)
                assert entry["command"] == game.redact_command(r.command_text, r.actor, other)
            for key in ("text", "command"):
                if secret[key] and secret[key] != entry[key]:
                    assert f" {secret[key]}" not in plain, (
                        f"{name}: `meeple log` prints what only --reveal should show")
            count("spectator.log_lines_checked")

        if t.outcome() is None:
            code, _, err = run_meeple(capsys, "export", gid, "--db", str(db))
            assert code == 2 and "--reveal" in err
            data = cli(capsys, db, "export", gid, "--reveal")
            header = orjson.loads(data.splitlines()[0])["header"]
            assert header["seed"] is None and header["seed_nonce"] is None
        eng.close()
        count("spectator.positions")

    check()
    assert DIFFERED.get(name, 0) > 0, f"{name}: the view never hid anything: nothing was tested"
