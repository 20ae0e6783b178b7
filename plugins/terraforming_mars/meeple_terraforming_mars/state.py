"""The game state: plain mutable classes that compare by value and clone fast."""

from __future__ import annotations

from typing import Any

RES = ("mc", "steel", "titanium", "plants", "energy", "heat")
MC, STEEL, TI, PLANTS, ENERGY, HEAT = range(6)
RI = {r: i for i, r in enumerate(RES)}
MIN_PROD = (-5, 0, 0, 0, 0, 0)
MAX_TEMP_STEP, MAX_OXYGEN, MAX_OCEANS = 19, 14, 9
NEUTRAL = "neutral"  # the owner of the solo game's neutral tiles
SOLO_GENERATIONS = 14


class Player:
    __slots__ = ("name", "corp", "res", "prod", "tr", "hand", "played", "events", "card_res",
                 "used", "passed", "tr_raised", "offer", "corp_offer", "special_design", "first_done",
                 "drafted", "marked")

    def __init__(self, name: str) -> None:
        self.name = name
        self.corp = ""
        self.res = [0] * 6
        self.prod = [0] * 6
        self.tr = 20
        self.hand: list[str] = []
        self.played: list[str] = []  # face-up project cards (tags count)
        self.events: list[str] = []  # played events (tags no longer count)
        self.card_res: dict[str, int] = {}
        self.used: list[str] = []  # blue actions used this generation
        self.passed = False
        self.tr_raised = False
        self.offer: list[str] = []  # cards offered to buy (start or research)
        self.corp_offer: list[str] = []
        self.special_design = False
        self.first_done = True  # Tharsis Republic: False until its first action is taken
        self.drafted: list[str] = []  # cards kept so far in this generation's draft
        self.marked: list[str] = []  # offered cards put on the list to buy (research, staged)

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.name, p.corp, p.tr = self.name, self.corp, self.tr
        p.res, p.prod = self.res[:], self.prod[:]
        p.hand, p.played, p.events = self.hand[:], self.played[:], self.events[:]
        p.card_res, p.used = dict(self.card_res), self.used[:]
        p.passed, p.tr_raised, p.special_design, p.first_done = (
            self.passed, self.tr_raised, self.special_design, self.first_done)
        p.offer, p.corp_offer, p.drafted = self.offer[:], self.corp_offer[:], self.drafted[:]
        p.marked = self.marked[:]
        return p

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Player) and all(
            getattr(self, s) == getattr(other, s) for s in self.__slots__)

    def __repr__(self) -> str:
        return f"Player({self.name}, tr={self.tr}, res={self.res}, prod={self.prod})"


class State:
    __slots__ = ("names", "players", "options", "phase", "generation", "first", "current",
                 "actions", "temp", "oxygen", "oceans", "tiles", "deck", "discard",
                 "milestones", "awards", "pending", "claims", "scores")

    def __init__(self, names: tuple[str, ...], options: dict[str, Any]) -> None:
        self.names = names
        self.players = {n: Player(n) for n in names}
        self.options = options
        self.phase = "setup"  # setup, action, research, final, over
        self.generation = 1
        self.first = 0  # index of the first player this generation
        self.current = 0  # index of the player whose turn it is
        self.actions = 0  # actions taken in the current turn
        self.temp = 0  # steps above -30 C
        self.oxygen = 0
        self.oceans = 0
        self.tiles: dict[str, tuple[str, str]] = {}  # space -> (kind, owner); owner "" for oceans
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.milestones: dict[str, str] = {}
        self.awards: dict[str, str] = {}  # insertion order is the funding order
        self.pending: list[tuple] = []  # (player, kind, *args); the head is resolved first
        self.claims: dict[str, str] = {}  # Land Claim: space -> the only player who may use it
        self.scores: dict[str, int] = {}  # final scores as recorded when the game ended

    def copy(self) -> State:
        s = State.__new__(State)
        s.names, s.options = self.names, self.options
        s.players = {n: p.copy() for n, p in self.players.items()}
        s.phase, s.generation, s.first, s.current, s.actions = (
            self.phase, self.generation, self.first, self.current, self.actions)
        s.temp, s.oxygen, s.oceans = self.temp, self.oxygen, self.oceans
        s.tiles = dict(self.tiles)
        s.deck, s.discard = self.deck[:], self.discard[:]
        s.milestones, s.awards = dict(self.milestones), dict(self.awards)
        s.pending = self.pending[:]
        s.claims = dict(self.claims)
        s.scores = dict(self.scores)
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(
            getattr(self, s) == getattr(other, s) for s in self.__slots__)

    def __repr__(self) -> str:
        return (f"State(gen={self.generation}, phase={self.phase}, temp={self.temp_c}, "
                f"oxygen={self.oxygen}, oceans={self.oceans})")

    @property
    def temp_c(self) -> int:
        return -30 + 2 * self.temp

    def maxed(self) -> bool:
        return self.temp >= MAX_TEMP_STEP and self.oxygen >= MAX_OXYGEN and self.oceans >= MAX_OCEANS
