#!/bin/sh
# Sends $SIGNAL to gpuclusters edit, which started this editor, then goes on "editing" for a
# moment: with SIGTERM or SIGHUP the edit ends (and this editor with it); with SIGINT (Ctrl-C,
# which the editor keeps for itself) it goes on, and the change below is written.
kill -s "$SIGNAL" "$PPID"
sleep 1
sed -i 's/^value = "Bern"$/value = "Basel"/' "$1"
