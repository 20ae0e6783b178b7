"""A person plays Terraforming Mars at the `meeple play` prompt, in a real terminal
(tmux): corporation, staged research, a card looked up with `?`, passing; the prompt
names who acts and the heuristic opponent's moves are announced, for a few generations."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
if TMUX is None:  # a test that needs a tool fails on CI without it, skips elsewhere
    if os.environ.get("CI") == "true":
        raise RuntimeError("tmux is needed for the prompt test and is missing on CI")
    pytest.skip("tmux is not installed", allow_module_level=True)


def _screen(session: str) -> str:
    return subprocess.run([TMUX, "capture-pane", "-p", "-J", "-S", "-3000", "-t", session],
                          capture_output=True, text=True, check=True).stdout


def _wait(session: str, done, what: str, timeout: float = 240.0) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        text = _screen(session)
        if done(text):
            return text
        time.sleep(0.3)
    raise AssertionError(f"waited for {what}; the screen ends:\n{_screen(session)[-3000:]}")


def test_a_person_plays_generations_at_the_prompt(tmp_path: Path) -> None:
    session = f"meeple-{uuid.uuid4().hex[:8]}"
    meeple = Path(sys.executable).with_name("meeple")
    # history goes beside the test's database, not into the user's data folder
    cmd = (f"MEEPLE_HISTORY_DIR={tmp_path / 'history'} "
           f"{meeple} play terraforming-mars --players human,heuristic --names ann,bot "
           f"--seed 5 --db sqlite:///{tmp_path / 'g.sqlite'}; echo MATCH-ENDED")
    subprocess.run([TMUX, "new-session", "-d", "-s", session, "-x", "200", "-y", "50", cmd],
                   check=True)
    sent = 0

    def send(line: str) -> None:
        nonlocal sent
        subprocess.run([TMUX, "send-keys", "-t", session, "-l", line], check=True)
        subprocess.run([TMUX, "send-keys", "-t", session, "Enter"], check=True)
        sent += 1

    def prompts(text: str) -> int:
        # the line editor draws the prompt "ann> "; a pane keeps no trailing blank
        return sum(1 for line in text.splitlines() if line.startswith("ann>"))

    try:
        text = _wait(session, lambda t: prompts(t) >= 1, "the first prompt")
        assert "ann to act" in text and "corporations offered:" in text
        assert "ann's hand" not in text  # no hand before the starting cards are bought
        send("corporation Beginner Corporation")
        text = _wait(session, lambda t: prompts(t) >= 2, "the action phase")
        assert "your hand, ann (10):" in text and " M€; " in text and "req " in text
        before = prompts(text)
        send("? Comet")
        # the card text comes before the prompt is drawn again: wait for both, or the
        # next "pass" would be counted against this prompt and the turns slip by one
        text = _wait(session, lambda t, b=before: "Comet (21 M€, event" in t and prompts(t) > b,
                     "the card text")
        generations = 0
        while generations < 3:
            before = prompts(text)
            send("pass")
            text = _wait(session, lambda t, b=before: prompts(t) > b or "MATCH-ENDED" in t,
                         "the next prompt")
            tail = text[text.rfind("pass"):]
            if "research: take cards one by one" in tail and "to act: ann" in tail:
                # staged research: take the first offered card, then drop it, then buy none
                assert "offered to ann" in tail
                first = tail.split("offered to ann", 1)[1].splitlines()[1].strip().lstrip("* ")
                card = first.split(" [", 1)[0]
                before = prompts(text)
                send(f"take {card}")
                text = _wait(session, lambda t, b=before: prompts(t) > b, "the list")
                assert f"* {card} [" in text[text.rfind(f"take {card}"):]
                before = prompts(text)
                send(f"drop {card}")
                text = _wait(session, lambda t, b=before: prompts(t) > b, "the list again")
                before = prompts(text)
                send("buy")
                text = _wait(session, lambda t, b=before: prompts(t) > b, "the next generation")
                generations += 1
        # the opponent's moves were announced, one line each, with their consequences
        said = [ln for ln in text.splitlines() if ln.startswith("bot: ")]
        assert said and any(" -> " in ln for ln in said)
        assert any("[" in ln and ("megacredits" in ln or "tr " in ln) for ln in said), said[-5:]
        assert "Generation 4" in text
    finally:
        subprocess.run([TMUX, "kill-session", "-t", session], capture_output=True)
