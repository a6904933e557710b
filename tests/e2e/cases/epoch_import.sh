note "Epoch AI's GPU cluster table (786 rows) through the mapping shipped in db/mappings"
# Linked into the scratch folder so the transcript names no checkout path.
ln -s "$SOURCE_DIR/tests/data/epoch/gpu_clusters.csv" gpu_clusters.csv
ln -s "$SOURCE_DIR/db/mappings/epoch-gpu-clusters.toml" epoch-gpu-clusters.toml
csv=gpu_clusters.csv
mapping=epoch-gpu-clusters.toml
setup init
"$GPUCLUSTERS_BIN" import --mapping "$mapping" "$csv" > import.out 2> import.err
echo "exit $?"
tail -4 import.out
note "every row lands or is skipped with its reason: 780 + 6 = 786"
sql "SELECT count(*) FROM cluster"
note "the 257 'Anonymized Chinese System' rows keep unique ids"
sql "SELECT count(*) FROM cluster WHERE id LIKE 'anonymized-chinese-system%'"
sql "SELECT id FROM cluster WHERE id LIKE 'anonymized-chinese-system%' ORDER BY id LIMIT 3"
note "H100 equivalents never become gpus_installed; planned and rounded counts neither"
sql "SELECT count(*) FROM current_field WHERE field = 'gpus_installed' AND cluster_id LIKE 'anonymized%'"
sql "SELECT count(*) FROM current_cluster c WHERE c.status = 'announced' AND c.gpus_installed IS NOT NULL"
note "power is an estimate that says what it is"
sql "SELECT DISTINCT basis, estimator FROM current_field WHERE field = 'power_mw'"
note "Epoch's doubles written out in full are rounded to 15 significant digits, and their citations say so"
sql "SELECT count(DISTINCT cl.id) FROM claim cl JOIN citation ci ON ci.claim_id = cl.id WHERE ci.locator LIKE '%rounded from %'"
sql "SELECT DISTINCT cl.value, substr(ci.locator, instr(ci.locator, 'rounded')) FROM claim cl JOIN citation ci ON ci.claim_id = cl.id WHERE cl.field = 'power_mw' AND ci.locator LIKE '%rounded from 0.32707%'"
note "no figure of 16 or more significant digits is stored"
sql "SELECT count(*) FROM claim WHERE field IN ('power_mw', 'gpus_installed', 'total_cores') AND length(replace(rtrim(ltrim(replace(value, '.', ''), '0'), '0'), '.', '')) > 15"
note "sources: archive captures recognised, quotes kept"
sql "SELECT count(*) FROM source; SELECT count(*) FROM current_source WHERE archive_url <> ''"
note "an import checks no foreign keys as it writes; every reference it wrote holds (no row below)"
sql "PRAGMA foreign_key_check"
sql "SELECT count(*) FROM cluster_values"
note "phases of one site are linked as the table links them (Builds Upon, Superseded by), by the ids their names make"
sql "SELECT count(*) FROM current_cluster WHERE related IS NOT NULL"
sql "SELECT id, related FROM current_cluster WHERE id LIKE 'xai-colossus-memphis-phase-%' OR id LIKE '%mt-pleasant%' ORDER BY id"
gc show xai-colossus-memphis-phase-1
note "the same import again changes nothing"
gc import --mapping "$mapping" "$csv" --quiet > again.out
tail -3 again.out
note "the table re-sorted (its rows in reverse order) imports as the same records: nothing changes"
awk 'NR == 1 { print; next }
     { record = record $0 "\n"; quotes += gsub(/"/, "&") }
     quotes % 2 == 0 { rows[++n] = record; record = ""; quotes = 0 }
     END { for (i = n; i >= 1; i--) printf "%s", rows[i] }' "$csv" > reversed.csv
cmp -s reversed.csv "$csv" && echo "reversed.csv is the same file" || echo "reversed.csv differs from the table"
gc import --mapping "$mapping" reversed.csv --quiet > reversed.out
tail -3 reversed.out
sql "SELECT count(*) FROM changeset; SELECT count(*) FROM citation"
note "canonical models: --where gpu_model=H100 finds every spelling of the H100 the table uses"
sql "SELECT gpu_model, count(*) FROM current_cluster WHERE gpu_model LIKE '%H100%' GROUP BY gpu_model ORDER BY gpu_model"
echo "list --where gpu_model=H100: $("$GPUCLUSTERS_BIN" list --where gpu_model=H100 --json | grep -c '"id":')"
echo "list --where gpu_model=V100: $("$GPUCLUSTERS_BIN" list --where gpu_model=V100 --json | grep -c '"id":')"
note "the value stays as disclosed; the catalogue's name is stored beside it, for SQL and every export"
sql "SELECT gpu_model_canonical, count(*) FROM current_cluster WHERE gpu_model LIKE '%H100%' GROUP BY 1 ORDER BY 1"
echo "list --where gpu_model_canonical='NVIDIA H100': $("$GPUCLUSTERS_BIN" list --where 'gpu_model_canonical=NVIDIA H100' --json | grep -c '"id":')"
sql "SELECT gpu_maker, count(*) FROM current_cluster GROUP BY gpu_maker ORDER BY gpu_maker"
note "accelerators that are not GPUs are known as such: a finding that the record is out of scope, not 'unknown model'"
gc verify --rule not-a-gpu --rule unknown-model --json | grep -E '"(rule|errors|warnings)"' | sort | uniq -c
note "a bad mapping names its place"
printf 'format = 1\n[id]\ncolumn = "Name"\n[fields.gpus]\ncolumn = "Name"\n' > bad-mapping.toml
gc import --mapping bad-mapping.toml "$csv"
printf 'format = 1\n[id]\ncolumn = "Nom"\n[fields.name]\ncolumn = "Name"\n' > bad-column.toml
gc import --mapping bad-column.toml "$csv"
sql "SELECT count(*) FROM changeset"
note "one cell of an anonymised row corrected: its id (from the row's content) is new, so a second record is made, and import names both"
python3 - "$csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
header = rows[0]
for row in rows[1:]:
    if row[header.index("Name")] == "Anonymized Chinese System" and row[header.index("Status")] == "Existing":
        row[header.index("Owner")] = "Corrected Owner Co"
        break
csv.writer(open("corrected.csv", "w", newline="")).writerows(rows)
PY
"$GPUCLUSTERS_BIN" import --mapping "$mapping" corrected.csv > corrected.out 2> corrected.err
echo "exit $?"
grep -v "not a GPU" corrected.err
tail -3 corrected.out
