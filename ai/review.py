"""Reviewing a stored game: what the search thinks of every decision that was played.

For each command of the log that still counts (``runtime.effective``), the search runs
from the position before it as the deciding player saw it: ``game.view(state, player)``,
sampled with ``determinize`` exactly as the agent does in play (``ismcts``: a new sample
every simulation), so a review never reads another player's secrets or a draw still to
come. Per decision it records

* ``best``: the command the search prefers (the agent's own choice of the root's children)
  with its estimate for every player (the mean reward of the simulations through it, or
  its proven result), which is also the estimate of the position, ``before``;
* ``after``: the same for the command that was played; the played command is always
  searched (simulations through it are added until it has ``max(2, sims // 10)``), so it
  has an estimate even where the search would not have looked at it;
* ``loss``: how much the deciding player's estimate drops from ``best`` to the played
  command (0 when they are the same command, and never below 0).

Estimates are rewards in [-1, 1] (``rewards.py``): +1 beats every other player, -1 loses
to all. The search's work is a count of simulations: ``--budget`` CPU seconds become
``round(budget * rate)`` simulations with the game's measured rate (review_defaults.toml),
so the same seed and budget give the same review on any machine and under any load.
Decisions are independent work items for the tournament executors (local processes or
Ray); each finished decision is stored at once in the store's annotations, so a rerun
continues where the last one stopped.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
from meeple.core import BadOptions, Game, MeepleError, runtime
from meeple.core.agents import parse_spec
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.stores.annotations import annotations_for

from .executors import Executor, InlineExecutor
from .mcts import ISMCTSAgent, MCTSAgent, Node
from .rewards import outcome_rewards

#: The annotation kind reviews are stored under.
KIND = "review"
#: The part that holds what the review is (game, players, agent, budget, seed, size).
META_PART = -1
DEFAULTS_FILE = Path(__file__).with_name("review_defaults.toml")
_COUNT_OPTIONS = ("sims", "calls", "seconds", "cpu")


# -- defaults: which search, how many simulations -------------------------------------------


@attrs.frozen
class Defaults:
    spec: str
    rate: float  # simulations per CPU second
    budget: float  # CPU seconds per decision
    threshold: float  # a loss above this is a big one


def defaults_for(game: str, path: Path = DEFAULTS_FILE) -> Defaults:
    """The review defaults of ``game`` (review_defaults.toml; ``[any]`` for others)."""
    table = tomllib.loads(path.read_text())
    row = {**table["any"], **table.get(game, {})}
    return Defaults(str(row["spec"]), float(row["rate"]), float(row["budget"]),
                    float(row["threshold"]))


def resolve_spec(game: str, agent: str | None, budget: float | None) -> tuple[str, float]:
    """(the search spec with its simulation count, the budget in CPU seconds).

    A spec that names its own count (sims or calls) keeps it; one that names a time
    (seconds, cpu) is refused, since a time-bounded search gives another review on
    every run."""
    d = defaults_for(game)
    if budget is None:
        budget = d.budget
    if not budget > 0:
        raise BadOptions(f"--budget must be above 0 CPU seconds, not {budget:g}")
    spec = agent or d.spec
    try:
        name, options = parse_spec(spec)
    except ValueError as exc:
        raise BadOptions(str(exc)) from None
    if name not in ("mcts", "ismcts"):
        raise BadOptions(f"a review searches with mcts or ismcts (their options as in play), "
                         f"not {name!r}")
    if options.get("opponents", "search") != "search":
        raise BadOptions("a review needs every player's commands searched: leave out "
                         "opponents=heuristic")
    timed = [k for k in ("seconds", "cpu") if k in options]
    if timed:
        raise BadOptions(f"a review's work is counted, not timed (so that the same seed and "
                         f"budget give the same review): use --budget instead of {timed[0]}=")
    if "sims" not in options and "calls" not in options:
        options["sims"] = str(max(1, round(budget * d.rate)))
    options["reuse"] = "false"
    (ReviewISMCTS if name == "ismcts" else ReviewMCTS)(dict(options), 0)  # options checked now
    text = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{name}:{text}", budget


def review_key(spec: str, budget: float, seed: int) -> str:
    """The key a review is stored under: the agent (with its count), budget and seed."""
    return f"{spec} budget={budget:g} seed={seed}"


# -- the positions of a game -------------------------------------------------------------------


@attrs.frozen
class Position:
    """A decision of the log: who gave which command at which event, and the state before."""

    index: int
    seq: int  # the first event the command wrote; the position is the state after seq - 1
    player: str
    text: str
    state: Any
    marker: str | None


def positions(engine: Engine, game_id: str) -> tuple[Game, list[str], list[Position], Any]:
    """The game, its players, every command that counts with the state before it, and the
    final state."""
    t = engine.table(game_id)
    game = t.game
    meta = {r.seq: (r.batch, r.actor, r.command_text) for r in t.records}
    out: list[Position] = []
    state = None
    last_batch = None
    for seq, ev in runtime.effective(t.pairs):
        batch, actor, text = meta[seq]
        if actor is not None and text is not None and batch != last_batch:
            out.append(Position(len(out), seq, actor, text, game.clone(state),
                                game.turn_marker(state)))
        last_batch = batch
        state = game.fold(state, ev)
    return game, list(t.header.players), out, state


# -- searching one decision --------------------------------------------------------------------


@attrs.frozen
class Task:
    """One decision to review: everything a worker needs, and no hidden state."""

    game: str
    index: int
    seq: int
    player: str
    players: tuple[str, ...]
    view: Any  # the deciding player's view of the position
    played: Any  # the command that was played
    spec: str
    seed: int
    marker: str | None


class _Tally:
    """Per-player reward sums of every command at the root (a node keeps only its mover's)."""

    _root: Node | None = None
    _sums: dict[int, dict[str, float]]

    def _backup(self, path: list[Node], rewards: dict[str, float]) -> None:
        super()._backup(path, rewards)  # type: ignore[misc]
        first = path[1] if path[0] is self._root and len(path) > 1 else path[0]
        if first is self._root:
            return
        sums = self._sums.setdefault(id(first), {})
        for p, r in rewards.items():
            sums[p] = sums.get(p, 0.0) + r


class ReviewMCTS(_Tally, MCTSAgent):
    pass


class ReviewISMCTS(_Tally, ISMCTSAgent):
    pass


class _FirstActs:
    """The game with ``player`` first among those to act, so that the search decides for
    the player whose command is reviewed where several act at once."""

    def __init__(self, game: Game, player: str) -> None:
        self._game, self._player = game, player

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def to_act(self, state: Any) -> Sequence[str]:
        acting = self._game.to_act(state)
        if len(acting) > 1 and self._player in acting and acting[0] != self._player:
            return [self._player, *(p for p in acting if p != self._player)]
        return acting


def decision_seed(seed: int, index: int) -> int:
    """The search seed of one decision: independent of which worker runs it, and when."""
    digest = hashlib.sha256(f"meeple-review:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def review_decision(task: Task, game: Game | None = None) -> dict[str, Any]:
    """Search one decision (see the module docstring); the result as stored."""
    game = game or load().game(task.game)
    name, options = parse_spec(task.spec)
    cls = ReviewISMCTS if name == "ismcts" else ReviewMCTS
    agent = cls(options, task.seed)
    searched: Any = game
    if len(game.to_act(task.view)) > 1:
        searched = _FirstActs(game, task.player)
    best, values, visits, sims = _search(agent, searched, task)
    players = list(task.players)
    p = task.player
    best_value = values[best]
    after = values[task.played]
    loss = 0.0 if best == task.played else max(0.0, best_value[p] - after[p])
    ranked = sorted(values, key=lambda m: (-values[m][p], -visits.get(m, 0)))[:3]
    fmt = game.format
    return {
        "index": task.index,
        "seq": task.seq,
        "player": p,
        "marker": task.marker,
        "played": fmt(task.played, task.view),
        "best": fmt(best, task.view),
        "before": {q: round(best_value.get(q, 0.0), 4) for q in players},
        "after": {q: round(after.get(q, 0.0), 4) for q in players},
        "loss": round(loss, 4),
        "visits": {"played": visits.get(task.played, 0), "best": visits.get(best, 0)},
        "top": [{"move": fmt(m, task.view), "value": round(values[m][p], 4),
                 "visits": visits.get(m, 0)} for m in ranked],
        "simulations": sims,
    }


def _search(agent: MCTSAgent, game: Any, task: Task) -> tuple[Any, dict[Any, dict[str, float]],  # noqa: C901 - one decision's search with the played move's own simulations beside it
                                                                 dict[Any, int], int]:
    """The search of ``MCTSAgent.act`` from a fresh root, then simulations through the
    played command until it has its share; (best, estimates, visits, simulations)."""
    view, p, played = task.view, task.player, task.played
    agent.use(game)
    hidden = game.hidden_information
    agent.solve = agent.solve_option if agent.solve_option is not None else not hidden
    agent.players.update(task.players)
    root = Node(None, 0)
    agent._root, agent._sums = root, {}
    rng = agent.rng
    base = game.determinize(view, p, rng)
    each = agent.per_simulation_determinize and hidden
    sims = calls = 0
    limit = agent.sims

    def sample() -> Any:
        return game.determinize(view, p, rng) if each else game.clone(base)

    while True:
        if limit is not None and sims >= limit:
            break
        if agent.max_calls is not None and calls >= agent.max_calls:
            break
        if root.proven is not None and agent.solve:
            break
        calls += agent._simulate(root, sample())
        sims += 1
    best = agent._best(root)
    child = root.children.get(played)
    want = max(2, sims // 10)
    tries = 0
    while (child is None or child.n < want) and tries < 4 * want:
        tries += 1
        if child is not None and agent.solve and child.proven is not None:
            break
        state = sample()
        if each and played not in game.legal(state, p):
            continue  # this sample does not allow it; another one will
        if child is None:
            child = root.children[played] = Node(p, root.n)
            if played in root.untried:
                root.untried.remove(played)
        agent._simulate(child, game.step(state, p, played, rng))
        sims += 1
    if child is None:
        raise MeepleError(f"{task.game}: the played command {played!r} was never legal in "
                          f"{p}'s sampled positions")
    values: dict[Any, dict[str, float]] = {}
    visits: dict[Any, int] = {}
    for move, node in root.children.items():
        if agent.solve and node.proven is not None:
            est = {q: float(node.proven.get(q, 0.0)) for q in task.players}
        elif node.n:
            sums = agent._sums.get(id(node), {})
            est = {q: sums.get(q, 0.0) / node.n for q in task.players}
        else:
            continue
        values[move] = est
        visits[move] = node.n
    if best not in values:
        best = played
    return best, values, visits, sims


# -- a whole game ----------------------------------------------------------------------------


@attrs.frozen
class ReviewPlan:
    game_id: str
    game: str
    players: tuple[str, ...]
    spec: str
    budget: float
    seed: int
    key: str
    tasks: tuple[Task, ...]
    final: dict[str, float] | None  # rewards of the finished game, else None


def plan_review(engine: Engine, game_id: str, agent: str | None = None,
                budget: float | None = None, seed: int = 0) -> ReviewPlan:
    """Every decision of the game as a task, with the spec and key of this review."""
    game, players, pos, final = positions(engine, game_id)
    spec, budget = resolve_spec(game.name, agent, budget)
    tasks = []
    for ps in pos:
        played = runtime.parse(game, ps.text, ps.state, ps.player)
        tasks.append(Task(game.name, ps.index, ps.seq, ps.player, tuple(players),
                          game.view(ps.state, ps.player), played, spec,
                          decision_seed(seed, ps.index), ps.marker))
    out = game.outcome(final) if final is not None else None
    return ReviewPlan(game_id, game.name, tuple(players), spec, budget, seed,
                      review_key(spec, budget, seed), tuple(tasks),
                      outcome_rewards(out) if out is not None else None)


def run_review(engine: Engine, plan: ReviewPlan, executor: Executor | None = None,
               on_result: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Review every decision not stored yet under the plan's key; store each as it comes.
    Returns every decision of the review, stored before or now, in order."""
    notes = annotations_for(engine.store)
    stored = notes.get(plan.game_id, KIND, plan.key)
    if stored.get(META_PART) != meta(plan):
        notes.put(plan.game_id, KIND, plan.key, META_PART, meta(plan))
    stored.pop(META_PART, None)
    todo = [t for t in plan.tasks if t.index not in stored]
    executor = executor or InlineExecutor()
    for result in executor.run(review_decision, todo):
        notes.put(plan.game_id, KIND, plan.key, result["index"], result)
        stored[result["index"]] = result
        if on_result is not None:
            on_result(result)
    return [stored[t.index] for t in plan.tasks if t.index in stored]


# -- what is shown -----------------------------------------------------------------------------


def load_review(engine: Engine, game_id: str, key: str) -> list[dict[str, Any]]:
    """The decisions of a stored review, in order."""
    parts = annotations_for(engine.store).get(game_id, KIND, key)
    return [parts[i] for i in sorted(parts) if i != META_PART]


def stored_review_json(engine: Engine, game_id: str, key: str | None = None,
                       viewer: str | None = None, reveal: bool = False,
                       threshold: float | None = None) -> dict[str, Any] | None:
    """A stored review as ``review_json`` gives it, as ``viewer`` may see it (``reveal``:
    every command as played); ``key`` None: the review with the most decisions. None when
    the game has no review (under that key)."""
    notes = annotations_for(engine.store)
    keys = notes.keys(game_id, KIND)
    if key is None:
        sizes = {k: len(notes.get(game_id, KIND, k)) for k in keys}
        key = max(keys, key=lambda k: (sizes[k], k)) if keys else None
    if key is None or key not in keys:
        return None
    parts = notes.get(game_id, KIND, key)
    info = parts.pop(META_PART, None)
    if info is None:
        return None
    decisions = [parts[i] for i in sorted(parts)]
    game = engine.game_of(game_id)
    shown = decisions if reveal else redacted(game, decisions, viewer)
    limit = defaults_for(info["game"]).threshold if threshold is None else threshold
    return {**review_json(info, shown, limit), "reviews": keys}


def alternative_state(engine: Engine, game_id: str, decision: Mapping[str, Any]) -> Any:
    """The position after the command the search preferred at ``decision``, as the deciding
    player could foresee it: a sample of their view (seeded by the decision), so that
    nothing hidden from them at that moment, such as the next draw, is shown."""
    import random

    t = engine.table(game_id, upto=decision["seq"] - 1)
    game, p = t.game, decision["player"]
    rng = random.Random(decision_seed(0, decision["index"]))
    state = game.determinize(game.view(t.state, p), p, rng)
    best = runtime.parse(game, decision["best"], state, p)
    return game.step(state, p, best, rng)


def redacted(game: Game, decisions: Iterable[Mapping[str, Any]],
             viewer: str | None) -> list[dict[str, Any]]:
    """The decisions as ``viewer`` may see them (None: a spectator): another player's
    commands, played and preferred, through the game's ``redact_command``."""
    out = []
    for d in decisions:
        d = dict(d)
        if d["player"] != viewer:
            actor = d["player"]
            d["played"] = game.redact_command(d["played"], actor, viewer)
            d["best"] = game.redact_command(d["best"], actor, viewer)
            d["top"] = [{**t, "move": game.redact_command(t["move"], actor, viewer)}
                        for t in d["top"]]
        out.append(d)
    return out


def summary(decisions: Sequence[Mapping[str, Any]], players: Sequence[str],
            threshold: float) -> dict[str, dict[str, Any]]:
    """Per player: decisions, average loss, and how many lost more than ``threshold``."""
    out: dict[str, dict[str, Any]] = {}
    for p in players:
        mine = [d for d in decisions if d["player"] == p]
        losses = [d["loss"] for d in mine]
        out[p] = {
            "decisions": len(mine),
            "average_loss": round(sum(losses) / len(losses), 4) if losses else 0.0,
            "big_losses": sum(1 for x in losses if x > threshold),
            "best_played": sum(1 for d in mine if d["played"] == d["best"]),
        }
    return out


def largest_losses(decisions: Sequence[Mapping[str, Any]], player: str,
                   count: int = 5) -> list[Mapping[str, Any]]:
    mine = [d for d in decisions if d["player"] == player and d["loss"] > 0]
    return sorted(mine, key=lambda d: (-d["loss"], d["index"]))[:count]


def review_json(info: Mapping[str, Any], decisions: Sequence[Mapping[str, Any]],
                threshold: float) -> dict[str, Any]:
    """The review as ``--json`` and ``/api/games/ID/review`` give it: what it is
    (``meta``), the threshold, whether every decision is reviewed, the per-player summary
    and the decisions."""
    players = list(info["players"])
    return {
        **info,
        "threshold": threshold,
        "complete": len(decisions) == info.get("positions", len(decisions)),
        "summary": summary(decisions, players, threshold),
        "decisions": list(decisions),
    }


def meta(plan: ReviewPlan) -> dict[str, Any]:
    """What a review is, stored as its part ``META_PART``: the game, its players, the
    search, budget and seed, the number of decisions, the finished game's rewards."""
    return {"game_id": plan.game_id, "game": plan.game, "players": list(plan.players),
            "agent": plan.spec, "budget": plan.budget, "seed": plan.seed, "key": plan.key,
            "positions": len(plan.tasks), "final": plan.final}
