#!/bin/sh
# Adds a key of 50,000 dotted parts: the file comes back with the error on top (kept in
# errors-seen.txt for the transcript), not a crash; the second time the key is taken out.
if grep '^# ERROR' "$1" >> errors-seen.txt; then
    sed -i '/^a\.a\.a/d' "$1"
else
    { yes a. | head -n 49999 | tr -d '\n'; echo 'a = 1'; } >> "$1"
fi
