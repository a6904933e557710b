# merge A B: a list's record (B) and an editor's record (A) of one cluster made one. B's claims go
# to A (a shared value cited twice, differing values as competing figures), B's id and keys lead
# to A, and a revert puts both back byte for byte.
setup init
cat > june.csv <<'CSV'
Rank,System ID,System,Site,Power (kW)
1,100,Alpha,Lab A,983.44
2,200,Beta,Lab B,7124
CSV
cat > november.csv <<'CSV'
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
setup import --mapping june.toml june.csv
setup add lab-a-alpha --set name=Alpha --set owner="Lab A" --set power_mw=1.2 --source https://lab-a.example.org/alpha \
    --kind operator --quote "Alpha, Lab A's machine, draws 1.2 MW"
exports before
gc list
note "B = alpha (from the list) into A = lab-a-alpha: name and owner agree, power differs"
gc merge lab-a-alpha alpha
gc show lab-a-alpha
note "the merged id leads to A, saying so; B is no longer listed, counted or exported"
gc show alpha
gc --json show alpha | grep reached_by
gc list
gc stats | head -n 3
"$GPUCLUSTERS_BIN" export --format jsonl | grep -c '"id"'
sql "SELECT alias, cluster_id, changeset_id FROM current_alias"
note "every command that takes an id takes B's for A"
gc blame alpha
gc rank alpha power_mw preferred --value 0.98344 --reason "the list measures it" -n
gc log alpha
note "verify and accept with B's id check and accept A's findings"
gc verify alpha --summary
gc accept --rule merge-conflict --cluster alpha --reason "the list measures it" --dry-run
gc accept --rule required-field --cluster alpha --reason "asked Lab A" --dry-run
note "a TOML export: no file of B, A's with B's claims"
gc export --format toml --provenance -o toml-after
ls toml-after
grep '^url' toml-after/lab-a-alpha.toml
note "revert of the merge: both records back, every export byte for byte as before"
gc revert 3
exports after
same_as_before after
sql "SELECT alias, cluster_id, changeset_id, withdrawn FROM cluster_alias ORDER BY changeset_id"
gc show alpha | head -n 2
gc list
gc check
note "merged again, then the list's next edition: its key of alpha updates A, no alpha again"
setup merge lab-a-alpha alpha
gc import --mapping november.toml november.csv
gc list
gc show lab-a-alpha
sql "SELECT count(*) FROM cluster WHERE id = 'alpha'"
gc check
note "bad input: one line, exit 3, nothing written"
count() { sql "SELECT count(*) FROM changeset"; }
count
gc merge lab-a-alpha lab-a-alpha
gc merge lab-a-alpha alpha
gc merge alpha lab-a-alpha
gc merge lab-a-alpha nowhere
gc merge nowhere beta
gc merge Lab_A beta
gc merge lab-a-alpha
count
note "a dry run, as JSON"
gc --json merge beta lab-a-alpha -n
count
