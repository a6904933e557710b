#!/usr/bin/env bash
# Benchmark, run by hand (not in CI): times gpuclusters against the sqlite3 shell (and sqlite-utils,
# when installed) on the same N synthetic records, and prints ratios and peak memory.
#
#   bash tests/bench/run.sh [--write-baseline FILE] [N ...]    default: 25000 100000 (N and 4N)
#
# It ends with one table of the figures the project holds itself to: each ratio (or time) at every
# size, how the time grew from one size to the next (marked when faster than the records grew),
# and the change against tests/bench/baseline.txt, the last release's figures. --write-baseline
# writes this run's figures in that file's form (name, size, value: tab-separated).
#
# Build first with optimisation: cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release &&
# cmake --build build-release. GPUCLUSTERS_BIN overrides the binary.
set -euo pipefail
export LC_ALL=C  # a point in $EPOCHREALTIME and in awk's numbers, whatever the user's locale
here=$(cd "$(dirname "$0")" && pwd)
binary=${GPUCLUSTERS_BIN:-$here/../../build-release/gpuclusters}
[ -x "$binary" ] || { echo "no binary at $binary (build build-release first)" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "sqlite3 is needed: apt-get install sqlite3" >&2; exit 2; }
baseline_in="$here/baseline.txt"
baseline_out=""
if [ "${1:-}" = --write-baseline ]; then
    [ $# -ge 2 ] || { echo "--write-baseline needs a file" >&2; exit 2; }
    baseline_out=$2
    shift 2
fi
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(25000 100000)
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuclusters-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GPUCLUSTERS_NOW=2026-11-30T12:00:00Z GPUCLUSTERS_AUTHOR=bench

# seconds and peak resident MiB of a command, into the globals `seconds` and `peak` (and `kib`,
# the peak in KiB). It exits 0, or 1 for findings or differences; with `expect=3`, it must refuse
# its input. The seconds are the shell's clock, to the millisecond: time(1)'s hundredths would move
# the ratio of two 0.07 s commands by a seventh.
expect="0 1"
measure() {
    local log="$work/time.log" status=0 started ended
    started=$EPOCHREALTIME
    /usr/bin/time -q -f '%M' -o "$log" "$@" > /dev/null 2>> "$work/stderr.log" || status=$?
    ended=$EPOCHREALTIME
    case " $expect " in
        *" $status "*) ;;
        *) echo "exit $status (expected $expect): $*" >&2; exit 1 ;;
    esac
    read -r kib < "$log"
    seconds=$(awk -v a="$started" -v b="$ended" 'BEGIN { printf "%.3f", b - a }')
    peak=$(( kib / 1024 ))
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) b = 0.001; printf "%.2f", a / b }'; }

# The summary's figures: for each name and size, the value (a ratio, microseconds or MiB) and the
# seconds gpuclusters took, which the growth from size to size is read from.
declare -A figure_value figure_seconds
figure_names=()
figure() {  # name size value seconds
    [[ " ${figure_names[*]} " == *" $1 "* ]] || figure_names+=("$1")
    figure_value["$1 $2"]=$3
    figure_seconds["$1 $2"]=$4
}
row() { printf '%-36s %9ss %7s MiB   %s\n' "$1" "$2" "$3" "$4"; }

for n in "${sizes[@]}"; do
    dir="$work/$n"
    mkdir -p "$dir"
    python3 "$here/generate.py" "$n" "$dir"
    echo "== $n records ($(du -h "$dir/records.jsonl" | cut -f1) JSON Lines with provenance, $(du -h "$dir/records.csv" | cut -f1) CSV)"

    # Two baselines: the values as a flat table (a row per cluster), and the provenance as a flat
    # table (a row per claim with its citation and source: the same information gpuclusters keeps).
    measure sqlite3 "$dir/flat.db" ".mode csv" ".import $dir/records.csv clusters"
    sqlite_import=$seconds; row "sqlite3 .import values (flat)" "$seconds" "$peak" ""
    measure sqlite3 "$dir/long.db" ".mode csv" ".import $dir/records-long.csv claims"
    sqlite_long=$seconds; row "sqlite3 .import provenance (flat)" "$seconds" "$peak" ""
    # gpuclusters makes its files with 16 KiB pages; the same for sqlite3, for comparison only.
    measure sqlite3 "$dir/long16.db" "PRAGMA page_size = 16384" ".mode csv" ".import $dir/records-long.csv claims"
    sqlite_long16=$seconds; row "sqlite3 .import provenance, 16 KiB pages" "$seconds" "$peak" ""
    if command -v sqlite-utils >/dev/null; then
        measure sqlite-utils insert "$dir/utils.db" clusters "$dir/records.csv" --csv
        utils_import=$seconds; row "sqlite-utils insert values" "$seconds" "$peak" ""
        measure sqlite-utils insert "$dir/utils-long.db" claims "$dir/records-long.csv" --csv
        utils_long=$seconds; row "sqlite-utils insert provenance" "$seconds" "$peak" ""
    else
        utils_import=""; utils_long=""; echo "(sqlite-utils not installed: apt-get install sqlite-utils)"
    fi
    against_provenance() {
        echo "x$(ratio "$1" "$sqlite_long") sqlite3 (x$(ratio "$1" "$sqlite_long16") with 16 KiB pages)${utils_long:+, x$(ratio "$1" "$utils_long") sqlite-utils} (provenance)"
    }

    "$binary" --db "$dir/jsonl.db" init > /dev/null
    measure "$binary" --db "$dir/jsonl.db" import "$dir/records.jsonl"
    import_jsonl=$seconds
    figure import-jsonl/sqlite3 "$n" "$(ratio "$seconds" "$sqlite_long")" "$seconds"
    figure import-jsonl-MiB "$n" "$peak" "$seconds"
    row "gpuclusters import jsonl" "$seconds" "$peak" "$(against_provenance "$seconds")"
    "$binary" --db "$dir/long.gc.db" init > /dev/null
    measure "$binary" --db "$dir/long.gc.db" import --format csv-long "$dir/records-long.csv"
    row "gpuclusters import csv-long" "$seconds" "$peak" "$(against_provenance "$seconds")"
    "$binary" --db "$dir/csv.db" init > /dev/null
    measure "$binary" --db "$dir/csv.db" import "$dir/records.csv" --source https://example.org/bench --kind list
    row "gpuclusters import csv (values)" "$seconds" "$peak" "x$(ratio "$seconds" "$sqlite_import") sqlite3${utils_import:+, x$(ratio "$seconds" "$utils_import") sqlite-utils} (values)"
    [ -z "$utils_import" ] || figure import-csv/sqlite-utils "$n" "$(ratio "$seconds" "$utils_import")" "$seconds"

    measure sqlite3 -csv "$dir/flat.db" "SELECT * FROM clusters ORDER BY id"
    sqlite_export=$seconds; row "sqlite3 -csv (flat table)" "$seconds" "$peak" ""
    measure "$binary" --db "$dir/jsonl.db" export --format csv
    row "gpuclusters export csv" "$seconds" "$peak" "x$(ratio "$seconds" "$sqlite_export") sqlite3"
    measure "$binary" --db "$dir/jsonl.db" export --format json
    row "gpuclusters export json" "$seconds" "$peak" "x$(ratio "$seconds" "$sqlite_export") sqlite3 -csv"
    figure export-json/sqlite3 "$n" "$(ratio "$seconds" "$sqlite_export")" "$seconds"
    measure "$binary" --db "$dir/jsonl.db" export --format jsonl --provenance
    row "gpuclusters export jsonl --provenance" "$seconds" "$peak" ""

    set +e
    measure "$binary" --db "$dir/jsonl.db" verify --quiet
    set -e
    row "gpuclusters verify" "$seconds" "$peak" "$(awk -v s="$seconds" -v n="$n" 'BEGIN { printf "%.1f us/record", s * 1e6 / n }')"
    figure verify-us/record "$n" "$(awk -v s="$seconds" -v n="$n" 'BEGIN { printf "%.1f", s * 1e6 / n }')" "$seconds"
    figure verify-MiB "$n" "$peak" "$seconds"
    measure sqlite3 "$dir/flat.db" "SELECT * FROM clusters WHERE id = 'bench-0000042'"
    sqlite_show=$seconds; row "sqlite3 one row" "$seconds" "$peak" ""
    measure "$binary" --db "$dir/jsonl.db" show bench-0000042
    row "gpuclusters show" "$seconds" "$peak" "x$(ratio "$seconds" "$sqlite_show") sqlite3"

    # The website of N records, on a copy (the history rows below want the import alone): a new
    # folder, the same again (every file kept), and after one edit (the pages it touches rewritten).
    cp "$dir/jsonl.db" "$dir/site.db"
    per_record() { awk -v s="$1" -v n="$n" 'BEGIN { printf "%.2f ms/record", s * 1e3 / n }'; }
    measure "$binary" --db "$dir/site.db" site -o "$dir/site"
    row "gpuclusters site (new folder)" "$seconds" "$peak" "$(per_record "$seconds"), $(find "$dir/site" -type f | wc -l) files"
    measure "$binary" --db "$dir/site.db" site -o "$dir/site"
    row "gpuclusters site (again, unchanged)" "$seconds" "$peak" "$(per_record "$seconds")"
    "$binary" --db "$dir/site.db" add bench-0000042 --set 'interconnect=InfiniBand NDR' --unsourced > /dev/null
    measure "$binary" --db "$dir/site.db" site -o "$dir/site" --json
    row "gpuclusters site (after one edit)" "$seconds" "$peak" "$(per_record "$seconds")"
    rm -rf "$dir/site" "$dir/site.db"

    # History on one changeset of N records: log and revert of the import, and sources, which
    # should grow linearly with N (run with two sizes, N and 4N, to see it).
    measure "$binary" --db "$dir/jsonl.db" log -n 1
    row "gpuclusters log (one changeset of N)" "$seconds" "$peak" ""
    first_line=$(python3 -c '
import subprocess, sys, time
start = time.monotonic()
log = subprocess.Popen([sys.argv[1], "--db", sys.argv[2], "log", "-n", "1"], stdout=subprocess.PIPE)
log.stdout.readline()
print(f"{time.monotonic() - start:.3f}")
log.kill()' "$binary" "$dir/jsonl.db")
    row "gpuclusters log, first line" "$first_line" "" ""
    measure "$binary" --db "$dir/jsonl.db" log -n 1 --json
    row "gpuclusters log --json" "$seconds" "$peak" ""
    measure "$binary" --db "$dir/jsonl.db" sources
    row "gpuclusters sources" "$seconds" "$peak" ""
    measure "$binary" --db "$dir/jsonl.db" blame bench-0000042
    row "gpuclusters blame" "$seconds" "$peak" ""
    measure "$binary" --db "$dir/jsonl.db" revert 1
    row "gpuclusters revert (the import)" "$seconds" "$peak" "x$(ratio "$seconds" "$import_jsonl") the import"

    # One record with N/10 competing claims, quoted citations or mentioned sources (at most 3,333,
    # within the limit of one record): each should take about a tenth of the import of N records
    # of a few claims. Its memory is given beside its file's size: the peak above that of
    # importing a one-claim file.
    m=$(( n / 10 < 3333 ? n / 10 : 3333 ))
    python3 "$here/one_record.py" "$m" "$dir"
    mkdir -p "$dir/one"
    python3 "$here/one_record.py" 1 "$dir/one"
    "$binary" --db "$dir/one.db" init > /dev/null
    measure "$binary" --db "$dir/one.db" import "$dir/one/claims.jsonl"
    base_kib=$kib
    row "gpuclusters import, one claim" "$seconds" "$peak" ""
    for part in claims citations sources; do
        "$binary" --db "$dir/$part.db" init > /dev/null
        measure "$binary" --db "$dir/$part.db" import "$dir/$part.jsonl"
        size_kib=$(( $(stat -c %s "$dir/$part.jsonl") / 1024 ))
        row "gpuclusters import, one record, $m $part" "$seconds" "$peak" \
            "$(du -h "$dir/$part.jsonl" | cut -f1) file; peak above one claim x$(ratio $(( kib - base_kib )) "$size_kib") the file"
    done
    # A quote longer than any field takes is refused as it is read: the peak stays that of one
    # claim, whatever the quote's size.
    "$binary" --db "$dir/long-quote.db" init > /dev/null
    expect=3 measure "$binary" --db "$dir/long-quote.db" import "$dir/long-quote.jsonl"
    size_kib=$(( $(stat -c %s "$dir/long-quote.jsonl") / 1024 ))
    row "gpuclusters import, one long quote (refused)" "$seconds" "$peak" \
        "$(du -h "$dir/long-quote.jsonl" | cut -f1) file; peak above one claim x$(ratio $(( kib - base_kib )) "$size_kib") the file"
done

# The Epoch site: the 780 clusters of Epoch AI's table (tests/data/epoch), as a site, then again
# after one edit.
echo "== the Epoch site (tests/data/epoch, 780 clusters)"
dir="$work/epoch"
mkdir -p "$dir"
"$binary" --db "$dir/epoch.db" init > /dev/null
"$binary" --db "$dir/epoch.db" import --quiet --mapping "$here/../../db/mappings/epoch-gpu-clusters.toml" \
    "$here/../data/epoch/gpu_clusters.csv" > /dev/null
measure "$binary" --db "$dir/epoch.db" site -o "$dir/site"
row "gpuclusters site, Epoch (new folder)" "$seconds" "$peak" "target < 2 s"
id=$("$binary" --db "$dir/epoch.db" list | awk 'NR == 2 { print $1 }')
"$binary" --db "$dir/epoch.db" add "$id" --set 'interconnect=InfiniBand NDR' --unsourced > /dev/null
measure "$binary" --db "$dir/epoch.db" site -o "$dir/site"
row "gpuclusters site, Epoch (after one edit)" "$seconds" "$peak" "target < 1 s"
rm -rf "$dir"

# One record at the limit of one record (model::max_record_parts, 10,000 parts: 3,333 competing
# claims, each with its source and citation), through every path that holds a record: imported
# from each format that can hold it (JSON Lines, JSON, TOML, CSV long; a wide CSV row holds one
# value a field), exported in each, shown whole, verified, compared with a snapshot and opened in
# edit (an editor that changes nothing). One memory bound covers them all: the largest peak is
# printed last, beside the smallest.
echo "== one record at the limit (9,999 parts)"
dir="$work/limit"
mkdir -p "$dir"
python3 "$here/one_record.py" 3333 "$dir"
"$binary" --db "$dir/limit.db" init > /dev/null
measure "$binary" --db "$dir/limit.db" import "$dir/claims.jsonl"
row "import jsonl, a record at the limit" "$seconds" "$peak" "$(du -h "$dir/claims.jsonl" | cut -f1) file"
peaks=("$peak")
for format in json toml csv-long; do
    case $format in toml) out="$dir/tree" ;; *) out="$dir/limit.$format" ;; esac
    measure "$binary" --db "$dir/limit.db" export --provenance --format "$format" -o "$out"
    row "export $format, a record at the limit" "$seconds" "$peak" ""
    peaks+=("$peak")
    "$binary" --db "$dir/$format.db" init > /dev/null
    case $format in csv-long) args=(--format csv-long "$out") ;; *) args=("$out") ;; esac
    measure "$binary" --db "$dir/$format.db" import "${args[@]}"
    row "import $format, a record at the limit" "$seconds" "$peak" ""
    peaks+=("$peak")
done
measure "$binary" --db "$dir/limit.db" export --provenance --format jsonl -o "$dir/again.jsonl"
row "export jsonl, a record at the limit" "$seconds" "$peak" ""
peaks+=("$peak")
measure "$binary" --db "$dir/limit.db" show --all many-claims
row "show --all, a record at the limit" "$seconds" "$peak" ""
peaks+=("$peak")
measure "$binary" --db "$dir/limit.db" verify --quiet many-claims
row "verify, a record at the limit" "$seconds" "$peak" ""
peaks+=("$peak")
measure "$binary" --db "$dir/limit.db" compare --provenance --against "$dir/again.jsonl"
row "compare --against, a record at the limit" "$seconds" "$peak" ""
peaks+=("$peak")
EDITOR=true measure "$binary" --db "$dir/limit.db" edit many-claims
row "edit, a record at the limit" "$seconds" "$peak" ""
peaks+=("$peak")
sorted=$(printf '%s\n' "${peaks[@]}" | sort -n)
row "a record at the limit, every path" "" "$(tail -1 <<<"$sorted")" "the peak of them all (the least $(head -1 <<<"$sorted") MiB)"
rm -rf "$dir"

# The summary: one row a figure, one column a size, its target (met at every size, or the row says
# MISSED), the growth of the time from the first size to the last against the growth of the
# records, and the change against the baseline at the largest size.
declare -A target=([import-jsonl/sqlite3]=2.00 [import-csv/sqlite-utils]=0.99 [export-json/sqlite3]=1.50
                   [verify-us/record]=20 [import-jsonl-MiB]=63 [verify-MiB]=63)
echo "== summary (ratios are gpuclusters' time over the other tool's on the same rows; targets are at most)"
declare -A baseline_value
if [ -f "$baseline_in" ]; then
    while IFS=$'\t' read -r name size value; do
        [[ -z "$name" || "$name" == \#* ]] || baseline_value["$name $size"]=$value
    done < "$baseline_in"
fi
first=${sizes[0]}
last=${sizes[${#sizes[@]}-1]}
header=$(printf '%-26s' FIGURE)
for n in "${sizes[@]}"; do header+=$(printf ' %10s' "$n"); done
printf '%s %-13s %-26s %s\n' "$header" TARGET "GROWTH x$(ratio "$last" "$first") RECORDS" "AGAINST BASELINE ($last)"
for name in "${figure_names[@]}"; do
    line=$(printf '%-26s' "$name")
    met=met
    for n in "${sizes[@]}"; do
        value=${figure_value["$name $n"]:-}
        line+=$(printf ' %10s' "${value:--}")
        if [ -n "$value" ] && awk -v v="$value" -v t="${target[$name]}" 'BEGIN { exit !(v > t) }'; then met=MISSED; fi
    done
    line+=$(printf ' %-13s' "${target[$name]} $met")
    growth="-"
    if [ "$first" != "$last" ] && [ -n "${figure_seconds["$name $first"]:-}" ] && [ -n "${figure_seconds["$name $last"]:-}" ]; then
        growth=$(awk -v a="${figure_seconds["$name $last"]}" -v b="${figure_seconds["$name $first"]}" -v r="$(ratio "$last" "$first")" \
            'BEGIN { if (b <= 0) b = 0.001; g = a / b; printf "x%.2f time%s", g, (g > r * 1.15 ? " FASTER THAN LINEAR" : "") }')
    fi
    change="-"
    if [ -n "${baseline_value["$name $last"]:-}" ] && [ -n "${figure_value["$name $last"]:-}" ]; then
        change=$(awk -v now="${figure_value["$name $last"]}" -v was="${baseline_value["$name $last"]}" \
            'BEGIN { if (was <= 0) was = 0.001; printf "%s -> %s (%+.0f%%)", was, now, (now / was - 1) * 100 }')
    fi
    printf '%s %-26s %s\n' "$line" "$growth" "$change"
done
if [ -n "$baseline_out" ]; then
    {
        echo "# gpuclusters bench figures: name, records, value (tests/bench/run.sh --write-baseline)"
        echo "# $(date -u +%Y-%m-%d), $(nproc) cores, $("$binary" --version 2>/dev/null | head -1)"
        for name in "${figure_names[@]}"; do
            for n in "${sizes[@]}"; do
                [ -z "${figure_value["$name $n"]:-}" ] || printf '%s\t%s\t%s\n' "$name" "$n" "${figure_value["$name $n"]}"
            done
        done
    } > "$baseline_out.tmp" && mv "$baseline_out.tmp" "$baseline_out"
    echo "(figures written to $baseline_out)"
fi
