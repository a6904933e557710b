set -eu
db=$1
sqlite3 "$db" "DROP TRIGGER source_revision_append_only_u; UPDATE source_revision SET accessed = 'soon' WHERE source_id = 1"
