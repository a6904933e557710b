setup init --sample
note "three sample clusters side by side, with source numbers; * marks the rows that differ"
gc compare bytedance-megascale-ampere olcf-frontier cscs-alps
gc compare olcf-frontier cscs-alps --fields gpu_model,gpus_installed,status --json
note "the database against an export of itself: equal, exit 0"
gc export --format jsonl --provenance -o snapshot.jsonl
gc compare --against snapshot.jsonl
note "after one add: exit 1, naming exactly that field, with the sources of each side"
setup add cscs-alps --set region=Ticino --source https://www.cscs.ch/ --kind operator --quote "CSCS in Lugano, Ticino"
gc compare --against snapshot.jsonl
gc compare --against snapshot.jsonl --json
note "against another gpuclusters database"
setup --db other.db init --sample
gc compare --against other.db
note "one record between two moments"
gc compare cscs-alps --as-of 1
gc compare cscs-alps --as-of 1 --to 1
gc compare cscs-alps --as-of 1 --json
note "bad input"
gc compare cscs-alps no-such-cluster
gc compare cscs-alps
gc compare cscs-alps olcf-frontier --fields gpus
gc compare --against missing.json
printf '{"format":"gpuclusters","version":7,"clusters":[]}' > newer.json
gc compare --against newer.json
printf 'not a snapshot' > notes.txt
gc compare --against notes.txt
gc compare cscs-alps --as-of 99
note "the derived H100-equivalent row for every catalogued model with a throughput in Epoch AI's hardware table"
setup --db h100e.db init
setup --db h100e.db add h800-site --set gpu_model="NVIDIA H800 SXM5" --set gpus_installed=2048 --unsourced
setup --db h100e.db add mi355-site --set gpu_model="AMD Instinct MI355X" --set gpus_installed=1024 --unsourced
gc --db h100e.db compare h800-site mi355-site --fields gpu_model,gpus_installed
note "--provenance needs a snapshot that carries provenance, and --against"
"$GPUCLUSTERS_BIN" export --format jsonl -o values-only.jsonl
gc compare --against values-only.jsonl --provenance
gc compare olcf-frontier --as-of 1 --provenance
note "a snapshot file that gives one record twice is refused (its records are read one at a time)"
{ head -1 values-only.jsonl; sed -n 2p values-only.jsonl; sed -n 2p values-only.jsonl; } > twice.jsonl
gc compare --against twice.jsonl
note "a snapshot file in another order: the differences still come in id order"
{ head -1 values-only.jsonl; tail -n +2 values-only.jsonl | tac; } > reversed.jsonl
"$GPUCLUSTERS_BIN" add zz-extra --name "Only here" --unsourced > /dev/null
gc compare --against reversed.jsonl
