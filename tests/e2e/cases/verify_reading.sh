note "verify reads the figure behind a value: the traps of issue 12, each a record of its own"
setup init
trap_record() {  # ID FIELD VALUE QUOTE [more --set ...]
    local id=$1 field=$2 value=$3 quote=$4
    shift 4
    setup add "$id" --set "$field=$value" "$@" --source "https://example.org/$id" --kind operator \
        --quote "$quote" || echo "add $id failed"
}
trap_record ordered gpus_installed 20,000 "Acme has ordered 20,000 NVIDIA H100 GPUs for its new site."
trap_record purchased gpus_installed 20,000 "Acme purchased 20,000 NVIDIA H100 GPUs last quarter."
trap_record building gpus_installed 20,000 "Acme is building a cluster of 20,000 H100 GPUs in Texas."
trap_record on-track gpus_installed 20,000 "Acme is on track to install 20,000 H100 GPUs this year."
trap_record over gpus_installed 100,000 "The company operates over 100,000 H100 GPUs."
trap_record more-than gpus_installed 100,000 "It runs more than 100,000 H100 GPUs."
trap_record at-least gpus_installed 100,000 "at least 100,000 H100 GPUs are in service"
trap_record around gpus_installed 100,000 "around 100,000 H100 GPUs"
trap_record tilde gpus_installed 100,000 "~100,000 H100 GPUs"
trap_record plus gpus_installed 100,000 "100,000+ H100 GPUs"
trap_record capacity-power power_mw 400 "The campus has 400 MW of capacity."
trap_record superchips gpus_installed 36 "Each NVL72 rack holds 36 GB200 superchips." --set gpu_model=GB200
trap_record gcds gpus_installed 75,264 "Frontier has 75,264 GCDs in all." --set gpu_model=MI250X
trap_record equal-compute gpus_installed 200,000 "a cluster with compute equal to 200,000 H100s"
trap_record kilowatts power_mw 29580.98 "Power (kW) 29,580.98"
trap_record live-later status operational "Expected to go live in 2026." --set status_notes="Expected to go live in 2026."
trap_record decommissioned status operational "Decommissioned in November 2024." --set status_notes="Decommissioned in November 2024."
reading_rules=(--rule planned-wording --rule count-bound --rule count-capacity --rule count-unit --rule h100-equivalents
               --rule power-unit --rule power-capacity --rule status-contradiction --rule quote-missing-value)
gc verify "${reading_rules[@]}"

note "the false alarms of issue 12: words that qualify another figure, or nothing"
trap_record remain-open gpus_installed 37,888 "Frontier, with 37,888 GPUs, will remain open to users through 2027."
trap_record better-than-expected gpus_installed 12,288 "Training on 12,288 GPUs performed better than expected."
trap_record exaflops gpus_installed 37,888 "Its 37,888 GPUs deliver up to 1.1 exaflops."
trap_record allocation gpus_installed 4,096 "The cluster has 4,096 GPUs; 20% of its hours are the target of our allocation."
gc verify remain-open better-than-expected exaflops allocation "${reading_rules[@]}"

note "a count with its bound: stored, shown, in the views, exported and imported in every format"
gc add honest --name Honest --set gpus_installed="100,000+" --source https://example.org/honest --kind operator \
    --quote "It runs more than 100,000 H100 GPUs."
gc add honest --set gpus_installed="~100,000" --source https://example.org/honest2 --kind operator --quote "around 100,000 H100 GPUs"
gc verify honest "${reading_rules[@]}"
sql "SELECT field, value, bound FROM current_field WHERE cluster_id = 'honest' AND field = 'gpus_installed'"
sql "SELECT gpus_installed, gpus_installed_bound FROM current_cluster WHERE id = 'honest'"
gc show honest
for format in json jsonl csv csv-long; do
    "$GPUCLUSTERS_BIN" export --format $format --provenance --where name=Honest -o honest.$format
    setup --db honest-$format.db init
    # The wide CSV table carries values alone, no sources.
    unsourced=; [ $format = csv ] && unsourced=--unsourced
    setup --db honest-$format.db import --format $format honest.$format $unsourced
    echo "$format: $("$GPUCLUSTERS_BIN" --db honest-$format.db export --format csv | cut -d, -f1,8 | tail -1)"
done
"$GPUCLUSTERS_BIN" export --format toml --where name=Honest -o honest-toml
grep -A2 'field.gpus_installed' honest-toml/honest.toml

note "gpuclusters quote shows the reading"
gc quote "Acme has ordered 20,000 NVIDIA H100 GPUs; 37,888 GPUs will remain open to users."
gc quote --status "Decommissioned in November 2024."
gc quote --status "In service since October, but the installation is still under way."
gc quote --status --json "In service since October, but the installation is still under way."
# A point before three digits groups thousands in a count; a power keeps both readings.
gc quote "Das System hat 10.000 GPUs und braucht 21.500 kW."
gc quote --json "Es braucht 21.500 kW."
gc quote --year 1800 x
