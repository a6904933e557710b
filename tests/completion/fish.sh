#!/usr/bin/env bash
# fish's own completion engine (complete -C) on the script `gpuclusters completion fish` writes.
#   fish.sh BINARY
set -uo pipefail
source "$(dirname "$0")/common.sh" fish "$1"

# offers LINE: what fish offers after LINE, one word a line (descriptions cut), sorted.
offers() {
    fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$scratch/script" "$1" 2>&1 | cut -f1 | LC_ALL=C sort
}
check_common_words
check "file names, --db=" "$(offers 'gpuclusters --db=te')" "--db=test.db"
check "no files where none is expected" "$(offers 'gpuclusters fields sn')" ""
check "cluster ids, --db" "$(offers 'gpuclusters --db test.db show c')" $'cineca-leonardo\ncscs-alps'
check "cluster ids, no database" "$(offers 'gpuclusters show c')" ""
check "cluster ids, GPUCLUSTERS_DB" "$(GPUCLUSTERS_DB=test.db offers 'gpuclusters compare alcf-aurora c')" $'cineca-leonardo\ncscs-alps'
check "fields, FIELD=VALUE" "$(offers 'gpuclusters list --where gpus_i')" "gpus_installed="
check "fields, a list" "$(offers 'gpuclusters compare --fields name,gpus_')" "name,gpus_installed"
check "rules" "$(offers 'gpuclusters verify --explain stale')" "stale-sources"
check "sources" "$(offers 'gpuclusters --db test.db sources show 2')" $'2\n20\n21\n22\n23'
finish
