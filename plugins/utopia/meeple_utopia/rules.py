"""What a player may do, and the events a command causes. ``check`` gives the reason a
command is refused (a sentence for the player) or None; ``legal`` lists every allowed
command; ``consequences`` turns an allowed command into events, drawing cards and guests
from ``rng`` where the rules call for chance."""

from __future__ import annotations

import random
from typing import Any

from meeple.core.rng import draw_rng

from .board import BOARD, CIVS, NCIV
from .events import (
    UNRECORDED,
    Add,
    CardsDiscarded,
    CardsDrawn,
    Discard,
    Done,
    End,
    GuestsDrawn,
    GuestTaken,
    KingInfluenced,
    Lower,
    Monument,
    MonumentBuilt,
    Move,
    PrinceAdded,
    PrinceRemoved,
    PrincesMoved,
    Raise,
    Remove,
    RoundScored,
    Special,
    SpecialGuestDrawn,
    Take,
    TurnEnded,
    WelcomeEnded,
    Wonder,
    WonderBuilt,
)
from .fold import fold
from .state import (
    DEVELOP,
    DRAW,
    GUESTS_PER_KIND,
    HAND_LIMIT,
    MONUMENT_PRINCES,
    PASSES,
    PRIVILEGES,
    REMOVE_POINTS,
    WELCOME,
    WONDER_POINTS,
    State,
)
from .turns import (
    after_welcome,
    discard_count,
    left_behind,
    next_actor,
    next_after_development,
    next_after_welcome,
    scores_after,
)


def dname(d: int) -> str:
    return BOARD.district_ids[d]


def iname(i: int) -> str:
    return BOARD.island_names[i]


def cards_text(cards: tuple[int, ...]) -> str:
    return " ".join(CIVS[c] for c in cards) or "nothing"


# -- chance -------------------------------------------------------------------------------


# Each draw is named (``draw_rng``) by what identifies it in the rules: the guests of a
# round, the cards a seat draws in a round, a seat's n-th special guest in a round. Its
# pool is listed in an order that depends only on its contents, so the same draw from the
# same pool comes out the same on every path of play (undo cannot reroll it).

def draw_guests(state: State, rng: random.Random) -> GuestsDrawn:
    """Every guest of the islands in play is back in the bag at the start of a round; draw
    three per player."""
    bag = [i * NCIV + c for i in range(BOARD.n_islands) if state.active[i]
           for c in range(NCIV) for _ in range(GUESTS_PER_KIND)]
    rng = draw_rng(rng, "guests", state.round)
    guests = tuple(sorted(rng.sample(bag, PASSES * state.n)))
    left = [GUESTS_PER_KIND if state.active[g // NCIV] else 0
            for g in range(BOARD.n_islands * NCIV)]
    for g in guests:
        left[g] -= 1
    return GuestsDrawn(guests, next_actor(state), tuple(left))


def draw_cards(state: State, seat: int, rng: random.Random) -> CardsDrawn:
    reshuffle = sum(state.deck) < DRAW
    pile = state.deck if not reshuffle else [
        a + b for a, b in zip(state.deck, state.discard, strict=True)]
    cards = [c for c in range(NCIV) for _ in range(pile[c])]
    drawn = draw_rng(rng, "cards", state.round, seat).sample(cards, min(DRAW, len(cards)))
    return CardsDrawn(seat, state.players[seat], tuple(sorted(drawn)),
                      discard_count(state, seat), int(reshuffle))


def round_districts(state: State) -> tuple[int, ...]:
    held = [0] * state.n
    for owner in state.mon_owner:
        if owner >= 0:
            held[owner] += 1
    return tuple(held)


def round_points(state: State) -> tuple[int, ...]:
    pts = [0] * state.n
    for d, owner in enumerate(state.mon_owner):
        if owner >= 0:
            pts[owner] += state.scale[state.mon_civ[d]]
    return tuple(pts)


# -- checks -------------------------------------------------------------------------------


def _has_cards(state: State, seat: int, cards: tuple[int, ...]) -> bool:
    hand = state.hand(seat)
    for c in cards:
        if not 0 <= c < NCIV:
            return False
        hand[c] -= 1
        if hand[c] < 0:
            return False
    return True


def _card_reason(state: State, seat: int, civ: int, k: int, privilege: bool) -> str | None:
    if state.phase != DEVELOP:
        return "action cards are played in phase 2 (developing the city), not now"
    if state.must_discard:
        return f"first discard {state.must_discard} card(s) for your standing"
    if privilege:
        return None if state.held[seat] else "you hold no privilege token of another player"
    if state.hands[seat * NCIV + civ] < k:
        held = state.hands[seat * NCIV + civ]
        return f"you need {k} {CIVS[civ]} card(s) for that and hold {held}"
    return None


def _valid_civ(civ: int) -> bool:
    return 0 <= civ < NCIV


def _valid_district(state: State, d: int) -> bool:
    return 0 <= d < BOARD.n_districts and state.district_active(d)


def check(state: State, seat: int, cmd: Any) -> str | None:  # noqa: C901 - one case per command
    t = type(cmd)
    if t is Done:
        if state.phase != WELCOME or not state.took:
            return "'done' ends a phase 1 turn after its guest is welcomed"
        return None
    if t is Take or t is Special:
        if state.took:
            return ("you have welcomed your guest this turn: build a wonder or monument, "
                    "or say 'done'")
    if t is Take:
        if state.phase != WELCOME:
            return "guests are welcomed in phase 1 only"
        if not _valid_civ(cmd.civ) or not 0 <= cmd.island < BOARD.n_islands:
            return "no such guest"
        if state.pending >= 0:
            if cmd.island * NCIV + cmd.civ != state.pending:
                i, c = divmod(state.pending, NCIV)
                return (f"first welcome your special guest: the {CIVS[c]} guest of the "
                        f"{iname(i)} island")
        elif state.waiting[cmd.island * NCIV + cmd.civ] == 0:
            return f"no {CIVS[cmd.civ]} guest waits at the {iname(cmd.island)} island"
        if cmd.district < 0:
            if state.supply[seat * NCIV + cmd.civ] > 0:
                return (f"you still have {CIVS[cmd.civ]} princes: place one on the "
                        f"{iname(cmd.island)} island")
            return None
        if not _valid_district(state, cmd.district) or BOARD.island_of[cmd.district] != cmd.island:
            return (f"the {CIVS[cmd.civ]} guest of the {iname(cmd.island)} island goes to a "
                    "district of that island")
        if state.supply[seat * NCIV + cmd.civ] == 0:
            return f"you have no {CIVS[cmd.civ]} prince left"
        return None
    if t is Special:
        if state.phase != WELCOME or state.pending >= 0:
            return "a special guest is drawn in phase 1, in place of a waiting guest"
        if state.privileges[seat] == 0:
            return "you have no privilege token left to hand over for a special guest"
        if cmd.to not in state.players or cmd.to == state.players[seat]:
            others = ", ".join(p for p in state.players if p != state.players[seat])
            return f"hand the privilege to another player: {others}"
        if not any(state.bag):
            return "the bag is empty"
        return None
    if t is Wonder or t is Monument:
        if state.phase not in (WELCOME, DEVELOP) or state.must_discard:
            return "build in your turn (in phase 2 after your standing discard)"
        if t is Wonder:
            i = cmd.island
            if not 0 <= i < BOARD.n_islands or not state.active[i]:
                return "no such island in this game"
            if state.wonder[i] >= 0:
                return f"the {iname(i)} island already has its wonder"
            missing = [CIVS[c] for c in range(NCIV)
                       if not any(state.count(d, seat, c) for d in BOARD.districts_of[i])]
            if missing:
                return ("a wonder needs a prince of every civilization on the island; "
                        f"missing: {', '.join(missing)}")
            return None
        d, c = cmd.district, cmd.civ
        if not _valid_district(state, d) or not _valid_civ(c):
            return "no such district or civilization"
        if state.mon_owner[d] >= 0:
            return f"{dname(d)} already has a monument and can never be retaken"
        if state.count(d, seat, c) < MONUMENT_PRINCES:
            return f"a monument needs {MONUMENT_PRINCES} of your {CIVS[c]} princes in {dname(d)}"
        if state.monuments_left[c] == 0:
            return f"all {CIVS[c]} monuments are built"
        return None
    if t is Discard:
        if state.phase != DEVELOP or not state.must_discard:
            return "there is nothing to discard for standing now"
        if len(cmd.cards) != state.must_discard:
            return f"discard exactly {state.must_discard} card(s) for your standing"
        if not _has_cards(state, seat, cmd.cards):
            return f"you do not hold {cards_text(cmd.cards)}"
        return None
    if t is End:
        if state.phase != DEVELOP:
            return "there is no turn to end now"
        if state.must_discard:
            return f"first discard {state.must_discard} card(s) for your standing"
        need = state.hand_sizes[seat] - HAND_LIMIT
        if len(cmd.discards) != max(0, need):
            return (f"you may keep {HAND_LIMIT} cards: discard exactly {need} when ending"
                    if need > 0 else "you are within the hand limit: end without discarding")
        if not _has_cards(state, seat, cmd.discards):
            return f"you do not hold {cards_text(cmd.discards)}"
        return None
    civ = getattr(cmd, "civ", -1)
    if t not in (Move, Add, Remove, Raise, Lower):
        return f"{cmd!r} is not a Utopia command"
    if not _valid_civ(civ):
        return "no such civilization"
    reason = _card_reason(state, seat, civ, 2 if t is Lower else 1,
                          getattr(cmd, "privilege", False))
    if reason:
        return reason
    if t is Move:
        if not _valid_district(state, cmd.src) or not _valid_district(state, cmd.dst):
            return "no such district in this game"
        if cmd.count not in (1, 2):
            return "one card moves one or two princes"
        if state.count(cmd.src, seat, civ) < cmd.count:
            return f"you have fewer than {cmd.count} {CIVS[civ]} prince(s) in {dname(cmd.src)}"
        if cmd.dst not in BOARD.reach[cmd.src]:
            return (f"{dname(cmd.dst)} is not next to {dname(cmd.src)} by a street or bridge, "
                    "nor a ship district in the same or a neighbouring sea sector")
        return None
    if t is Add or t is Remove:
        d = cmd.district
        if not _valid_district(state, d):
            return "no such district in this game"
        if state.mon_civ[d] != civ:
            return f"{dname(d)} has no {CIVS[civ]} monument"
        if t is Add and state.supply[seat * NCIV + civ] == 0:
            return f"you have no {CIVS[civ]} prince left"
        if t is Remove and state.count(d, seat, civ) == 0:
            return f"you have no {CIVS[civ]} prince in {dname(d)}"
        return None
    if t is Raise and state.scale[civ] == NCIV:
        return f"{CIVS[civ]} is already at the top of the prestige scale"
    if t is Lower and state.scale[civ] == 1:
        return f"{CIVS[civ]} is already at value 1"
    return None


# -- events of an allowed command ----------------------------------------------------------


def _can_build_after_take(state: State, seat: int, cmd: Take) -> bool:
    """Whether the player could build after this take: what was buildable before stays
    so (princes only arrive in phase 1), and the new prince may complete a monument's
    three or an island's five civilizations. Cheaper than folding and listing builds."""
    if _builds(state, seat):
        return True
    d, c = cmd.district, cmd.civ
    if d < 0:
        return False
    if (state.mon_owner[d] < 0 and state.monuments_left[c]
            and state.count(d, seat, c) + 1 >= MONUMENT_PRINCES):
        return True
    i = BOARD.island_of[d]
    if state.wonder[i] >= 0:
        return False
    return all(k == c or any(state.count(dd, seat, k) for dd in BOARD.districts_of[i])
               for k in range(NCIV))


def _welcome_over(after: State, events: list[Any], rng: random.Random) -> list[Any]:
    """After a phase 1 turn ends: the last welcome of the round starts phase 2, whose
    first player draws their cards."""
    if after.phase == DEVELOP and after.current >= 0:
        events.append(draw_cards(after, after.current, rng))
    return events


def _end_welcome(after: State, seat: int, events: list[Any], rng: random.Random) -> list[Any]:
    """``after`` has the turn's events folded in; end the phase 1 turn there."""
    ended = WelcomeEnded(seat, after.players[seat], next_after_welcome(after, seat),
                         *after_welcome(after, seat))
    events.append(ended)
    return _welcome_over(fold(after, ended), events, rng)


def consequences(state: State, seat: int, cmd: Any, rng: random.Random) -> list[Any]:  # noqa: C901 - one branch per kind of command
    t = type(cmd)
    name = state.players[seat]
    if t is Take:
        # The turn stays open while the take lets the taker build (a wonder or monument
        # may be built at any point of one's own turn, right after the take included).
        stays = _can_build_after_take(state, seat, cmd)
        ev = GuestTaken(seat, cmd.civ, cmd.island, cmd.district, state.pending >= 0,
                        not stays, name,
                        # the turn stays open: nobody is next yet
                        UNRECORDED if stays else next_after_welcome(state, seat),
                        *((state.pass_no, state.phase) if stays else after_welcome(state, seat)))
        if not stays and state.pass_no == PASSES - 1 and sum(state.acted) == state.n - 1:
            return _welcome_over(fold(state.copy(), ev), [ev], rng)  # phase 2 begins
        return [ev]
    if t is Done:
        return _end_welcome(state.copy(), seat, [], rng)
    if t is Special:
        bag = [g for g, k in enumerate(state.bag) for _ in range(k)]
        used = PRIVILEGES - state.privileges[seat]
        guest = draw_rng(rng, "special", state.round, seat, used).choice(bag)
        return [SpecialGuestDrawn(seat, state.players.index(cmd.to), guest, name, cmd.to)]
    if t is Wonder or t is Monument:
        if t is Wonder:
            ev: Any = WonderBuilt(seat, cmd.island, WONDER_POINTS, name)
        else:
            owner = state.wonder[BOARD.island_of[cmd.district]]
            ev = MonumentBuilt(seat, cmd.civ, cmd.district, owner,
                               BOARD.value[cmd.district] if owner >= 0 else 0, name,
                               state.players[owner] if owner >= 0 else "")
        if state.phase == WELCOME and state.took:
            after = fold(state.copy(), ev)
            if not _builds(after, seat):  # nothing left to build: the turn passes
                return _end_welcome(after, seat, [ev], rng)
        return [ev]
    if t is Discard:
        return [CardsDiscarded(seat, cmd.cards, name)]
    if t is Move:
        return [PrincesMoved(seat, cmd.civ, cmd.src, cmd.dst, cmd.count, cmd.privilege, name)]
    if t is Add:
        return [PrinceAdded(seat, cmd.civ, cmd.district, cmd.privilege, name)]
    if t is Remove:
        return [PrinceRemoved(seat, cmd.civ, cmd.district, cmd.privilege, REMOVE_POINTS, name)]
    if t is Raise:
        return [KingInfluenced(seat, cmd.civ, False, cmd.privilege, name)]
    if t is Lower:
        return [KingInfluenced(seat, cmd.civ, True, False, name)]
    # End: the next player draws, or the round is scored and the next one starts.
    ev = TurnEnded(seat, cmd.discards, name, next_after_development(state, seat))
    after = fold(state.copy(), ev)
    if after.current >= 0:
        return [ev, draw_cards(after, after.current, rng)]
    points = round_points(after)
    scores = scores_after(after, points)
    over = max(scores) >= after.goal
    scored = RoundScored(points, after.players, round_districts(after), after.round, int(over),
                         left_behind(after, scores))
    fold(after, scored)
    if after.phase == WELCOME:
        return [ev, scored, draw_guests(after, rng)]
    return [ev, scored]


# -- every legal command -------------------------------------------------------------------


def _multisets(counts: list[int], k: int, start: int = 0) -> list[tuple[int, ...]]:
    if k == 0:
        return [()]
    out = []
    for c in range(start, len(counts)):
        if counts[c]:
            counts[c] -= 1
            out += [(c, *rest) for rest in _multisets(counts, k - 1, c)]
            counts[c] += 1
    return out


def _build_tables() -> dict[tuple[bool, bool, int, int], tuple[tuple[Move, ...], tuple[Move, ...]]]:
    """Every move command, made once: (water in play, privilege, civ, from) -> the moves
    of one prince and of two. Legal generation then only extends lists."""
    table = {}
    out_island = BOARD.out_with_two
    for water in (False, True):
        for priv in (False, True):
            for civ in range(NCIV):
                for d in range(BOARD.n_districts):
                    dsts = [t for t in BOARD.reach[d]
                            if water or BOARD.island_of[t] != out_island]
                    table[water, priv, civ, d] = (
                        tuple(Move(civ, d, t, 1, priv) for t in dsts),
                        tuple(Move(civ, d, t, 2, priv) for t in dsts),
                    )
    return table


MOVES = _build_tables()
WONDERS = tuple(Wonder(i) for i in range(BOARD.n_islands))
DONE = Done()
TAKES = tuple(tuple(Take(g % NCIV, g // NCIV, d) for d in BOARD.districts_of[g // NCIV])
              for g in range(BOARD.n_islands * NCIV))


def _builds(state: State, seat: int) -> list[Any]:
    """Every wonder and monument ``seat`` may build now. Hot (legal and every take call
    it), hence the slices and built-ins."""
    out: list[Any] = []
    princes = state.princes
    stride = state.n * NCIV
    own = seat * NCIV
    wonder, active = state.wonder, state.active
    for i in range(BOARD.n_islands):
        if active[i] and wonder[i] < 0:
            rows = [princes[d * stride + own:d * stride + own + NCIV]
                    for d in BOARD.districts_of[i]]
            if all(map(any, zip(*rows, strict=True))):  # every civilization on the island
                out.append(WONDERS[i])
    mon_owner, left = state.mon_owner, state.monuments_left
    for d in range(BOARD.n_districts):
        if mon_owner[d] < 0:
            b = d * stride + own
            row = princes[b:b + NCIV]
            if max(row) >= MONUMENT_PRINCES:
                out += [Monument(c, d) for c in range(NCIV)
                        if row[c] >= MONUMENT_PRINCES and left[c]]
    return out


def legal(state: State, seat: int) -> list[Any]:  # noqa: C901 - one branch per kind of decision a seat can face
    if seat != state.current:
        return []
    if state.phase == WELCOME:
        if state.took:
            return [*_builds(state, seat), DONE]
        return _builds(state, seat) + _takes(state, seat)
    if state.phase != DEVELOP:
        return []
    if state.must_discard:
        return [Discard(c) for c in _multisets(state.hand(seat), state.must_discard)]
    out = _builds(state, seat)
    hand = state.hand(seat)
    pays = [(c, False) for c in range(NCIV) if hand[c]]
    if state.held[seat]:
        pays += [(c, True) for c in range(NCIV)]
    n = state.n
    supply = state.supply
    princes = state.princes
    water = state.active[BOARD.out_with_two]
    active = [state.active[BOARD.island_of[d]] for d in range(BOARD.n_districts)]
    for civ, priv in pays:
        has_supply = supply[seat * NCIV + civ] > 0
        for d in range(BOARD.n_districts):
            have = princes[(d * n + seat) * NCIV + civ]
            if have and active[d]:
                ones, twos = MOVES[water, priv, civ, d]
                out += ones
                if have >= 2:
                    out += twos
            if state.mon_civ[d] == civ:
                if has_supply:
                    out.append(Add(civ, d, priv))
                if have:
                    out.append(Remove(civ, d, priv))
        if state.scale[civ] < NCIV:
            out.append(Raise(civ, priv))
        if not priv and hand[civ] >= 2 and state.scale[civ] > 1:
            out.append(Lower(civ))
    extra = state.hand_sizes[seat] - HAND_LIMIT
    out += [End(c) for c in _multisets(hand, extra)] if extra > 0 else [End(())]
    return out


def _takes(state: State, seat: int) -> list[Any]:
    if state.pending >= 0:
        guests = [state.pending]
    else:
        guests = [g for g, k in enumerate(state.waiting) if k]
    out: list[Any] = []
    for g in guests:
        i, c = divmod(g, NCIV)
        if state.supply[seat * NCIV + c]:
            out += TAKES[g]
        else:
            out.append(Take(c, i, -1))
    if state.pending < 0 and state.privileges[seat] and any(state.bag):
        out += [Special(p) for p in state.players if p != state.players[seat]]
    return out


__all__ = ["check", "consequences", "legal", "draw_guests"]
