setup init --sample
note "history with competing and deprecated claims, a not-published value and an estimate"
setup add cscs-alps --set gpus_installed=11,000 --keep-previous --source https://example.org/press --kind press --quote "11,000 GPUs"
setup rank cscs-alps gpus_installed deprecated --value 11000 --reason "press total"
setup add cscs-alps --set power_mw="20 (estimate: Epoch AI)" --set 'interconnect==HYPERLINK("http://evil.example")' --source https://example.org/estimate --kind estimate --quote "20 MW"
note "the current values (cluster_values, kept at each write) export the bytes the history gives as of now"
latest=$(sqlite3 "$GPUCLUSTERS_DB" "SELECT max(id) FROM changeset")
for format in json jsonl csv; do
    "$GPUCLUSTERS_BIN" export --format $format > current.$format
    "$GPUCLUSTERS_BIN" export --format $format --as-of "$latest" > history.$format
    cmp current.$format history.$format && echo "$format: cluster_values and the history agree"
done
note "every format round-trips: export, import into an empty database, export again: the same bytes"
for format in json jsonl csv csv-long; do
    for provenance in "" --provenance; do
        name=out-$format$provenance
        # A values-only export (and the wide CSV table, always) carries no sources: reading it back
        # writes values without one.
        unsourced=--unsourced; [ -n "$provenance" ] && [ $format != csv ] && unsourced=
        "$GPUCLUSTERS_BIN" export --format $format $provenance -o $name.first
        setup --db $name.db init
        setup --db $name.db import --format $format $name.first $unsourced
        "$GPUCLUSTERS_BIN" --db $name.db export --format $format $provenance -o $name.second
        cmp $name.first $name.second && echo "$format $provenance: identical ($(wc -c < $name.first) bytes)"
    done
done
for provenance in "" --provenance; do
    unsourced=--unsourced; [ -n "$provenance" ] && unsourced=
    "$GPUCLUSTERS_BIN" export --format toml $provenance -o toml$provenance.first
    setup --db toml$provenance.db init
    setup --db toml$provenance.db import toml$provenance.first $unsourced
    "$GPUCLUSTERS_BIN" --db toml$provenance.db export --format toml $provenance -o toml$provenance.second
    diff -r toml$provenance.first toml$provenance.second && echo "toml $provenance: identical ($(ls toml$provenance.first | wc -l) files)"
done
note "with provenance nothing of the current state is lost: the record pages agree"
"$GPUCLUSTERS_BIN" show cscs-alps --all | sed 's/(source [0-9]*)//' > page.first
"$GPUCLUSTERS_BIN" --db out-json--provenance.db show cscs-alps --all | sed 's/(source [0-9]*)//' > page.second
diff page.first page.second && echo "show cscs-alps --all: identical but for the databases' own source ids"
note "what the formats look like"
gc export --format jsonl --where country=CH
gc export --format csv --where owner=CINECA
gc export --format csv --where country=CH
gc export --format csv --where country=CH --raw
cat toml--provenance.first/cscs-alps.toml
gc export --format csv-long --as-of 1 --where country=IT
note "importing the same file twice changes nothing"
gc import --format json out-json--provenance.first
gc import --format json out-json--provenance.first --dry-run
sql "SELECT count(*) FROM changeset"
note "from standard input too, every record has its report line (one thread reads stdin while the other prints)"
"$GPUCLUSTERS_BIN" export --format jsonl > sample.jsonl
awk 'NR == 1 { print; next } { for (i = 0; i < 400; i++) { line = $0; sub(/"id":"/, "\"id\":\"copy" i "-", line); print line } }' sample.jsonl > many.jsonl
setup --db many.db init
"$GPUCLUSTERS_BIN" --db many.db import - --format jsonl --unsourced < many.jsonl > many.out
echo "records $(($(wc -l < many.jsonl) - 1)), report lines $(grep -c '^add copy' many.out), $(tail -n 2 many.out | head -n 1)"
