#!/usr/bin/env bash
# Start a throwaway PostgreSQL server on 127.0.0.1 for the test suite and print its URL.
#
#   export MEEPLE_TEST_POSTGRES=$(bash scripts/ci-postgres.sh)
#
# Installs Debian's postgresql package if it is missing (needs root), creates a fresh data
# directory under /tmp, starts the server on a free loopback port as the postgres user and
# creates the database "meeple". Only the URL goes to stdout; progress goes to stderr.
# Run it twice and the second run reuses the server if it still answers.
set -euo pipefail

STATE=${MEEPLE_PG_STATE:-/tmp/meeple-ci-postgres}
log() { echo "ci-postgres: $*" >&2; }

find_bin() {
    local d
    for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then echo "$d"; return 0; fi
    done
    return 1
}

# Reuse a server started by an earlier run if it still answers.
if [ -f "$STATE/url" ] && [ -f "$STATE/port" ] && BIN=$(find_bin); then
    if "$BIN/pg_isready" -q -h 127.0.0.1 -p "$(cat "$STATE/port")" -d meeple 2>/dev/null; then
        log "reusing the server on port $(cat "$STATE/port")"
        cat "$STATE/url"
        exit 0
    fi
fi

if ! BIN=$(find_bin); then
    if [ "$(id -u)" != 0 ]; then
        log "PostgreSQL is not installed and installing it needs root"; exit 1
    fi
    log "installing Debian's postgresql package"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends postgresql >&2
    BIN=$(find_bin) || { log "postgresql installed but initdb/pg_ctl not found"; exit 1; }
fi

# As root the server runs as the postgres user (PostgreSQL refuses to run as root).
if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql \
        --shell /bin/bash postgres
    as_pg() { runuser -u postgres -- "$@"; }
    DBUSER=postgres
else
    as_pg() { "$@"; }
    DBUSER=$(id -un)
fi

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
if [ -f "$STATE/data/postmaster.pid" ]; then
    as_pg "$BIN/pg_ctl" -D "$STATE/data" -m immediate stop >&2 2>&1 || true
fi
rm -rf "$STATE"
mkdir -p "$STATE"
DATA="$STATE/data"
SOCK="$STATE/sock"
mkdir -p "$DATA" "$SOCK"
[ "$(id -u)" = 0 ] && chown -R postgres: "$STATE"
chmod 700 "$DATA"

log "initdb in $DATA"
as_pg "$BIN/initdb" -D "$DATA" -U "$DBUSER" --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
    >"$STATE/initdb.log" 2>&1 || as_pg "$BIN/initdb" -D "$DATA" -U "$DBUSER" --auth=trust \
    --encoding=UTF8 --no-locale >"$STATE/initdb.log" 2>&1 || { cat "$STATE/initdb.log" >&2; exit 1; }

# Durability stays on (fsync): the crash tests are about what a real server keeps.
log "starting the server on 127.0.0.1:$PORT"
as_pg "$BIN/pg_ctl" -D "$DATA" -l "$STATE/server.log" -w -t 60 \
    -o "-h 127.0.0.1 -p $PORT -k $SOCK -c max_connections=200" start >&2 \
    || { cat "$STATE/server.log" >&2; exit 1; }

as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U "$DBUSER" meeple >&2
URL="postgresql://$DBUSER@127.0.0.1:$PORT/meeple"
echo "$PORT" >"$STATE/port"
echo "$URL" >"$STATE/url"
echo "$URL"
