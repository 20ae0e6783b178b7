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


def test_the_report_lists_each_factions_flows_per_game_largest_first(monkeypatch, capsys):
    import statistics

    def random_play(players, seed, options, **kw):
        return play(["random"] * 4, seed, options, **kw)

    monkeypatch.setattr(worker_ledger, "play", random_play)
    assert worker_ledger.main(["--games", "2", "--first-seed", "3", "--min", "1.5"]) == 0
    out = capsys.readouterr().out.splitlines()
    ledger = worker_ledger.Ledger()
    for seed in (3, 4):
        ledger.finish(play(["random"] * 4, seed, {}, watch=ledger.watch))
    want = []
    for n in sorted(ledger.flows):
        games = ledger.games[n]
        want.append(f"{n} ({games} games, {statistics.mean(ledger.buildings[n]):.2f} "
                    "buildings at the end): workers a game")
        flows = sorted(ledger.flows[n].items(), key=lambda kv: -kv[1])
        want += [f"  {w / games:+6.1f}  {k}" for k, w in flows if abs(w / games) >= 1.5]
    assert out == want
    # Kinds under the threshold are left out, one at it is kept.
    per_game = [abs(w / ledger.games[n]) for n in ledger.flows for w in ledger.flows[n].values()]
    assert any(v < 1.5 for v in per_game) and any(v == 1.5 for v in per_game)
