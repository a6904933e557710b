#!/usr/bin/env bash
# The pager: on a terminal (a pty made by script(1)) long output goes through $GPUCLUSTERS_PAGER,
# else $PAGER, else less; never with --no-pager, an empty or `cat` pager, or on a pipe; a reader
# that quits at once is no error; one that cannot be run is passed over, with a warning.
#        bash tests/terminal/pager.sh BINARY
set -uo pipefail
source "$(dirname "$0")/common.sh" "$1" pager
"$binary" --db test.db init --sample > /dev/null
# A pager that records what it was given, and the LESS it saw.
cat > record-pager <<'PAGER'
#!/bin/sh
echo "LESS=$LESS" > "$PAGED_DIR/paged.env"
cat > "$PAGED_DIR/paged.txt"
PAGER
chmod +x record-pager
export PAGED_DIR=$scratch
unset LESS PAGER
on_terminal() {  # ARGS...: the binary on a pty, its status in status.txt
    script -qec "$(printf '%q ' "$binary" --db test.db "$@"); echo \$? > $scratch/status.txt" /dev/null > terminal.txt 2>&1
}

rm -f paged.txt
GPUCLUSTERS_PAGER="$scratch/record-pager" on_terminal log
check "log on a terminal goes through GPUCLUSTERS_PAGER" grep -q "changeset 1" paged.txt
check "the pager gets LESS=FRX when LESS is unset" grep -qx "LESS=FRX" paged.env
check "and the terminal sees none of it" bash -c '! grep -q "changeset 1" terminal.txt'
check "log exits 0" grep -qx 0 status.txt

rm -f paged.txt
LESS=-S PAGER="$scratch/record-pager" on_terminal show cscs-alps
check "PAGER is the fallback" grep -q "Alps" paged.txt
check "a LESS of the user's own is kept" grep -qx "LESS=-S" paged.env

rm -f paged.txt
GPUCLUSTERS_PAGER="$scratch/record-pager" on_terminal --no-pager log
check "--no-pager prints on the terminal" grep -q "changeset 1" terminal.txt
check "--no-pager starts no pager" test ! -e paged.txt

rm -f paged.txt
GPUCLUSTERS_PAGER=cat PAGER="$scratch/record-pager" on_terminal log
check "GPUCLUSTERS_PAGER=cat turns paging off" bash -c "grep -q 'changeset 1' terminal.txt && test ! -e paged.txt"

rm -f paged.txt
GPUCLUSTERS_PAGER="$scratch/record-pager" "$binary" --db test.db log > piped.txt
check "never on a pipe" bash -c "grep -q 'changeset 1' piped.txt && test ! -e paged.txt"

rm -f paged.txt
GPUCLUSTERS_PAGER="$scratch/record-pager" on_terminal stats
check "short output (stats) is not paged" bash -c "grep -q clusters terminal.txt && test ! -e paged.txt"

GPUCLUSTERS_PAGER="true" on_terminal log
check "a reader that quits at once: exit 0" grep -qx 0 status.txt
check "and no error" bash -c '! grep -q "error" terminal.txt'

GPUCLUSTERS_PAGER="no-such-pager -R" on_terminal log
check "a pager that cannot be run: the output is written directly (it printed nothing, exit 0)" grep -q "changeset 1" terminal.txt
check "after a warning naming it" grep -q "warning: cannot run the pager 'no-such-pager -R' (No such file or directory); writing directly" terminal.txt
check "and exit 0" grep -qx 0 status.txt
touch not-executable
GPUCLUSTERS_PAGER="./not-executable" on_terminal log
check "one that is not executable: written directly too" bash -c "grep -q 'changeset 1' terminal.txt && grep -q 'Permission denied' terminal.txt"
GPUCLUSTERS_PAGER='no-such-pager "$HOME"' on_terminal log
check "one the shell cannot run: found out when it ends, an error, exit 74" grep -qx 74 status.txt
check "naming it" grep -q "the pager 'no-such-pager \"\$HOME\"' could not be run (not found): nothing was shown" terminal.txt

echo "pager: $failures failure(s)"
[ "$failures" -eq 0 ]
