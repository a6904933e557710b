set -eu
db=$1
sqlite3 "$db" "DROP TRIGGER claim_append_only_u; CREATE TRIGGER claim_append_only_u BEFORE UPDATE ON claim BEGIN SELECT 1; END;"
