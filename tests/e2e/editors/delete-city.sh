#!/bin/sh
# Delete the [field.city] table: the field becomes unknown.
awk '/^\[field.city\]$/ { skip = 1; next } /^\[field\./ { skip = 0 } !skip' "$1" > "$1.new"
mv "$1.new" "$1"
