set -eu
db=$1
sqlite3 "$db" "DROP TABLE cluster_values; CREATE TABLE cluster_values (cluster_id TEXT);"
