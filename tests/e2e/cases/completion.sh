# The hidden helper the completion scripts call: words from the data, one a line, and silence
# whenever there is nothing to offer (the scripts print its output into the line being typed).
note "no database: nothing, exit 0, and no file made"
gc __complete ids
gc __complete sources -- 1
ls
note "the catalogues need no database"
gc __complete fields -- gpus
gc __complete rules -- stale
setup init --sample
note "ids and sources from the database, by prefix; --db or GPUCLUSTERS_DB names it"
gc __complete ids -- c
gc __complete sources -- 1
gc --db test.db __complete ids -- bytedance
GPUCLUSTERS_DB=missing.db gc __complete ids
note "an id that breaks the grammar (written by another program) is never offered"
sqlite3 test.db "INSERT INTO cluster (id, changeset_id) VALUES ('cray\$(touch pwned)', 1), ('Upper', 1)" || echo "insert refused"
sql "SELECT id FROM cluster WHERE id NOT GLOB '[a-z0-9]*' OR id GLOB '*[^a-z0-9-]*'"
gc __complete ids -- cr
gc __complete ids -- U
note "not a database, or an empty one: nothing"
echo "not a database" > other.db
gc --db other.db __complete ids
: > empty.db
gc --db empty.db __complete sources
ls
note "a usage error is still one (the scripts ask only for these four kinds)"
gc __complete clusters
