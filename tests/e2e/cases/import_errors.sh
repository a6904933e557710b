setup init
note "a dry run over a file with 5 scattered bad rows reports all 5 with their lines, and writes nothing"
{
    echo "id,name,gpus_installed,status,country"
    for i in $(seq 1 40); do
        case $i in
            3) echo "row-$i,Row $i,12.3k,operational,US" ;;
            11) echo "row-$i,Row $i,100,sideways,US" ;;
            19) echo "Row $i,Row $i,100,operational,US" ;;
            27) echo "row-$i,Row $i,100,operational,Atlantis" ;;
            38) echo "row-$i,Row $i,~1 x 100,operational,US" ;;
            *) echo "row-$i,Row $i,$((i * 8)),operational,US" ;;
        esac
    done
} > bad.csv
gc import bad.csv --dry-run --source https://example.org/list --kind list
gc import bad.csv --source https://example.org/list --kind list
sql "SELECT count(*) FROM changeset; SELECT count(*) FROM cluster; SELECT count(*) FROM source"
note "--keep-going imports the valid records in one transaction and lists the rejected ones"
gc import bad.csv --keep-going --source https://example.org/list --kind list > keep.out
tail -2 keep.out
sql "SELECT count(*) FROM changeset; SELECT count(*) FROM cluster"
sql "PRAGMA foreign_key_check"
note "a failure on the last row of a large file leaves the database as it was"
{
    echo "id,name,gpus_installed"
    for i in $(seq 1 3000); do echo "big-$i,Big $i,$i"; done
    echo "big-last,Big last,-1"
} > big.csv
setup import big.csv --unsourced || note "the import failed, as it should"
sql "SELECT count(*) FROM changeset; SELECT count(*) FROM cluster WHERE id LIKE 'big-%'"
note "the same id twice, naming both lines"
printf 'id,name\ndup-one,First\nother,Other\ndup-one,Second\n' > dup.csv
gc import dup.csv --unsourced
note "malformed input of every format"
printf 'id,name\n"open,quote\n' > quote.csv
gc import quote.csv --unsourced
printf 'id,nmae\nx,y\n' > header.csv
gc import header.csv --unsourced
printf 'id,name\nx,y,z\n' > cells.csv
gc import cells.csv --unsourced
printf 'id,name\nx,\xff\xfe\n' > utf8.csv
gc import utf8.csv --unsourced
printf '{"format":"gpuclusters","version":1}\n{"id":"j-1","fields":{"name":"J"}}\n{"id":"j-2",\n{"id":"j-3","fields":{"gpus_installed":true}}\n{"id":"j-4","colour":"red"}\n' > bad.jsonl
gc import bad.jsonl --unsourced
printf '{"format":"gpuclusters","version":99,"clusters":[]}' > newer.json
gc import newer.json --unsourced
printf '{"format":"gpuclusters","version":1,"clusters":[{"id":"a","fields":{"name":"A"}},{"id":"b","fields":' > truncated.json
gc import truncated.json --unsourced
printf '[1, 2, 3]' > notours.json
gc import notours.json --unsourced
printf 'format = 1\nid = "t-1"\n[field.name]\nvalue = "T"\nvalue = "again"\n' > dupkey.toml
gc import dupkey.toml --unsourced
printf 'format = 99\nid = "t-2"\n' > newer.toml
gc import newer.toml --unsourced
printf 'format = 1\nid = "t-3"\n[field.name]\nvalue = "T"\n[[field.name.citation]]\nsource = "https://example.org/unlisted"\n' > unlisted.toml
gc import unlisted.toml --unsourced
gc import missing-file.json --unsourced
gc import - --unsourced < dup.csv
gc import no-extension --unsourced
sql "SELECT count(*) FROM changeset; SELECT count(*) FROM cluster"
note "export: toml needs a folder; bad options"
gc export --format toml
gc export --format yaml
gc export --where gpus=1
note "a record that fails first does not take the changeset with it (--keep-going imports the rest)"
printf '{"format":"gpuclusters","version":1}\n{"id":"k-1","sources":[{"url":"https://example.org/no-kind"}],"claims":[{"field":"name","value":"K1","citations":[{"source":"https://example.org/no-kind"}]}]}\n{"id":"k-2","fields":{"name":"K2"}}\n' > first-fails.jsonl
gc import first-fails.jsonl --keep-going --unsourced
note "one value given two ranks in one record, and ids that differ only by spaces"
printf '{"format":"gpuclusters","version":1}\n{"id":"two-ranks","claims":[{"field":"gpus_installed","value":"100","rank":"preferred"},{"field":"gpus_installed","value":"100","rank":"deprecated"}]}\n' > two-ranks.jsonl
gc import two-ranks.jsonl --unsourced
printf '{"format":"gpuclusters","version":1}\n{"id":"spaced","fields":{"name":"A"}}\n{"id":" spaced ","fields":{"name":"B"}}\n' > spaced.jsonl
gc import spaced.jsonl --unsourced
note "records that are not objects, and clusters that is not an array"
printf '{"format":"gpuclusters","version":1,"clusters":[1,"x",{"id":"obj","fields":{"name":"O"}}]}' > mixed.json
gc import mixed.json --unsourced
printf '{"format":"gpuclusters","version":1,"clusters":{"id":"x"}}' > object.json
gc import object.json --unsourced
note "a mapping template with a brace that is not closed"
printf 'format = 1\n[id]\ncolumn = "id"\n[fields.name]\ntemplate = "{name} phase {phase"\n' > brace.toml
printf 'id,name\nb-1,B\n' > brace.csv
gc import --mapping brace.toml brace.csv --unsourced
note "export: a folder for -o, and an output that cannot be written"
mkdir -p a-folder
gc export -o a-folder
ls a-folder
status=0; "$GPUCLUSTERS_BIN" export --format csv > /dev/full 2> full.err || status=$?
echo "export to a full device: exit $status"; cat full.err
note "a reader that goes away (| head): exit 74 as gpuclusters(1) says, not killed by SIGPIPE (141), and no word on stderr"
cat > closed-pipe.py <<'PY'
import os, subprocess, sys
read_end, write_end = os.pipe()
os.close(read_end)  # the reader is gone before the first write
for args in (["export", "--provenance"], ["list"], ["log"]):
    run = subprocess.run([sys.argv[1]] + args, stdout=write_end, stderr=subprocess.PIPE)
    print(" ".join(args) + ": exit", run.returncode, "stderr:", repr(run.stderr.decode()))
PY
python3 closed-pipe.py "$GPUCLUSTERS_BIN"
sql "SELECT count(*) FROM changeset"
note "every new value has a source: an import whose records cite none is refused, naming each, unless --unsourced"
printf '{"id":"bare-one","fields":{"name":"Bare One","gpus_installed":"512"}}\n' > bare.jsonl
gc import bare.jsonl
gc import bare.jsonl --source https://example.org/bare --kind list --dry-run
gc import bare.jsonl --unsourced --dry-run
note "every problem of a row is reported, not only the first; the row counts once as rejected"
printf 'id,name,gpus_installed,country,status\nmany-bad,Many Bad,4k,Swizerland,running\n' > many-bad.csv
gc import many-bad.csv --unsourced
note "--json: a record per object, the rows refused as a count, every problem in a list"
printf 'id,name,gpus_installed,country\nok-one,OK,512,DE\nbad-one,Bad,4k,Swizerland\n' > mixed.csv
gc --json import mixed.csv --source https://example.org/mixed --kind list --keep-going --dry-run
note "the provenance readers are strict: each case below is refused with its place, and nothing is written"
head='cluster,field,state,value,rank,source_url,source_kind,source_title,source_publisher,source_published,source_accessed,source_archive_url,source_archived,locator,quote'
printf '%s\nst-one,owner,maybe,Acme,preferred,https://example.org/s,operator,,,,,,,,\n' "$head" > state.csv
printf '%s\nst-one,city,not_published,Lugano,preferred,https://example.org/s,operator,,,,,,,,\n' "$head" > np-value.csv
printf '%s\nst-one,owner,set,Acme,preferred,,,,,,,,,p. 3,Acme runs it\n' "$head" > no-source.csv
printf '%s\nst-one,owner,set,Acme,preferred,https://example.org/s,operator,,,,,,,,\nst-one,city,set,Bern,preferred,https://example.org/s,press,,,,,,,,\n' "$head" > two-kinds.csv
for file in state.csv np-value.csv no-source.csv two-kinds.csv; do gc import --format csv-long "$file"; done
printf '{"id":"st-one","sources":[{"url":"https://example.org/s","kind":"operator"}],"claims":[{"field":"city","state":"not_published","value":"Bern","citations":[{"source":"https://example.org/s"}]}]}\n' > np-value.jsonl
printf '{"id":"st-one","sources":[{"url":"https://example.org/s","kind":"operator"},{"url":"https://example.org/s","kind":"press"}],"claims":[]}\n' > twice.jsonl
gc import np-value.jsonl
gc import twice.jsonl
note "a number out of range is bad input (exit 3) with its place, quoted short"
printf '{"id":"big-one","fields":{"gpus_installed":1e400}}\n' > huge.jsonl
gc import huge.jsonl --unsourced
python3 -c "print('{\"id\":\"long-one\",\"fields\":{\"gpus_installed\":' + '9' * 5000 + '}}')" > digits.jsonl
gc import digits.jsonl --unsourced
printf '{"format":"gpuclusters","version":1,"provenance":false,"clusters":[{"id":"big-one","fields":{"power_mw":-1e999}}]}' > huge.json
gc import huge.json --unsourced
python3 -c "print('{\"id\":\"k\",\"' + 'k' * 100000 + '\":1}')" > long-key.jsonl
gc import long-key.jsonl --unsourced
sql "SELECT count(*) FROM changeset"
note "a mapping's empty = false skips the rows whose cell is not empty"
printf 'Name,Status\nKept,\nGone,Decommissioned\n' > statuses.csv
printf 'format = 1\n[id]\ncolumn = "Name"\n[[skip]]\ncolumn = "Status"\nempty = false\nreason = "has a status"\n[fields.name]\ncolumn = "Name"\n' > not-empty.toml
gc import --mapping not-empty.toml statuses.csv --unsourced --dry-run
printf 'format = 1\n[id]\ncolumn = "Name"\n[[skip]]\ncolumn = "Status"\nempty = "no"\nreason = "x"\n[fields.name]\ncolumn = "Name"\n' > bad-empty.toml
gc import --mapping bad-empty.toml statuses.csv --unsourced --dry-run
note "a key without a [dataset] has no source to be kept with: refused at its line"
printf 'format = 1\n[id]\ncolumn = "Name"\nkey = "Name"\n[fields.name]\ncolumn = "Name"\n' > key-no-dataset.toml
gc import --mapping key-no-dataset.toml statuses.csv --unsourced --dry-run
note "a string longer than any field takes is refused as it is read, at its line and column, and nothing is written"
python3 - <<'PY'
import json
header = {"format": "gpuclusters", "version": 1, "provenance": True}
source = {"url": "https://example.org/long", "kind": "press", "accessed": "2026-11-30"}
record = {"id": "long-quote", "sources": [source], "claims": [{"field": "owner", "value": "Acme",
          "citations": [{"source": source["url"], "quote": "x" * 3_000_000}]}]}
with open("long-string.jsonl", "w") as f:
    f.write(json.dumps(header) + "\n" + json.dumps(record) + "\n")
with open("long-string.json", "w") as f:
    f.write(json.dumps(dict(header, clusters=[{"id": "fine", "fields": {"name": "Fine"}}, record])))
PY
gc import long-string.jsonl
gc import long-string.json --unsourced
sql "SELECT count(*) FROM changeset"
note "a key given twice in one object is refused: the parser would keep the last"
printf '{"id":"twice-a","id":"twice-b","fields":{"name":"T"}}\n' > key-twice.jsonl
gc import key-twice.jsonl --unsourced
printf '{"format":"gpuclusters","version":1,"provenance":false,"clusters":[{"id":"t","fields":{"name":"A","name":"B"}}]}' > key-twice.json
gc import key-twice.json --unsourced
note "records on lines longer than 64 KiB are read as they are parsed; one that is malformed halfway is skipped to its line's end"
python3 - <<'PY'
import json
def record(cluster, n):
    sources = [{"url": f"https://example-{i}.org/{cluster}", "kind": "press", "accessed": "2026-11-30"} for i in range(n)]
    claims = [{"field": "owner", "value": "Acme", "rank": "preferred",
               "citations": [{"source": s["url"], "quote": f"Acme runs it ({i})"} for i, s in enumerate(sources)]}]
    return json.dumps({"id": cluster, "sources": sources, "claims": claims})
long_one = record("long-one", 800)
with open("long-lines.jsonl", "w") as f:
    f.write(long_one + "\n")
    f.write(record("long-two", 900)[:-40] + "\n")  # cut short: malformed at the end of a long line
    f.write('{"id":"short-one","fields":{"name":"Short"}}\n')
    f.write(long_one.replace("long-one", "long-three"))  # the last line, with no newline
print(len(long_one))
PY
gc import long-lines.jsonl --unsourced --keep-going
sql "SELECT id FROM cluster WHERE id GLOB 'long-*' OR id GLOB 'short-*' ORDER BY id; SELECT count(*) FROM citation"
note "CSV, CSV long, a mapped CSV and TOML refuse an over-long string the same way, and write nothing"
python3 - <<'PY'
long = "x" * 2_000_000
open("long-cell.csv", "w").write("id,name\nlong-cell," + long + "\n")
long_columns = "cluster,field,state,value,rank,source_url,source_kind,source_title,source_publisher,source_published,source_accessed,source_archive_url,source_archived,locator,quote"
open("long-quote.csv", "w").write(long_columns + "\nlong-quote,owner,set,Acme,preferred,https://example.org/q,press,,,,2026-11-30,,,,\"" + long + "\"\n")
open("long-string.toml", "w").write('format = 1\nid = "long-toml"\n# a "quoted" comment\n[field.name]\nvalue = """\n' + long + '"""\n')
open("many-cells.csv", "w").write("id,name\n" + "," * 70000 + "\n")
PY
gc import long-cell.csv --unsourced
gc import long-quote.csv --format csv-long
printf 'format = 1\n[id]\ncolumn = "id"\n[fields.name]\ncolumn = "name"\n' > long-map.toml
gc import --mapping long-map.toml long-cell.csv --unsourced
gc import long-string.toml --unsourced
gc import many-cells.csv --unsourced
sql "SELECT count(*) FROM changeset"
note "--keep-going passes over rejected records, not an input that cannot be read to its end: nothing is written"
printf '{"format":"gpuclusters","version":1,"clusters":[{"id":"doc-a","fields":{"name":"A"}},{"id":"doc-b","fields":{"name":"B","name":"C"}},{"id":"doc-c","fields":{"name":"C"}}]}' > cut-short.json
gc import cut-short.json --unsourced --keep-going
printf 'id,name\ncell-a,A\n"cell-b,B\n' > cut-short.csv
gc import cut-short.csv --unsourced --keep-going
sql "SELECT count(*) FROM cluster WHERE id GLOB 'doc-*' OR id GLOB 'cell-*'"
note "a line of blanks longer than 64 KiB is a blank line; \"clusters\" that is not an array is refused"
python3 -c "print('{\"format\":\"gpuclusters\",\"version\":1}'); print(' ' * 70000 + '\t'); print('{\"id\":\"after-blanks\",\"fields\":{\"name\":\"A\"}}')" > long-blank.jsonl
gc import long-blank.jsonl --unsourced
printf '{"format":"gpuclusters","version":1,"clusters":5}' > clusters-scalar.json
gc import clusters-scalar.json --unsourced
