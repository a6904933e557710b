#!/bin/sh
# Format 2 keys in the editor: the count becomes a bare number (its derivation line deleted), the
# city a figure not published (state, no value), and a power is added as a TOML float with its
# basis and estimator.
awk '/^\[/ { table = $0 }
     table == "[field.gpus_installed]" && /^derivation = / { next }
     table == "[field.gpus_installed]" && /^value = / { print "value = 1000"; next }
     { print }
     END { print "[field.city]"; print "state = \"not_published\""
           print "[field.power_mw]"; print "value = 0.327"; print "basis = \"estimate\""; print "estimator = \"Epoch AI\"" }' "$1" > "$1.new"
mv "$1.new" "$1"
