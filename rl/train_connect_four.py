"""Train a small policy on connect four with Meeple's PettingZoo environment, then show
that it beats a random player. NumPy only, a few minutes on one CPU core.

    .venv/bin/python -m meeple.rl.train_connect_four --episodes 3000 --eval 400 --seed 1

The policy is a one-hidden-layer network over the game's own observation (two 6 x 7
planes, the player's discs and the opponent's, plus whose turn), with a softmax over the
seven columns restricted by the action mask. It learns by REINFORCE with a running-mean
baseline, playing either seat against a uniformly random opponent. docs/rl.md reports
what this prints. It needs the ``rl`` extra (NumPy, PettingZoo).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np

from . import env as make_env


class Policy:
    def __init__(self, n_in: int, n_out: int, hidden: int, rng: np.random.Generator) -> None:
        self.w1 = rng.normal(0, 1 / np.sqrt(n_in), (n_in, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0, 1 / np.sqrt(hidden), (hidden, n_out))
        self.b2 = np.zeros(n_out)

    def probs(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.tanh(obs @ self.w1 + self.b1)
        logits = h @ self.w2 + self.b2
        logits = np.where(mask > 0, logits, -1e9)
        p = np.exp(logits - logits.max())
        return p / p.sum(), h

    def update(self, steps: list, advantage: float, lr: float) -> None:
        for obs, _mask, h, p, a in steps:
            grad_logits = -p
            grad_logits[a] += 1.0  # d log p[a] / d logits
            grad_logits *= advantage
            self.w2 += lr * np.outer(h, grad_logits)
            self.b2 += lr * grad_logits
            grad_h = (self.w2 @ grad_logits) * (1 - h * h)
            self.w1 += lr * np.outer(obs, grad_h)
            self.b1 += lr * grad_h


def play(env, policy: Policy | None, learner: str, rng: np.random.Generator, seed: int,
         greedy: bool = False) -> tuple[float, list]:
    """One game; the learner plays seat ``learner`` (the other seat is random). Returns the
    learner's reward and its (obs, mask, hidden, probs, action) steps."""
    env.reset(seed=seed)
    steps = []
    reward = 0.0
    for agent in env.agent_iter():
        obs, rew, term, trunc, _ = env.last()
        if agent == learner:
            reward = rew
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"]
        if agent == learner and policy is not None:
            p, h = policy.probs(obs["observation"], mask)
            a = int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))
            steps.append((obs["observation"], mask, h, p, a))
        else:
            a = int(rng.choice(np.flatnonzero(mask)))
        env.step(a)
    return reward, steps


def evaluate(env, policy: Policy | None, games: int, seed: int) -> dict[str, float]:
    rng = np.random.default_rng(seed)
    results = []
    for i in range(games):
        seat = env.possible_agents[i % 2]
        r, _ = play(env, policy, seat, rng, seed=10_000_000 + seed * 100_000 + i, greedy=True)
        results.append(r)
    wins = sum(1 for r in results if r > 0)
    draws = sum(1 for r in results if r == 0)
    return {"games": games, "wins": wins, "draws": draws, "losses": games - wins - draws,
            "win_rate": wins / games}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--episodes", type=int, default=3000, help="training games")
    ap.add_argument("--eval", type=int, default=400, help="evaluation games against random")
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.episodes < 0 or args.eval < 1 or args.hidden < 1:
        ap.error("--episodes must be 0 or more, --eval and --hidden at least 1")

    env = make_env("connect-four")
    rng = np.random.default_rng(args.seed)
    n_in = env.observation_space(env.possible_agents[0])["observation"].shape[0]
    n_out = env.action_space(env.possible_agents[0]).n
    policy = Policy(n_in, n_out, args.hidden, rng)

    before = evaluate(env, policy, args.eval, args.seed)
    random_vs_random = evaluate(env, None, args.eval, args.seed)
    start = time.process_time()
    baseline = 0.0
    for ep in range(args.episodes):
        seat = env.possible_agents[ep % 2]
        reward, steps = play(env, policy, seat, rng, seed=args.seed * 1_000_000 + ep)
        policy.update(steps, reward - baseline, args.lr)
        baseline += 0.01 * (reward - baseline)
    trained_cpu = time.process_time() - start
    after = evaluate(env, policy, args.eval, args.seed)
    print(json.dumps({"episodes": args.episodes, "training_cpu_seconds": round(trained_cpu, 1),
                      "random_policy_vs_random": random_vs_random,
                      "untrained_vs_random": before, "trained_vs_random": after}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
