# Editions of a list, with a real one: TOP500 of June and of November 2020 (the first 100 rows of
# each, converted from top500.org's spreadsheets; tests/data/top500). Either order leaves the newer
# edition's values, the older edition's differing figures kept as competing figures, and the
# summary's counts are those that SQL counts.
setup init
cp "$SOURCE_DIR/tests/data/top500/top500-2020-06.csv" june.csv
cp "$SOURCE_DIR/tests/data/top500/top500-2020-11.csv" november.csv
cp "$SOURCE_DIR/db/mappings/top500.toml" november.toml
sed -e 's|2020/11/|2020/06/|; s|November 2020|June 2020|; s|2020-11-16|2020-06-22|; s|2020-11-19|2020-06-27|' november.toml > june.toml
# counts N: what changeset N did to records, counted with SQL, in the summary's words.
counts() {
    local changed="SELECT c.cluster_id FROM claim_rank r JOIN claim c ON c.id = r.claim_id
                   WHERE r.changeset_id = $1 AND c.changeset_id < $1 AND r.rank IN ('normal', 'retired')"
    local older="SELECT c.cluster_id FROM claim_rank r JOIN claim c ON c.id = r.claim_id
                 WHERE r.changeset_id = $1 AND c.changeset_id = $1 AND r.rank = 'normal' AND r.reason LIKE 'from an older edition%'"
    local touched="SELECT c.cluster_id FROM citation t JOIN claim c ON c.id = t.claim_id WHERE t.changeset_id = $1
                   UNION SELECT cluster_id FROM record_key WHERE changeset_id = $1"
    local added="SELECT id FROM cluster WHERE changeset_id = $1"
    printf 'in SQL: '
    sqlite3 "$GPUCLUSTERS_DB" "SELECT 'added ' || (SELECT count(*) FROM ($added))
         || ', changed ' || (SELECT count(DISTINCT cluster_id) FROM ($changed))
         || ', kept as older ' || (SELECT count(DISTINCT cluster_id) FROM ($older) WHERE cluster_id NOT IN ($changed))
         || ', cited again ' || (SELECT count(DISTINCT cluster_id) FROM ($touched)
                                 WHERE cluster_id NOT IN ($added) AND cluster_id NOT IN ($changed) AND cluster_id NOT IN ($older))"
}
note "June, then November: three systems changed a value (Selene grew; TOP500 moved NVIDIA's three from the"
note "segment Industry to Vendor), thirty are cited again, six are new, three of June's are not in November's"
gc import -q --mapping june.toml june.csv
gc import --mapping november.toml november.csv | grep -v '^cite \|^add \|^stderr: .*warning'
counts 2
note "the older figure is kept as a competing figure, rank normal, with its own citation"
gc show top500-179842 --all 2>/dev/null | grep -A3 'power\|Total cores'
note "a system keyed by June's edition is the same record in November's: one key per edition"
sql "SELECT s.url, k.key FROM record_key k JOIN source s ON s.id = k.source_id WHERE k.cluster_id = 'top500-179842' ORDER BY s.url"

note "November, then June, in another database: the same values and ranks, the older figures kept"
GPUCLUSTERS_DB=reverse.db setup init
GPUCLUSTERS_DB=reverse.db "$GPUCLUSTERS_BIN" import --mapping november.toml november.csv > /dev/null 2>&1
GPUCLUSTERS_DB=reverse.db gc import --mapping june.toml june.csv | grep '^older \|^read\|^not in\|^  \|^changeset'
GPUCLUSTERS_DB=reverse.db counts 2
state="SELECT c.cluster_id, c.field, c.value, l.rank FROM claim c JOIN live_claim l ON l.claim_id = c.id ORDER BY 1, 2, 3, 4"
if [ "$(sqlite3 test.db "$state")" = "$(sqlite3 reverse.db "$state")" ]; then echo "values and ranks: the same in either order"; else echo "values and ranks: DIFFER"; fi
sqlite3 test.db "SELECT count(*) || ' claims, ' || sum(rank = 'normal') || ' of them competing' FROM live_claim"
"$GPUCLUSTERS_BIN" export --format csv > forward.csv
GPUCLUSTERS_DB=reverse.db "$GPUCLUSTERS_BIN" export --format csv > reverse.csv
if cmp -s forward.csv reverse.csv; then echo "csv export: identical"; else echo "csv export: differs"; fi
note "--json gives the same counts, and the records not in the edition"
GPUCLUSTERS_DB=again.db setup init
GPUCLUSTERS_DB=again.db "$GPUCLUSTERS_BIN" import --mapping june.toml june.csv > /dev/null 2>&1
GPUCLUSTERS_DB=again.db "$GPUCLUSTERS_BIN" --json import --mapping november.toml november.csv 2>/dev/null |
    python3 -c 'import json, sys; r = json.load(sys.stdin); print({k: r[k] for k in ("read", "added", "changed", "kept_as_older", "cited_again", "unchanged", "not_in_edition")})'

note "a list file replaced in place cannot take an older edition: refused, nothing written"
sed 's|2020-11-16|2020-06-22|' november.toml > stale.toml
gc import --mapping stale.toml june.csv
note "an edition with no date cannot be ordered: each row whose value differs is refused, naming the source"
sed -e 's|2020/11/|2020/12/|' -e '/^published/d' november.toml > undated.toml
gc import --mapping undated.toml june.csv | grep -v '^cite \|^add \|^unchanged \|^stderr: .*warning'
sql "SELECT count(*) FROM changeset"
note "the editions travel: every provenance format carries edition_of, and reads back the same"
for format in json jsonl csv-long toml; do
    "$GPUCLUSTERS_BIN" export --format "$format" --provenance -o "out.$format"
    GPUCLUSTERS_DB="copy-$format.db" setup init
    GPUCLUSTERS_DB="copy-$format.db" "$GPUCLUSTERS_BIN" import --format "$format" "out.$format" > /dev/null 2>&1 || echo "$format: import failed"
    GPUCLUSTERS_DB="copy-$format.db" "$GPUCLUSTERS_BIN" export --format "$format" --provenance -o "back.$format"
    if diff -r "out.$format" "back.$format" > /dev/null; then echo "$format: identical"; else echo "$format: differs"; fi
done
GPUCLUSTERS_DB=copy-toml.db gc sources show 2 | head -8
