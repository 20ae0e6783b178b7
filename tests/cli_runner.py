"""The tests' short name for ``meeple.cli.testing`` (``from cli_runner import run_meeple``)."""

from meeple.cli.testing import run_meeple

__all__ = ["run_meeple"]
