setup init
setup add acme-one --name "Acme One" --set owner=Acme --set gpus_installed=1,000 \
   --source https://example.org/spec --kind operator --quote "1,000 GPUs"
gc show acme-one > before.txt
note "a multi-field add, then its revert: the record page is back byte for byte"
gc add acme-one --set gpus_installed="256 x 8" --set status=operational --set country=DE \
   --source https://example.org/news --kind press --quote "256 nodes x 8" -m "update from the news"
gc revert 2 --dry-run
sql "SELECT count(*) FROM changeset"
gc revert 2
gc show acme-one > after.txt
cmp before.txt after.txt && echo "show output identical to before changeset 2"
sql "SELECT count(*) FROM claim; SELECT count(*) FROM changeset"
gc log -n 1
note "the revert can itself be reverted"
gc revert 3
gc show acme-one
note "a revert is refused, naming the fields, when a later changeset changed them"
setup add acme-one --set owner="Acme Corp" --source 1 --quote "Acme Corp"
note "the search index follows the change: the new owner is found"
gc list --search "corp"
gc revert 1
sql "SELECT count(*) FROM changeset"
note "--force puts the fields back as they were before: here, before the cluster existed"
gc revert 1 --force
gc show acme-one
gc list
note "a removed cluster is not found by a search"
gc list --search "acme"
note "adding the id again brings the cluster back"
gc add acme-one --name "Acme One" --source 1
gc show acme-one
gc list --search "acme"
note "after removals and returns, cluster_values still agrees with the history"
latest=$(sqlite3 "$GPUCLUSTERS_DB" "SELECT max(id) FROM changeset")
"$GPUCLUSTERS_BIN" export --format jsonl > current.jsonl
"$GPUCLUSTERS_BIN" export --format jsonl --as-of "$latest" > history.jsonl
cmp current.jsonl history.jsonl && echo "cluster_values and the history agree"
note "bad changesets"
gc revert 99
gc revert abc
gc revert 0
sql "SELECT count(*) FROM changeset"
note "a removed cluster stays out of cluster_values and the search index when a later revert ranks its claims"
setup init --db removed.db
setup --db removed.db add k-one --name "K One" --source https://example.org/a --kind operator --quote "K One"
setup --db removed.db add l-one --name "L One" --source https://example.org/a --quote "L One"
printf '{"id":"k-one","fields":{"name":"K Two"}}\n{"id":"l-one","fields":{"name":"L Two"}}\n' > two.jsonl
setup --db removed.db import two.jsonl --source https://example.org/b --kind press
setup --db removed.db revert 1 --force
setup --db removed.db revert 3 --force
gc --db removed.db export --format jsonl
"$GPUCLUSTERS_BIN" --db removed.db export --format jsonl > current.jsonl
"$GPUCLUSTERS_BIN" --db removed.db export --format jsonl --as-of 5 > history.jsonl
cmp current.jsonl history.jsonl && echo "cluster_values and the history agree"
sqlite3 removed.db "SELECT cluster_id FROM cluster_search ORDER BY cluster_id"
