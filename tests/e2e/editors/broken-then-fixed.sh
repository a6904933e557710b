#!/bin/sh
# First save a TOML error; when the file comes back with the error on top, fix it.
if grep -q '^# ERROR' "$1"; then
    sed -i 's/^value = "Acme Compute$/value = "Acme Compute"/' "$1"
else
    sed -i 's/^value = "Acme"$/value = "Acme Compute/' "$1"
fi
