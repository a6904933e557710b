# revert is exact: after reverting an import of a list's next edition, every provenance export is
# byte for byte the one before it (values, citations, keys and the sources they name).
setup init
cat > e1.csv <<'CSV'
Rank,System ID,System,Site,Power (kW)
1,100,Alpha,Lab A,983.44
2,200,Beta,Lab B,7124
CSV
cat > e2.csv <<'CSV'
Rank,System ID,System,Site,Power (kW)
1,100,Alpha,Lab A,1000
2,200,Beta,Lab B,7124
CSV
edition() {
    cat > "$1" <<TOML
format = 1
[id]
column = "System"
key = "System ID"
[dataset]
url = "https://example.org/list/$2"
kind = "list"
published = "$2-01"
accessed = "2025-12-01"
[fields.name]
column = "System"
[fields.owner]
column = "Site"
[fields.power_mw]
column = "Power (kW)"
scale = 0.001
TOML
}
edition june.toml 2025-06
edition november.toml 2025-11
setup import --mapping june.toml e1.csv
exports before
gc import --mapping november.toml e2.csv
exports edition
note "compare --provenance sees what the edition added beside the values: its citations, key and source"
gc compare --against before.toml --provenance
gc show alpha
gc revert 2
exports after
same_as_before after
gc compare --against before.toml --provenance
gc --json compare --against before.json --provenance
gc show alpha
note "the edition again, and its revert again: the same bytes"
gc import --mapping november.toml e2.csv --quiet
note "imported again after its revert, the edition is back whole: its citations and keys are shown again"
for format in json jsonl csv csv-long toml; do
    "$GPUCLUSTERS_BIN" export --format "$format" --provenance -o "reimported.$format"
    if diff -r "edition.$format" "reimported.$format" > /dev/null; then echo "$format: as first imported"; else echo "$format: differs"; fi
done
gc revert 4 --quiet
exports again
same_as_before again
sql "SELECT source_id, key, changeset_id, withdrawn FROM record_key_withdrawal ORDER BY changeset_id, source_id, key"
