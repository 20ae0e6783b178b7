"""Undo and redo as the engine's own rules (meeple.core.runtime): which span an undo takes,
whose consent it needs and records, every refusal's words, which undo a redo cancels, and
the effective events once undone spans are dropped."""

from __future__ import annotations

import pytest
from meeple.core import BadOptions, IllegalCommand, Redone, Undone, event, runtime
from meeple.core.game import Game

# -- undo and redo ---------------------------------------------------------------------------

@event("u.dealt", barrier=True)
class Dealt:
    n: int


@event("u.moved")
class Moved:
    n: int


def rows(*spec: tuple[int, int, str | None, object]) -> list[runtime.Row]:
    return list(spec)


SETUP = (1, 1, None, Moved(0))


def test_the_span_is_the_last_command_still_counting() -> None:
    r = rows(SETUP, (2, 2, "a", Moved(1)), (3, 2, "a", Dealt(2)), (4, 4, "b", Moved(3)))
    assert runtime.undo_span(r) == (4, 4, "b", False)
    undone = [*r, (5, 5, "b", Undone(4, 4, "b"))]
    assert runtime.undo_span(undone) == (2, 3, "a", True)
    # A barrier anywhere in the command's events, not only its first or last.
    middle = rows(SETUP, (2, 2, "a", Moved(1)), (3, 2, "a", Dealt(2)), (4, 2, "a", Moved(3)))
    assert runtime.undo_span(middle) == (2, 4, "a", True)
    assert runtime.undo_span(rows(SETUP, (2, 2, "a", Dealt(1)), (3, 3, "b", Moved(2)))) == (
        3, 3, "b", False)
    redone = [*undone, (6, 6, "b", Redone(5, "b"))]
    assert runtime.undo_span(redone) == (4, 4, "b", False)
    with pytest.raises(IllegalCommand) as exc:
        runtime.undo_span(rows(SETUP))
    assert str(exc.value) == "there is nothing to undo: no player command counts yet"
    with pytest.raises(IllegalCommand):
        runtime.undo_span([*r[:2], (3, 2, "a", Dealt(2)), (4, 4, "a", Undone(2, 3, "a"))])


def test_consent_is_the_actor_or_everyone_after_a_barrier() -> None:
    assert runtime.consent_needed(["a", "b", "c"], "b", "a", False) == ["a", "b"]
    assert runtime.consent_needed(["a", "b", "c"], "a", "a", False) == ["a"]
    assert runtime.consent_needed(["c", "a", "b"], "a", "a", True) == ["c", "a", "b"]


PLAYERS = ["a", "b", "c"]
OWN = rows(SETUP, (2, 2, "a", Moved(1)))
OTHERS = rows(SETUP, (2, 2, "b", Moved(1)))
DEAL = rows(SETUP, (2, 2, "a", Dealt(1)))


def test_undoing_ones_own_command_records_no_consent() -> None:
    assert runtime.make_undo(OWN, PLAYERS, "a") == Undone(2, 2, "a", (), False, "")
    assert runtime.make_undo(OWN, PLAYERS, "a", proof="hot-seat") == Undone(2, 2, "a")


def test_undoing_anothers_command_needs_and_records_their_consent() -> None:
    with pytest.raises(IllegalCommand) as exc:
        runtime.make_undo(OTHERS, PLAYERS, "a")
    assert str(exc.value) == ("events 2-2 are b's command; undo needs b's consent (missing: b; "
                              "--agreed-by b) or --force")
    assert runtime.make_undo(OTHERS, PLAYERS, "a", agreed=["b"], proof="seat-key") == Undone(
        2, 2, "a", ("b", "a"), False, "seat-key")
    assert runtime.make_undo(OTHERS, PLAYERS, "a", force=True, proof="p") == Undone(
        2, 2, "a", ("a",), True, "p")
    # The actor undoing their own with someone else agreeing: the consent is recorded.
    assert runtime.make_undo(OWN, PLAYERS, "a", agreed=["c"], proof="p") == Undone(
        2, 2, "a", ("c", "a"), False, "p")
    assert runtime.make_undo(OTHERS, PLAYERS, "b", agreed=["b"], proof="p") == Undone(
        2, 2, "b", (), False, "")


def test_undoing_across_a_barrier_needs_everyone() -> None:
    with pytest.raises(IllegalCommand) as exc:
        runtime.make_undo(DEAL, PLAYERS, "a", agreed=["b"])
    assert str(exc.value) == ("events 2-2 revealed hidden information; undo needs every "
                              "player's consent (missing: c; --agreed-by b,c) or --force")
    with pytest.raises(IllegalCommand) as exc:  # the asker is never named, wherever they sort
        runtime.make_undo(DEAL, PLAYERS, "c")
    assert str(exc.value).endswith("(missing: a, b; --agreed-by a,b) or --force")
    assert runtime.make_undo(DEAL, PLAYERS, "a", agreed=["b", "c"], proof="p") == Undone(
        2, 2, "a", ("b", "c", "a"), False, "p")
    assert runtime.make_undo(DEAL, PLAYERS, "a", agreed=["c"], force=True, proof="p") == Undone(
        2, 2, "a", ("c", "a"), True, "p")
    # Forced with nothing missing is no forced undo.
    assert runtime.make_undo(DEAL, PLAYERS, "a", agreed=["b", "c"], force=True).forced is False
    with pytest.raises(BadOptions) as exc:
        runtime.make_undo(DEAL, PLAYERS, "a", agreed=["x", "b", "y"])
    assert str(exc.value) == "x, y do not play; players: a, b, c"


def test_a_barrier_or_a_force_alone_records_the_consent_and_proof() -> None:
    # The asker undoing their own command, alone: only the barrier, or only --force,
    # makes the consent worth keeping.
    solo_deal = rows(SETUP, (2, 2, "a", Dealt(1)))
    assert runtime.make_undo(solo_deal, ["a"], "a", proof="p") == Undone(
        2, 2, "a", ("a",), False, "p")
    assert runtime.make_undo(OWN, PLAYERS, "a", force=True, proof="p") == Undone(
        2, 2, "a", ("a",), False, "p")
    assert runtime.make_undo(OWN, ["a"], "a", proof="p") == Undone(2, 2, "a", (), False, "")


def check_undo(rows: list[runtime.Row], players: list[str], ev: Undone,
               legacy: bool = False) -> str | None:
    try:
        span = runtime.undo_span(rows)
    except IllegalCommand:
        span = None
    return runtime.judge_undo(span, players, ev, legacy)


def test_a_stored_undo_is_checked_against_its_place() -> None:
    assert check_undo(OWN, PLAYERS, Undone(2, 2, "a")) is None
    assert check_undo(rows(SETUP), PLAYERS, Undone(1, 1, "a")) == "there was nothing to undo"
    assert check_undo(OWN, PLAYERS, Undone(1, 2, "a")) == (
        "it names events 1-2, but the last command that counted was events 2-2")
    assert check_undo(OWN, PLAYERS, Undone(2, 2, "z")) == "it was asked by 'z', who does not play"
    assert check_undo(OTHERS, PLAYERS, Undone(2, 2, "a")) == (
        "it undoes b's events without the consent of b")
    assert check_undo(OTHERS, PLAYERS, Undone(2, 2, "a", ("b", "a"))) is None
    assert check_undo(OTHERS, PLAYERS, Undone(2, 2, "a", ("a",), True)) is None
    assert check_undo(DEAL, PLAYERS, Undone(2, 2, "a", ("b", "a"))) == (
        "it undoes a's events without the consent of c")
    # Legacy games: only a barrier needed consent.
    assert check_undo(OTHERS, PLAYERS, Undone(2, 2, "a"), legacy=True) is None
    assert check_undo(DEAL, PLAYERS, Undone(2, 2, "a"), legacy=True) == (
        "it crosses revealed information without recorded consent")
    assert check_undo(DEAL, PLAYERS, Undone(2, 2, "a", ("a",)), legacy=True) is None


def pairs_of(r: list[runtime.Row]) -> list[tuple[int, object]]:
    return [(x[0], x[3]) for x in r]


def test_redo_names_the_latest_standing_undo_with_nothing_after_it() -> None:
    base = [*OTHERS, (3, 3, "a", Undone(2, 2, "a", ("b", "a")))]
    assert runtime.redo_target(pairs_of(base)) == 3
    with pytest.raises(IllegalCommand) as exc:
        runtime.redo_target(pairs_of(OTHERS))
    assert str(exc.value) == "there is nothing to redo"
    later = [*base, (4, 4, "c", Moved(9))]
    with pytest.raises(IllegalCommand) as exc:
        runtime.redo_target(pairs_of(later))
    assert str(exc.value) == "cannot redo: new moves were made after the undo"
    done = [*base, (4, 4, "a", Redone(3, "a"))]
    with pytest.raises(IllegalCommand):
        runtime.redo_target(pairs_of(done))
    assert runtime.redo_allowed(pairs_of(base), base, 3, "a") is None
    assert runtime.redo_allowed(pairs_of(base), base, 3, "b") is None
    assert runtime.redo_allowed(pairs_of(base), base, 3, "c") == (
        "only a (who undid it) or b (whose command it was) may redo the undo at 3")


def test_effective_drops_undone_spans_unless_redone() -> None:
    p = [(1, Moved(0)), (2, Moved(1)), (3, Moved(2)), (4, Undone(2, 3, "a")), (5, Moved(3))]
    assert runtime.effective(p) == [(1, Moved(0)), (5, Moved(3))]
    assert runtime.effective([*p[:4], (5, Redone(4, "a"))]) == p[:3]
    assert runtime.effective(p[:3]) == p[:3]
    assert runtime.fold_all(_Sum(), (e for _, e in runtime.effective(p))) == 3
    assert runtime.fold_all(_Sum(), [Moved(2), Moved(5)], state=1) == 8


class _Sum(Game):
    def fold(self, state, ev):
        return (state or 0) + ev.n


def test_a_redo_cancels_the_latest_undo_still_standing() -> None:
    from meeple.core.events import Redone, Undone
    from meeple.core.runtime import redo_target

    def undo(first: int, last: int) -> Undone:
        return Undone(first, last, "a")

    pairs = [(5, undo(3, 4)), (6, undo(1, 2))]
    assert redo_target(pairs) == 6
    assert redo_target([*pairs, (7, Redone(6, "a"))]) == 5


def test_no_undo_reaches_before_a_forks_reshuffle() -> None:
    # Events of no command after the setup (a fork's reshuffle) are a floor for undo.
    reshuffled = rows(SETUP, (2, 2, "a", Moved(1)), (3, 3, None, Moved(2)), (4, 3, None, Moved(3)))
    with pytest.raises(IllegalCommand, match="there is nothing to undo"):
        runtime.undo_span(reshuffled)
    assert check_undo(reshuffled, PLAYERS, Undone(2, 2, "a")) == "there was nothing to undo"
    played = [*reshuffled, (5, 5, "b", Moved(4))]
    assert runtime.undo_span(played) == (5, 5, "b", False)
    with pytest.raises(IllegalCommand):
        runtime.undo_span([*played, (6, 6, "b", Undone(5, 5, "b"))])
    # A setup of several events is no floor: the first command after it counts.
    long_setup = rows(SETUP, (2, 1, None, Moved(5)), (3, 3, "a", Moved(1)))
    assert runtime.undo_span(long_setup) == (3, 3, "a", False)


def test_a_redo_is_allowed_to_the_player_of_the_first_undone_event() -> None:
    # The undone command's player is read at the undo's first event, not at the undo.
    base = rows(SETUP, (2, 2, "c", Moved(1)), (3, 2, "c", Moved(2)), (4, 4, "b", Moved(3)),
                (5, 5, "a", Undone(4, 4, "a", ("b", "a"))))
    assert runtime.redo_allowed(pairs_of(base), base, 5, "b") is None
    assert runtime.redo_allowed(pairs_of(base), base, 5, "c") == (
        "only a (who undid it) or b (whose command it was) may redo the undo at 5")
    two = rows(SETUP, (2, 2, "c", Moved(1)), (3, 2, "c", Moved(2)),
               (4, 4, "a", Undone(2, 3, "a", ("c", "a"))))
    assert runtime.redo_allowed(pairs_of(two), two, 4, "c") is None
    assert runtime.redo_allowed(pairs_of(two), two, 4, "b") == (
        "only a (who undid it) or c (whose command it was) may redo the undo at 4")


def test_decisions_count_stored_records_not_the_events_read_from_them() -> None:
    assert runtime.decisions([]) == 0
    assert runtime.decisions([(1, Moved(0)), (2, Moved(1)), (2, Moved(2)), (5, Moved(3))]) == 3
