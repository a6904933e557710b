note "issue 33: an editor's day on the sample plus Epoch AI's table"
setup init --sample
"$GPUCLUSTERS_BIN" import --mapping "$SOURCE_DIR/db/mappings/epoch-gpu-clusters.toml" \
    "$SOURCE_DIR/tests/data/epoch/gpu_clusters.csv" > /dev/null 2>&1 || echo "import failed"

note "a baseline of the findings seen: a check against it prints no finding and exits 0"
gc verify --write-baseline seen.tsv
head -c 200 seen.tsv | head -n 1
gc verify --baseline seen.tsv
note "one edit brings exactly that record's new findings"
setup add xai-colossus-memphis-phase-1 --set gpus_installed=120,000 --source https://press.example.com/colossus \
    --kind press --quote "xAI says its Memphis site will host 120,000 GPUs"
gc verify --baseline seen.tsv
note "a line that is not a baseline's is refused with its file and line"
printf 'not-a-fingerprint\tx\ty\tz\tw\n' > broken.tsv
gc verify --baseline broken.tsv
gc verify --baseline missing.tsv
gc verify --baseline seen.tsv --write-baseline again.tsv

note "the findings by rule and severity, and the clusters with the most"
gc verify --summary --rule quote-missing-value --rule uncited-value
note "only the clusters changed since their last signing (or never signed)"
gc verify --new bytedance-megascale-ampere cscs-alps

note "a class of findings accepted at once, in one changeset, and undone by revert"
gc accept --rule quote-missing-value --where country=FI --reason "Epoch quotes one cell for every field of a row" \
    --dry-run
gc accept --rule quote-missing-value --reason "Epoch quotes one cell for every field of a row" > accepted.txt
tail -n 2 accepted.txt
grep -c ': quote-missing-value accepted$' accepted.txt
sql "SELECT count(*), count(DISTINCT changeset_id) FROM finding_acceptance WHERE rule = 'quote-missing-value' AND accepted = 1"
sql "SELECT count(*) FROM current_acceptance WHERE rule = 'quote-missing-value'"
gc verify --summary --rule quote-missing-value
changeset=$(sed -n 's/^changeset //p' accepted.txt)
"$GPUCLUSTERS_BIN" revert "$changeset" > /dev/null || echo "revert failed"
sql "SELECT count(*) FROM current_acceptance WHERE rule = 'quote-missing-value'"
gc verify --summary --rule quote-missing-value
gc accept --rule no-such-rule --reason x
gc accept --rule merge-conflict --reason x
gc accept --rule quote-missing-value --cluster no-such-cluster --reason x
gc accept --rule quote-missing-value --reason "$(printf 'two\nlines')"

note "edit reports the fields it changed and counts the others"
cat > editor.sh <<'SH'
sed -i 's/^value = "Lugano"$/value = "Manno"/' "$1"
SH
EDITOR="sh editor.sh" gc edit --unsourced cscs-alps
note "\$EDITOR with shell syntax runs through sh, as git runs it; the file is its last argument"
EDITOR='sed -i "s/^value = \"Manno\"$/value = \"Lugano\"/"' gc edit --unsourced cscs-alps

note "sorted largest first: unknown counts come last either way; > and < take any number"
gc list --sort gpus_installed --reverse --columns gpus_installed --limit 3
gc list --sort gpus_installed --reverse --columns gpus_installed --where "country=CN" --limit 2
gc list --where 'gpus_installed>0' --where 'gpus_installed<400' --columns gpus_installed --limit 3
gc list --where 'power_mw>0' --where 'power_mw<0.5' --columns power_mw --limit 2
gc list --where 'gpus_installed>-1'

note "bounds wherever a value is: list and stats keep ~ and +"
setup add olcf-frontier --set gpus_installed="~40,000" --source https://press.example.com/frontier --kind press \
    --quote "about 40,000 GPUs"
gc list --columns gpus_installed --where 'gpus_installed>=39000' --sort gpus_installed
echo '$ gpuclusters stats | grep -E ...'
"$GPUCLUSTERS_BIN" stats | grep -E '^(United States|US)|approximate'
"$GPUCLUSTERS_BIN" --json stats | python3 -c 'import json,sys; print([g for g in json.load(sys.stdin)["by"]["country"] if g["value"] == "US"])'

note "piped, a table prints plain figures that awk sums right"
gc list --columns gpus_installed --where owner=ByteDance
"$GPUCLUSTERS_BIN" list --columns gpus_installed --where 'country=FI' | awk 'NR > 1 && $2 != "-" {sum += $2} END {print "sum", sum}'

note "a quote holding a line break stays on its finding's line"
setup add two-line-quote --set gpus_installed=512 --source https://press.example.com/two --kind press \
    --quote "$(printf 'The system has\n512 GPUs.')"
gc verify two-line-quote --rule press-only-count

note "export --format jsonl --no-header: records only, for sqlite-utils insert --nl"
echo '$ gpuclusters export --format jsonl --no-header --where owner=ByteDance | cut -c1-60'
"$GPUCLUSTERS_BIN" export --format jsonl --no-header --where owner=ByteDance | cut -c1-60
gc export --format json --no-header
