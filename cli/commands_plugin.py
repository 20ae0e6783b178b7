"""``meeple plugin new NAME``: write a complete, installable game plugin package.

The template files are package data of meeple.cli (cli/templates/plugin/*.tmpl): only
this command reads them, so they live with it rather than in core, which knows nothing
of files on a user's disk. ``string.Template`` fills them (``${name}``; Python and TOML
have no other use for ``$``), so a template is readable as the file it becomes.
"""

from __future__ import annotations

import keyword
import re
import shutil
from importlib import resources
from pathlib import Path
from string import Template
from typing import Annotated

import typer
from meeple.core.errors import BadOptions
from rich.console import Console

out = Console()

NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")

#: template file -> where it goes in the new package (``{module}``: the import name).
FILES: tuple[tuple[str, str], ...] = (
    ("pyproject.toml.tmpl", "pyproject.toml"),
    ("README.md.tmpl", "README.md"),
    ("init.py.tmpl", "{module}/__init__.py"),
    ("plugin.py.tmpl", "{module}/plugin.py"),
    ("game.py.tmpl", "{module}/game.py"),
    ("rules.md.tmpl", "docs/rules.md"),
    ("test_contract.py.tmpl", "tests/test_contract.py"),
)

plugin_app = typer.Typer(help="Tools for writing game plugins.", no_args_is_help=True)


def names_for(name: str, title: str | None = None) -> dict[str, str]:
    """Every spelling the template needs, from a game name such as ``connect-four``."""
    if not NAME.fullmatch(name):
        raise BadOptions(f"plugin name {name!r} must be lowercase words of letters and digits "
                         "joined by hyphens, starting with a letter, e.g. 'nim' or 'connect-four'")
    parts = name.split("-")
    snake = "_".join(parts)
    if keyword.iskeyword(snake):
        raise BadOptions(f"plugin name {name!r} is a Python keyword; choose another")
    return {
        "name": name,
        "entry": snake,
        "module": f"meeple_{snake}",
        "dist": f"meeple-{name}",
        "cls": "".join(p.capitalize() for p in parts),
        "title": title or " ".join(p.capitalize() for p in parts),
    }


def write_plugin(name: str, target: Path, title: str | None = None) -> list[Path]:
    """Write the package for game ``name`` into ``target`` (new or empty); the files."""
    values = names_for(name, title)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise BadOptions(f"{target} already exists and is not an empty folder; "
                         "give --dir a new folder")
    templates = resources.files("meeple.cli") / "templates" / "plugin"
    texts = {dest.format(module=values["module"]):
             Template((templates / src).read_text(encoding="utf-8")).substitute(values)
             for src, dest in FILES}  # all filled before anything is written
    created = not target.exists()
    written = []
    try:
        for rel, text in texts.items():
            path = target / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written.append(path)
    except OSError:
        # Leave nothing half-written behind: the folder was new (or empty) before.
        if created:
            shutil.rmtree(target, ignore_errors=True)
        else:
            for path in written:
                path.unlink(missing_ok=True)
        raise
    return written


@plugin_app.command("new")
def new(
    name: Annotated[str, typer.Argument(help="The game's name, e.g. nim or connect-four.")],
    dir: Annotated[Path | None, typer.Option(
        "--dir", help="Folder to create (default: ./meeple-NAME).")] = None,
    title: Annotated[str | None, typer.Option(help="The game's title (default: from NAME).")] = None,
) -> None:
    """Write a new game plugin package: pyproject, game stubs, rules notes, contract tests."""
    target = dir if dir is not None else Path(f"meeple-{name}")
    try:
        files = write_plugin(name, target, title)
    except OSError as exc:
        raise BadOptions(f"cannot write {target}: {exc.strerror or exc}") from None
    out.print(f"wrote {len(files)} files to {target}", highlight=False, markup=False, soft_wrap=True)
    out.print(f"next: pip install -e '{target}[test]' && meeple games && pytest {target}",
              highlight=False, markup=False, soft_wrap=True)


def register(app: typer.Typer) -> None:
    """Add ``meeple plugin ...`` to the app."""
    app.add_typer(plugin_app, name="plugin")
