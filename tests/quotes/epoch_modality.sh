#!/usr/bin/env bash
# How verify's reading of Epoch AI's quotes lines up with Epoch's own Status column: imports the
# vendored table with every row's chip quantity as gpus_installed (the shipped mapping keeps
# planned counts out), runs the count rules, and prints a confusion matrix of Epoch's Status
# against the modality verify reads in the quote behind the count, then the disagreements.
#   bash tests/quotes/epoch_modality.sh BINARY
set -euo pipefail
binary=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuclusters-epoch.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GPUCLUSTERS_NOW=2026-12-01T12:00:00Z GPUCLUSTERS_AUTHOR=epoch
# The shipped mapping without its two conditions on the count.
sed -e '/^\[fields.gpus_installed\]/,/^\[/{/^when = /d;/^unless = /d}' "$here/../../db/mappings/epoch-gpu-clusters.toml" \
    > "$work/all-counts.toml"
"$binary" --db "$work/epoch.db" init > /dev/null
"$binary" --db "$work/epoch.db" import --mapping "$work/all-counts.toml" "$here/../data/epoch/gpu_clusters.csv" --quiet --keep-going \
    > /dev/null 2> "$work/import.err" || true  # (six anonymized rows hold float noise, 30000.000000000004: refused)
"$binary" --db "$work/epoch.db" verify --json --rule planned-wording --rule count-capacity --rule h100-equivalents \
    --rule count-unit --rule count-bound --rule quote-missing-value > "$work/findings.json" || true
sqlite3 -separator $'\t' "$work/epoch.db" \
    "SELECT c.id, coalesce(c.status, ''), CASE WHEN q.cluster_id IS NULL THEN 0 ELSE 1 END
     FROM current_cluster c
     LEFT JOIN (SELECT DISTINCT f.cluster_id FROM current_field f JOIN current_citation t ON t.claim_id = f.claim_id
                WHERE f.field = 'gpus_installed' AND t.quote <> '') q ON q.cluster_id = c.id
     WHERE c.gpus_installed IS NOT NULL" > "$work/records.tsv"
python3 - "$work/findings.json" "$work/records.tsv" <<'PY'
import json, sys
from collections import Counter, defaultdict
findings = json.load(open(sys.argv[1]))["findings"]
by_cluster = defaultdict(list)
for f in findings:
    if f["field"] == "gpus_installed":
        by_cluster[f["cluster"]].append(f)
status_name = {"announced": "Planned", "operational": "Existing"}
matrix, examples = Counter(), defaultdict(list)
for line in open(sys.argv[2]):
    cluster, status, quoted = line.rstrip("\n").split("\t")
    epoch = status_name.get(status, status or "?")
    found = by_cluster.get(cluster, [])
    rules = {f["rule"] for f in found}
    if quoted == "0":
        reading = "no quote"
    elif "planned-wording" in rules:
        reading = "procured" if any("procured" in f["message"] for f in found if f["rule"] == "planned-wording") else "planned"
    elif "count-capacity" in rules:
        reading = "capacity"
    elif "h100-equivalents" in rules:
        reading = "equivalence"
    elif "quote-missing-value" in rules:
        reading = "figure not in quote"
    else:
        reading = "in service"
    matrix[(epoch, reading)] += 1
    examples[(epoch, reading)].append((cluster, [f["message"] for f in found]))
readings = ["in service", "planned", "procured", "capacity", "equivalence", "figure not in quote", "no quote"]
print("Epoch Status x verify's reading of the quote behind the count (records with a count):")
print(f"{'':10}" + "".join(f"{r:>21}" for r in readings))
for epoch in ["Existing", "Planned"]:
    print(f"{epoch:10}" + "".join(f"{matrix[(epoch, r)]:>21}" for r in readings))
print()
print("Existing, read as not installed (planned, procured, capacity, equivalence):")
for reading in ["planned", "procured", "capacity", "equivalence"]:
    for cluster, messages in examples[("Existing", reading)]:
        print(f"  {cluster}: {messages[0][:200]}")
print()
print("Planned, read as in service (the quote's figure governed by nothing of a plan):")
for cluster, _ in examples[("Planned", "in service")]:
    print(f"  {cluster}")
PY
