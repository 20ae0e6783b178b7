#!/usr/bin/env bash
# Sets up a fresh machine: a virtualenv in .venv with Meeple, every game plugin and the
# development tools. Safe to run again. Usage: bash scripts/setup.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
plugins=()
for p in plugins/*/; do
  [ -f "$p/pyproject.toml" ] && plugins+=(-e "$p")
done
.venv/bin/python -m pip install -q -e ".[dev,docs,postgresql,rl,openspiel,ray,mutation]" "${plugins[@]}"
echo "meeple is ready: .venv/bin/meeple --help"
