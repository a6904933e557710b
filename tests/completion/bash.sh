#!/usr/bin/env bash
# The script `gpuclusters completion bash` writes, called as bash calls it (COMP_WORDS split at
# COMP_WORDBREAKS, COMP_LINE, COMP_POINT), then in an interactive bash in tmux.   bash.sh BINARY
set -uo pipefail
source "$(dirname "$0")/common.sh" bash "$1"

# offers LINE: what _gpuclusters puts in COMPREPLY for the cursor at the end of LINE, sorted.
offers() {
    bash --norc --noprofile -c '
        source "$1"
        COMP_LINE=$2 COMP_POINT=${#2}
        # Words as readline splits them: at blanks, and around the break characters = and :.
        read -ra COMP_WORDS <<< "$(sed "s/[=:]/ & /g" <<< "$2")"
        [[ $2 == *[[:blank:]=:] ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        _gpuclusters
        printf "%s\n" "${COMPREPLY[@]}"' bash "$scratch/script" "$1" | sed '/^$/d' | LC_ALL=C sort
}
check_common_words
check "file names, --db" "$(offers 'gpuclusters --db te')" "test.db"
check "file names, --db= (bash completes after the =)" "$(offers 'gpuclusters --db=te')" "test.db"
check "an option both the command and the program have, offered once" "$(offers 'gpuclusters init -')" $'--author\n--color\n--db\n--help\n--json\n--message\n--no-pager\n--quiet\n--sample\n--version\n--wide\n-V\n-h\n-m\n-q'
check "no files where none is expected" "$(offers 'gpuclusters fields sn')" ""
check "cluster ids, --db" "$(offers 'gpuclusters --db test.db show c')" $'cineca-leonardo\ncscs-alps'
check "cluster ids, --db=" "$(offers 'gpuclusters --db=test.db blame o')" "olcf-frontier"
check "cluster ids, no database" "$(offers 'gpuclusters show c')" ""
check "cluster ids, GPUCLUSTERS_DB" "$(GPUCLUSTERS_DB=test.db offers 'gpuclusters compare alcf-aurora c')" $'cineca-leonardo\ncscs-alps'
check "fields, FIELD=VALUE" "$(offers 'gpuclusters list --where gpus_i')" "gpus_installed="
check "fields, a list" "$(offers 'gpuclusters compare --fields name,gpus_')" "name,gpus_installed"
check "fields, positional" "$(offers 'gpuclusters cite alcf-aurora gpus_i')" "gpus_installed"
check "rules" "$(offers 'gpuclusters verify --rule stale')" "stale-sources"
check "sources" "$(offers 'gpuclusters --db test.db sources show 2')" $'2\n20\n21\n22\n23'

# The real thing: readline splits the line and inserts what the function offers.
tmux_start bash --norc --noprofile -i
tmux_setup '$' "PS1='$ '; source $scratch/script"
tmux_type "interactive: subcommand" '$ gpuclusters show' 'gpuclusters sh' Tab
tmux_type "interactive: file name" '$ gpuclusters import snapshot.jsonl' 'gpuclusters import sn' Tab
tmux_type "interactive: cluster id" '$ gpuclusters --db test.db show bytedance-megascale-ampere' 'gpuclusters --db test.db show by' Tab
tmux_type "interactive: FIELD= after --where=" '$ gpuclusters list --where=gpus_installed=' 'gpuclusters list --where=gpus_i' Tab
tmux_type "interactive: a list of values" $'$ gpuclusters export --format\ncsv       csv-long  json      jsonl     toml\n$ gpuclusters export --format' 'gpuclusters export --format ' Tab Tab
finish
