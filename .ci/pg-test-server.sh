#!/usr/bin/env bash
# Start a throwaway PostgreSQL server on 127.0.0.1 for one command, stop it on exit.
#
#   bash .ci/pg-test-server.sh uv run pytest tests/ledger -m postgres
#
# Exports OPENWHIST_TEST_PG_URL=postgresql+psycopg://openwhist@127.0.0.1:$PORT/openwhist_test
# for the command; the ledger suite then runs its PostgreSQL cases (each test creates and
# drops its own database). The command's exit status is the script's exit status, and the
# server and its temporary directory are removed whatever happens.
#
# CI runs as root on Debian 12; initdb and postgres refuse to run as root, so the server
# runs as the "postgres" user (runuser). Port: OPENWHIST_PG_PORT, default 55432 -- never
# 5432, so a system cluster is left alone. Recipe verified in notes/ecosystem.md §2.
#
# Durability: the server runs with fsync=off (and no synchronous commit or full-page
# writes) for speed, unless OPENWHIST_PG_FSYNC=on, which keeps PostgreSQL's durable
# defaults (CI runs the crash tests once that way; the tests check `SHOW fsync`).
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGS...]" >&2
    exit 2
fi

if ! command -v pg_config >/dev/null || [ ! -x "$(pg_config --bindir)/initdb" ]; then
    echo "pg-test-server: installing Debian's postgresql package" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
PGBIN="$(pg_config --bindir)"                       # Debian: the newest installed server's bin dir
PGTMP="$(mktemp -d -t openwhist-pg.XXXXXX)"
export PGPORT="${OPENWHIST_PG_PORT:-55432}"

if [ "$(id -u)" -eq 0 ]; then
    chown postgres:postgres "$PGTMP"
    as_pg() { runuser -u postgres -- "$@"; }
else
    as_pg() { "$@"; }
fi

PGPID=""
stop_pg() {
    if [ -f "$PGTMP/data/postmaster.pid" ]; then
        as_pg "$PGBIN/pg_ctl" -D "$PGTMP/data" -m fast -w stop >/dev/null 2>&1 \
            || { [ -n "$PGPID" ] && kill -INT "$PGPID" 2>/dev/null; } || true
    fi
    rm -rf "$PGTMP"
}
trap stop_pg EXIT

as_pg "$PGBIN/initdb" -D "$PGTMP/data" -U openwhist --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
if [ "${OPENWHIST_PG_FSYNC:-off}" = "on" ]; then
    DURABILITY="-c fsync=on -c synchronous_commit=on -c full_page_writes=on"
else
    DURABILITY="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
fi
as_pg "$PGBIN/pg_ctl" -D "$PGTMP/data" -l "$PGTMP/server.log" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k $PGTMP $DURABILITY" \
    start >/dev/null || { cat "$PGTMP/server.log" >&2; exit 1; }
PGPID="$(head -1 "$PGTMP/data/postmaster.pid")"
"$PGBIN/pg_isready" -q -h 127.0.0.1 -p "$PGPORT" -t 10
"$PGBIN/createdb" -h 127.0.0.1 -p "$PGPORT" -U openwhist openwhist_test

export OPENWHIST_TEST_PG_URL="postgresql+psycopg://openwhist@127.0.0.1:$PGPORT/openwhist_test"
echo "pg-test-server: PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PGPORT" \
     "(fsync ${OPENWHIST_PG_FSYNC:-off});" \
     "OPENWHIST_TEST_PG_URL=$OPENWHIST_TEST_PG_URL" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
