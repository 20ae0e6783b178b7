"""The worker ledger (meeple_terra_mystica.tools.worker_ledger, quoted by docs/ai.md): the
flows it sums add up to what the factions hold, and its bad input is refused."""

from __future__ import annotations

import pytest
from meeple_terra_mystica.tools import worker_ledger
from meeple_terra_mystica.tools.selfplay import play


def test_a_rows_kind_names_its_parts_and_their_targets():
    kind = worker_ledger.kind
    assert kind("dig 1. build G6") == "dig+build"
    assert kind("burn 3. action ACT5. build C1") == "burn+action ACT5+build"
    assert kind("convert 2P to 2W. upgrade I9 to TP") == "convert+upgrade TP"
    assert kind("advance dig") == "advance dig"


def test_the_flows_add_up_to_the_workers_each_faction_holds():
    ledger = worker_ledger.Ledger()
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

    result = play(["heuristic"] * 4, 1, {}, watch=watch)
    ledger.finish(result)
    assert set(ledger.flows) == set(result["factions"].values())
    for name, flows in ledger.flows.items():
        assert sum(flows.values()) == last[name] - first[name]
        assert flows[worker_ledger.INCOME] > 0
        assert any(w < 0 for k, w in flows.items() if k != worker_ledger.INCOME)
    assert sum(ledger.games.values()) == 4


@pytest.mark.parametrize("args, said", [
    (["--games", "0"], "--games must be at least 1"),
    (["--set", "W.nope=1"], "unknown weight"),
])
def test_bad_input_is_refused_with_a_reason(capsys, args, said):
    with pytest.raises(SystemExit) as e:
        worker_ledger.main(args)
    assert e.value.code == 2
    assert said in capsys.readouterr().err
