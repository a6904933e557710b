set -eu
db=$1
sqlite3 "$db" "DROP TABLE cluster_values"
