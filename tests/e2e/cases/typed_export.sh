# Format 2: numbers are numbers (issue 16), qualifiers and the not-published state in their own
# keys and columns; version 1 files still read; compare --against a values-only export of the
# same database finds no difference.
setup init --sample
ln -s "$SOURCE_DIR/tests/data/epoch/gpu_clusters.csv" gpu_clusters.csv
ln -s "$SOURCE_DIR/db/mappings/epoch-gpu-clusters.toml" epoch-gpu-clusters.toml
setup import --mapping epoch-gpu-clusters.toml gpu_clusters.csv
note "jq sums the counts and the power of the JSON export: the sums the database gives"
"$GPUCLUSTERS_BIN" export --format json > values.json
echo "gpus_installed: jq $(jq '[.. | .gpus_installed? | numbers] | add' values.json), sqlite3 $(sqlite3 "$GPUCLUSTERS_DB" "SELECT sum(gpus_installed) FROM current_cluster")"
echo "power_mw: jq $(jq '[.clusters[].fields.power_mw | numbers] | add' values.json | cut -c1-12), values $(jq '[.clusters[].fields.power_mw | numbers] | length' values.json), strings $(jq '[.clusters[].fields.power_mw | strings] | length' values.json)"
echo "power_mw (exact): $(sqlite3 "$GPUCLUSTERS_DB" "SELECT count(power_mw), count(*) FILTER (WHERE typeof(power_mw) = 'text') FROM current_cluster")"
echo "not published: $(jq '[.clusters[].fields | to_entries[] | select(.key | endswith("_state"))] | length' values.json) state keys"
note "the typed layout of one record in each format"
gc export --format jsonl --where name=Aurora
gc export --format csv --where owner=ByteDance
gc export --format csv --where name=Aurora
gc export --format jsonl --where name=Aurora --provenance
note "compare --against a values-only export of the same database: no difference, in every format"
for format in json jsonl csv; do
    "$GPUCLUSTERS_BIN" export --format $format -o values-only.$format
    gc compare --against values-only.$format
done
"$GPUCLUSTERS_BIN" export --format toml -o values-only-toml
gc compare --against values-only-toml
"$GPUCLUSTERS_BIN" export --format csv-long -o provenance.csv
gc compare --against provenance.csv --format csv-long
"$GPUCLUSTERS_BIN" export --format jsonl --provenance -o provenance.jsonl
gc compare --against provenance.jsonl
note "a changed figure is still a difference"
sed 's/"gpus_installed":12288,/"gpus_installed":12289,/' values-only.jsonl > changed.jsonl
gc compare --against changed.jsonl --fields gpus_installed
note "a version 1 file still imports and compares: values in the input syntax"
cat > v1.jsonl <<'V1'
{"format":"gpuclusters","version":1,"provenance":false}
{"id":"v1-one","fields":{"name":"V1 one","gpus_installed":"1536 x 8","power_mw":"0.327 (estimate: Epoch AI)","city":null}}
V1
setup --db v1.db init
gc --db v1.db import v1.jsonl --unsourced
gc --db v1.db export --format jsonl
gc --db v1.db compare --against v1.jsonl
cat > v1.csv <<'V1'
id,name,gpus_installed,power_mw,city
v1-two,V1 two,10624 x 6,21.1,(not published)
V1
gc --db v1.db import v1.csv --unsourced
gc --db v1.db export --format csv --where "name=V1 two"
note "a decimal is written and read back exactly, never through a double"
setup --db v1.db add v1-two --set power_mw=1234567.12345678 --unsourced
"$GPUCLUSTERS_BIN" --db v1.db export --format jsonl --where "name=V1 two" | grep -o '"power_mw":[^,]*'
"$GPUCLUSTERS_BIN" --db v1.db export --format jsonl > exact.jsonl
gc --db v1.db compare --against exact.jsonl
printf '%s\n' '{"format":"gpuclusters","version":2,"provenance":false}' '{"id":"long","fields":{"power_mw":0.1000000000000000055511}}' > inexact.jsonl
gc --db v1.db import inexact.jsonl --unsourced
gc --db v1.db add v1-two --set power_mw=1.00000000000000001 --unsourced
note "TOML format 2: numbers are TOML numbers, the qualifiers and the state keys of each field's table"
awk '/^\[field\.(gpus_installed|country|power_mw)\]$/,/^$/' values-only-toml/alcf-aurora.toml values-only-toml/bytedance-megascale-ampere.toml
"$GPUCLUSTERS_BIN" --db v1.db export --format toml -o exact-toml
grep -A2 '^\[field.power_mw\]' exact-toml/v1-two.toml
gc --db v1.db compare --against exact-toml
note "a version 1 TOML record (every value a string, not_published = true), as an older gpuclusters wrote it, still reads"
cat > v1-three.toml <<'V1'
# gpuclusters record, format 1 (gpuclusters(5))
format = 1
id = "v1-three"

[field.name]
value = "V1 three"

[field.gpus_installed]
value = "1536 x 8"

[field.city]
not_published = true

[field.power_mw]
value = "0.327 (estimate: Epoch AI)"
V1
setup --db v1-three.db init
gc --db v1-three.db import v1-three.toml --unsourced
gc --db v1-three.db compare --against v1-three.toml
"$GPUCLUSTERS_BIN" --db v1-three.db export --format toml -o v2-tree
cat v2-tree/v1-three.toml
gc --db v1-three.db compare --against v2-tree
note "git merges a version 1 edit into the version 2 file line by line: it reads, or it is refused naming its line, or git stops at a conflict"
sed 's/^value = "V1 three"$/value = "V1 three, renamed"/' v1-three.toml > theirs-name.toml
git merge-file -p v2-tree/v1-three.toml v1-three.toml theirs-name.toml > merged-name.toml || conflicts=$?; echo "git merge-file: ${conflicts:-0} conflicts"; unset conflicts
gc --db v1-three.db import merged-name.toml --unsourced
sed 's/^\[field.city\]$/[field.total_cores]\nvalue = "12,000"\n\n[field.city]/' v1-three.toml > theirs-cores.toml
git merge-file -p v2-tree/v1-three.toml v1-three.toml theirs-cores.toml > merged-cores.toml || conflicts=$?; echo "git merge-file: ${conflicts:-0} conflicts"; unset conflicts
gc --db v1-three.db import merged-cores.toml --unsourced
sed 's/^value = "1536 x 8"$/value = "1536 x 4"/' v1-three.toml > theirs-count.toml
git merge-file -p v2-tree/v1-three.toml v1-three.toml theirs-count.toml > merged-count.toml || conflicts=$?; echo "git merge-file: ${conflicts:-0} conflicts"; unset conflicts
gc --db v1-three.db import merged-count.toml --unsourced
