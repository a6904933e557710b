set -eu
db=$1
sqlite3 "$db" "DROP TABLE live_claim; CREATE TABLE live_claim (cluster_id TEXT);"
