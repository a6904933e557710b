#!/bin/sh
# A number changed without its derivation: refused, and the file comes back with the error on
# top (kept in errors-seen.txt for the transcript); the second time the derivation is mended too.
if grep '^# ERROR' "$1" >> errors-seen.txt; then
    sed -i 's/^derivation = "125 x 8"$/derivation = "126 x 8"/' "$1"
else
    sed -i 's/^value = 1000$/value = 1008/' "$1"
fi
