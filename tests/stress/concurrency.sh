#!/usr/bin/env bash
# Several editors at once: WRITERS processes each make CHANGES changes to one database while a
# reader checks that it never sees half a changeset. Afterwards: WRITERS x CHANGES changesets,
# none lost, and no "database is locked" reached any user.
#   concurrency.sh BINARY [WRITERS] [CHANGES]      (CI: 4 x 50; by hand: 4 x 250)
set -euo pipefail
binary=$1 writers=${2:-4} changes=${3:-50}
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuclusters-concurrency.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GPUCLUSTERS_DB="$work/shared.db" GPUCLUSTERS_NOW=2026-11-30T12:00:00Z
"$binary" init > /dev/null

writer() {
    local w=$1
    for i in $(seq 1 "$changes"); do
        # Two fields in one changeset: a reader must see both or neither.
        "$binary" --author "writer-$w" add "w$w-c$i" --set gpus_installed="$i" --set owner="Writer $w" \
            --source "https://example.org/w$w" --kind operator --quote "$i GPUs" > /dev/null \
            2>> "$work/errors-$w.log" || echo "writer $w change $i failed" >> "$work/failures.log"
    done
}
reader() {
    # A claim made by a changeset always comes with its partner of the same changeset.
    while [ ! -f "$work/done" ]; do
        odd=$(sqlite3 "$GPUCLUSTERS_DB" "SELECT count(*) FROM (SELECT changeset_id FROM claim GROUP BY changeset_id HAVING count(*) % 2 = 1)" 2>/dev/null || echo 0)
        [ "$odd" = 0 ] || echo "half a changeset seen" >> "$work/failures.log"
        "$binary" list > /dev/null 2>> "$work/reader.log" || echo "reader failed" >> "$work/failures.log"
    done
}

reader & reader_pid=$!
pids=()
for w in $(seq 1 "$writers"); do writer "$w" & pids+=($!); done
for pid in "${pids[@]}"; do wait "$pid"; done
touch "$work/done"
wait "$reader_pid"

expected=$((writers * changes))
counted=$(sqlite3 "$GPUCLUSTERS_DB" "SELECT count(*) FROM changeset")
clusters=$(sqlite3 "$GPUCLUSTERS_DB" "SELECT count(*) FROM cluster")
locked=$(cat "$work"/errors-*.log "$work/reader.log" 2>/dev/null | grep -c "locked" || true)
echo "writers $writers x changes $changes: changesets $counted of $expected, clusters $clusters, 'locked' errors $locked"
[ -f "$work/failures.log" ] && { sort "$work/failures.log" | uniq -c | head; exit 1; }
# (An && list does not stop a `set -e` script: each condition ends it itself.)
[ "$counted" = "$expected" ] || { echo "changesets lost: $counted of $expected"; exit 1; }
[ "$clusters" = "$expected" ] || { echo "clusters lost: $clusters of $expected"; exit 1; }
[ "$locked" = 0 ] || { echo "'locked' reached a user $locked times"; exit 1; }
echo "1 passed, 0 failed"
