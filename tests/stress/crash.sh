#!/usr/bin/env bash
# Crash safety: start imports and edits and kill them with SIGKILL at random moments, KILLS times;
# after each kill the database passes PRAGMA integrity_check and each run's records are all there
# or all absent.      crash.sh BINARY [KILLS]      (CI: 12; by hand: 100)
set -euo pipefail
binary=$1 kills=${2:-12}
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuclusters-crash.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GPUCLUSTERS_DB="$work/crash.db" GPUCLUSTERS_NOW=2026-11-30T12:00:00Z
"$binary" init --sample > /dev/null
RANDOM=20261130
survived=0 landed=0 absent=0
for run in $(seq 1 "$kills"); do
    # Each run imports 1,500 new records (its own id prefix) or edits a sample record.
    input="$work/run-$run.csv"
    { echo "id,name,gpus_installed"; for i in $(seq 1 1500); do echo "r$run-$i,Run $run record $i,$i"; done; } > "$input"
    if (( run % 3 == 0 )); then
        EDITOR="sed -i s/^value\ =\ \"Alps\"$/value\ =\ \"Alps\ $run\"/" "$binary" edit cscs-alps > /dev/null 2>&1 &
    else
        "$binary" import "$input" --source https://example.org/crash --kind other > /dev/null 2>&1 &
    fi
    pid=$!
    sleep "0.$(( RANDOM % 60 + 5 ))"
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    check=$(sqlite3 "$GPUCLUSTERS_DB" "PRAGMA integrity_check")
    [ "$check" = ok ] || { echo "run $run: integrity_check: $check"; exit 1; }
    count=$(sqlite3 "$GPUCLUSTERS_DB" "SELECT count(*) FROM cluster WHERE id LIKE 'r$run-%'")
    case "$count" in
        0) absent=$((absent + 1)) ;;
        1500) landed=$((landed + 1)) ;;
        *) echo "run $run: $count of 1500 records: half an import"; exit 1 ;;
    esac
    survived=$((survived + 1))
done
# The database still works for the next writer.
"$binary" add after-crashes --name "After the crashes" --unsourced > /dev/null
echo "kills survived $survived of $kills: imports all there $landed, all absent $absent (edits counted absent)"
echo "1 passed, 0 failed"
