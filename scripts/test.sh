#!/usr/bin/env bash
# The whole test run, as README says and .ci/run runs it: lint and dead code, the suite of the engine,
# AI, CLI, web and RL (tests/), then each game plugin's suite from the plugin alone, its
# wheel installed in a fresh virtualenv outside the checkout (scripts/test-plugins.sh).
# Needs .venv (bash scripts/setup.sh). Usage: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/ruff check .
.venv/bin/vulture
.venv/bin/pytest -n 2 -q
bash scripts/test-plugins.sh
