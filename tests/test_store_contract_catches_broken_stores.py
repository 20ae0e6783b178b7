"""The shipped store contract fails a store that breaks its promises, run as a store
plugin's tests would run it: a test file of its own, outside this checkout's tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BROKEN = '''
from meeple.core.stores.annotations import MemoryAnnotations
from meeple.core.stores.memory import MemoryStore
from meeple.core.testing import AnnotationsContract, StoreContract


class ForgetsTheLastPart(MemoryAnnotations):
    def _get(self, game_id, kind, key):
        return super()._get(game_id, kind, key)[:-1]


class LosesTheLastEvent(MemoryStore):
    def load(self, game_id, after=0, upto=None):
        return super().load(game_id, after, upto)[:-1]

    def annotations(self):
        self.__dict__.setdefault("_notes", ForgetsTheLastPart(self))
        return self.__dict__["_notes"]


class TestBroken(StoreContract, AnnotationsContract):
    processes = False

    def make_store(self, place):
        return LosesTheLastEvent()


class TestSound(StoreContract, AnnotationsContract):
    processes = False

    def make_store(self, place):
        return MemoryStore()
'''


def test_the_store_contract_fails_a_store_that_loses_events_or_annotations(tmp_path: Path):
    (tmp_path / "test_stores.py").write_text(BROKEN)
    picked = "load_returns_exactly or records_are_hash_chained or annotation_parts_round_trip"
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-p", "no:randomly", "-k", picked, "test_stores.py"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    failed = sorted(line.split("::")[-1].split(" ")[0] for line in run.stdout.splitlines()
                    if line.startswith("FAILED"))
    assert failed == ["test_annotation_parts_round_trip_and_a_part_written_again_is_replaced",
                      "test_load_returns_exactly_what_was_appended",
                      "test_records_are_hash_chained"], run.stdout[-3000:]
    assert "TestSound" not in "".join(ln for ln in run.stdout.splitlines()
                                      if ln.startswith("FAILED"))
    assert "3 failed, 3 passed" in run.stdout, run.stdout[-3000:]
