# stats counts physical GPUs, a site once, apart from the accelerators that are not GPUs, and says
# what it left out; its totals equal the query gpuclusters-stats(1) defines them by, run here with
# the sqlite3 shell as the page prints it.
check_query() {
    "$GPUCLUSTERS_BIN" --json stats > stats.json
    python3 "$SOURCE_DIR/tests/e2e/stats_query.py" "$SOURCE_DIR/man/gpuclusters-stats.1" "$GPUCLUSTERS_DB" stats.json
    echo "exit $?"
}
setup init
note "an empty dataset: nothing counted, nothing unknown"
gc stats
check_query
note "one of each case (unsourced: the figures, not their evidence, are under test)"
add() { setup add "$@" --unsourced; }
add plain --name Plain --set gpu_model=H100 --set gpus_installed=1000 --set country=US --set status=operational
note "three phases: the first superseded by the second, the third builds upon the second; only the third counts"
add site-p1 --set gpu_model=A100 --set gpus_installed=100 --set country=US --set related="site-p2 (superseded-by)"
add site-p2 --set gpu_model=A100 --set gpus_installed=300 --set country=US
add site-p3 --set gpu_model=H100 --set gpus_installed=600 --set country=US --set related="site-p2 (builds-upon)"
note "a newer phase with no count leaves the older one counted"
add grow-p1 --set gpu_model=H100 --set gpus_installed=500 --set country=DE
add grow-p2 --set gpu_model=H100 --set status=announced --set country=DE --set related="grow-p1 (builds-upon)"
note "two records that supersede each other (a cycle): neither is newer, both count"
add loop-a --set gpu_model=H100 --set gpus_installed=10 --set related="loop-b (superseded-by)"
add loop-b --set gpu_model=H100 --set gpus_installed=20 --set related="loop-a (superseded-by)"
note "a link to no present record, and same-site, leave a record counted"
add lone --set gpu_model=H100 --set gpus_installed=50 --set related="gone-cluster (superseded-by); plain (same-site)"
note "accelerators that are not GPUs, by chip; a superseded TPU phase counts once too"
add tpu-old --set gpu_model="TPU v4" --set gpus_installed=4096 --set related="tpu-new (superseded-by)"
add tpu-new --set gpu_model="Google TPU v5p" --set gpus_installed=8960 --set country=FI
add trn --set gpu_model=Trainium2 --set country=FI
add groq --set gpu_model="GroqChip LPU v1" --set gpus_installed=19725 --set country=FI
note "unknown: a count not published, no model, a model the catalogue does not know"
setup add hidden --set gpu_model=H100 --not-published gpus_installed --set country=FR --source https://example.org/hidden --kind other --quote "undisclosed"
add nomodel --set gpus_installed=64 --set country=FR
add odd --set gpu_model="Frobnicator 9000" --set gpus_installed=32
note "bounds: counted at their number, and said"
add approx --set gpu_model=H100 --set gpus_installed="~2,000" --set country=US
add atleast --set gpu_model=MI300X --set gpus_installed="1,500+" --set country=US
gc stats
gc --json stats
check_query
note "France's clusters all have unknown counts or models: unknown, not 0; Finland's are not GPUs: 0"
"$GPUCLUSTERS_BIN" --json stats | python3 -c 'import json, sys; [print(g["value"], g["clusters"], g["clusters_counted"], g["gpus_installed"]) for g in json.load(sys.stdin)["by"]["country"]]'
note "the query's judgement of each record"
python3 "$SOURCE_DIR/tests/e2e/stats_query.py" "$SOURCE_DIR/man/gpuclusters-stats.1" "$GPUCLUSTERS_DB" stats.json \
    "SELECT id, reason, chip FROM judged ORDER BY id"
note "a phase that is withdrawn supersedes nothing"
gc revert "$("$GPUCLUSTERS_BIN" log --json | python3 -c 'import json, sys; print([c["id"] for c in json.load(sys.stdin) if "site-p3" in json.dumps(c)][0])')" --quiet > /dev/null
"$GPUCLUSTERS_BIN" stats | sed -n 2p
check_query
note "bad input"
gc stats extra
gc stats --by country
gc --db missing.db stats
gc add site-p4 --set related="site-p3 (replaces)" --unsourced
gc add site-p4 --set related="Site P3 (builds-upon)" --unsourced
note "sample and Epoch AI's table: TPUs, Trainium and LPUs apart, phases of a site once"
ln -s "$SOURCE_DIR/tests/data/epoch/gpu_clusters.csv" gpu_clusters.csv
ln -s "$SOURCE_DIR/db/mappings/epoch-gpu-clusters.toml" epoch-gpu-clusters.toml
export GPUCLUSTERS_DB=epoch.db
setup init --sample
setup import --mapping epoch-gpu-clusters.toml gpu_clusters.csv --quiet
gc stats
check_query
note "Colossus counts once, by its third phase; El Capitan by its second"
python3 "$SOURCE_DIR/tests/e2e/stats_query.py" "$SOURCE_DIR/man/gpuclusters-stats.1" "$GPUCLUSTERS_DB" stats.json \
    "SELECT id, gpus_installed, reason FROM judged WHERE id LIKE 'xai-colossus-memphis-phase-%' OR id LIKE '%el-capitan%' ORDER BY id"
