"""Running the `meeple` command inside a test's process, as a user would from a shell: for
the tests of Meeple and of its plugins."""

from __future__ import annotations

import sys
from typing import Any


def run_meeple(capsys: Any, *args: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of ``meeple ARGS...``."""
    from meeple.cli.app import main

    old = sys.argv
    sys.argv = ["meeple", *args]
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv = old
    out, err = capsys.readouterr()
    return code, out, err
