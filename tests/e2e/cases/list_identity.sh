note "a supercomputer list through a mapping: ids from a key column, exact unit conversion, slugs that transliterate"
setup init
cat > list.csv <<'CSV'
Rank,System ID,Name,Site,Country,Accelerator,Power (kW)
1,180307,Pégaso,Petrobras,Brazil,NVIDIA H100,7124
2,179100,天河二号,NSCC Guangzhou,China,Matrix-2000,17808
3,180001,Alps,CSCS,Switzerland,NVIDIA GH200,"29,580.98"
CSV
cat > list.toml <<'TOML'
format = 1
[id]
template = "list-{System ID}"
[dataset]
url = "https://example.org/list"
kind = "list"
accessed = "2026-11-01"
[fields.name]
column = "Name"
[fields.owner]
column = "Site"
[fields.power_mw]
column = "Power (kW)"
scale = 0.001
TOML
gc import --mapping list.toml list.csv
note "kW to MW in decimal arithmetic: 7124 kW is 7.124 MW exactly, in show, export and SQL"
sql "SELECT id, name, power_mw FROM current_cluster ORDER BY id"
gc export --format csv
note "the dataset citation names the row by its key, not by a line number that shifts"
sql "SELECT DISTINCT locator FROM citation ORDER BY locator"
sql "SELECT count(*) FROM citation"
note "the list again, re-sorted and with a row added: only the new row changes"
cat > list-next.csv <<'CSV'
Rank,System ID,Name,Site,Country,Accelerator,Power (kW)
1,180400,Frontier Next,ORNL,United States,AMD MI300A,30000
2,180001,Alps,CSCS,Switzerland,NVIDIA GH200,"29,580.98"
3,179100,天河二号,NSCC Guangzhou,China,Matrix-2000,17808
4,180307,Pégaso,Petrobras,Brazil,NVIDIA H100,7124
CSV
gc import --mapping list.toml list-next.csv
sql "SELECT count(*) FROM citation"
note "a later list with one system's power changed: the import reports the field like every write"
sed 's/"29,580.98"/"31,000"/' list-next.csv > list-later.csv
gc import --mapping list.toml list-later.csv
note "the key is stored with the record, per source, and exported"
sql "SELECT s.url, k.key, k.cluster_id FROM record_key k JOIN source s ON s.id = k.source_id ORDER BY k.key"
gc show list-180307
gc export --format csv-long --where name=Alps
note "ids readable from the name, rows known by their System ID: [id] key"
sed 's/^template = .*/template = "{Name}"\nkey = "System ID"/' list.toml > keyed-id.toml
gc --db keyed.db init
setup --db keyed.db import --mapping keyed-id.toml list.csv
GPUCLUSTERS_DB=keyed.db sql "SELECT k.key, k.cluster_id FROM record_key k ORDER BY k.key"
note "the id template changes: the key finds each record, nothing is modified, no citation is added"
sed 's/^template = "{Name}"$/template = "top-{System ID}"/' keyed-id.toml > rekeyed.toml
gc --db keyed.db import --mapping rekeyed.toml list-next.csv
GPUCLUSTERS_DB=keyed.db sql "SELECT count(*) FROM citation; SELECT id FROM current_cluster ORDER BY id"
note "a new system whose id is an old system's record is refused, not merged into it"
printf 'Rank,System ID,Name,Site,Country,Accelerator,Power (kW)\n1,190000,Alps,Other Site,Italy,NVIDIA H100,500\n' > namesake.csv
gc --db keyed.db import --mapping keyed-id.toml namesake.csv
note "a key given twice in one table names both lines"
printf 'Rank,System ID,Name,Site,Country,Accelerator,Power (kW)\n1,5,Five,S,DE,H100,10\n2,5,Other Five,S,DE,H100,10\n' > key-twice.csv
gc --db keyed.db import --mapping keyed-id.toml key-twice.csv
note "the keys round-trip through TOML and JSON, and a key that names another record is refused"
gc --db keyed.db export --format jsonl --provenance -o keyed.jsonl
gc --db copy.db init
setup --db copy.db import keyed.jsonl
GPUCLUSTERS_DB=copy.db sql "SELECT k.key, k.cluster_id FROM record_key k ORDER BY k.key"
gc --db keyed.db export --format toml --provenance -o tree
grep -A3 '^\[\[key\]\]' tree/pegaso.toml
gc --db tree.db init
setup --db tree.db import tree
GPUCLUSTERS_DB=tree.db sql "SELECT count(*) FROM record_key"
gc --db keyed.db export --format csv-long -o keyed.csv
gc --db long.db init
setup --db long.db import --format csv-long keyed.csv
GPUCLUSTERS_DB=long.db sql "SELECT count(*) FROM record_key"
grep ',key,' keyed.csv | sed 's|https://example.org/list||' | head -1 > keyless.csv
{ head -1 keyed.csv; cat keyless.csv; } > keyless-row.csv
gc --db long.db import --format csv-long keyless-row.csv
sed 's/"key":"System ID 180307"/"key":"System ID 180001"/' keyed.jsonl | grep -e pegaso -e '"format"' > stolen.jsonl
gc --db copy.db import stolen.jsonl
note "a key over several columns names each once and quotes a cell that could read as a separator"
printf 'Name,Site,GPUs\nSite 3 cluster,Lab A,100\n' > sites-1.csv
printf 'Name,Site,GPUs\nSite 3 cluster,Lab B,200\n' > sites-2.csv
printf 'format = 1\n[id]\ntemplate = "{Name}-{Site}"\n[dataset]\nurl = "https://example.org/sites"\nkind = "list"\naccessed = "2026-11-01"\n[fields.owner]\ncolumn = "Site"\n' > sites.toml
gc --db sites.db init
setup --db sites.db import --mapping sites.toml sites-1.csv
gc --db sites.db import --mapping sites.toml sites-2.csv
printf 'Name,Site,GPUs\n"x, Site y",z,1\nx,"y, Site z",2\n' > commas.csv
gc --db sites.db import --mapping sites.toml commas.csv
GPUCLUSTERS_DB=sites.db sql "SELECT key, cluster_id FROM record_key ORDER BY key"
note "a record has one key per source: a second one is refused, from any input"
printf '{"id":"alps","sources":[{"url":"https://example.org/list","kind":"list"}],"keys":[{"source":"https://example.org/list","key":"System ID 2"}],"claims":[]}\n' > second-key.jsonl
gc --db keyed.db import second-key.jsonl
printf '{"id":"alps","sources":[{"url":"https://example.org/list","kind":"list"}],"keys":[{"source":"https://example.org/list","key":"System ID 180001"},{"source":"https://example.org/list","key":"System ID 2"}],"claims":[]}\n' > two-keys.jsonl
gc --db keyed.db import two-keys.jsonl
note "a list imported, the import reverted, the list imported again: its records come back with their keys"
gc --db again.db init
setup --db again.db import --mapping list.toml list.csv
setup --db again.db revert 1
gc --db again.db import --mapping list.toml list.csv
GPUCLUSTERS_DB=again.db sql "SELECT count(*) FROM record_key; SELECT count(*) FROM current_cluster"
note "ids from a name column are transliterated slugs"
sed 's/^template = .*/column = "Name"/' list.toml > by-name.toml
gc --db names.db init
gc --db names.db import --mapping by-name.toml list.csv
note "the same id twice in one table names both lines, and nothing is written"
printf 'Rank,System ID,Name,Site,Country,Accelerator,Power (kW)\n1,1,A,S,DE,H100,10\n2,2,B,S,DE,H100,10\n3,1,C,S,DE,H100,10\n' > twice.csv
gc --db names.db import --mapping list.toml twice.csv
note "an empty key is a rejected row"
printf 'Rank,System ID,Name,Site,Country,Accelerator,Power (kW)\n1,,A,S,DE,H100,10\n' > empty-key.csv
gc --db names.db import --mapping list.toml empty-key.csv
sql "SELECT count(*) FROM changeset"
note "a scale that is not more than 0 is refused at the mapping's line and column"
for scale in 0 -0.001 '"0.001"' 1e-3; do
    sed "s/^scale = .*/scale = $scale/" list.toml > scale.toml
    gc --db names.db import --mapping scale.toml list.csv --dry-run
done
note "a number cell must be a plain decimal: no exponent, sign or stray comma"
printf 'Rank,System ID,Name,Site,Country,Accelerator,Power (kW)\n1,7,A,S,DE,H100,1e3\n2,8,B,S,DE,H100,-5\n3,9,C,S,DE,H100,"1,00"\n' > bad-numbers.csv
gc --db names.db import --mapping list.toml bad-numbers.csv
note "verify catches what a careless mapping lets through: kW stored as MW, cores counted as GPUs, a date before GPU computing"
cat > careless.csv <<'CSV'
System ID,Name,Site,Accelerator Cores,GPUs,Power (kW),Year
1,Big One,Lab,9988224,9000,24607,2024
2,Old One,Lab,512,64,150,1997
CSV
cat > careless.toml <<'TOML'
format = 1
[id]
template = "careless-{System ID}"
[dataset]
url = "https://example.org/careless"
kind = "list"
accessed = "2026-11-01"
[fields.name]
column = "Name"
[fields.gpus_installed]
column = "Accelerator Cores"
[fields.power_mw]
column = "Power (kW)"
[fields.first_operational]
column = "Year"
TOML
setup --db careless.db init
setup --db careless.db import --mapping careless.toml careless.csv
gc --db careless.db verify --rule power-per-gpu --rule count-implausible --rule first-operational-early
note "a list's Total Cores kept as total_cores: a GPU count above half of them counts cores, even below a million"
cat > cores.csv <<'CSV'
System ID,Name,Total Cores,GPUs
7,Cores As GPUs,92160,81920
8,Real GPUs,92160,640
CSV
cat > cores.toml <<'TOML'
format = 1
[id]
template = "cores-{System ID}"
[dataset]
url = "https://example.org/cores"
kind = "list"
accessed = "2026-11-01"
[fields.name]
column = "Name"
[fields.gpus_installed]
column = "GPUs"
[fields.total_cores]
column = "Total Cores"
TOML
setup --db careless.db import --mapping cores.toml cores.csv
gc --db careless.db verify --rule count-exceeds-cores --rule count-implausible
GPUCLUSTERS_DB=careless.db sql "SELECT id, gpus_installed, total_cores FROM current_cluster WHERE id LIKE 'cores-%' ORDER BY id"
note "a mistake in the mapping's own values is reported once, at its line, not once per row"
printf '[fields.country]\ncolumn = "Country"\nmap = { Switzerland = "Swiss", Brazil = "BR" }\n' | cat list.toml - > bad-map.toml
gc import --mapping bad-map.toml list.csv
note "a list's power is a benchmark run's average: measured, with what was measured, in show, the views and exports"
sed 's/^scale = 0.001$/scale = 0.001\nsuffix = " (measured: average over the HPL run)"/' list.toml > measured.toml
setup --db measured.db init
setup --db measured.db import --mapping measured.toml list.csv
GPUCLUSTERS_DB=measured.db sql "SELECT id, power_mw, power_basis, power_estimator FROM current_cluster ORDER BY id"
gc --db measured.db export --format jsonl --where name=Alps
note "suffixes never take an id another row has: Foo 2, then Foo twice"
printf 'Rank,System ID,Name,Site,Country,Accelerator,Power (kW)\n1,1,Foo 2,S,DE,H100,10\n2,2,Foo,S,DE,H100,10\n3,3,Foo,S,DE,H100,10\n' > foos.csv
sed 's/^template = .*/column = "Name"\nrepeated = "suffix"/' list.toml > suffix.toml
gc --db foos.db init
gc --db foos.db import --mapping suffix.toml foos.csv
note "repeated = content reads the table twice, so it must be a file, not a pipe"
sed 's/^repeated = "suffix"$/repeated = "content"/' suffix.toml > content.toml
cat foos.csv | gc --db foos.db import --mapping content.toml --format csv -
note "European decimals are refused, not read as thousands; every bad number of a row on its one line"
printf 'Rank,System ID,Name,Site,Country,Accelerator,Power (kW)\n1,9,Nine,S,DE,H100,"0,123"\n' > european.csv
gc --db foos.db import --mapping list.toml european.csv
