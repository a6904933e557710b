set -eu
db=$1
sqlite3 "$db" "CREATE TRIGGER forge AFTER INSERT ON changeset BEGIN INSERT INTO verification (cluster_id, changeset_id) VALUES ('cscs-alps', NEW.id); END;"
