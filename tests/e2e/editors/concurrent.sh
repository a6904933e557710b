#!/bin/sh
# While "the editor is open" another editor changes the record; then this one saves a change.
"$GPUCLUSTERS_BIN" add acme-one --set region=Zurich --source https://example.org/spec > /dev/null
sed -i 's/^value = "Acme Compute"$/value = "Acme Corp"/' "$1"
