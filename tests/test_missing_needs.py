"""What a test needs from outside the package (meeple.core.testing's browser, data folder and
database helpers): where it is missing the test skips, under CI=true it fails, and the
message names what is missing and how to provide it."""

from __future__ import annotations

from pathlib import Path

import pytest
from meeple.core import testing_needs as needs


def test_a_missing_need_skips_and_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="^no widget$"):
        needs.missing("no widget")
    for ci in ("true", "TRUE", "True"):
        monkeypatch.setenv("CI", ci)
        try:
            needs.missing("no widget")
        except pytest.fail.Exception as exc:
            assert str(exc) == "no widget (CI=true: this fails instead of skipping)"
        except pytest.skip.Exception:
            pytest.fail(f"CI={ci} skipped instead of failing")
    monkeypatch.setenv("CI", "false")
    with pytest.raises(pytest.skip.Exception):
        needs.missing("no widget")


def test_a_browser_is_required_by_both_of_its_paths(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    monkeypatch.delenv("CI", raising=False)
    there = tmp_path / "chromium"
    there.write_text("")
    gone = tmp_path / "gone"
    monkeypatch.setattr(needs, "CHROMIUM", str(there))
    monkeypatch.setattr(needs, "DRIVER", str(there))
    try:
        needs.require_browser()
    except pytest.skip.Exception:
        pytest.fail("a browser whose both paths exist was taken for missing")
    monkeypatch.setattr(needs, "DRIVER", str(gone))
    with pytest.raises(pytest.skip.Exception) as exc:
        needs.require_browser()
    assert str(exc.value) == (f"headless Chromium not found ({gone}); set MEEPLE_CHROMIUM and "
                              "MEEPLE_CHROMEDRIVER or install them")
    monkeypatch.setattr(needs, "CHROMIUM", str(gone))
    with pytest.raises(pytest.skip.Exception, match=f"not found \\({gone}, {gone}\\)"):
        needs.require_browser()


def test_shared_data_is_the_variable_or_the_nearest_ancestor_holding_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("MEEPLE_X_DATA", raising=False)
    near = tmp_path / "a" / "b" / "tests" / "test_x.py"
    near.parent.mkdir(parents=True)
    # Not found anywhere: beside ``near``, where require_data then says it is missing.
    assert needs.shared_data("MEEPLE_X_DATA", "shared/x", near) == near.parent / "shared/x"
    (tmp_path / "shared" / "x").mkdir(parents=True)
    (tmp_path / "a" / "shared" / "x").mkdir(parents=True)
    assert needs.shared_data("MEEPLE_X_DATA", "shared/x", near) == tmp_path / "a" / "shared/x"
    monkeypatch.setenv("MEEPLE_X_DATA", str(tmp_path / "elsewhere"))
    assert needs.shared_data("MEEPLE_X_DATA", "shared/x", near) == tmp_path / "elsewhere"
    monkeypatch.setenv("MEEPLE_X_DATA", "")
    assert needs.shared_data("MEEPLE_X_DATA", "shared/x", near) == tmp_path / "a" / "shared/x"


def test_require_data_gives_the_folder_or_names_the_variable(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CI", raising=False)
    try:
        assert needs.require_data(tmp_path, "MEEPLE_X_DATA") == tmp_path
    except pytest.skip.Exception:
        pytest.fail("an existing data folder was taken for missing")
    file = tmp_path / "f"
    file.write_text("")
    for absent in (tmp_path / "none", file):
        with pytest.raises(pytest.skip.Exception) as exc:
            needs.require_data(absent, "MEEPLE_X_DATA")
        assert str(exc.value) == f"data folder {absent} not found: set MEEPLE_X_DATA to where it is"


def test_postgres_url_is_the_variable_stripped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    for unset in ("", "   "):
        monkeypatch.setenv(needs.ENV_PG, unset)
        with pytest.raises(pytest.skip.Exception) as exc:
            needs.postgres_url()
        assert str(exc.value) == "no PostgreSQL server: set MEEPLE_TEST_POSTGRES to a server URL"
    monkeypatch.setenv(needs.ENV_PG, " postgresql://h/db \n")
    try:
        assert needs.postgres_url() == "postgresql://h/db"
    except pytest.skip.Exception:
        pytest.fail("a set MEEPLE_TEST_POSTGRES was taken for missing")
