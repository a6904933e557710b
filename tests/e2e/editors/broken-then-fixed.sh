#!/bin/sh
# First save a TOML error; when the file comes back with the error on top, fix it (and cite the
# new owner).
if grep -q '^# ERROR' "$1"; then
    sed -i 's/^value = "Acme Compute$/value = "Acme Compute"/' "$1"
    awk '{ print } /^value = "Acme Compute"$/ { print "[[field.owner.citation]]"; print "source = \"https://example.org/spec\""; print "quote = \"Acme Compute runs it\"" }' "$1" > "$1.new"
    mv "$1.new" "$1"
else
    sed -i 's/^value = "Acme"$/value = "Acme Compute/' "$1"
fi
