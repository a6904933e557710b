#!/bin/sh
# A scripted editor: changes gpus_installed, then, before it returns, another writer takes the
# database's write lock for two seconds (the database is $GPUCLUSTERS_DB).
sed -i -e 's/^value = [0-9]*$/value = 1040/' -e 's/^derivation = "[0-9]* x 8"$/derivation = "130 x 8"/' "$1"
( printf 'BEGIN IMMEDIATE;\nINSERT INTO changeset (created_at, author) VALUES (1, 2);\n'; sleep 2; printf 'ROLLBACK;\n' ) |
    sqlite3 "$GPUCLUSTERS_DB" > /dev/null 2>&1 &
sleep 0.5
