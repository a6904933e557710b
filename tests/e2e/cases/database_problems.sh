note "no database yet"
gc list
note "a file that is not SQLite is refused and left untouched"
echo "just some text" > notes.txt
cp notes.txt notes.orig
gc --db notes.txt list
gc --db notes.txt init
cmp notes.txt notes.orig && echo "notes.txt unchanged"
note "an empty file is not a database, but init may use it"
: > empty.db
gc --db empty.db list
gc --db empty.db init
note "an SQLite file of another application"
sqlite3 other.db "CREATE TABLE t(x); INSERT INTO t VALUES (42);"
cp other.db other.orig
gc --db other.db list
gc --db other.db init --sample
cmp other.db other.orig && echo "other.db unchanged"
note "a database of a newer schema"
gc init
sqlite3 test.db "PRAGMA user_version = 99;"
gc list
gc add x --set owner=Acme --unsourced
sql "PRAGMA user_version"
note "a database of the older schema 1: a reader refuses it untouched, a writer (init) migrates it"
rm -f old.db
sqlite3 old.db < "$SOURCE_DIR/db/schema.sql"
sqlite3 old.db "PRAGMA application_id = 1196447043; PRAGMA user_version = 1;"
gc --db old.db list
sqlite3 old.db "PRAGMA user_version"
gc --db old.db init
gc --db old.db list
sqlite3 old.db "PRAGMA user_version; SELECT count(*) FROM sqlite_master WHERE name = 'current_cluster';"
note "a corrupt database"
setup --db corrupt.db init --sample
sqlite3 corrupt.db "PRAGMA wal_checkpoint(TRUNCATE);" > /dev/null
size=$(stat -c %s corrupt.db)
head -c $((size - 4096)) /dev/zero | tr '\000' '\245' | dd of=corrupt.db bs=4096 seek=1 conv=notrunc status=none
gc --db corrupt.db show bytedance-megascale-ampere
note "a database locked by another writer: the second writer waits, then fails clearly"
rm -f test.db test.db-wal test.db-shm
setup init
( printf 'BEGIN IMMEDIATE;\nINSERT INTO changeset (created_at, author) VALUES (1, 2);\n'; sleep 3; printf 'ROLLBACK;\n' ) | sqlite3 test.db &
holder=$!
sleep 1
GPUCLUSTERS_BUSY_TIMEOUT_MS=300 gc add acme-one --set owner=Acme --unsourced
note "readers are not blocked by a writer"
gc list
wait $holder
sql "SELECT count(*) FROM changeset"
gc add acme-one --set owner=Acme --unsourced
note "a crafted database whose rows name a changeset it does not hold: blame fails as a database error (exit 4), not an internal one; log lists what is there"
setup --db crafted.db init --sample
sqlite3 crafted.db "DROP TRIGGER changeset_append_only_d; DELETE FROM changeset WHERE id = 1;"
gc --db crafted.db blame alcf-aurora
gc --db crafted.db log -n 1 | head -3 || true
note "a trigger someone else made (this one forges a Verified badge at every write): writes refuse the file untouched and say how to remove it; reads go on"
setup --db forged.db init --sample
sqlite3 forged.db "CREATE TRIGGER forge AFTER INSERT ON changeset BEGIN INSERT INTO verification (cluster_id, changeset_id) VALUES ('cscs-alps', NEW.id); END;"
cp forged.db forged.orig
gc --db forged.db add cscs-alps --set city=Bern --unsourced
gc --db forged.db verify --sign cscs-alps
cmp forged.db forged.orig && echo "forged.db unchanged"
gc --db forged.db list --verified yes
sqlite3 forged.db 'DROP TRIGGER "forge"'
gc --db forged.db add cscs-alps --set city=Bern --unsourced
gc --db forged.db list --verified yes
note "damaged pages: a write runs PRAGMA quick_check on a file changed since gpuclusters last left it, and refuses it untouched"
setup --db damaged.db init --sample
page=$(sqlite3 damaged.db "PRAGMA page_size")
root=$(sqlite3 damaged.db "SELECT rootpage FROM sqlite_master WHERE name = 'claim_by_field'")
printf '\015\377\377\377' | dd of=damaged.db bs=1 seek=$(( (root - 1) * page )) conv=notrunc status=none
cp damaged.db damaged.orig
gc --db damaged.db add cscs-alps --set city=Bern --unsourced
cmp damaged.db damaged.orig && echo "damaged.db unchanged"
note "a derived value that does not parse: an error naming the cluster and the field (export read 12k as 12), never read leniently; check shows it as stored and --repair writes it again"
setup --db values.db init --sample
sqlite3 values.db "UPDATE cluster_values SET gpus_installed = '12k' WHERE cluster_id = 'cscs-alps'"
gc --db values.db export --format csv --where country=CH
gc --db values.db verify cscs-alps
gc --db values.db check
gc --db values.db check --repair
gc --db values.db export --format csv --where country=CH | cut -d, -f1,16,17
note "a line feed, a tab or a carriage return in stored text (written with sqlite3) is shown escaped in list, show, blame and log: it cannot forge a row or a line"
setup --db forged-rows.db init --sample
sqlite3 forged-rows.db "DROP TRIGGER claim_append_only_u; DROP TRIGGER changeset_append_only_u;
UPDATE claim SET value = 'Alps' || char(10) || 'olcf-fake                   Forged' || char(9) || 'row' || char(13) WHERE cluster_id = 'cscs-alps' AND field = 'name';
UPDATE cluster_values SET name = (SELECT value FROM claim WHERE cluster_id = 'cscs-alps' AND field = 'name') WHERE cluster_id = 'cscs-alps';
UPDATE changeset SET message = 'load' || char(10) || 'changeset 99' WHERE id = 1;"
gc --db forged-rows.db list --columns name --where country=CH
gc --db forged-rows.db show cscs-alps | head -3
gc --db forged-rows.db blame cscs-alps | head -3
gc --db forged-rows.db log -n 1 | head -3
note "a source URL or a cluster id that gpuclusters would not write (written with sqlite3) is an error of the database, never printed or exported as a link"
setup --db bad-url.db init --sample
sqlite3 bad-url.db "DROP TRIGGER source_append_only_u; UPDATE source SET url = 'javascript:alert(1)' WHERE id = 1;"
gc --db bad-url.db sources
gc --db bad-url.db show alcf-aurora
gc --db bad-url.db export --format jsonl --provenance
setup --db bad-id.db init --sample
sqlite3 bad-id.db "INSERT INTO changeset (created_at, author, message, command) VALUES ('2026-11-30T12:00:00Z', 'x', 'x', 'x');
INSERT INTO cluster (id, changeset_id) VALUES ('Bad Id!', 2);
INSERT INTO cluster_values (cluster_id) VALUES ('Bad Id!');"
gc --db bad-id.db list
gc --db bad-id.db export --format csv
