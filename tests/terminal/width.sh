#!/usr/bin/env bash
# Tables on a terminal (a pty made by script(1)) fit its width: the widest columns give way, long
# cells end in "…", the id stays whole, wide (CJK) characters take two columns and still align;
# --wide, a pipe and --json keep every cell whole; $COLUMNS overrides the terminal's width.
#        bash tests/terminal/width.sh BINARY
set -uo pipefail
source "$(dirname "$0")/common.sh" "$1" width
export GPUCLUSTERS_PAGER=cat
gc() { "$binary" --db test.db "$@"; }
gc init --sample > /dev/null
long_name="The Extraordinarily Long Name Of A Research Cluster That Nobody Can Read At Once"
gc add long-named-cluster --name "$long_name" --set owner="Example Research Institute of Very Long Names" \
    --set gpus_installed="1536 x 8" --source https://example.org/long --kind operator \
    --quote "1,536 nodes with 8 GPUs each" > /dev/null
gc add tokyo-cluster --name "東京大学計算機クラスタ" --set owner="東京大学" --set gpus_installed=512 \
    --source https://example.org/tokyo --kind operator --quote "512 GPUs" > /dev/null

on_terminal() {  # COLS ARGS...: the binary on a pty COLS wide, what it showed in screen.txt
    local cols=$1
    shift
    script -qec "stty cols $cols; $(printf '%q ' "$binary" --db test.db "$@")" /dev/null 2>&1 | tr -d '\r' > screen.txt
}
# The widest line shown, in display columns (East Asian Width), colour codes left out.
widest() {
    python3 - "$1" <<'PY'
import re, sys, unicodedata
def width(line):
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
lines = [re.sub(r"\x1b\[[0-9;]*m", "", l) for l in open(sys.argv[1], encoding="utf-8").read().splitlines()]
print(max(map(width, lines)))
PY
}
# Whether the last column starts at the same display column on every line.
aligned() {
    python3 - "$1" <<'PY'
import re, sys, unicodedata
def width(text):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
lines = [re.sub(r"\x1b\[[0-9;]*m", "", l).rstrip() for l in open(sys.argv[1], encoding="utf-8").read().splitlines()]
starts = {width(l[: l.rindex("  ") + 2]) for l in lines if "  " in l}
sys.exit(0 if len(starts) == 1 else 1)
PY
}

on_terminal 80 list
check "list fits an 80-column terminal" test "$(widest screen.txt)" -le 80
check "a long name is cut with an ellipsis" grep -q "The Ex[a-zA-Z ]*…" screen.txt
check "the id column stays whole" grep -q "long-named-cluster " screen.txt
check "every cluster is listed" test "$(grep -cE '^(alcf|bytedance|cineca|cscs|long|nersc|olcf|tokyo)-' screen.txt)" -eq 8

on_terminal 50 list --columns name,gpus_installed
check "a 50-column terminal: 50 columns" test "$(widest screen.txt)" -le 50
check "the count column stays whole" bash -c "grep -q 'GPUS INSTALLED' screen.txt && grep -q '  12,288' screen.txt"

on_terminal 120 list --columns name,gpus_installed
check "CJK names take two columns each and the next column aligns" aligned screen.txt
check "a name that fits is whole" grep -q "東京大学計算機クラスタ" screen.txt

on_terminal 58 list --columns name,gpus_installed
check "a CJK name cut to fit keeps whole characters" grep -q '東[^ ]*…' screen.txt
check "and still aligns" aligned screen.txt

on_terminal 80 --wide list
check "--wide keeps the cells whole" grep -qF "$long_name" screen.txt
check "--wide: wider than the terminal" test "$(widest screen.txt)" -gt 80

COLUMNS=60 on_terminal 120 list --columns name,owner,gpus_installed
check "\$COLUMNS wins over the terminal's width" test "$(widest screen.txt)" -le 60

on_terminal 60 sources
check "sources fits the terminal" test "$(widest screen.txt)" -le 60

on_terminal 70 compare bytedance-megascale-ampere cscs-alps
sed -n '1,/H100e (derived)/p' screen.txt > table.txt
check "compare's table fits the terminal" test "$(widest table.txt)" -le 70
check "compare cuts long cells" grep -q "…" screen.txt

gc list > piped.txt
check "a pipe gets whole cells" grep -qF "$long_name" piped.txt
COLUMNS=40 gc list > piped.txt
check "a pipe ignores \$COLUMNS" grep -qF "$long_name" piped.txt

cat > record-pager <<'PAGER'
#!/bin/sh
cat > "$PAGED_DIR/paged.txt"
PAGER
chmod +x record-pager
PAGED_DIR=$scratch GPUCLUSTERS_PAGER="$scratch/record-pager" on_terminal 72 list
check "through the pager, tables fit the terminal it shows on" test "$(widest paged.txt)" -le 72
check "and are cut" grep -q "…" paged.txt

on_terminal 60 list
check "columns left out rather than cut unreadably, and named" grep -q "left out to fit 60 columns: OWNER, GPU MODEL, STATUS" screen.txt
check "and the note fits too" test "$(widest screen.txt)" -le 60
check "the figures stay" grep -q "GPUS INSTALLED" screen.txt
check "a terminal gets grouped figures" grep -q "12,288" screen.txt
gc list --columns gpus_installed > piped.txt
check "a pipe gets plain figures" grep -q "  12288$" piped.txt

on_terminal 100 list
check "a terminal gets colour (the bold header)" grep -q $'\x1b\\[1m' screen.txt
TERM=dumb on_terminal 100 list
check "TERM=dumb gets none" bash -c "! grep -q $'\x1b\\[1m' screen.txt"
NO_COLOR=1 on_terminal 100 list
check "nor does NO_COLOR" bash -c "! grep -q $'\x1b\\[1m' screen.txt"

echo "width: $failures failure(s)"
[ "$failures" -eq 0 ]
