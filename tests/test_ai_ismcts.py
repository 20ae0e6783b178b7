"""Information-set MCTS on a small card game with secret hands: it searches over
``determinize`` samples of its own view and never sees another player's cards."""

from __future__ import annotations

from dataclasses import dataclass, field

from meeple.ai.registry import make_agent
from meeple.core import Game, IllegalCommand, LocalGame, Outcome, command, event

CARDS = tuple(range(1, 10))


@command
class Play:
    card: int


@event("ai-test-duel.dealt", barrier=True)
class Dealt:
    player: str
    cards: tuple[int, ...]


@event("ai-test-duel.played")
class Played:
    player: str
    card: int


@dataclass
class DuelState:
    players: tuple[str, ...] = ()
    hands: dict[str, list[int]] = field(default_factory=dict)
    table: list[tuple[str, int]] = field(default_factory=list)
    leader: int = 0
    tricks: dict[str, int] = field(default_factory=dict)
    played: list[int] = field(default_factory=list)


class Duel(Game):
    """Three cards each from 1-9; the leader plays a card face up, the other answers; the
    higher card takes the trick and leads next. Most of the three tricks wins."""

    name = "ai-test-duel"
    events = (Dealt, Played)
    hidden_information = True

    def __init__(self) -> None:
        self.determinized = 0

    def setup(self, players, options, rng):
        deck = list(CARDS)
        rng.shuffle(deck)
        return [Dealt(p, tuple(sorted(deck[3 * i:3 * i + 3]))) for i, p in enumerate(players)]

    def fold(self, state, ev):
        state = state or DuelState()
        if isinstance(ev, Dealt):
            state.players += (ev.player,)
            state.hands[ev.player] = list(ev.cards)
            state.tricks[ev.player] = 0
            return state
        state.hands[ev.player].remove(ev.card)
        state.table.append((ev.player, ev.card))
        if len(state.table) == 2:
            winner = max(state.table, key=lambda pc: pc[1])[0]
            state.tricks[winner] += 1
            state.leader = state.players.index(winner)
            state.played.extend(c for _, c in state.table)
            state.table.clear()
        return state

    def clone(self, state):
        return DuelState(state.players, {p: h[:] for p, h in state.hands.items()},
                         state.table[:], state.leader, dict(state.tricks), state.played[:])

    def to_act(self, state):
        if len(state.players) < 2 or sum(state.tricks.values()) == 3:
            return ()
        seat = state.leader if not state.table else 1 - state.leader
        return (state.players[seat],)

    def legal(self, state, player):
        if player not in self.to_act(state):
            return []
        return [Play(c) for c in state.hands[player]]

    def decide(self, state, player, cmd, rng):
        if not isinstance(cmd, Play) or cmd.card not in state.hands[player]:
            raise IllegalCommand("play a card from your hand")
        return [Played(player, cmd.card)]

    def outcome(self, state):
        if sum(state.tricks.values()) < 3:
            return None
        return Outcome.from_scores(state.tricks)

    def view(self, state, player):
        v = self.clone(state)
        for p in v.hands:
            if p != player:
                v.hands[p] = [0] * len(v.hands[p])
        return v

    def determinize(self, view, player, rng):
        self.determinized += 1
        state = self.clone(view)
        seen = set(state.hands[player]) | set(state.played) | {c for _, c in state.table}
        unseen = [c for c in CARDS if c not in seen]
        rng.shuffle(unseen)
        for p, hand in state.hands.items():
            if p != player:
                state.hands[p] = sorted(unseen[:len(hand)])
                del unseen[:len(hand)]
        return state

    def parse(self, text, state=None, player=None):
        return Play(int(text))

    def format(self, cmd, state=None):
        return str(cmd.card)


def duel_match(spec: str, games: int) -> float:
    game = Duel()
    score = 0.0
    for i in range(games):
        agents = {"x": make_agent(spec, i), "y": make_agent("random", 1000 + i)}
        if i % 2:
            agents = {"x": agents["y"], "y": agents["x"]}
        me = "x" if i % 2 == 0 else "y"
        local = LocalGame(game, ["x", "y"], seed=i)
        while local.outcome() is None:
            p = local.to_act()[0]
            local.play(p, agents[p].act(game, game.view(local.state, p), p))
        score += local.outcome().scores[me] > local.outcome().scores["y" if me == "x" else "x"]
    return score / games


def test_ismcts_beats_random_at_the_card_duel():
    # Hands decide much of this game: random scores 0.50 and ISMCTS about 0.65 over 200
    # games; 0.6 over 60 fixed-seed games sits well above what random play reaches.
    assert duel_match("ismcts:sims=150", 60) >= 0.6


def test_ismcts_determinizes_every_simulation_mcts_once_per_decision():
    game = Duel()
    view = game.view(LocalGame(game, ["x", "y"], seed=3).state, "x")
    make_agent("ismcts:sims=40", 0).act(game, view, "x")
    assert game.determinized == 40 + 1  # one sample per simulation, one for the root
    game.determinized = 0
    make_agent("mcts:sims=40", 0).act(game, view, "x")
    assert game.determinized == 1


def test_decision_depends_only_on_what_the_player_sees():
    game = Duel()
    a = LocalGame(game, ["x", "y"], seed=1).state
    b = game.clone(a)
    # give y other secret cards: swap y's hand with cards x cannot see
    unseen = [c for c in CARDS if c not in a.hands["x"] and c not in a.hands["y"]]
    b.hands["y"] = sorted(unseen[:3])
    assert a != b and game.view(a, "x") == game.view(b, "x")
    for spec in ("ismcts:sims=100", "mcts:sims=100", "heuristic:depth=2"):
        assert make_agent(spec, 7).act(game, game.view(a, "x"), "x") == \
            make_agent(spec, 7).act(game, game.view(b, "x"), "x")


def test_the_view_given_to_search_hides_the_other_hand():
    game = Duel()
    state = LocalGame(game, ["x", "y"], seed=2).state
    view = game.view(state, "x")
    assert view.hands["y"] == [0, 0, 0]
    agent = make_agent("ismcts:sims=60", 0)
    agent.act(game, view, "x")
    assert view.hands["y"] == [0, 0, 0]  # search never wrote into the view
    # availability: the follower's legal cards differ between samples
    assert any(child.varied for child in agent.last_root.children.values())


def test_answer_with_the_cheapest_winning_card():
    game = Duel()
    state = game.fold(None, Dealt("x", (2, 5, 9)))
    state = game.fold(state, Dealt("y", (4, 6, 8)))
    state = game.fold(state, Played("x", 5))
    view = game.view(state, "y")
    assert make_agent("ismcts:sims=400", 0).act(game, view, "y") == Play(6)
