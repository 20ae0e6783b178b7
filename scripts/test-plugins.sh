#!/usr/bin/env bash
# Runs each game plugin's tests from the plugin alone, as its own user would: the plugin's
# wheel and Meeple's wheel (with the `testing` extra) installed into a fresh virtualenv
# outside the checkout, and pytest run on a copy of the plugin's tests/ folder, so that
# nothing of the checkout (tests/, its conftest, pyproject's pytest settings) reaches them.
#
#   bash scripts/test-plugins.sh                   # every plugin in plugins/
#   bash scripts/test-plugins.sh plugins/utopia    # only these
#
# Needs .venv (scripts/setup.sh): its pip builds the wheels. The Terra Mystica league
# records come from MEEPLE_TM_RECORDS, else shared/data/terra-mystica in the first folder
# above the checkout that holds it. Prints each plugin's time.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
if [ -z "${MEEPLE_TM_RECORDS:-}" ]; then
  dir=$ROOT
  while [ "$dir" != / ]; do
    dir=$(dirname "$dir")
    if [ -d "$dir/shared/data/terra-mystica" ]; then
      export MEEPLE_TM_RECORDS="$dir/shared/data/terra-mystica"
      break
    fi
  done
fi
if [ $# -gt 0 ]; then plugins=("$@"); else plugins=(plugins/*/); fi

work=$(mktemp -d "${TMPDIR:-/tmp}/meeple-plugins.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The wheels are built with the checkout's setuptools (no build isolation: no download).
# A stale build/ folder would put files removed since into a wheel: each build starts clean.
rm -rf build
wheel() {  # wheel DEST SOURCE: quiet unless the build fails
  .venv/bin/python -m pip wheel -q --no-deps --no-build-isolation -w "$1" "$2" \
    >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
}
wheel "$work/wheels" .
rm -rf build
meeple_wheel=$(ls "$work"/wheels/meeple-*.whl)

failed=()
total_passed=0
total_failed=0
for p in "${plugins[@]}"; do
  p=${p%/}
  name=$(basename "$p")
  [ -d "$p/tests" ] || { echo "$p has no tests/ folder" >&2; exit 2; }
  start=$(date +%s)
  rm -rf "$p/build"
  wheel "$work/wheels/$name" "$p"
  rm -rf "$p/build"
  python3 -m venv "$work/$name/venv"
  if ! "$work/$name/venv/bin/python" -m pip install -q "$meeple_wheel[testing]" \
       "$work/wheels/$name"/*.whl pytest-xdist >"$work/$name/pip.log" 2>&1; then
    cat "$work/$name/pip.log" >&2
    exit 1
  fi
  mkdir -p "$work/$name/run"
  cp -r "$p/tests" "$work/$name/run/tests"
  find "$work/$name/run" -name __pycache__ -prune -exec rm -rf {} +
  set +e
  (cd "$work/$name/run" && "$work/$name/venv/bin/python" -m pytest -q -n 2 \
     -p no:cacheprovider --import-mode=importlib -o "markers=slow: long-running tests" tests) \
     | tee "$work/$name/pytest.log"
  code=${PIPESTATUS[0]}
  set -e
  # pytest's closing line, e.g. "1 failed, 830 passed in 136.01s": added up below
  summary=$(tail -n 1 "$work/$name/pytest.log")
  n=$(grep -o '[0-9]\+ passed' <<<"$summary" | grep -o '[0-9]\+' || echo 0)
  f=0
  for k in $(grep -o '[0-9]\+ \(failed\|errors\?\)' <<<"$summary" | grep -o '[0-9]\+'); do
    f=$(( f + k ))
  done
  total_passed=$(( total_passed + ${n:-0} ))
  total_failed=$(( total_failed + ${f:-0} ))
  echo "$name: standalone suite $([ $code = 0 ] && echo passed || echo FAILED)" \
       "in $(( $(date +%s) - start )) s (wheel, venv and tests)"
  [ $code = 0 ] || failed+=("$name")
done
# The plugin suites' tests, added up, as the run's closing line.
echo "plugins: $total_passed passed, $total_failed failed"
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed standalone: ${failed[*]}" >&2
  exit 1
fi
