"""MkDocs hook: lay out meeple.core where the API reference generator looks for it.

The source folders are mapped to package names at install time (core/ is meeple.core),
so the docstring reader, which reads the source and does not import it, is given a small
tree of links in the build folder that spells the package names out.
"""

from pathlib import Path


def on_startup(**_: object) -> None:
    root = Path(__file__).resolve().parent.parent  # the checkout
    pkg = root / "build" / "api-src" / "meeple"
    pkg.mkdir(parents=True, exist_ok=True)
    link = pkg / "core"
    if not link.is_symlink():
        link.symlink_to(root / "core", target_is_directory=True)
