#!/bin/sh
# Puts a link to victim.txt, which holds bad TOML, where the file was: edit must neither read
# through it nor write its error line through it.
printf 'broken = = toml\n' > victim.txt
rm -f "$1"
ln -s "$PWD/victim.txt" "$1"
