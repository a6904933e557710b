#!/usr/bin/env bash
# README's list of commands ("Commands: `init`, `add`, ...;") is the binary's, in its order: a
# command added or renamed without the README fails here.
#   check_command_list.sh BINARY README
set -euo pipefail
binary=$1 readme=$2
from_binary=$("$binary" --help | awk '/^Subcommands:/ {on = 1; next} on && /^  [a-z]/ {print $1} on && /^$/ {on = 0}' | paste -sd ' ')
# The paragraph that starts with "Commands:", up to its first ';'.
from_readme=$(awk '/^Commands: / {on = 1} on {print} on && /;/ {exit}' "$readme" | tr '\n' ' ' | sed 's/;.*//' |
    grep -oE '`[a-z_-]+`' | tr -d '`' | paste -sd ' ')
if [ "$from_binary" != "$from_readme" ]; then
    echo "FAIL: $readme lists the commands as: $from_readme"
    echo "      the binary has:                 $from_binary"
    exit 1
fi
echo "README lists the binary's $(wc -w <<<"$from_binary") commands"
