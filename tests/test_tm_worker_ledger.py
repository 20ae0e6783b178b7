"""scripts/tm_worker_ledger.py: the worker flows it sums add up to what the factions hold,
and its bad input is refused (docs/ai.md quotes its figures)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


@pytest.fixture(scope="module")
def ledger_module():
    sys.path.insert(0, str(SCRIPTS))
    try:
        spec = importlib.util.spec_from_file_location("tm_worker_ledger",
                                                      SCRIPTS / "tm_worker_ledger.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        yield mod
    finally:
        sys.path.remove(str(SCRIPTS))


def test_a_rows_kind_names_its_parts_and_their_targets(ledger_module):
    kind = ledger_module.kind
    assert kind("dig 1. build G6") == "dig+build"
    assert kind("burn 3. action ACT5. build C1") == "burn+action ACT5+build"
    assert kind("convert 2P to 2W. upgrade I9 to TP") == "convert+upgrade TP"
    assert kind("advance dig") == "advance dig"


def test_the_flows_add_up_to_the_workers_each_faction_holds(ledger_module):
    ledger = ledger_module.Ledger()
    first: dict[str, int] = {}
    last = {}

    def watch(g, player, cmd):
        if g.round >= 1 and not first:
            first.update({n: f["W"] for n, f in g.fac.items()})
        done = ledger.watch(g, player, cmd)

        def after(h):
            if done:
                done(h)
            last.update({n: f["W"] for n, f in h.fac.items()})

        return after

    result = ledger_module.play(["heuristic"] * 4, 1, {}, watch=watch)
    ledger.finish(result)
    assert set(ledger.flows) == set(result["factions"].values())
    for name, flows in ledger.flows.items():
        assert sum(flows.values()) == last[name] - first[name]
        assert flows[ledger_module.INCOME] > 0
        assert any(w < 0 for k, w in flows.items() if k != ledger_module.INCOME)
    assert sum(ledger.games.values()) == 4


@pytest.mark.parametrize("args, said", [
    (["--games", "0"], "--games must be at least 1"),
    (["--set", "W.nope=1"], "unknown weight"),
])
def test_bad_input_is_refused_with_a_reason(ledger_module, capsys, args, said):
    with pytest.raises(SystemExit) as e:
        ledger_module.main(["tm_worker_ledger.py", *args])
    assert e.value.code == 2
    assert said in capsys.readouterr().err
