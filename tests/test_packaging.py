"""The distribution ships meeple.core, meeple.ai and meeple.cli, and nothing named plain
core, ai or cli; both the editable install and a built wheel work."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LEAKS = {"core", "ai", "web", "cli", "plugins", "tests", "benchmarks"}


def test_editable_install_maps_only_meeple_packages():
    import meeple.ai
    import meeple.cli
    import meeple.core

    assert Path(meeple.core.__file__).parent == ROOT / "core"
    assert Path(meeple.ai.__file__).parent == ROOT / "ai"
    assert Path(meeple.cli.__file__).parent == ROOT / "cli"
    site = Path(sysconfig.get_paths()["purelib"])
    assert not LEAKS & {p.name for p in site.iterdir()}
    out = subprocess.run([sys.executable, "-c", "import core"], cwd="/", capture_output=True)
    assert out.returncode != 0, "a top-level 'core' module is importable"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(dist), str(ROOT)], check=True)
    (found,) = dist.glob("meeple-*.whl")
    return found


def test_wheel_holds_only_the_meeple_namespace(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert tops == {"meeple", next(t for t in tops if t.endswith(".dist-info"))}
    for pkg in ("core", "ai", "web", "cli"):
        assert f"meeple/{pkg}/__init__.py" in names
    # meeple serve's pages come from the package, not from the internet
    for data in ("templates/game.html", "static/app.js", "static/style.css", "static/review.js"):
        assert f"meeple/web/{data}" in names
    assert "meeple/ai/review_defaults.toml" in names  # meeple review's search per game
    assert "meeple/core/stores/sqlite.py" in names
    assert "meeple/cli/templates/plugin/game.py.tmpl" in names  # `meeple plugin new` needs it
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry).decode()
    assert "[meeple]" in text and "meeple.cli.app:main" in text


@pytest.mark.slow
def test_wheel_installs_and_runs_in_a_fresh_venv(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    # The fresh venv borrows this environment's third-party packages through a .pth file,
    # so the test needs no network, yet meeple itself comes only from the wheel.
    venv.create(env_dir, with_pip=False)
    py = env_dir / "bin" / "python"
    site = Path(subprocess.check_output(
        [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        text=True).strip())
    zipfile.ZipFile(wheel).extractall(site)
    deps = Path(sysconfig.get_paths()["purelib"])
    (site / "zz_borrowed.pth").write_text(str(deps) + "\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEEPLE")}
    script = (
        "import meeple.core, meeple.ai, meeple.cli, sys;"
        "from pathlib import Path;"
        f"assert Path(meeple.core.__file__).is_relative_to({str(site)!r}), meeple.core.__file__;"
        "import importlib.util as u;"
        "assert u.find_spec('core') is None and u.find_spec('cli') is None;"
        "print('ok')"
    )
    out = subprocess.run([str(py), "-S", "-c", f"import site; site.addsitedir({str(site)!r}); {script}"],
                         capture_output=True, text=True, cwd=tmp_path, env=env)
    assert out.stdout.strip() == "ok", out.stderr


PLUGIN_DIRS = sorted(p.parent for p in (ROOT / "plugins").glob("*/pyproject.toml"))


@pytest.mark.parametrize("plugin", PLUGIN_DIRS, ids=[p.name for p in PLUGIN_DIRS])
def test_plugin_wheel_carries_its_code_data_and_entry_point(plugin, tmp_path):
    """`pip install plugins/<game>` (not editable) must bring the game's data files too."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(tmp_path), str(plugin)], check=True)
    (whl,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(whl).namelist())
    package = f"meeple_{plugin.name}"
    shipped = {
        str(f.relative_to(plugin)) for f in (plugin / package).rglob("*")
        if f.is_file() and "__pycache__" not in f.parts and f.suffix != ".pyc"
    }
    assert shipped <= names, f"missing from the wheel: {sorted(shipped - names)}"
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "[meeple]" in zipfile.ZipFile(whl).read(entry).decode()
