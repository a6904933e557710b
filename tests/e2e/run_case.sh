#!/usr/bin/env bash
# Runs one end-to-end case against the real binary in a fresh scratch directory and compares its
# transcript (each command, its stdout, its stderr and its exit status, plus database queries)
# with the golden file. UPDATE_GOLDEN=1 rewrites the golden file instead.
#
#   run_case.sh CASE.sh GOLDEN.txt BINARY SOURCE_DIR
set -euo pipefail
case_file=$1 golden=$2 binary=$3 source_dir=$4

scratch=$(mktemp -d "${TMPDIR:-/tmp}/gpuclusters-e2e.XXXXXX")
transcript="$scratch/transcript.txt"
trap 'status=$?; if [ $status -eq 0 ]; then rm -rf "$scratch"; else echo "kept $scratch" >&2; fi' EXIT

export GPUCLUSTERS_NOW=2026-11-30T12:00:00Z
export GPUCLUSTERS_AUTHOR=tester
export GPUCLUSTERS_DB=test.db
export GPUCLUSTERS_BIN="$binary"
export SOURCE_DIR="$source_dir"
# The record of databases checked (gpuclusters(5), "Trust") is the case's own.
export XDG_CACHE_HOME="$scratch/cache"
unset NO_COLOR GPUCLUSTERS_BUSY_TIMEOUT_MS
mkdir "$scratch/work"

(
    cd "$scratch/work"
    # gc ARGS...: run gpuclusters, record stdout, then stderr lines, then a non-zero exit status.
    gc() {
        printf '$ gpuclusters'; [ $# -eq 0 ] || printf ' %q' "$@"; printf '\n'
        local out="$scratch/out" err="$scratch/err" status=0
        "$binary" "$@" >"$out" 2>"$err" || status=$?
        cat "$out"
        sed 's/^/stderr: /' "$err"
        [ "$status" -eq 0 ] || echo "[exit $status]"
    }
    # setup ARGS...: a step the case needs but does not test: silent when it succeeds without a
    # word on stderr; otherwise its command, stderr and exit status go to the transcript (and a
    # failure ends the case).
    setup() {
        local err="$scratch/setup-err" status=0
        "$binary" "$@" >/dev/null 2>"$err" || status=$?
        if [ "$status" -ne 0 ] || [ -s "$err" ]; then
            printf '$ gpuclusters'; printf ' %q' "$@"; printf '\n'
            sed 's/^/stderr: /' "$err"
            [ "$status" -eq 0 ] || echo "[exit $status]"
        fi
        return "$status"
    }
    # sql QUERY: what the database holds, read with the sqlite3 shell, not with gpuclusters.
    sql() {
        printf '$ sql %s\n' "$1"
        sqlite3 -batch -noheader -separator ' | ' "$GPUCLUSTERS_DB" "$1" 2>&1 || echo "[sqlite3 failed]"
    }
    note() { printf '# %s\n' "$*"; }
    # hold_open: another program (an sqlite3 shell) holds the database open in WAL mode with a
    # read transaction, until the case writes to fd 3 (COMMIT;) and closes it; $holder is its pid.
    hold_open() {
        mkfifo hold.in
        sqlite3 "$GPUCLUSTERS_DB" < hold.in > hold.out 2>&1 &
        holder=$!
        exec 3> hold.in
        echo "PRAGMA journal_mode = WAL; BEGIN; SELECT 'holding' FROM sqlite_master LIMIT 1;" >&3
        until grep -q holding hold.out 2>/dev/null; do sleep 0.1; done
    }
    # exports NAME: every provenance export of the database, as NAME.json, NAME.jsonl, ... and the
    # folder NAME.toml; same_as_before NAME: each against before.FORMAT, byte for byte (revert is exact).
    exports() {
        for format in json jsonl csv csv-long toml; do
            "$binary" export --format "$format" --provenance -o "$1.$format"
        done
    }
    same_as_before() {
        for format in json jsonl csv csv-long toml; do
            if diff -r "before.$format" "$1.$format" > /dev/null; then echo "$format: identical"; else echo "$format: differs"; fi
        done
    }
    # shellcheck disable=SC1090
    source "$case_file"
) >"$transcript" 2>&1

if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
    cp "$transcript" "$golden"
    echo "updated $golden"
    exit 0
fi
if [ ! -f "$golden" ]; then
    echo "no golden file $golden; run with UPDATE_GOLDEN=1 and review it" >&2
    cat "$transcript" >&2
    exit 1
fi
diff -u "$golden" "$transcript"
