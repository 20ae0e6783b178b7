"""`meeple log --as P` must not show which cards another player drafted, kept or bought."""

import random

from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.stores.memory import MemoryStore


def test_log_as_a_player_hides_the_cards_others_keep_but_shows_how_many():
    eng = Engine(MemoryStore(), load())
    game = eng.plugins.game("terraforming-mars")
    gid = eng.new_game("terraforming-mars", ["p1", "p2"], seed=4)
    rng = random.Random(4)
    secret_verbs = ("keep ", "buy ", "draft ")
    seen_secret = False
    for _ in range(12):
        t = eng.table(gid)
        player = t.to_act()[0]
        cmd = rng.choice(game.legal(t.state, player))
        eng.move(gid, cmd, player)
    full = eng.log(gid, reveal=True)  # the owner's log: every command in full
    as_p1 = eng.log(gid, as_player="p1")
    for a, b in zip(full, as_p1, strict=True):
        if a.actor == "p2" and a.command and a.command.startswith(secret_verbs):
            seen_secret = True
            verb = a.command.split()[0]
            n = 0 if a.command.endswith(" none") else len(a.command.split(" ", 1)[1].split(", "))
            assert b.command == f"{verb} {n} card{'s' if n != 1 else ''}"
        elif a.actor == "p1":
            assert a.command == b.command
    assert seen_secret, "the opening never asked p2 to keep or buy cards"
