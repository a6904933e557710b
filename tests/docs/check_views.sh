#!/usr/bin/env bash
# Every column of every view of a database the binary makes is named in gpuclusters(5)'s Views
# section: the view as the tag of a `.TP` entry, each of its columns as a tag (`.B COLUMN` on a
# line of its own) in the list that follows it, up to its `.RE`. Every table is named, as a tag,
# in its Tables section (FTS5's own tables of an index aside).
#   check_views.sh BINARY MAN_PAGE_5
set -euo pipefail
binary=$1 page=$2
scratch=$(mktemp -d "${TMPDIR:-/tmp}/gpuclusters-views.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
export XDG_CACHE_HOME="$scratch/cache" GPUCLUSTERS_NOW=2026-11-30T12:00:00Z GPUCLUSTERS_AUTHOR=tester
"$binary" --db "$scratch/views.db" init >/dev/null

# The section, as roff.
section=$(awk '/^\.SS "?Views"?$/ {on = 1; next} on && /^\.S[HS] / {exit} on' "$page")
[ -n "$section" ] || { echo "FAIL: $page has no .SS Views section"; exit 1; }

failures=0 columns=0
views=$(sqlite3 "$scratch/views.db" "SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY name")
[ -n "$views" ] || { echo "FAIL: the database has no views"; exit 1; }
for view in $views; do
    # The view's entry: a `.TP` whose tag is `.B VIEW`, to the `.RE` that ends its column list.
    entry=$(awk -v view="$view" '
        on {print; if ($0 ~ /^\.RE/) exit; next}
        prev == ".TP" && $0 == ".B " view {on = 1; print}
        {prev = $0}' <<<"$section")
    if [ -z "$entry" ]; then
        echo "FAIL: view $view is not named in $page (Views)"
        failures=$((failures + 1))
        continue
    fi
    for column in $(sqlite3 "$scratch/views.db" "SELECT name FROM pragma_table_info('$view')"); do
        columns=$((columns + 1))
        grep -qxF -- ".B $column" <<<"$entry" ||
            { echo "FAIL: column $view.$column is not named in $page (Views)"; failures=$((failures + 1)); }
    done
done
tables_section=$(awk '/^\.SS "?Tables"?$/ {on = 1; next} on && /^\.S[HS] / {exit} on' "$page")
[ -n "$tables_section" ] || { echo "FAIL: $page has no .SS Tables section"; exit 1; }
tables=$(sqlite3 "$scratch/views.db" "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\'
    AND name NOT IN (SELECT name || suffix FROM sqlite_master, (SELECT '_config' AS suffix UNION ALL SELECT '_content'
        UNION ALL SELECT '_data' UNION ALL SELECT '_docsize' UNION ALL SELECT '_idx') WHERE sql LIKE 'CREATE VIRTUAL TABLE%')
    ORDER BY name")
for table in $tables; do
    grep -qxF -- ".B $table" <<<"$tables_section" ||
        { echo "FAIL: table $table is not named in $page (Tables)"; failures=$((failures + 1)); }
done
echo "views checked: $(printf '%s\n' "$views" | wc -l), columns: $columns, tables: $(printf '%s\n' "$tables" | wc -l), missing: $failures"
[ "$failures" -eq 0 ]
