set -eu
db=$1
sqlite3 "$db" "CREATE VIEW mine AS SELECT id FROM cluster"
