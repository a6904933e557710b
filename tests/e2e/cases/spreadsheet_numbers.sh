# A list exported from its spreadsheet: doubles written out in full (983.4400000000001), as every
# xlsx-to-CSV converter gives them. No figure of 16 or more significant digits enters; a mapping
# rounds a column and the citation says so.
setup init
note "16 and 17 significant digits are refused at every input, with the text as given"
gc add acme-one --set "power_mw=0.9834400000000001 (reported)" --source https://example.org/acme --quote "0.98344 MW"
gc add acme-one --set "power_mw=89.70999999999999" --source https://example.org/acme --quote "89.71 MW"
printf '{"id": "acme-one", "fields": {"power_mw": 983.4400000000001}}\n' > noisy.jsonl
gc import noisy.jsonl
printf 'format = 2\nid = "acme-one"\nfield.power_mw.value = 12800.000000000001\n' > noisy.toml
gc import noisy.toml
sql "SELECT count(*) FROM cluster"
note "15 significant digits are a figure as written"
gc add acme-one --set "power_mw=983.440000000001" --source https://example.org/acme --kind operator --quote "983.440000000001" --quiet
sql "SELECT value FROM claim WHERE field = 'power_mw'"
cat > list.csv <<'CSV'
System,Site,Nodes,Power (kW),Rmax [TFlop/s]
Alpha,Lab A,37632.0,983.4400000000001,9264.309999999999
Beta,Lab B,1024,7124,1802.5
CSV
cat > list.toml <<'TOML'
format = 1
[id]
column = "System"
[dataset]
url = "https://example.org/list/2025-06"
kind = "list"
published = "2025-06-01"
[fields.power_mw]
column = "Power (kW)"
scale = 0.001
suffix = " (measured: HPL run)"
[fields.gpu_count_notes]
template = "{Nodes} nodes x 4 GPUs; Rmax {Rmax [TFlop/s]} TFlop/s"
TOML
note "without rounding the cells are refused, each at its line and column, with its column's name"
gc import --mapping list.toml list.csv
note "a mapping column rounds: round = N places or significant = N digits"
sed -i 's/^suffix = /round = 3\nsuffix = /; s/^template = .*/&\nsignificant = 15/' list.toml
gc import --mapping list.toml list.csv
sql "SELECT cl.cluster_id, cl.field, cl.value, ci.locator FROM claim cl JOIN citation ci ON ci.claim_id = cl.id WHERE cl.cluster_id IN ('alpha', 'beta') ORDER BY cl.cluster_id, cl.field"
note "bad rounding settings are refused when the mapping loads"
sed -i 's/^round = 3/round = 16/' list.toml
gc import --mapping list.toml list.csv
sed -i 's/^round = 16/round = 3\nsignificant = 4/' list.toml
gc import --mapping list.toml list.csv
note "integer checks the cell before the scale, and names it"
cat > nodes.toml <<'TOML'
format = 1
[id]
column = "System"
[dataset]
url = "https://example.org/list/2025-06"
[fields.gpus_installed]
column = "Nodes"
integer = true
scale = 4
TOML
printf 'System,Nodes\nGamma,24607\nDelta,2.5\n' > nodes.csv
gc import --mapping nodes.toml nodes.csv
