# gpuclusters check: the derived tables recomputed from the history, SQLite's own checks, and
# --repair; a database restored from `sqlite3 .dump`; foreign and damaged files.
note "a database written by the tool: no problems"
setup init --sample
gc check
gc check --json
note "--repair with nothing to repair writes nothing"
sqlite3 test.db .dump > before.sql
gc check --repair
sqlite3 test.db .dump | cmp - before.sql && echo "test.db unchanged"

note "a claim inserted by hand with sqlite3: the view says one thing, show, list and export another, verify nothing"
sqlite3 test.db "INSERT INTO changeset (created_at, author, message, command) VALUES ('2026-12-01T00:00:00Z', 'mallory', 'by hand', 'sqlite3');
INSERT INTO claim (cluster_id, field, state, value, changeset_id) VALUES ('olcf-frontier', 'gpus_installed', 'set', '99999', (SELECT max(id) FROM changeset));
INSERT INTO claim_rank (claim_id, changeset_id, rank) VALUES ((SELECT max(id) FROM claim), (SELECT max(id) FROM changeset), 'preferred');"
sql "SELECT id, gpus_installed FROM current_cluster WHERE id = 'olcf-frontier'"
gc list --columns gpus_installed --where name=Frontier
gc export --format json --where name=Frontier | grep -E '^\$|"(id|gpus_installed)"'
gc verify olcf-frontier --severity error
note "check finds it: each line names the cluster, the field, the stored value and the claims' value"
gc check
gc check --json
note "--message goes with --repair only"
gc check -m "why"
note "--repair: one transaction; the claim ranked last stays preferred, the other becomes a competing figure"
gc check --repair -m "mend the hand-made claim"
gc check
gc list --columns gpus_installed --where name=Frontier
sql "SELECT id, gpus_installed FROM current_cluster WHERE id = 'olcf-frontier'"
gc log -n 1
sql "SELECT claim_id, rank, reason FROM claim_rank WHERE changeset_id = 3"

note "derived rows edited by hand: every table, repaired without a changeset"
sqlite3 test.db "UPDATE cluster_values SET owner = 'Nobody' WHERE cluster_id = 'cscs-alps';
DELETE FROM live_claim WHERE cluster_id = 'alcf-aurora' AND claim_id = (SELECT min(claim_id) FROM live_claim WHERE cluster_id = 'alcf-aurora');
UPDATE cluster_search SET name = 'Hopper' WHERE cluster_id = 'nersc-perlmutter';
INSERT INTO cluster_values (cluster_id) VALUES ('no-such-cluster');"
gc list --search Hopper
gc check
gc check --repair
gc list --search Hopper
gc list --search Perlmutter --columns name
sql "SELECT count(*) FROM changeset"

note "a backup restored from sqlite3 .dump: refused with a hint, recognised and taken back by check --repair"
sqlite3 test.db .dump | sqlite3 restored.db
sqlite3 restored.db "PRAGMA application_id; PRAGMA user_version"
gc --db restored.db show olcf-frontier
gc --db restored.db add olcf-frontier --set status=operational --unsourced
gc --db restored.db check
gc --db restored.db check --repair
gc --db restored.db check
gc --db restored.db show olcf-frontier | grep -E '^\$|GPUs installed'
sqlite3 restored.db "PRAGMA application_id; PRAGMA user_version"

note "another application's file is refused as always, by check and check --repair too, and left untouched"
sqlite3 other.db "CREATE TABLE cluster (id TEXT); CREATE TABLE claim (x);"
cp other.db other.orig
gc --db other.db check
gc --db other.db check --repair
gc --db other.db show x
cmp other.db other.orig && echo "other.db unchanged"

note "a claim that names a cluster that is not there: SQLite's foreign key check; --repair cannot mend it and writes nothing"
setup --db fk.db init --sample
sqlite3 fk.db "INSERT INTO claim (cluster_id, field, state, value, changeset_id) VALUES ('ghost', 'name', 'set', 'Ghost', 1);"
gc --db fk.db check
gc --db fk.db check --repair

note "a damaged file: check reports SQLite's findings; --repair refuses and writes nothing"
setup --db damaged.db init --sample
page=$(sqlite3 damaged.db "PRAGMA page_size")
root=$(sqlite3 damaged.db "SELECT rootpage FROM sqlite_master WHERE name = 'claim_by_field'")
printf '\015\377\377\377' | dd of=damaged.db bs=1 seek=$(( (root - 1) * page )) conv=notrunc status=none
cp damaged.db damaged.orig
gc --db damaged.db check
gc --db damaged.db check --repair
cmp damaged.db damaged.orig && echo "damaged.db unchanged, its header too"
note "a file too damaged to open: the usual database error"
setup --db corrupt.db init --sample
size=$(stat -c %s corrupt.db)
head -c $((size - 4096)) /dev/zero | tr '\000' '\245' | dd of=corrupt.db bs=4096 seek=1 conv=notrunc status=none
gc --db corrupt.db check
