#!/bin/sh
# While "the editor is open" another command moves the record to Bern; then this one saves a change.
"$GPUCLUSTERS_BIN" add acme-one --set region=Bern --source https://example.org/spec > /dev/null
sed -i 's/^value = "Acme Compute"$/value = "Acme Corp"/' "$1"
