#!/usr/bin/env bash
# Every subcommand the binary lists has a man page with the required sections, every page passes
# `groff -man -ww -z` silently, and every subcommand answers --help.
#   check_man_pages.sh BINARY MAN_DIR
set -uo pipefail
binary=$1 man_dir=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

commands=$("$binary" --help | awk '/^Subcommands:/ {listing = 1; next} listing && /^  [a-z]/ {print $1} listing && /^$/ {listing = 0}')
[ -n "$commands" ] || fail "no subcommands found in --help"

# Every global option --help lists is in gpuclusters(1)'s SYNOPSIS (help and version have their
# own lines there).
synopsis=$(awk '/^\.SH SYNOPSIS/ {on = 1; next} on && /^\.SH / {exit} on' "$man_dir/gpuclusters.1" | sed 's/\\-/-/g')
for option in $("$binary" --help | awk '/^Options:/ {listing = 1; next} listing && /^$/ {listing = 0} listing' |
    grep -oE '^  (-[a-zA-Z],)?--[a-z-]+' | grep -oE -- '--[a-z-]+'); do
    grep -qF -- "$option" <<<"$synopsis" || fail "gpuclusters.1: SYNOPSIS lacks the global option $option"
done

pages=("$man_dir/gpuclusters.1")
for command in $commands; do
    pages+=("$man_dir/gpuclusters-$command.1")
    "$binary" "$command" --help 2>&1 | grep -q "^Usage: gpuclusters $command" || fail "$command --help"
done

for page in "${pages[@]}"; do
    if [ ! -f "$page" ]; then
        fail "missing $page"
        continue
    fi
    warnings=$(groff -man -ww -z "$page" 2>&1)
    [ -z "$warnings" ] || fail "$page: groff says: $warnings"
    for section in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" EXAMPLES "SEE ALSO"; do
        grep -Eq "^\.SH \"?$section\"?\$" "$page" || fail "$page has no $section section"
    done
done

echo "man pages checked: ${#pages[@]}"
[ "$failures" -eq 0 ]
