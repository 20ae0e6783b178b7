#!/usr/bin/env bash
# Install Debian's Chromium and ChromeDriver for the browser tests (tests/web, the SVG
# checks) if they are missing. Needs root for apt-get; prints where the browser is.
#
#   bash scripts/ci-browser.sh
#
# The tests find the browser at /usr/bin/chromium (or MEEPLE_CHROMIUM) and the driver at
# /usr/bin/chromedriver (or MEEPLE_CHROMEDRIVER). Under CI=true a missing browser fails
# those tests instead of skipping them.
set -euo pipefail
log() { echo "ci-browser: $*" >&2; }
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    log "chromium and chromedriver are installed"
    exit 0
fi
if [ "$(id -u)" != 0 ]; then
    log "chromium is not installed and installing it needs root"; exit 1
fi
log "installing Debian's chromium and chromium-driver"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/tmp/meeple-ci-browser-apt.log 2>&1
apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-dejavu-core \
    >>/tmp/meeple-ci-browser-apt.log 2>&1 || { tail -20 /tmp/meeple-ci-browser-apt.log >&2; exit 1; }
[ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] || { log "install failed"; exit 1; }
log "installed $(/usr/bin/chromium --version 2>/dev/null)"
