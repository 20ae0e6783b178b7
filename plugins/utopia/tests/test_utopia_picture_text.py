"""What the terminal picture of Utopia must say, line by line, read back and compared with
the state: the status, the prestige scale in order, each player's points, cards (a count
only for a hand the reader may not see) and privileges, the special guest, every island
(in play or not, its wonder, the guests at its ships) and every district (value, ship and
sector, monument, each player's princes by civilization)."""

from __future__ import annotations

import re

import pytest
from meeple_utopia import Utopia
from meeple_utopia.board import BOARD, CIVS, NCIV
from test_utopia_picture import STATES

GAME = Utopia()
LETTER = "MPEGC"


def _check_text(state, player: str | None, text: str | None = None) -> None:
    seen = GAME.view(state, player) if player is not None else state
    lines = (GAME.render(state, "text", player) if text is None else text).splitlines()
    scores = ", ".join(f"{p} {seen.scores[s]}" for s, p in enumerate(seen.players))
    assert lines[0].startswith("Utopia, ") and lines[0].endswith(f"({scores})")
    if seen.current >= 0:
        assert f": {seen.players[seen.current]} " in lines[0]
    assert lines[1] == "prestige scale: " + "  ".join(
        f"{CIVS[c]} {v}" for v, c in sorted(((seen.scale[c], c) for c in range(NCIV)),
                                            key=lambda vc: -vc[0]))
    at = 2
    for s, name in enumerate(seen.players):
        hand = seen.hand(s)
        if sum(hand) == 0 and seen.hand_sizes[s] > 0:
            cards = f"{seen.hand_sizes[s]} cards"
        else:
            cards = "cards " + (" ".join(f"{CIVS[c]}x{hand[c]}" for c in range(NCIV) if hand[c])
                                or "-")
        assert lines[at] == (f"  {name}: {seen.scores[s]} points, {cards}, "
                             f"{seen.privileges[s]} own privilege(s), {seen.held[s]} received")
        at += 1
    if seen.pending >= 0:
        i, c = divmod(seen.pending, NCIV)
        assert lines[at] == (f"special guest to welcome: {CIVS[c]} of the "
                             f"{BOARD.island_names[i]} island")
        at += 1
    for i, island in enumerate(BOARD.island_names):
        if not seen.active[i]:
            assert lines[at] == f"{island} island: not in play"
            at += 1
            continue
        w = seen.wonder[i]
        head = f"{island} island: wonder {seen.players[w] if w >= 0 else 'free'}"
        guests = re.fullmatch(re.escape(head) + r"(?:; guests at the ships: (.*))?", lines[at])
        assert guests, lines[at]
        waiting = {c: seen.waiting[i * NCIV + c] for c in range(NCIV) if seen.waiting[i * NCIV + c]}
        told = {CIVS.index(g.removesuffix("x2")): 2 if g.endswith("x2") else 1
                for g in (guests[1] or "").split()}
        assert told == waiting, lines[at]
        at += 1
        for d in BOARD.districts_of[i]:
            m = re.fullmatch(r"  (\w+) \[(\d)\]( ship\(sector (\d)\))?: (.*?); (.*)", lines[at])
            assert m and m[1] == BOARD.district_ids[d] and int(m[2]) == BOARD.value[d], lines[at]
            assert (m[3] is not None) == BOARD.ship[d]
            if BOARD.ship[d]:
                assert int(m[4]) == BOARD.sector[d]
            owner = seen.mon_owner[d]
            assert m[5] == (f"{CIVS[seen.mon_civ[d]]} monument of {seen.players[owner]}"
                            if owner >= 0 else "open")
            told = {}
            if m[6] != "no princes":
                for part in m[6].split():
                    who, letters = part.split(":")
                    for ch in letters:
                        key = (seen.players.index(who), LETTER.index(ch))
                        told[key] = told.get(key, 0) + 1
            assert told == {(s, c): seen.count(d, s, c) for s in range(seen.n)
                            for c in range(NCIV) if seen.count(d, s, c)}, lines[at]
            at += 1
    assert lines[at].startswith("legend: ") and len(lines) == at + 2


@pytest.mark.parametrize("index", range(len(STATES)))
def test_the_text_picture_says_what_the_state_holds_for_each_reader(index):
    state = STATES[index]
    for player in (None, *state.players):
        _check_text(state, player)


def test_two_guests_of_one_civilization_at_the_ships_are_told_as_two():
    state = GAME.clone(STATES[0])
    i = next(i for i in range(BOARD.n_islands) if state.active[i])
    state.waiting[i * NCIV:(i + 1) * NCIV] = [2, 1, 0, 0, 0]
    _check_text(state, None)
    assert f"guests at the ships: {CIVS[0]}x2 {CIVS[1]}" in GAME.render(state, "text")


def test_the_text_checks_fail_on_a_wrong_line():
    state = STATES[1]
    text = GAME.render(state, "text")
    _check_text(state, None, text)
    for wrong in (text.replace(" open;", " open ;", 1), text.replace("[2]", "[3]", 1),
                  text.replace(" 0 received", " 1 received", 1)):
        assert wrong != text
        with pytest.raises(AssertionError):
            _check_text(state, None, wrong)
