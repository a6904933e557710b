#!/usr/bin/env bash
# The layering of ARCHITECTURE.md, checked over the #include lines and a few calls:
#   - each layer includes only the layers below it (the table below);
#   - only store/ includes SQLite;
#   - only render/ and main.cpp write to the standard streams;
#   - only the ledger's change engine (src/ledger/change*.cpp) calls the store's writes;
#   - commands call no method of the store (they hand it to the ledger).
#   check_layers.sh SOURCE_DIR          check, exit 1 naming every crossing
#   check_layers.sh SOURCE_DIR --graph  print the include graph between layers (edges, counts)
set -euo pipefail
root=$1
cd "$root"

# A layer and those it may include (itself always).
declare -A allowed=(
    [embedded]=""
    [model]="embedded"
    [store]="model embedded"
    [rules]="model embedded"
    [formats]="model rules embedded"
    [ledger]="model store rules formats embedded"
    [render]="model rules ledger embedded"
    [commands]="model store rules formats ledger render"
    [main]="commands"
)

layer_of_file() {
    case $1 in
        src/main.cpp) echo main ;;
        src/embedded_data.hpp) echo embedded ;;
        include/gpuclusters/*/*) echo "$1" | cut -d/ -f3 ;;
        src/*/*) echo "$1" | cut -d/ -f2 ;;
        *) echo unknown ;;
    esac
}

layer_of_include() {
    case $1 in
        embedded_data.hpp) echo embedded ;;
        gpuclusters/*/*) echo "$1" | cut -d/ -f2 ;;
        */*) echo "$1" | cut -d/ -f1 ;;
        *) echo local ;;
    esac
}

files=$(find src include -name '*.hpp' -o -name '*.cpp' | sort)
edges=""
problems=0
fail() {
    echo "$1"
    problems=$((problems + 1))
}

for file in $files; do
    from=$(layer_of_file "$file")
    [ "$from" = unknown ] && fail "$file: in no layer (ARCHITECTURE.md lists the folders)"
    while IFS=: read -r line include; do
        to=$(layer_of_include "$include")
        [ "$to" = local ] && to=$from
        [ "$to" = "$from" ] && continue
        edges+="$from -> $to"$'\n'
        if [[ " ${allowed[$from]:-} " != *" $to "* ]]; then
            fail "$file:$line: $from includes $include ($to): not allowed (ARCHITECTURE.md)"
        fi
    done < <(grep -n '^#include "' "$file" | sed -E 's/^([0-9]+):#include "([^"]+)".*/\1:\2/')
done

if [ "${2:-}" = --graph ]; then
    printf '%s' "$edges" | sort | uniq -c | awk '{ printf "%-10s -> %-10s %3d\n", $2, $4, $1 }'
    exit 0
fi

# SQLite is spoken in store/ alone.
while IFS= read -r hit; do
    fail "$hit: SQLite outside store/"
done < <(grep -nE '#include <(sqlite3\.h|SQLiteCpp/)' $files | grep -vE '^(src|include/gpuclusters)/store/' || true)

# Only render/ and main.cpp write to the standard streams; commands hand their streams to render.
while IFS= read -r hit; do
    fail "$hit: writes to a standard stream outside render/"
done < <(grep -nE 'std::(cout|cerr|clog)|\b(printf|puts|fputs|fprintf|perror)\(|\bwrite\((1|2|STDOUT_FILENO|STDERR_FILENO)\b' $files \
    | grep -vE '^(src/render/|src/main\.cpp)' || true)
while IFS= read -r hit; do
    fail "$hit: a command prints itself instead of calling render/"
done < <(grep -nE '\b(out|err)\s*<<|output\.(out|err)\s*<<' src/commands/*.cpp || true)

# One write path: the store's writes are called by the change engine alone.
while IFS= read -r hit; do
    fail "$hit: a write outside the ledger's change engine"
done < <(grep -nE '\.(insert_[a-z_]+|with_write_transaction|with_savepoint|rebuild_derived_tables|take_back_restored)\(' $files \
    | grep -vE '^(src/store/|include/gpuclusters/store/|src/ledger/change(_records|_fields)?\.cpp:)' || true)

# Commands hand the store to the ledger and call none of its methods.
while IFS= read -r hit; do
    fail "$hit: a command calls the store itself"
done < <(grep -nE 'store\(\)\s*(\.|->)\s*[a-z_]+\(|database\s*->' src/commands/*.cpp | grep -v '^src/commands/cli\.cpp' || true)

if [ "$problems" -gt 0 ]; then
    echo "check_layers: $problems crossing(s)"
    exit 1
fi
echo "check_layers: $(echo "$files" | wc -l) files, every include and call within the layering"
