#!/usr/bin/env bash
# A killed TOML export never destroys a record file: export a tree, change every record, then
# start exports into the same folder and kill them with SIGKILL at random moments, KILLS times;
# after each kill every record file is whole, either as it was or as the new export writes it,
# and no file outside the tree was touched.      export_kill.sh BINARY [KILLS] [RECORDS]
set -euo pipefail
binary=$1 kills=${2:-10} records=${3:-3000}
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuclusters-export-kill.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GPUCLUSTERS_DB="$work/kill.db" GPUCLUSTERS_NOW=2026-11-30T12:00:00Z
"$binary" init > /dev/null
list() {  # a CSV of RECORDS records whose names carry $1
    echo "id,name,gpus_installed"
    for i in $(seq 1 "$records"); do echo "k-$i,Record $i ($1),$i"; done
}
list before > "$work/before.csv"
list after > "$work/after.csv"
"$binary" import "$work/before.csv" --source https://example.org/kill --kind other --quiet > /dev/null
tree="$work/tree"
"$binary" export --format toml -o "$tree" > /dev/null
(cd "$tree" && sha256sum -- *.toml) > "$work/old.sums"
[ "$(wc -l < "$work/old.sums")" -eq "$records" ] || { echo "the first export wrote $(wc -l < "$work/old.sums") files"; exit 1; }
"$binary" import "$work/after.csv" --source https://example.org/kill --kind other --quiet > /dev/null
# The sums of the new export, made in a folder of its own.
"$binary" export --format toml -o "$work/new-tree" > /dev/null
(cd "$work/new-tree" && sha256sum -- *.toml) > "$work/new.sums"
cmp -s "$work/old.sums" "$work/new.sums" && { echo "the two exports do not differ"; exit 1; }
touch "$work/outside"
RANDOM=20261201
interrupted=0
for run in $(seq 1 "$kills"); do
    "$binary" export --format toml -o "$tree" > /dev/null 2>&1 &
    pid=$!
    sleep "0.$(( RANDOM % 40 + 2 ))"
    kill -9 "$pid" 2>/dev/null && interrupted=$((interrupted + 1)) || true
    wait "$pid" 2>/dev/null || true
    # Every record file is one of the two whole versions of itself.
    (cd "$tree" && sha256sum -- *.toml) > "$work/now.sums"
    [ "$(wc -l < "$work/now.sums")" -eq "$records" ] || { echo "run $run: $(wc -l < "$work/now.sums") record files"; exit 1; }
    strays=$(sort -u "$work/old.sums" "$work/new.sums" > "$work/known.sums"; sort "$work/now.sums" | comm -23 - "$work/known.sums" | wc -l)
    [ "$strays" -eq 0 ] || { echo "run $run: $strays record files are neither the old nor the new version"; exit 1; }
    [ "$(find "$work" -mindepth 1 -maxdepth 1 -newer "$work/outside" ! -name '*.sums' ! -name tree | wc -l)" -eq 0 ] || {
        echo "run $run: a file outside the tree changed:"; find "$work" -mindepth 1 -maxdepth 1 -newer "$work/outside" ! -name "*.sums" ! -name tree; exit 1; }
done
partials=$(find "$tree" -name '.*.partial' | wc -l)
# A complete export afterwards leaves exactly the new version, and takes away what the killed
# ones left (their processes are gone), but not a file of a writer still running.
touch "$tree/.k-1.toml.$$-feedc0de.partial"
"$binary" export --format toml -o "$tree" > /dev/null
(cd "$tree" && sha256sum -- *.toml) > "$work/final.sums"
cmp -s "$work/final.sums" "$work/new.sums" || { echo "the export after the kills differs from the new version"; exit 1; }
left=$(find "$tree" -name '.*.partial' | wc -l)
[ "$left" -eq 1 ] && [ -e "$tree/.k-1.toml.$$-feedc0de.partial" ] || {
    echo "after a complete export: $left temporary files (1 expected: the live writer's)"; exit 1; }
echo "exports killed $interrupted of $kills: every record file whole each time; the $partials temporary files they left were removed by the next export"
echo "1 passed, 0 failed"
