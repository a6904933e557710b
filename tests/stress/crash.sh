#!/usr/bin/env bash
# Crash safety: start imports and edits and stop them at random moments, KILLS times, by SIGKILL,
# SIGINT, SIGTERM or SIGHUP in turn. After each, a copy of the database file alone (no -wal, no
# -journal) passes PRAGMA integrity_check and holds each run's records all or none: at once
# after a signal the writer catches (it rolls back or finishes, and folds its log in), and after
# SIGKILL once the next command, a reader, has recovered the file. Some runs are a first import
# into a new, empty database, which is written in place (rollback journal, not WAL) and is large
# enough to spill pages into the file before its commit.
#   crash.sh BINARY [KILLS]      (CI: 16; by hand: 100)
set -euo pipefail
set -m  # background jobs of their own: SIGINT reaches them (a script's jobs ignore it otherwise)
binary=$1 kills=${2:-16}
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuclusters-crash.XXXXXX")
trap 'rm -rf "$work"' EXIT
export TMPDIR="$work"  # edit's temporary folders, should one outlive a SIGKILL
export GPUCLUSTERS_DB="$work/crash.db" GPUCLUSTERS_NOW=2026-11-30T12:00:00Z
"$binary" init --sample > /dev/null
# The editor of the edits: the sample's name of cscs-alps gets the run's number.
printf '#!/bin/sh\nsed -i "s/^value = \\"Alps[0-9 ]*\\"$/value = \\"Alps $RUN\\"/" "$1"\n' > "$work/editor.sh"
chmod +x "$work/editor.sh"
RANDOM=20261130
survived=0 landed=0 absent=0 edited=0 first_landed=0 first_absent=0
# The first imports' input: 6,000 records of long notes, some 30 MB of pages (the cache holds 16).
awk 'BEGIN { print "id,name,gpus_installed,gpu_count_notes"; for (i = 1; i <= 6000; i++) {
    notes = ""; for (w = 1; w <= 250; w++) notes = notes "note " i " "; print "f-" i ",First record " i "," i "," notes } }' \
    > "$work/first.csv"
signals=(KILL INT TERM HUP)
declare -A by_signal=()
# stop_and_copy PID DB MAX: stops the writer PID with this run's signal after up to 0.MAX s, lets
# a reader recover DB after SIGKILL, and copies the file alone to $work/alone/copy.db, which must
# pass integrity_check.
stop_and_copy() {
    local pid=$1 db=$2 check
    sleep "0.$(( RANDOM % $3 + 5 ))"
    kill -"$signal" "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    by_signal[$signal]=$(( ${by_signal[$signal]:-0} + 1 ))
    # SIGKILL may leave a commit in the log beside the file (or a write in place and its journal):
    # the next command (here a reader) folds it in (or rolls it back). A caught signal does so
    # itself (a write in WAL mode not yet committed never touched the file: what it left in the
    # log is no part of the database).
    [ "$signal" != KILL ] || "$binary" --db "$db" stats > /dev/null
    rm -rf "$work/alone" && mkdir "$work/alone" && cp "$db" "$work/alone/copy.db"
    check=$(sqlite3 "$work/alone/copy.db" "PRAGMA integrity_check")
    [ "$check" = ok ] || { echo "run $run ($signal): the file alone: integrity_check: $check"; exit 1; }
}
for run in $(seq 1 "$kills"); do
    signal=${signals[$(( run % 4 ))]}
    if (( run % 3 != 0 && run % 4 <= 1 )); then
        # A first import, into a database of its own, stopped by SIGKILL or SIGINT.
        first_db="$work/first-$run.db"
        "$binary" --db "$first_db" init > /dev/null
        "$binary" --db "$first_db" import "$work/first.csv" --source https://example.org/first --kind other > /dev/null 2>&1 &
        stop_and_copy $! "$first_db" 90
        count=$(sqlite3 "$work/alone/copy.db" "SELECT count(*) FROM cluster")
        case "$count" in
            0) first_absent=$((first_absent + 1)) ;;
            6000) first_landed=$((first_landed + 1)) ;;
            *) echo "run $run ($signal, first import): $count of 6000 records in the file alone: half an import"; exit 1 ;;
        esac
        rm -f "$first_db"
        survived=$((survived + 1))
        continue
    fi
    # Each run imports 1,500 new records (its own id prefix) or edits a sample record.
    input="$work/run-$run.csv"
    { echo "id,name,gpus_installed"; for i in $(seq 1 1500); do echo "r$run-$i,Run $run record $i,$i"; done; } > "$input"
    if (( run % 3 == 0 )); then
        RUN=$run EDITOR="$work/editor.sh" "$binary" edit cscs-alps --unsourced > /dev/null 2>&1 &
    else
        "$binary" import "$input" --source https://example.org/crash --kind other > /dev/null 2>&1 &
    fi
    stop_and_copy $! "$GPUCLUSTERS_DB" 60
    count=$(sqlite3 "$work/alone/copy.db" "SELECT count(*) FROM cluster WHERE id LIKE 'r$run-%'")
    # An edit's name is its run's or the one before, whole.
    if (( run % 3 == 0 )); then
        name=$(sqlite3 "$work/alone/copy.db" "SELECT name FROM cluster_values WHERE cluster_id = 'cscs-alps'")
        case "$name" in
            "Alps $run") edited=$((edited + 1)) ;;
            Alps|"Alps "[0-9]*) ;;
            *) echo "run $run ($signal): the edit left the name '$name'"; exit 1 ;;
        esac
    fi
    case "$count" in
        0) absent=$((absent + 1)) ;;
        1500) landed=$((landed + 1)) ;;
        *) echo "run $run ($signal): $count of 1500 records in the file alone: half an import"; exit 1 ;;
    esac
    survived=$((survived + 1))
done
# The database still works for the next writer.
"$binary" add after-crashes --name "After the crashes" --unsourced > /dev/null
leftover=$(find "$work" -maxdepth 1 -name 'gpuclusters-edit-*' | wc -l)
echo "kills survived $survived of $kills (SIGKILL ${by_signal[KILL]:-0}, SIGINT ${by_signal[INT]:-0}, SIGTERM ${by_signal[TERM]:-0}, SIGHUP ${by_signal[HUP]:-0}):" \
     "imports all there $landed, all absent $absent (edits counted absent); edits landed $edited;" \
     "first imports all there $first_landed, all absent $first_absent; edit folders left by SIGKILL $leftover"
echo "1 passed, 0 failed"
