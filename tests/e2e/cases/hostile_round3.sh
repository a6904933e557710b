# Hostile and unlucky inputs, round 3 (issue 28): each was written with exit 0 into the wrong
# record, dropped, or half read. Every one is now refused, naming its place, and the database is
# left as it was.
setup init
setup add acme-one --set owner=Acme --set city=Paris --set gpu_model="NVIDIA H100" --source https://example.org/acme --kind operator
setup add beta-two --set owner=Beta --set city=Oslo --source https://example.org/beta --kind operator
# What the database holds, as SQL: the same after every refusal below.
holds() { sqlite3 test.db .dump | sha256sum; }
holds > before.sum
unchanged() { if [ "$(holds)" = "$(cat before.sum)" ]; then echo "database: as it was"; else echo "database: CHANGED"; fi; }
header="cluster,field,state,value,rank,source_url,source_kind,source_title,source_publisher,source_published,source_accessed,source_archive_url,source_archived,locator,quote"

note "a long CSV whose repeated cluster cells are left blank (the spreadsheet habit): an error naming the line, never the next record"
printf '%s\nacme-one,owner,set,Acme Corp,preferred,https://example.org/acme,operator,,,,,,,,Acme Corp runs it\n,city,set,Lyon,preferred,https://example.org/acme,operator,,,,,,,,\nbeta-two,owner,set,Beta,preferred,https://example.org/beta,operator,,,,,,,,\n' "$header" > blank-middle.csv
gc import --format csv-long blank-middle.csv
note "... and when the blank rows come last"
printf '%s\nacme-one,owner,set,Acme Corp,preferred,https://example.org/acme,operator,,,,,,,,Acme Corp runs it\n,city,set,Lyon,preferred,https://example.org/acme,operator,,,,,,,,\n' "$header" > blank-last.csv
gc import --format csv-long blank-last.csv
note "a long CSV with a column it does not know is refused, as the wide one is"
printf '%s,note\nacme-one,owner,set,Acme,preferred,https://example.org/acme,operator,,,,,,,,,x\n' "$header" > extra-column.csv
gc import --format csv-long extra-column.csv
unchanged

note "a competing figure equal to the value given beside it: one claim, two ranks, refused (it demoted the value)"
cat > competing-twin.toml <<'TOML'
format = 2
id = "acme-one"
[[source]]
url = "https://example.org/acme"
[field.owner]
value = "Acme"
[[field.owner.citation]]
source = "https://example.org/acme"
[[field.owner.competing]]
value = "Acme"
rank = "normal"
[[field.owner.competing.citation]]
source = "https://example.org/acme"
quote = "Acme"
TOML
gc import competing-twin.toml
printf '{"format":"gpuclusters","version":1,"provenance":true}\n{"id":"beta-two","sources":[{"url":"https://example.org/beta"}],"claims":[{"field":"owner","value":"Beta","rank":"preferred","citations":[{"source":"https://example.org/beta"}]},{"field":"owner","value":"Beta","rank":"deprecated","citations":[{"source":"https://example.org/beta"}]}]}\n' > twin.jsonl
gc import twin.jsonl
unchanged
note "a record whose only claim of a field is the stored value as a competing figure: refused (it left the field unknown)"
cat > competing-only.toml <<'TOML'
format = 2
id = "acme-one"
[[source]]
url = "https://example.org/acme"
[[field.city.competing]]
value = "Paris"
[[field.city.competing.citation]]
source = "https://example.org/acme"
quote = "Paris"
TOML
gc import competing-only.toml
printf '{"format":"gpuclusters","version":1,"provenance":true}\n{"id":"beta-two","sources":[{"url":"https://example.org/beta"}],"claims":[{"field":"city","value":"Oslo","rank":"deprecated","citations":[{"source":"https://example.org/beta"}]}]}\n' > deprecated-only.jsonl
gc import deprecated-only.jsonl
unchanged
note "... while a record that sets another value keeps the old one as a competing figure, whichever comes first"
cat > competing-and-value.toml <<'TOML'
format = 2
id = "acme-one"
[[source]]
url = "https://example.org/acme"
[[field.city.competing]]
value = "Paris"
[[field.city.competing.citation]]
source = "https://example.org/acme"
[field.city]
value = "Lyon"
[[field.city.citation]]
source = "https://example.org/acme"
quote = "Lyon"
TOML
cp test.db other.db
gc --db other.db import competing-and-value.toml
gc --db other.db show acme-one --all
printf '{"format":"gpuclusters","version":1,"provenance":true}\n{"id":"beta-two","sources":[{"url":"https://example.org/beta"}],"claims":[{"field":"city","value":"Oslo","rank":"deprecated","citations":[{"source":"https://example.org/beta"}]},{"field":"city","value":"Bergen","rank":"preferred","citations":[{"source":"https://example.org/beta"}]}]}\n' > deprecated-then-value.jsonl
gc --db other.db import deprecated-then-value.jsonl

note "one source in two records of one import, under two spellings or with another title: refused, naming both places"
printf '{"format":"gpuclusters","version":1,"provenance":true}\n{"id":"acme-one","sources":[{"url":"https://example.org/shared","kind":"press","title":"Shared news"}],"claims":[{"field":"region","value":"Ile-de-France","citations":[{"source":"https://example.org/shared"}]}]}\n{"id":"beta-two","sources":[{"url":"https://example.org:443/shared?utm_source=feed","title":"Shared news, again"}],"claims":[{"field":"region","value":"Oslo","citations":[{"source":"https://example.org:443/shared?utm_source=feed"}]}]}\n' > shared-spellings.jsonl
gc import shared-spellings.jsonl
printf '%s\nacme-one,region,set,Ile-de-France,preferred,https://example.org/shared,press,Shared news,,,,,,,\nbeta-two,region,set,Oslo,preferred,https://example.org/shared,press,Shared news (2),,,,,,,\n' "$header" > shared-title.csv
gc import --format csv-long shared-title.csv
printf '%s\nacme-one,region,set,Ile-de-France,preferred,https://example.org/shared,press,,,,,,,,\nbeta-two,region,set,Oslo,preferred,https://web.archive.org/web/20250110000000/https://example.org/shared,press,,,2025-01-01,,,,,\n' "$header" > shared-later-date.csv
gc import --format csv-long shared-later-date.csv
unchanged
note "... while listings that agree, or a later one that says less, are one source"
printf '%s\nacme-one,region,set,Ile-de-France,preferred,https://example.org/shared,press,Shared news,,,,,,,\nbeta-two,region,set,Oslo,preferred,https://example.org/shared?utm_source=feed,,,,,,,,,\n' "$header" > shared-agree.csv
gc --db other.db import --format csv-long shared-agree.csv
gc --db other.db sources

note "one source listed under two spellings of its URL (a tracking parameter, :443, an archive capture): one source, metadata from both"
cat > spellings.toml <<'TOML'
format = 2
id = "gamma-three"
[[source]]
url = "https://example.org/gamma"
kind = "operator"
title = "Gamma news"
[[source]]
url = "https://example.org:443/gamma?utm_source=feed"
published = "2025-01-02"
[[source]]
url = "https://web.archive.org/web/20250110000000/https://example.org/gamma"
[field.owner]
value = "Gamma"
[[field.owner.citation]]
source = "https://example.org/gamma"
[[field.owner.citation]]
source = "https://example.org:443/gamma?utm_source=feed"
quote = "run by Gamma"
[[field.owner.citation]]
source = "https://web.archive.org/web/20250110000000/https://example.org/gamma"
quote = "Gamma runs it"
TOML
gc --db spellings.db init
gc --db spellings.db import spellings.toml
gc --db spellings.db sources show 1
note "... and where the two listings disagree, refused rather than one of them dropped"
sed 's/^published = "2025-01-02"/title = "Gamma press room"/' spellings.toml > disagree.toml
gc import disagree.toml
unchanged

note "a write that writes nothing leaves every byte of the file as it was, its header too: a dry run, a refused message, an edit left unchanged or failed"
cp test.db bytes.orig
same_bytes() { if cmp -s test.db bytes.orig; then echo "test.db: every byte as it was"; else echo "test.db: bytes CHANGED"; fi; }
gc add acme-one --set city=Lyon --source https://example.org/acme --quote Lyon -n
gc rank acme-one owner deprecated --reason "a dry run" -n
same_bytes
gc add acme-one --set city=Lyon --source https://example.org/acme --quote Lyon -m $'fixed\x1b[2J'
same_bytes
EDITOR=true gc edit acme-one
EDITOR=false gc edit acme-one 2>&1 | sed 's|kept in .*|kept in (a folder)|'
same_bytes
gc sources check 1 -m $'fixed\x01'
gc sources check 1 --title $'T\x01'
same_bytes
note "a link where SQLite keeps its shared memory or log beside the file: refused before the file is touched"
ln -s /dev/null test.db-shm
gc add acme-one --set city=Lyon --source https://example.org/acme --quote Lyon
rm test.db-shm
same_bytes
note "... and a FIFO where SQLite looks for a journal, by a reader too (it blocked for ever)"
mkfifo test.db-journal
status=0; timeout 20 "$GPUCLUSTERS_BIN" list > /dev/null 2> fifo.err || status=$?; echo "list exit $status"; cat fifo.err
note "... beside the file a --db link leads to, where SQLite looks for it"
ln -s test.db link.db
status=0; timeout 20 "$GPUCLUSTERS_BIN" --db link.db list > /dev/null 2> fifo.err || status=$?; echo "list through a link exit $status"; sed "s|$(pwd -P)/||" fifo.err
rm test.db-journal link.db
same_bytes
note "a line feed in a stored value (written behind the tool's back) is escaped in a change report and an error too"
cp test.db forged.db
sqlite3 forged.db "DROP TRIGGER claim_append_only_u; UPDATE claim SET value = 'Beta' || char(10) || 'forged-line  Evil' WHERE cluster_id = 'beta-two' AND field = 'owner'; CREATE TRIGGER claim_append_only_u BEFORE UPDATE ON claim BEGIN SELECT RAISE(ABORT, 'claim rows are append-only'); END; UPDATE cluster_values SET owner = 'Beta' || char(10) || 'forged-line  Evil' WHERE cluster_id = 'beta-two';"
gc --db forged.db rank beta-two owner normal --reason "one figure"
gc --db forged.db add beta-two --set owner="Beta AS" --source https://example.org/beta --quote "Beta AS"

note "a mapping condition with two tests read as either or both: refused, one test a condition"
printf 'Name,Status\nAlpha,Existing\n' > table.csv
printf 'format = 1\n[id]\ncolumn = "Name"\n[fields.name]\ncolumn = "Name"\nwhen = { column = "Status", equals = "Existing", empty = true }\n' > two-tests.toml
gc import --mapping two-tests.toml table.csv
unchanged

note "rank: a derived field cannot be ranked (set refuses it too), and --reason says why"
gc rank acme-one gpu_maker deprecated --reason "wrong maker"
gc rank acme-one owner normal --reason "   "
gc rank acme-one owner normal --reason $'\u200b'
unchanged

note "errors name the option or part that is wrong"
gc add acme-one --set city=Lyon --source https://example.org/acme --quote fine --locator $'page\x01'
gc add acme-one --set city=Lyon --source https://example.org/new --kind press --title $'T\x01'
gc rank acme-one owner normal --reason $'because\x01'
gc add acme-one --set gpus_installed=0x10 --source https://example.org/acme
note "a UTF-8 byte-order mark (Excel's CSV UTF-8) is not part of the first header cell"
printf '\xEF\xBB\xBFid,owner\nbeta-two,Beta\n' > excel.csv
gc import excel.csv --source https://example.org/beta
unchanged
note "an input of many malformed lines: the first 100 problems, then how many more (neither held nor printed whole)"
{ echo '{"format":"gpuclusters","version":1,"provenance":true}'; for i in $(seq 1 250); do echo '{"id": broken'; done; } > many.jsonl
"$GPUCLUSTERS_BIN" import many.jsonl > many.out 2> many.err || echo "exit $?"
grep -c '^gpuclusters: error: many.jsonl:' many.err
tail -2 many.err
{ "$GPUCLUSTERS_BIN" --json import many.jsonl 2>/dev/null || true; } | python3 -c 'import json, sys; r = json.load(sys.stdin); print(len(r["problems"]), r["problems_total"])'
