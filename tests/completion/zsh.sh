#!/usr/bin/env bash
# The script `gpuclusters completion zsh` writes, installed as zsh finds it (a _gpuclusters file
# on fpath, loaded by compinit), in an interactive zsh in tmux: what Tab inserts and lists, and
# not a word of error (each check reads the whole screen, so an "unrecognized modifier" fails it).        zsh.sh BINARY
set -uo pipefail
source "$(dirname "$0")/common.sh" zsh "$1"
mkdir "$scratch/functions"
mv "$scratch/script" "$scratch/functions/_gpuclusters"

tmux_start zsh -f -i
tmux_setup '%' "PS1='%% '; fpath=($scratch/functions \$fpath); autoload -Uz compinit && compinit -u -D"
tmux_type "subcommand" '% gpuclusters show' 'gpuclusters sh' Tab
tmux_type "nested subcommand" '% gpuclusters sources check' 'gpuclusters sources ch' Tab
tmux_type "option value, a set" $'% gpuclusters export --format\ncsv       csv-long  json      jsonl     toml' 'gpuclusters export --format ' Tab
tmux_type "option value, IsMember" $'% gpuclusters rank alcf-aurora gpus_installed\ndeprecated  normal      preferred' 'gpuclusters rank alcf-aurora gpus_installed ' Tab
tmux_type "file names" '% gpuclusters import snapshot.jsonl' 'gpuclusters import sn' Tab
tmux_type "file names, --db=" '% gpuclusters --db=test.db' 'gpuclusters --db=te' Tab
tmux_type "cluster ids" $'% gpuclusters --db test.db show c\ncineca-leonardo  cscs-alps' 'gpuclusters --db test.db show c' Tab
tmux_type "cluster id, unique" '% gpuclusters --db test.db show bytedance-megascale-ampere' 'gpuclusters --db test.db show by' Tab
tmux_type "cluster ids, no database: nothing" '% gpuclusters show by' 'gpuclusters show by' Tab
tmux_type "fields, FIELD=VALUE" '% gpuclusters list --where gpus_installed=' 'gpuclusters list --where gpus_i' Tab
tmux_type "rules" '% gpuclusters verify --explain stale-sources' 'gpuclusters verify --explain stale' Tab
tmux_type "options" $'% gpuclusters show --a\n--all     -- also show deprecated claims\n--as-of   -- the record as of a changeset number, date or timestamp\n--author  -- author of the changeset (default: $GPUCLUSTERS_AUTHOR, else login)' 'gpuclusters show --a' Tab
tmux_type "an option both the command and the program have, offered once" $'% gpuclusters init -\n--author        -- author of the changeset (default: $GPUCLUSTERS_AUTHOR, else login)\n--color         -- colour on stdout: auto (a terminal, NO_COLOR unset, TERM not dumb), always, never\n--db            -- database file (default: $GPUCLUSTERS_DB, else ./gpuclusters.db)\n--help      -h  -- Print this help message and exit\n--json          -- print JSON on stdout\n--message   -m  -- changeset message for the sample\n--no-pager      -- never page long output (default on a terminal: $GPUCLUSTERS_PAGER, else $PAGER, else less -FRX)\n--quiet     -q  -- no warnings on stderr\n--sample        -- load the bundled sample records (db/sample/) in one changeset\n--version   -V  -- Display program version information and exit\n--wide          -- keep table cells whole (default on a terminal: fit its width, cut cells with …)' 'gpuclusters init -' Tab
finish
