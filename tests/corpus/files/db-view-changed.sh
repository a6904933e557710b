set -eu
db=$1
sqlite3 "$db" "DROP VIEW current_source; CREATE VIEW current_source AS SELECT * FROM source_revision"
