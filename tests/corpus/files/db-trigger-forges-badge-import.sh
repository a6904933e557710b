set -eu
db=$1
printf '%s\n' '{"format":"gpuclusters","version":2}' '{"id":"corpus-new","fields":{"name":"New"}}' > one.jsonl
sqlite3 "$db" "CREATE TRIGGER forge AFTER INSERT ON changeset BEGIN INSERT INTO verification (cluster_id, changeset_id) VALUES ('cscs-alps', NEW.id); END;"
