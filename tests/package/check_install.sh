#!/usr/bin/env bash
# `cmake --install` puts the binary, every man page (gzip-compressed), the copyright file and the
# three completion scripts in place, and the installed binary runs.      check_install.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 source=$2
prefix=$(mktemp -d "${TMPDIR:-/tmp}/gpuclusters-install.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" > /dev/null
missing=0
for page in "$source"/man/*.1; do
    [ -f "$prefix/share/man/man1/$(basename "$page").gz" ] || { echo "missing man page $(basename "$page")"; missing=1; }
done
for file in bin/gpuclusters share/man/man5/gpuclusters.5.gz share/doc/gpuclusters/copyright share/bash-completion/completions/gpuclusters \
            share/zsh/vendor-completions/_gpuclusters share/fish/vendor_completions.d/gpuclusters.fish; do
    [ -f "$prefix/$file" ] || { echo "missing $file"; missing=1; }
done
"$prefix/bin/gpuclusters" --version
bash -n "$prefix/share/bash-completion/completions/gpuclusters"
# The completion knows every subcommand the binary lists.
for command in $("$prefix/bin/gpuclusters" --help | awk '/^Subcommands:/ {on = 1; next} on && /^  [a-z]/ {print $1}'); do
    grep -q "'$command:" "$prefix/share/bash-completion/completions/gpuclusters" || { echo "completion lacks $command"; missing=1; }
done
[ "$missing" = 0 ]
echo "1 passed, 0 failed"
