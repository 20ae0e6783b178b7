"""The state of a game of Utopia: flat lists of ints, so that ``clone`` is a handful of
list copies and ``==`` compares field by field.

Indexing: ``princes[(d * n + seat) * 5 + civ]`` counts the princes of one colour and one
civilization in district ``d``; ``supply``, ``hands`` are ``seat * 5 + civ``;
``waiting`` (guests at the ships) and ``bag`` are ``island * 5 + civ``.
"""

from __future__ import annotations

from .board import BOARD, COMPONENTS, NCIV

PRINCES_PER_CIV = COMPONENTS["princes_per_civilization_per_colour"]
MONUMENTS_PER_CIV = COMPONENTS["monuments_per_civilization"]
PRIVILEGES = COMPONENTS["privileges_per_colour"]
HAND_LIMIT = COMPONENTS["hand_limit"]
DRAW = COMPONENTS["cards_drawn"]
CARDS_PER_CIV = COMPONENTS["action_cards_per_civilization"]
GUESTS_PER_KIND = COMPONENTS["guests_per_civilization_per_island"]
PASSES = COMPONENTS["guests_per_player_per_round"]
WONDER_POINTS = COMPONENTS["wonder_points"]
REMOVE_POINTS = COMPONENTS["remove_prince_points"]
MONUMENT_PRINCES = COMPONENTS["monument_princes"]

OVER, WELCOME, DEVELOP, SCORING = 0, 1, 2, 3
FULL_STATE = -1  # ``viewer`` of a complete state
SPECTATOR = -2  # ``viewer`` of a view that hides every hand

_MUTABLE = (
    "princes", "supply", "mon_owner", "mon_civ", "monuments_left", "wonder", "scale",
    "scores", "stamps", "privileges", "hands", "hand_sizes", "deck", "discard",
    "waiting", "bag", "held", "acted", "order",
)
_SCALARS = (
    "players", "n", "goal", "active", "stamp_next", "phase", "pass_no", "current",
    "must_discard", "round", "round_first", "viewer", "pending", "took",
)


class State:
    __slots__ = _MUTABLE + _SCALARS

    def __init__(self, players: tuple[str, ...], goal: int, active: tuple[bool, ...],
                 scale: list[int]) -> None:
        n = len(players)
        nd = BOARD.n_districts
        self.players = players
        self.n = n
        self.goal = goal
        self.active = active  # per island: in play (the water island is out with 2)
        self.princes = [0] * (nd * n * NCIV)
        self.supply = [PRINCES_PER_CIV] * (n * NCIV)
        self.mon_owner = [-1] * nd
        self.mon_civ = [-1] * nd
        self.monuments_left = [MONUMENTS_PER_CIV] * NCIV
        self.wonder = [-1] * BOARD.n_islands
        self.scale = scale  # value 1..5 of each civilization on the prestige scale
        self.scores = [0] * n
        # Who reached their score square first plays first among equals: a stamp per
        # arrival; the seat order stands for arrival on the start square.
        self.stamps = list(range(n))
        self.stamp_next = n
        self.privileges = [PRIVILEGES] * n  # own tokens, given away for special guests
        self.held = [0] * n  # tokens received from others, each worth one action card
        self.hands = [0] * (n * NCIV)
        self.hand_sizes = [0] * n
        self.deck = [CARDS_PER_CIV] * NCIV
        self.discard = [0] * NCIV
        self.waiting = [0] * (BOARD.n_islands * NCIV)
        self.bag = [0] * (BOARD.n_islands * NCIV)  # public: every guest is seen leaving it
        self.pending = -1  # the special guest just drawn, which its drawer must place
        self.took = False  # phase 1: the current player has welcomed a guest, may build
        self.acted = [False] * n
        self.order: list[int] = []  # phase 2 turn order of this round (scoring order)
        self.phase = WELCOME
        self.pass_no = 0
        self.current = -1
        self.must_discard = 0
        self.round = 1
        self.round_first = -1
        self.viewer = FULL_STATE

    def copy(self) -> State:
        new = State.__new__(State)
        for name in _SCALARS:
            setattr(new, name, getattr(self, name))
        for name in _MUTABLE:
            setattr(new, name, getattr(self, name)[:])
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(
            getattr(self, s) == getattr(other, s) for s in State.__slots__
        )

    def __repr__(self) -> str:
        return (f"State(round={self.round}, phase={self.phase}, current={self.current}, "
                f"scores={self.scores})")

    # -- small readers used everywhere ---------------------------------------------------

    def count(self, d: int, seat: int, civ: int) -> int:
        return self.princes[(d * self.n + seat) * NCIV + civ]

    def hand(self, seat: int) -> list[int]:
        return self.hands[seat * NCIV:(seat + 1) * NCIV]

    def district_active(self, d: int) -> bool:
        return self.active[BOARD.island_of[d]]
