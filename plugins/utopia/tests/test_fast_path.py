"""The search fast path (clone, step) agrees with the engine path (decide + fold)."""

import random

from utopia_helpers import GAME, new


def test_step_equals_decide_then_fold_and_clone_is_independent():
    for seed in range(6):
        g = new(2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while g.outcome() is None:
            p = g.to_act()[0]
            cmd = rng.choice(GAME.legal(g.state, p))
            fast = GAME.step(GAME.clone(g.state), p, cmd, random.Random(seed))
            slow = GAME.clone(g.state)
            for ev in GAME.decide(g.state, p, cmd, random.Random(seed)):
                slow = GAME.fold(slow, ev)
            assert fast == slow
            before = GAME.clone(g.state)
            g.play(p, cmd)
            assert before != g.state  # a shared list in clone would hide the change
