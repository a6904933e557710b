#!/usr/bin/env bash
# Runs every case of cases.tsv against a fresh copy of the sample database: the exit status and a
# piece of the error must be as listed, stderr one error line, and a refused input must leave the
# database as it was (same changesets, integrity_check ok). A crafted database (kind db:ARGS:
# files/NAME is a bash script that crafts the copy named by its argument, with sqlite3 or dd) must
# be left byte for byte as it was crafted when the command is refused.      run.sh BINARY
set -uo pipefail
binary=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuclusters-corpus.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GPUCLUSTERS_NOW=2026-11-30T12:00:00Z GPUCLUSTERS_AUTHOR=corpus
# The record of databases checked (gpuclusters(5), "Trust") is the run's own.
export XDG_CACHE_HOME="$work/cache"
"$binary" --db "$work/base.db" init --sample > /dev/null
passed=0 failed=0
while IFS=$'\t' read -r name kind status expect; do
    [ "$name" = case ] && continue
    cp "$work/base.db" "$work/case.db"
    rm -f "$work/case.db-wal" "$work/case.db-shm"
    case "$kind" in
        # --unsourced: these inputs test the readers, not the rule that a value needs a source.
        import) args=(import --unsourced "$here/files/$name") ;;
        import-format:*) args=(import --unsourced --format "${kind#import-format:}" "$here/files/$name") ;;
        mapping) args=(import --unsourced --mapping "$here/files/$name" "$here/files/table.csv") ;;
        # @files@ in an argument stands for the folder of the corpus files.
        cli:*|db:*) IFS='|' read -r -a raw <<< "${kind#*:}"; args=(); for word in "${raw[@]}"; do word=${word# }; word=${word% }; args+=("${word//@files@/$here/files}"); done ;;
    esac
    crafted=""
    if [[ $kind == db:* ]]; then
        (cd "$work" && bash "$here/files/$name" "$work/case.db") > "$work/craft.log" 2>&1 || { echo "FAIL $name: crafting: $(head -c 300 "$work/craft.log")"; failed=$((failed + 1)); continue; }
        crafted="$work/crafted.db"
        cp "$work/case.db" "$crafted"
    fi
    actual=0
    (cd "$work" && timeout 60 "$binary" --db "$work/case.db" "${args[@]}" > "$work/out" 2> "$work/err") || actual=$?
    problem=""
    [ "$actual" = "$status" ] || problem="exit $actual, expected $status"
    if [ -z "$problem" ] && [ -n "$expect" ] && ! grep -qF -- "$expect" "$work/err"; then problem="stderr lacks '$expect': $(head -c 300 "$work/err")"; fi
    if [ -z "$problem" ] && grep -q "internal error" "$work/err"; then problem="internal error"; fi
    if [ -z "$problem" ] && [ "$status" != 0 ] && [ -n "$crafted" ]; then
        cmp -s "$work/case.db" "$crafted" || problem="crafted database changed: $(cmp "$work/case.db" "$crafted" 2>&1 | head -c 200)"
        [ -z "$problem" ] && [ -s "$work/case.db-wal" ] && problem="crafted database left a -wal"
    elif [ -z "$problem" ] && [ "$status" != 0 ]; then
        changesets=$(sqlite3 "$work/case.db" "SELECT count(*) FROM changeset")
        check=$(sqlite3 "$work/case.db" "PRAGMA integrity_check")
        [ "$changesets" = 1 ] && [ "$check" = ok ] || problem="database changed: $changesets changesets, $check"
    fi
    if [ -z "$problem" ] && [ "$name" = sql-text.jsonl ]; then
        stored=$(sqlite3 "$work/case.db" "SELECT name FROM current_cluster WHERE id = 'sql-text'")
        [ "$stored" = "x'); DROP TABLE claim; --" ] || problem="SQL text not stored verbatim: $stored"
    fi
    if [ -n "$problem" ]; then
        echo "FAIL $name: $problem"
        failed=$((failed + 1))
    else
        passed=$((passed + 1))
    fi
done < "$here/cases.tsv"
echo "corpus: $passed passed, $failed failed"
[ "$failed" = 0 ]
