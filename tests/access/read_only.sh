#!/usr/bin/env bash
# Reading without write access: a database copied to another user (a root-owned 0644 file in a
# root-owned 0755 folder) is read by that user with gpuclusters list/show/export/verify/check and
# with sqlite3; a write (check --repair too) is refused with a database error (exit 4) and the
# file stays as it was. A copy taken while a writer had it open in WAL mode (no -wal beside it) is
# read as immutable.
#   read_only.sh BINARY        (needs root and setpriv to become another user; exit 77 skips)
set -euo pipefail
binary=$(readlink -f "$1")
if [ "$(id -u)" != 0 ] || ! command -v setpriv > /dev/null || ! id nobody > /dev/null 2>&1; then
    echo "skipped: needs root, setpriv and the user nobody"
    exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuclusters-read-only.XXXXXX")
trap 'rm -rf "$work"' EXIT
chmod 0755 "$work"
export GPUCLUSTERS_NOW=2026-11-30T12:00:00Z GPUCLUSTERS_AUTHOR=tester
unset GPUCLUSTERS_DB

# The binary where the other user can run it (the build folder may be closed to them).
install -m 0755 "$binary" "$work/gpuclusters"
mkdir -m 0755 "$work/shared"
"$work/gpuclusters" --db "$work/shared/clusters.db" init --sample > /dev/null
chmod 0644 "$work/shared/clusters.db"
before=$(sqlite3 "$work/shared/clusters.db" .dump | sha256sum)

failures=0
as_other() {  # DESCRIPTION EXPECTED_STATUS COMMAND...
    local description=$1 expected=$2 status=0
    shift 2
    (cd "$work" && setpriv --reuid=nobody --regid=nogroup --clear-groups -- env HOME="$work" "$@") \
        > "$work/out" 2> "$work/err" || status=$?
    if [ "$status" != "$expected" ]; then
        echo "FAIL $description: exit $status, expected $expected"
        sed 's/^/  stderr: /' "$work/err"
        failures=$((failures + 1))
    elif [ "$expected" = 0 ] && [ ! -s "$work/out" ]; then
        echo "FAIL $description: printed nothing"
        failures=$((failures + 1))
    else
        echo "ok   $description"
    fi
}

db=$work/shared/clusters.db
echo "# a copy in rollback-journal mode, as gpuclusters leaves every file between writes"
[ "$(sqlite3 "$db" 'PRAGMA journal_mode')" = delete ] || { echo "FAIL the file is not in rollback mode"; failures=$((failures + 1)); }
as_other "list" 0 "$work/gpuclusters" --db "$db" list
as_other "show" 0 "$work/gpuclusters" --db "$db" show "$(sqlite3 "$db" 'SELECT id FROM cluster ORDER BY id LIMIT 1')"
as_other "export --format json" 0 "$work/gpuclusters" --db "$db" export --format json
as_other "verify" 0 "$work/gpuclusters" --db "$db" verify
as_other "log" 0 "$work/gpuclusters" --db "$db" log
as_other "compare --against itself" 0 "$work/gpuclusters" --db "$db" compare --against "$db"
as_other "sqlite3" 0 sqlite3 "$db" "SELECT count(*) FROM cluster"
as_other "a write is refused (database error)" 4 "$work/gpuclusters" --db "$db" add intruder --name Intruder --unsourced
grep -q "read-only\|readonly\|permission" "$work/err" || { echo "FAIL the refusal does not say why: $(cat "$work/err")"; failures=$((failures + 1)); }
as_other "check" 0 "$work/gpuclusters" --db "$db" check
as_other "check --repair is refused (database error)" 4 "$work/gpuclusters" --db "$db" check --repair
grep -q "read-only\|readonly\|permission" "$work/err" || { echo "FAIL the refusal of check --repair does not say why: $(cat "$work/err")"; failures=$((failures + 1)); }
[ ! -e "$db-wal" ] && [ ! -e "$db-journal" ] || { echo "FAIL side files were left beside the copy"; failures=$((failures + 1)); }
[ "$(sqlite3 "$db" .dump | sha256sum)" = "$before" ] || { echo "FAIL the copy changed"; failures=$((failures + 1)); }

echo "# a copy taken in WAL mode (its writer still had it open): read as immutable"
mkdir -m 0755 "$work/wal"
cp "$db" "$work/wal/clusters.db"
sqlite3 "$work/wal/clusters.db" "PRAGMA journal_mode = WAL" > /dev/null
chmod 0644 "$work/wal/clusters.db"
as_other "list of a WAL-mode copy" 0 "$work/gpuclusters" --db "$work/wal/clusters.db" list
as_other "export of a WAL-mode copy" 0 "$work/gpuclusters" --db "$work/wal/clusters.db" export --format csv

if [ "$failures" != 0 ]; then
    echo "$failures failed"
    exit 1
fi
echo "all passed"
