"""docs/plugins.md's own commands build the template plugin in a fresh venv: the game is
listed, its contract tests run and fail with the stubs' messages, and once a small Nim
is written into it (no reinstall: the install is editable) the same tests pass."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "plugins.md"
NIM = Path(__file__).with_name("plugin_template_nim.py")
BLOCK = re.compile(r"<!-- plugin-quickstart[^>]*-->\s*```sh\n(.*?)```\s*<!-- /plugin-quickstart -->",
                   re.S)


def doc_commands() -> list[str]:
    found = BLOCK.search(DOCS.read_text(encoding="utf-8"))
    assert found, "docs/plugins.md has no plugin-quickstart block"
    lines = [line.split("  #")[0].strip() for line in found[1].splitlines()]
    return [line for line in lines if line and not line.startswith("#")]


def test_the_docs_block_is_what_this_test_expects():
    commands = doc_commands()
    assert [c.split()[0] for c in commands] == ["meeple", "pip", "meeple", "pytest"]
    assert commands[0].startswith("meeple plugin new nim")
    assert "-e" in commands[1].split()


def fresh_venv(where: Path) -> Path:
    """A venv whose own site-packages is empty, borrowing this environment's packages
    (meeple's editable install included) through a .pth, so nothing is downloaded; pip,
    meeple and pytest on its PATH run under its python and install into it."""
    venv.create(where, with_pip=False)
    py = where / "bin" / "python"
    site = Path(subprocess.check_output(
        [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        text=True).strip())
    borrowed = sysconfig.get_paths()["purelib"]
    (site / "zz_borrowed.pth").write_text(f"import site; site.addsitedir({borrowed!r})\n")
    for name, module in (("pip", "pip"), ("pytest", "pytest"), ("meeple", "meeple.cli.app")):
        script = where / "bin" / name
        script.write_text(f'#!/bin/sh\nexec "{py}" -m {module} "$@"\n')
        script.chmod(0o755)
    return where / "bin"


def run(line: str, cwd: Path, bin_dir: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("MEEPLE", "PYTEST", "PYTHON", "VIRTUAL_ENV", "PIP"))}
    env.update(PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", VIRTUAL_ENV=str(bin_dir.parent),
               MEEPLE_DB=f"sqlite:///{cwd / 'games.sqlite'}",
               # Offline: the build backend (setuptools) comes from the borrowed packages.
               PIP_NO_INDEX="1", PIP_NO_BUILD_ISOLATION="0", PIP_DISABLE_PIP_VERSION_CHECK="1")
    return subprocess.run(["/bin/sh", "-c", line], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


def test_plugin_new_writes_the_package_and_names_it_from_the_game(tmp_path, capsys):
    from cli_runner import run_meeple

    code, out, err = run_meeple(capsys, "plugin", "new", "connect-five", "--dir",
                                str(tmp_path / "c5"))
    assert code == 0, err
    assert f"wrote 7 files to {tmp_path / 'c5'}" in out
    game = (tmp_path / "c5" / "meeple_connect_five" / "game.py").read_text()
    assert 'name = "connect-five"' in game and "class ConnectFive(Game):" in game
    for method in ("setup", "decide", "fold", "to_act", "legal", "outcome", "parse", "format"):
        assert f'"write ConnectFive.{method}: ' in game, method
    toml = (tmp_path / "c5" / "pyproject.toml").read_text()
    assert 'connect_five = "meeple_connect_five.plugin"' in toml
    assert 'name = "meeple-connect-five"' in toml and '"meeple[testing]"' in toml
    assert "class TestContract(GameContract):" in (tmp_path / "c5" / "tests" /
                                                    "test_contract.py").read_text()


@pytest.mark.parametrize("args, message", [
    (["Nim"], "plugin name 'Nim' must be lowercase words"),
    (["nim_game"], "plugin name 'nim_game' must be lowercase words"),
    (["3d-chess"], "plugin name '3d-chess' must be lowercase words"),
    (["class"], "plugin name 'class' is a Python keyword"),
    (["nim", "--dir", "{full}"], "already exists and is not an empty folder"),
    (["nim", "--dir", "{file}"], "already exists and is not an empty folder"),
])
def test_plugin_new_refuses_bad_names_and_used_folders_writing_nothing(tmp_path, capsys, args,
                                                                        message):
    from cli_runner import run_meeple

    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "keep.txt").write_text("mine")
    (tmp_path / "file").write_text("mine")
    args = [a.format(full=tmp_path / "full", file=tmp_path / "file") for a in args]
    if "--dir" not in args:
        args += ["--dir", str(tmp_path / "new")]
    before = sorted(p.name for p in tmp_path.rglob("*"))
    code, _, err = run_meeple(capsys, "plugin", "new", *args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and message in err, err
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


@pytest.mark.slow
def test_the_template_built_from_the_docs_fails_until_written_then_passes(tmp_path):
    bin_dir = fresh_venv(tmp_path / "venv")
    work = tmp_path / "work"
    work.mkdir()
    new, install, games, tests = doc_commands()

    made = run(new, work, bin_dir)
    assert made.returncode == 0, made.stderr
    package = work / "meeple-nim"
    for rel in ("pyproject.toml", "meeple_nim/game.py", "meeple_nim/plugin.py",
                "docs/rules.md", "tests/test_contract.py"):
        assert (package / rel).is_file(), rel
    assert "meeple[testing]" in (package / "pyproject.toml").read_text()
    installed = run(install, work, bin_dir)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    listed = run(games + " --json", work, bin_dir)
    assert listed.returncode == 0, listed.stderr
    assert '"name": "nim"' in listed.stdout
    plugins = run("meeple plugins --json", work, bin_dir)
    assert '"distribution": "meeple-nim"' in plugins.stdout and '"error": null' in plugins.stdout

    # The stub's exception reaches the user as one line naming the plugin, store unchanged.
    stub = run("meeple new nim --players a,b --id g1", work, bin_dir)
    assert stub.returncode == 2
    assert stub.stderr.strip().splitlines() == [
        "error: the nim plugin (meeple_nim) is not written yet (setting up the game): "
        "write Nim.setup: return the opening events, e.g. "
        "[Started(tuple(players))]; the first event creates the state in fold; shuffle only "
        "with rng"]
    assert run("meeple list --json", work, bin_dir).stdout.strip() in ("", "[]")

    failing = run(tests, work, bin_dir)
    assert failing.returncode == 1, failing.stdout[-3000:] + failing.stderr
    summary = failing.stdout.strip().splitlines()[-1]
    # Every test fails or errors (the contract's first check, value equality, plays the
    # stub in a class fixture): none passes.
    assert re.fullmatch(r"=* (\d+ failed, )?\d+ errors? in .*|=* \d+ failed in .*",
                        summary), summary
    assert "NotImplementedError: write Nim.setup: return the opening events" in failing.stdout

    shutil.copy(NIM, package / "meeple_nim" / "game.py")  # no reinstall: editable
    passing = run(tests, work, bin_dir)
    assert passing.returncode == 0, passing.stdout[-3000:] + passing.stderr
    assert re.fullmatch(r"=* \d+ passed in .*", passing.stdout.strip().splitlines()[-1])
    played = run("meeple play nim --players random,random -q", work, bin_dir)
    assert played.returncode == 0, played.stderr
    bad = run("meeple new nim --players a,b -o heaps=0,0", work, bin_dir)
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [
        "error: option 'heaps' takes 1 to 6 sizes from 1 to 20, like 3,4,5; not '0,0'"]


def test_the_testing_extra_holds_every_third_party_import_of_meeple_core_testing():
    import ast
    from importlib import metadata

    import meeple.core.testing

    tree = ast.parse(Path(meeple.core.testing.__file__).read_text())
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import)
                for a in n.names}
    imported |= {n.module.split(".")[0] for n in ast.walk(tree)
                 if isinstance(n, ast.ImportFrom) and n.module and not n.level}
    third_party = imported - set(sys.stdlib_module_names) - {"meeple"}
    assert third_party == {"pytest", "hypothesis"}
    requires = metadata.metadata("meeple").get_all("Requires-Dist")
    extra = {re.split(r"[<>=;\[ ]", r)[0] for r in requires if 'extra == "testing"' in r}
    assert third_party <= extra


def test_plugin_new_leaves_nothing_behind_when_writing_fails(tmp_path, monkeypatch, capsys):
    from cli_runner import run_meeple

    real = Path.write_text

    def failing(self, text, *args, **kwargs):
        if self.name == "game.py":
            raise OSError(28, "No space left on device")
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", failing)
    code, _, err = run_meeple(capsys, "plugin", "new", "nim", "--dir", str(tmp_path / "nim"))
    assert code == 2
    assert err.strip() == f"error: cannot write {tmp_path / 'nim'}: No space left on device"
    assert not (tmp_path / "nim").exists()
