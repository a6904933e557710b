#!/bin/sh
# A scripted editor: one new value (gpus_installed, a number and the derivation that makes it,
# with the quote that backs it) and one new citation (on owner).
sed -i -e 's/^value = 800$/value = 960/' -e 's/^derivation = "100 x 8"$/derivation = "120 x 8"/' "$1"
awk '{ print }
     /^\[field.owner\]$/ { owner = 1 }
     /^\[field.gpus_installed\]$/ { count = 1 }
     owner && /^value = / { print "[[field.owner.citation]]"; print "source = \"https://example.org/spec\""; print "quote = \"Acme operates Acme One\""; owner = 0 }
     count && /^derivation = / { print "[[field.gpus_installed.citation]]"; print "source = \"https://example.org/spec\""; print "quote = \"120 nodes x 8 GPUs\""; count = 0 }' "$1" > "$1.new"
mv "$1.new" "$1"
