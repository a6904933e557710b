#!/usr/bin/env bash
# Import on a terminal (a pty made by script(1)): a progress line on stderr with the records and
# bytes read, the percent of the input and the time left, cleared before the summary; --quiet
# prints only the summary; no progress line on a pipe, with --json, or (without a total) a
# percent for standard input.        bash tests/terminal/progress.sh BINARY SOURCE_DIR
set -uo pipefail
source_dir=$(cd "$2" && pwd)
source "$(dirname "$0")/common.sh" "$1" progress
export GPUCLUSTERS_PAGER=cat
mkdir data && python3 "$source_dir/tests/bench/generate.py" 3000 data > /dev/null
size=$(stat -c %s data/records.jsonl)
fresh() { rm -f test.db && "$binary" --db test.db init > /dev/null; }
# ARGS...: the import on a pty 100 columns wide; the screen in screen.txt, stdout in out.txt
on_terminal() {
    script -qec "stty cols 100; $(printf '%q ' "$binary" --db test.db "$@") > out.txt" /dev/null > screen.txt 2>&1
}

fresh
on_terminal import data/records.jsonl
check "a progress line with the records read" grep -q "import: 1,000 records" screen.txt
check "the bytes read of the file's bytes, and a percent" grep -qE "import: 3,000 records, [0-9.]+ [kM]B of [0-9.]+ [kM]B \([0-9]+%\)" screen.txt
check "the line is drawn over, not scrolled" bash -c "test \$(grep -c 'import: 1,000 records' screen.txt) -eq 1"
check "the records are imported" grep -qx "read 3000: added 3000, changed 0, kept as older 0, cited again 0, unchanged 0, skipped 0, rejected 0" out.txt
check "a line per record on stdout" test "$(grep -c '^add ' out.txt)" -eq 3000
# The total is the file's size, to the byte, in the unit the line uses.
expected_total=$(python3 -c "print(f'{$size / 1e6:.1f} MB' if $size >= 1e6 else f'{$size / 1e3:.1f} kB')")
check "the total is the file's size ($expected_total)" grep -qF "of $expected_total" screen.txt
check "the line is cleared at the end" bash -c "tail -c 400 screen.txt | tr '\r' '\n' | tail -1 | grep -qv 'import:'"

fresh
on_terminal --quiet import data/records.jsonl
check "--quiet: no progress line" bash -c "! grep -q 'import: ' screen.txt"
check "--quiet: the summary only" bash -c "diff <(printf 'read 3000: added 3000, changed 0, kept as older 0, cited again 0, unchanged 0, skipped 0, rejected 0\nchangeset 1\n') out.txt"

fresh
on_terminal --json import data/records.jsonl
check "--json: no progress line" bash -c "! grep -q 'import: ' screen.txt"

fresh
script -qec "stty cols 100; $(printf '%q ' "$binary") --db test.db import --format jsonl - < data/records.jsonl > out.txt" /dev/null > screen.txt 2>&1
check "standard input: the bytes read, no percent" grep -qE "import: 1,000 records, [0-9.]+ [kM]B read" screen.txt
check "standard input: the records are imported" grep -q "added 3000" out.txt

fresh
"$binary" --db test.db import data/records.jsonl > out.txt 2> err.txt
check "stderr on a pipe: no progress line" test ! -s err.txt

fresh
script -qec "stty cols 40; $(printf '%q ' "$binary") --db test.db import data/records.jsonl > out.txt" /dev/null > screen.txt 2>&1
check "on a narrow terminal the line is cut to fit, never wrapped" \
    python3 -c "import sys; lines = open('screen.txt', encoding='utf-8').read().replace('\r', '\n').splitlines(); sys.exit(0 if all(len(l) < 40 for l in lines if 'import:' in l) else 1)"

echo "progress: $failures failure(s)"
[ "$failures" -eq 0 ]
