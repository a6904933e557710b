# A record at the limit of one record (10,000 parts) is written whole and comes back as it was;
# one that fails at its end, or whose line breaks off, leaves nothing of itself behind. A record
# beyond the limit (10,000 parts, or 16 MiB of text) is refused whole, in every format, and the
# records after it are read on.
setup init
huge() {  # huge ID N [LAST_CLAIM]: one record of N competing claims of gpus_installed, each with its source
    python3 - "$@" <<'PY'
import json, sys
ident, n = sys.argv[1], int(sys.argv[2])
sources = [{"url": f"https://{ident}.example.org/{i}", "kind": "press", "accessed": "2026-11-30"} for i in range(n)]
claims = [{"field": "gpus_installed", "value": str(1000 + i), "rank": "preferred" if i == 0 else "normal",
           "citations": [{"source": f"https://{ident}.example.org/{i}", "quote": f"{1000 + i} GPUs"}]} for i in range(n)]
if len(sys.argv) > 3:
    claims.append(json.loads(sys.argv[3]))
print(json.dumps({"format": "gpuclusters", "version": 1, "provenance": True}))
print(json.dumps({"id": ident, "sources": sources, "claims": claims}))
PY
}
note "3,333 competing claims, each with its source and citation: 9,999 parts, one record at the limit"
huge many-claims 3333 > many.jsonl
gc import many.jsonl
sql "SELECT count(*) FROM claim; SELECT count(*) FROM citation; SELECT count(*) FROM source; SELECT rank, count(*) FROM live_claim GROUP BY rank"
note "exported and imported into a new database, the record comes back as it was"
gc export --provenance --format jsonl -o first.jsonl
setup --db again.db init
setup --db again.db import first.jsonl
setup --db again.db export --provenance --format jsonl -o second.jsonl
cmp first.jsonl second.jsonl && note "the two exports are the same"
note "imported again, nothing changes"
gc import many.jsonl
note "a bad claim at the end refuses the whole record"
huge bad-end 3000 '{"field": "gpus_installed", "value": "-5", "rank": "normal"}' > bad-end.jsonl
gc import bad-end.jsonl
sql "SELECT count(*) FROM cluster WHERE id = 'bad-end'; SELECT count(*) FROM source; SELECT count(*) FROM changeset"
note "a value given twice (as the value and as a competing figure) is found while writing, after 3,000 claims"
huge two-ranks 3000 '{"field": "gpus_installed", "value": "1000", "rank": "normal", "citations": [{"source": "https://two-ranks.example.org/1"}]}' > two-ranks.jsonl
gc import two-ranks.jsonl
sql "SELECT count(*) FROM cluster WHERE id = 'two-ranks'; SELECT count(*) FROM claim"
note "a line that breaks off after 400,000 bytes: the record is refused, the database unchanged"
huge cut-off 3000 > whole.jsonl
head -c 400000 whole.jsonl > cut.jsonl
gc import cut.jsonl
sql "SELECT count(*) FROM cluster WHERE id = 'cut-off'; SELECT count(*) FROM source"
note "with --keep-going the records after a refused one are written"
huge after-it 3000 > after.jsonl
{ cat cut.jsonl; echo; tail -1 after.jsonl; } > keep.jsonl
gc import keep.jsonl --keep-going
sql "SELECT id FROM cluster ORDER BY id"
note "a JSON document that breaks off inside a large record: the next file's record is read afresh, only the broken file is reported"
python3 -c "
import json
sources = [{'url': f'https://doc.example.org/{i}', 'kind': 'press'} for i in range(3000)]
claims = [{'field': 'gpus_installed', 'value': str(1000 + i), 'rank': 'preferred' if i == 0 else 'normal', 'citations': [{'source': f'https://doc.example.org/{i}'}]} for i in range(3000)]
print(json.dumps({'format': 'gpuclusters', 'version': 1, 'provenance': True, 'clusters': [{'id': 'doc-cut', 'sources': sources, 'claims': claims}]}))
" > doc.json
head -c 200000 doc.json > cut.json
huge next-file 3000 > next.jsonl
gc import cut.json next.jsonl
sql "SELECT count(*) FROM cluster WHERE id IN ('doc-cut', 'next-file')"
note "one part beyond the limit: refused at its place, nothing of it written (JSON Lines, JSON, CSV long)"
huge over-limit 3334 > over.jsonl
gc import over.jsonl
python3 -c "
import json
lines = open('over.jsonl').read().splitlines()
print(json.dumps({'format': 'gpuclusters', 'version': 1, 'provenance': True, 'clusters': [json.loads(lines[1])]}))
" > over.json
gc import over.json
python3 - <<'PY'
import csv, sys
with open("over.csv", "w", newline="") as out:
    w = csv.writer(out)
    w.writerow("cluster,field,state,value,rank,source_url,source_kind,source_title,source_publisher,source_published,source_accessed,source_archive_url,source_archived,locator,quote".split(","))
    row = lambda cluster, field, value, rank, quote: [cluster, field, "set", value, rank, "https://example.org/one", "press", "", "", "", "", "", "", "", quote]
    for i in range(10001):
        w.writerow(row("over-csv", "gpus_installed", 1000 + i, "preferred" if i == 0 else "normal", f"{1000 + i} GPUs"))
    w.writerow(row("small-after", "name", "Small", "preferred", "Small"))
PY
gc import --format csv-long --keep-going over.csv
sql "SELECT id FROM cluster WHERE id IN ('over-limit', 'over-csv', 'small-after') ORDER BY id"
note "a record of more than 16 MiB of text: refused as it passes the limit, in JSON Lines, JSON and CSV long, the records after it read on"
python3 - <<'PY'
import csv, json
quote = "q" * 16000
claims = [{"field": "gpus_installed", "value": str(1000 + i), "rank": "preferred" if i == 0 else "normal",
           "citations": [{"source": "https://long.example.org/", "quote": quote}]} for i in range(1100)]
record = {"id": "long-text", "sources": [{"url": "https://long.example.org/", "kind": "press"}], "claims": claims}
small = {"id": "small-after", "fields": {"name": "Small"}}
with open("long.jsonl", "w") as out:
    out.write(json.dumps({"format": "gpuclusters", "version": 1, "provenance": True}) + "\n")
    out.write(json.dumps(record) + "\n" + json.dumps(small) + "\n")
with open("long.json", "w") as out:
    json.dump({"format": "gpuclusters", "version": 1, "provenance": True, "clusters": [record, small]}, out)
with open("long.csv", "w", newline="") as out:
    w = csv.writer(out)
    w.writerow("cluster,field,state,value,rank,source_url,source_kind,source_title,source_publisher,source_published,source_accessed,source_archive_url,source_archived,locator,quote".split(","))
    for i in range(1100):
        w.writerow(["long-csv", "gpus_installed", "set", 1000 + i, "preferred" if i == 0 else "normal", "https://long.example.org/", "press", "", "", "", "", "", "", "", quote])
    w.writerow(["small-after", "name", "set", "Small", "preferred", "https://long.example.org/", "press", "", "", "", "", "", "", "", "Small"])
PY
gc import --keep-going --unsourced long.jsonl
gc import --keep-going --unsourced long.json
gc import --format csv-long --keep-going long.csv
sql "SELECT id FROM cluster WHERE id IN ('long-text', 'long-csv', 'small-after') ORDER BY id"
