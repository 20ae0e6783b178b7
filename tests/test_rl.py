"""meeple.rl from the outside: PettingZoo's own API and seed tests, OpenSpiel's own random
simulation test, for every installed game; the OpenSpiel MCTS bot as a Meeple agent.

gymnasium, pettingzoo and open-spiel are in the dev set-up (`meeple[rl,openspiel]`); under
CI=true a missing one fails these tests instead of skipping them."""

from __future__ import annotations

import importlib.util
import os
import random
import warnings

import pytest
from meeple.core import LocalGame
from meeple.core.plugins import load

PLUGINS = load()
GAMES = sorted(PLUGINS.games)


def _need(module: str, extra: str) -> None:
    if importlib.util.find_spec(module) is None:
        msg = f"{module} is not installed: pip install 'meeple[{extra}]'"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(msg)
        pytest.skip(msg)


def test_every_installed_game_is_covered():
    assert {"connect-four", "terra-mystica", "terraforming-mars", "utopia",
            "carcassonne-hill-dale"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_and_seed_tests_pass(name):
    _need("pettingzoo", "rl")
    import meeple.rl
    from pettingzoo.test import api_test, seed_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its style hints (agent names like player_0)
        api_test(meeple.rl.env(name), num_cycles=60, verbose_progress=False)
        seed_test(lambda: meeple.rl.env(name), num_cycles=20)


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_simulation_test_passes(name):
    _need("pyspiel", "openspiel")
    _need("numpy", "rl")
    import meeple.rl
    import pyspiel

    game = meeple.rl.openspiel_game(name)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    expected = (pyspiel.GameType.Information.IMPERFECT_INFORMATION
                if PLUGINS.game(name).hidden_information
                else pyspiel.GameType.Information.PERFECT_INFORMATION)
    assert game.get_type().information == expected


def test_observations_never_show_what_the_view_hides():
    """The observation is computed from the acting player's view: a game whose hidden
    parts differ but whose view is the same gives the same observation."""
    _need("pettingzoo", "rl")
    import random

    from meeple.rl.encoding import observe

    for name in GAMES:
        game = PLUGINS.game(name)
        if not game.hidden_information:
            continue
        local = LocalGame(game, game.default_players(2), seed=4)
        player = local.to_act()[0]
        view = game.view(local.state, player)
        other = game.determinize(view, player, random.Random(99))  # other hidden parts
        assert observe(game, game.view(other, player), player) == observe(game, view, player)


def test_connect_four_gives_its_own_encoding():
    _need("pettingzoo", "rl")
    import meeple.rl
    import numpy as np

    env = meeple.rl.env("connect-four")
    env.reset(seed=1)
    assert env.action_space("red").n == 7
    obs = env.observe("red")
    assert obs["observation"].shape == (85,) and obs["action_mask"].tolist() == [1] * 7
    env.step(3)  # red drops in column 4
    seen = env.observe("yellow")["observation"]
    assert seen[42 + 3] == 1.0 and seen[:42].sum() == 0  # the opponent's disc, bottom row
    assert np.all(env.observe("red")["action_mask"] == 0)  # not red's turn


@pytest.mark.parametrize("name", ["utopia", "carcassonne-hill-dale"])
def test_big_games_give_their_own_encoding(name):
    """A big game's own numbering and observation reach both adapters unchanged."""
    _need("pettingzoo", "rl")
    import meeple.rl

    game = PLUGINS.game(name)
    assert game.action_count is not None and game.observation_size is not None
    env = meeple.rl.env(name, players=3)
    env.reset(seed=3)
    agent = env.agent_selection
    assert env.action_space(agent).n == game.action_count
    obs = env.observe(agent)
    assert obs["observation"].shape == (game.observation_size,)
    view = game.view(env.local.state, agent)
    assert obs["observation"].tolist() == pytest.approx(game.observation(view, agent))
    legal = game.legal(view, agent)
    marked = [i for i, m in enumerate(obs["action_mask"]) if m]
    assert marked == sorted(game.encode_action(c, view) for c in legal)
    command = legal[-1]
    env.step(game.encode_action(command, view))  # the game's index plays that command
    twin = LocalGame(game, env.possible_agents, seed=3)
    twin.play(agent, command)
    assert env.local.state == twin.state

    _need("pyspiel", "openspiel")
    spiel = meeple.rl.openspiel_game(name, players=3)
    assert spiel.num_distinct_actions() == game.action_count
    assert spiel.observation_tensor_size() == game.observation_size


def test_the_same_seed_gives_the_same_trajectory():
    _need("pettingzoo", "rl")
    import meeple.rl

    def trajectory(seed):
        env = meeple.rl.env("utopia")
        env.reset(seed=seed)
        out = []
        for i, agent in enumerate(env.agent_iter(max_iter=60)):
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = [j for j, m in enumerate(obs["action_mask"]) if m]
            action = legal[i % len(legal)]
            out.append((agent, action, obs["observation"].tobytes()))
            env.step(action)
        return out

    assert trajectory(5) == trajectory(5)
    assert trajectory(5) != trajectory(6)


@pytest.mark.parametrize("name", ["connect-four", "utopia"])
def test_openspiel_mcts_plays_as_a_meeple_agent(name):
    _need("pyspiel", "openspiel")
    from meeple.ai.registry import make_agent

    game = PLUGINS.game(name)
    local = LocalGame(game, game.default_players(2), seed=2)
    bot = make_agent("openspiel-mcts:sims=20", 1, PLUGINS)
    other = make_agent("random", 2, PLUGINS)
    seats = dict(zip(local.players, (bot, other), strict=True))
    for _ in range(12):
        if local.outcome() is not None:
            break
        player = local.to_act()[0]
        command = seats[player].act(game, game.view(local.state, player), player)
        assert command in game.legal(local.state, player)
        local.play(player, command)


def test_openspiel_mcts_beats_random_at_connect_four():
    _need("pyspiel", "openspiel")
    from meeple.ai.tournament import plan, run_tournament

    specs = ["openspiel-mcts:sims=100", "random"]
    result = run_tournament(plan("connect-four", specs, 6, 3, "memory:"), specs, 3)
    bot = next(s for s in result.standings if s.entrant == specs[0])
    assert bot.wins >= 5


def test_bad_agent_options_are_one_line_errors():
    from meeple.ai.registry import make_agent
    from meeple.core import BadOptions

    with pytest.raises(BadOptions, match="'sims' of agent 'openspiel-mcts'"):
        make_agent("openspiel-mcts:sims=0", 1, PLUGINS)
    with pytest.raises(BadOptions, match="has no option"):
        make_agent("openspiel-mcts:depth=3", 1, PLUGINS)


def test_games_import_no_rl_library():
    """A game gives plain lists of numbers; the adapters convert (docs/plugins.md): no
    plugin module imports an RL library or meeple.rl."""
    import ast
    from pathlib import Path

    banned = {"numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "torch"}
    plugins = Path(__file__).resolve().parents[1] / "plugins"
    modules = sorted(plugins.glob("*/meeple_*/*.py"))
    assert len(modules) > 40  # every plugin's package was found
    found = []
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom)
                     and node.level == 0 else [])
            found += [f"{path.name}: {n}" for n in names
                      if n.split(".")[0] in banned or n.startswith("meeple.rl")]
    assert found == []


def test_a_bounded_encoding_leaves_out_what_it_cannot_number():
    """A game's encode_action raises ValueError beyond its documented bounds (Over Hill
    and Dale's window): the mask leaves those commands out, and a state where no legal
    command has an index is one clear error."""
    from meeple.rl.encoding import ActionCodec

    game = PLUGINS.game("connect-four")

    class Bounded(type(game)):
        def encode_action(self, command, state):
            if command.column >= self.bound:
                raise ValueError("outside the window")
            return command.column

    bounded = Bounded()
    local = LocalGame(bounded, bounded.default_players(2), seed=1)
    player = local.to_act()[0]
    bounded.bound = 5
    assert ActionCodec(bounded).mask(local.state, player) == [1, 1, 1, 1, 1, 0, 0]
    bounded.bound = 0
    with pytest.raises(ValueError, match="none of the 7 legal commands of connect-four"):
        ActionCodec(bounded).mask(local.state, player)


def test_openspiel_chance_outcomes_are_drawn_by_their_place_in_the_history():
    """Outcome k of the chance node at place n of the action history is the random stream
    derive_rng(k, n, "openspiel-chance"): the same history always plays the same game.
    Pinned by rebuilding a Utopia trajectory through three chance nodes (the setup and
    two card draws) with Meeple's own setup, decide and fold."""
    _need("pyspiel", "openspiel")
    _need("numpy", "rl")
    import meeple.rl
    from meeple.core import derive_rng, runtime
    from meeple.rl.encoding import ActionCodec

    game = PLUGINS.game("utopia")
    state = meeple.rl.openspiel_game(game.name, players=2).new_initial_state()
    players, codec = game.default_players(2), ActionCodec(game)
    outcomes = [5, 17, 40]
    want: object = None
    waiting = None  # the (player, command) whose draw the next chance node settles
    chance_places = []
    while len(chance_places) < len(outcomes):
        place = len(state.history())
        if state.is_chance_node():
            outcome = outcomes[len(chance_places)]
            chance_places.append(place)
            rng = derive_rng(outcome, place, "openspiel-chance")
            events = (runtime.start(game, players, game.resolve_options({}),
                                    rng.getrandbits(63)) if waiting is None
                      else game.decide(want, *waiting, rng))
            state.apply_action(outcome)
        else:
            player = players[state.current_player()]
            action = state.legal_actions()[0]
            command = codec.decode(action, want, player)
            state.apply_action(action)
            if state.is_chance_node():
                waiting = (player, command)
                continue
            events = game.decide(want, player, command, random.Random(0))
        for ev in events:
            want = game.fold(want, ev)
        assert state.state == want, f"after the action at place {place}"
        if len(chance_places) == 2 and place == chance_places[1]:
            second = game.clone(want)
    assert chance_places[0] == 0 and len(chance_places) == 3
    # another outcome at that chance node draws another card: the outcome is what counts
    other = meeple.rl.openspiel_game(game.name, players=2).new_initial_state()
    for action in state.history()[:chance_places[1]]:
        other.apply_action(action)
    other.apply_action(outcomes[1] + 1)
    assert other.state != second


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_command_encodes_to_the_index_that_decodes_to_it(name):
    """ActionCodec.encode (a command to its action index: what a recorded game or an
    expert's move becomes for a learner) and decode are inverse over the legal commands,
    for games with their own numbering and for the default one alike."""
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from meeple.core.testing import random_decisions
    from meeple.rl.encoding import ActionCodec

    game = PLUGINS.game(name)
    codec = ActionCodec(game)

    @settings(max_examples=4, deadline=None, database=None)
    @given(st.integers(min_value=0, max_value=2**32),
           st.integers(min_value=game.min_players, max_value=min(game.max_players, 4)))
    def check(seed: int, players: int) -> None:
        rng = random.Random(seed)
        for i, (state, player) in enumerate(random_decisions(game, players, seed, steps=160)):
            if i % 8:
                continue
            legal = game.legal(state, player)
            for command in rng.sample(legal, min(6, len(legal))):
                index = codec.encode(command, state, player)
                assert isinstance(index, int) and 0 <= index < codec.size, (command, index)
                assert codec.decode(index, state, player) == command, game.format(command)

    check()
