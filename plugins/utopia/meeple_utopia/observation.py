"""A numeric observation of what one player sees (docs/rl.md): ``OBSERVATION_SIZE``
numbers, roughly in [0, 1], read from that player's view only.

Seats are numbered from the observer: seat-relative place 0 is the observer, 1 the next
player in seat order, and so on, padded to five seats (a missing seat reads all zeros), so
a policy learns "my princes" and "the next player's princes" whatever its seat. The only
hidden information of Utopia is the other players' hands; the observation reads the
observer's own hand, everyone's hand size, and the deck as the view shows it (the pool of
unseen cards, the other hands included), never another hand.

Layout, in order (sizes in brackets):

- the game [11]: 1 if the observer is to act; the phase, one-hot over (over, welcome,
  develop, scoring) [4]; round / 10; pass of phase 1 / 3; welcomed a guest this turn; the
  standing discard still owed / 2; the goal / 150; players / 5
- who acts, one-hot over the seat-relative places [5]; the observer's own seat, one-hot
  [5] (``special PLAYER`` actions name seats, not places)
- per seat-relative place [5 x 12]: in the game; score / goal; princes in supply per
  civilization / 8 [5]; own privilege tokens / 2; tokens held from others / 2; hand size /
  10; has acted this pass or phase; arrival order among the seats / 5
- the observer's hand per civilization / 10 [5]
- per civilization: its value on the prestige scale / 5, monuments left / 8, unseen
  cards / 10, discarded cards / 10 [4 x 5]
- per island [4 x 6]: in play; the wonder's builder, one-hot over seat-relative places [5]
- guests at the ships per island and civilization / 2 [20]; guests in the bag / 2 [20];
  the special guest just drawn, one-hot [20]
- per district [24 x 37]: in play; value / 4; the monument's owner, one-hot over
  seat-relative places [5]; its civilization, one-hot [5]; princes per seat-relative
  place and civilization / 8 [5 x 5]
"""

from __future__ import annotations

from .board import BOARD, NCIV
from .encoding import MAX_PLAYERS
from .state import MONUMENTS_PER_CIV, PASSES, PRINCES_PER_CIV, PRIVILEGES, State

_GAME = 11
_SEAT = 12
_CIV = 4
_ISLAND = 1 + MAX_PLAYERS
_GUESTS = 3 * BOARD.n_islands * NCIV
_DISTRICT = 2 + MAX_PLAYERS + NCIV + MAX_PLAYERS * NCIV
OBSERVATION_SIZE = (_GAME + 2 * MAX_PLAYERS + MAX_PLAYERS * _SEAT + NCIV + _CIV * NCIV
                    + BOARD.n_islands * _ISLAND + _GUESTS + BOARD.n_districts * _DISTRICT)


def _one_hot(k: int, size: int) -> list[float]:
    """``size`` zeros with a 1 at ``k`` (none when ``k`` is negative: nobody, nothing)."""
    out = [0.0] * size
    if k >= 0:
        out[k] = 1.0
    return out


def observe(view: State, player: str) -> list[float]:
    """``player``'s view as ``OBSERVATION_SIZE`` numbers (layout in the module text)."""
    if player not in view.players:
        raise ValueError(f"{player} does not play in this game: only a seat has a view")
    n, me = view.n, view.players.index(player)

    def rel(seat: int) -> int:
        return (seat - me) % n if seat >= 0 else -1

    out = [1.0 if view.current == me else 0.0]
    out += _one_hot(view.phase, 4)
    out += [view.round / 10, view.pass_no / PASSES, float(view.took),
            view.must_discard / 2, view.goal / 150, n / MAX_PLAYERS]
    out += _one_hot(rel(view.current), MAX_PLAYERS)
    out += _one_hot(me, MAX_PLAYERS)
    arrival = sorted(range(n), key=lambda s: view.stamps[s])
    for r in range(MAX_PLAYERS):
        if r >= n:
            out += [0.0] * _SEAT
            continue
        s = (me + r) % n
        out += [1.0, view.scores[s] / view.goal]
        out += [view.supply[s * NCIV + c] / PRINCES_PER_CIV for c in range(NCIV)]
        out += [view.privileges[s] / PRIVILEGES, view.held[s] / PRIVILEGES,
                view.hand_sizes[s] / 10, float(view.acted[s]), arrival.index(s) / MAX_PLAYERS]
    out += [view.hands[me * NCIV + c] / 10 for c in range(NCIV)]  # the observer's own hand
    out += [view.scale[c] / NCIV for c in range(NCIV)]
    out += [view.monuments_left[c] / MONUMENTS_PER_CIV for c in range(NCIV)]
    out += [view.deck[c] / 10 for c in range(NCIV)]  # unseen: the deck and the others' hands
    out += [view.discard[c] / 10 for c in range(NCIV)]
    for i in range(BOARD.n_islands):
        out += [float(view.active[i]), *_one_hot(rel(view.wonder[i]), MAX_PLAYERS)]
    out += [k / 2 for k in view.waiting]
    out += [k / 2 for k in view.bag]
    out += _one_hot(view.pending, BOARD.n_islands * NCIV)
    for d in range(BOARD.n_districts):
        out += [float(view.district_active(d)), BOARD.value[d] / 4]
        out += _one_hot(rel(view.mon_owner[d]), MAX_PLAYERS)
        out += _one_hot(view.mon_civ[d], NCIV)
        for r in range(MAX_PLAYERS):
            if r >= n:
                out += [0.0] * NCIV
                continue
            base = (d * n + (me + r) % n) * NCIV
            out += [k / PRINCES_PER_CIV for k in view.princes[base:base + NCIV]]
    return out


__all__ = ["OBSERVATION_SIZE", "observe"]
