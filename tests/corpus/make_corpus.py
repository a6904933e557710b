#!/usr/bin/env python3
"""Writes the hostile-input corpus: one file per case under files/, and cases.tsv naming, for each
case, how it is run, the exit status expected and a piece of the one-line error expected.

    python3 tests/corpus/make_corpus.py     (the files are committed; run it after changing it)

Kinds: import (gpuclusters import FILE), import-format:F (with --format F), mapping (import
files/table.csv --mapping FILE), cli (the arguments, tab-free, split on ' | '; @files@ stands for
the folder of the files).
"""
import json
import os

here = os.path.dirname(os.path.abspath(__file__))
files = os.path.join(here, "files")
os.makedirs(files, exist_ok=True)
cases = []


def case(name, content, kind, status, expect):
    if content is not None:
        with open(os.path.join(files, name), "wb") as out:
            out.write(content if isinstance(content, bytes) else content.encode("utf-8"))
    cases.append((name, kind, str(status), expect))


header = {"format": "gpuclusters", "version": 1, "provenance": True}
good = {"id": "corpus-one", "sources": [{"url": "https://example.org/c", "kind": "operator"}],
        "claims": [{"field": "gpus_installed", "state": "set", "value": "128 x 8", "rank": "preferred",
                    "citations": [{"source": "https://example.org/c", "locator": "", "quote": "128 nodes x 8"}]}]}
document = json.dumps(dict(header, clusters=[good]))

# --- JSON documents ------------------------------------------------------------------------------
for i, cut in enumerate([1, 5, 20, 45, 60, 90, 120, 160, 200, len(document) - 2]):
    case(f"truncated-{i}.json", document[:cut], "import", 3, "malformed JSON")
case("no-header.json", json.dumps({"clusters": [good]}), "import", 3, "not a gpuclusters export")
case("wrong-format-name.json", json.dumps({"format": "other", "version": 1, "clusters": []}), "import", 3, "not a gpuclusters export")
case("version-string.json", json.dumps({"format": "gpuclusters", "version": "1", "clusters": []}), "import", 3, "not a gpuclusters export")
case("version-newer.json", json.dumps({"format": "gpuclusters", "version": 99, "clusters": []}), "import", 3, "newer than this gpuclusters reads")
case("version-zero.json", json.dumps({"format": "gpuclusters", "version": 0, "clusters": []}), "import", 3, "format version 0")
# Found by fuzz_streams: a header member of another type threw past every handler.
case("format-not-a-string.jsonl", '{"format":["gpuclusters"],"version":1}\n{"id":"b","fields":{"name":"B"}}\n', "import", 3, "not a gpuclusters export")
case("version-huge.jsonl", '{"format":"gpuclusters","version":18446744073709551615}\n{"id":"b","fields":{"name":"B"}}\n', "import", 3,
     "format version 18446744073709551615 is newer")
case("deeply-nested.json", "[" * 100000 + "]" * 100000, "import", 3, "")
case("deeply-nested-record.json", '{"format":"gpuclusters","version":1,"clusters":[{"id":"x","fields":{"name":' + "[" * 50000 + "]" * 50000 + "}}]}", "import", 3, "")
case("nul-byte.json", document.replace("corpus-one", "corpus\x00one"), "import", 3, "")
case("invalid-utf8.json", document.encode().replace(b"128 nodes", b"128 \xff\xfe nodes"), "import", 3, "")
case("overlong-utf8.json", document.encode().replace(b"corpus-one", b"corpus\xc0\xafone"), "import", 3, "")
case("huge-number.json", json.dumps(dict(header, clusters=[{"id": "big", "fields": {"gpus_installed": 10 ** 30}}])), "import", 3, "")
case("count-true.json", json.dumps(dict(header, clusters=[{"id": "b", "fields": {"gpus_installed": True}}])), "import", 3, "must be a string or a number")
case("fields-array.json", json.dumps(dict(header, clusters=[{"id": "b", "fields": ["x"]}])), "import", 3, "must be an object")
case("claims-object.json", json.dumps(dict(header, clusters=[{"id": "b", "claims": {}}])), "import", 3, "must be an array")
case("unknown-key.json", json.dumps(dict(header, clusters=[{"id": "b", "colour": "red"}])), "import", 3, "unknown key")
case("record-string.json", json.dumps(dict(header, clusters=["b"])), "import", 3, "must be a JSON object")
case("clusters-object.json", json.dumps(dict(header, clusters={"id": "b"})), "import", 3, "must be an array of records")
case("empty.json", "", "import", 3, "malformed JSON")
case("id-missing.json", json.dumps(dict(header, clusters=[{"fields": {"name": "x"}}])), "import", 3, 'missing "id"')

# A key given twice: the parser would keep the last.
case("key-twice.json", '{"format":"gpuclusters","version":1,"clusters":[{"id":"a","fields":{"name":"A","name":"B"}}]}',
     "import", 3, 'key-twice.json:1:85: key "name" is given twice in one object')
case("header-key-twice.json", '{"format":"gpuclusters","format":"other","version":1,"clusters":[]}', "import", 3,
     'key "format" is given twice')
# An element of "clusters" that is an array was passed over without a word.
case("record-array.json", json.dumps(dict(header, clusters=[[good]])), "import", 3, "clusters[0]: a record must be a JSON object")

# --- JSON Lines ----------------------------------------------------------------------------------
line_header = json.dumps(header)
def jsonl(*records):
    return "\n".join([line_header] + [r if isinstance(r, str) else json.dumps(r) for r in records]) + "\n"
case("bad-line.jsonl", jsonl('{"id": "x",'), "import", 3, "malformed JSON")
case("key-twice.jsonl", jsonl('{"id":"a","id":"b","fields":{"name":"A"}}'), "import", 3, 'key-twice.jsonl:2: key "id" is given twice')
# A line over 64 KiB is parsed from the stream: the same refusals, with the column.
long_record = dict(good, sources=[{"url": f"https://example-{i}.org/c", "kind": "press"} for i in range(2000)])
case("long-line-key-twice.jsonl", jsonl(json.dumps(long_record)[:-1] + ',"sources":[]}'), "import", 3,
     'key "sources" is given twice')
case("long-line-cut.jsonl", jsonl(json.dumps(long_record)[:70000], good), "import", 3, "long-line-cut.jsonl:2: malformed JSON")
case("not-object.jsonl", jsonl("[1,2]"), "import", 3, "must be a JSON object")
case("newer-header.jsonl", jsonl().replace('"version": 1', '"version": 9'), "import", 3, "newer than this gpuclusters")
case("unknown-field.jsonl", jsonl({"id": "x", "fields": {"gpus": 1}}), "import", 3, "unknown field")
case("id-dotdot.jsonl", jsonl({"id": "../../etc/passwd", "fields": {"name": "x"}}), "import", 3, "is not a cluster id")
case("id-slash.jsonl", jsonl({"id": "a/b", "fields": {"name": "x"}}), "import", 3, "is not a cluster id")
case("id-upper.jsonl", jsonl({"id": "Acme", "fields": {"name": "x"}}), "import", 3, "is not a cluster id")
case("id-empty.jsonl", jsonl({"id": "", "fields": {"name": "x"}}), "import", 3, "is not a cluster id")
for scheme, url in [("javascript", "javascript:alert(1)"), ("file", "file:///etc/passwd"), ("data", "data:text/html,<b>x</b>"),
                    ("ftp", "ftp://example.org/x"), ("mailto", "mailto:a@example.org"), ("userinfo", "https://user:pw@example.org/")]:
    record = {"id": "u", "sources": [{"url": url, "kind": "press"}],
              "claims": [{"field": "name", "value": "U", "citations": [{"source": url}]}]}
    case(f"url-{scheme}.jsonl", jsonl(record), "import", 3, "")
case("accessed-future.jsonl", jsonl({"id": "f", "sources": [{"url": "https://example.org/f", "kind": "press", "accessed": "2099-01-01"}],
                                     "claims": [{"field": "name", "value": "F", "citations": [{"source": "https://example.org/f"}]}]}),
     "import", 3, "in the future")
case("source-no-kind.jsonl", jsonl({"id": "k", "sources": [{"url": "https://example.org/k"}],
                                    "claims": [{"field": "name", "value": "K", "citations": [{"source": "https://example.org/k"}]}]}),
     "import", 3, "needs a kind")
case("duplicate-id.jsonl", jsonl({"id": "d", "fields": {"name": "a"}}, {"id": "d", "fields": {"name": "b"}}), "import", 3, "is also at")
case("two-ranks.jsonl", jsonl({"id": "t", "claims": [{"field": "gpus_installed", "value": "8"},
                                                   {"field": "gpus_installed", "value": "8", "rank": "deprecated"}]}),
     "import", 3, "two ranks")
case("rank-bad.jsonl", jsonl({"id": "r", "claims": [{"field": "name", "value": "x", "rank": "top"}]}), "import", 3, "rank must be")
case("state-bad.jsonl", jsonl({"id": "s", "claims": [{"field": "name", "value": "x", "state": "maybe"}]}), "import", 3, "state must be")
case("maker-set.jsonl", jsonl({"id": "m", "claims": [{"field": "gpu_maker", "value": "AMD"}]}), "import", 0, "")
case("sql-text.jsonl", jsonl({"id": "sql-text", "fields": {"name": "x'); DROP TABLE claim; --"}}), "import", 0, "")

# --- TOML records --------------------------------------------------------------------------------
toml_good = 'format = 1\nid = "t-1"\n[[source]]\nurl = "https://example.org/t"\nkind = "paper"\n[field.name]\nvalue = "T"\n[[field.name.citation]]\nsource = "https://example.org/t"\nquote = "T"\n'
for i, cut in enumerate([10, 30, 60, 100]):
    case(f"truncated-{i}.toml", toml_good[:cut], "import", 3, "")
for name, text, expect in [
    ("unbalanced-quote.toml", 'format = 1\nid = "t\n', "toml"),
    ("duplicate-key.toml", 'format = 1\nid = "a"\nid = "b"\n', "redefine"),
    ("no-format.toml", 'id = "a"\n', "missing 'format = 3'"),
    ("format-newer.toml", 'format = 99\nid = "a"\n', "record format 99 is not supported (this gpuclusters reads formats 1 to 3)"),
    ("format-string.toml", 'format = "1"\nid = "a"\n', "missing 'format = 3'"),
    ("no-id.toml", 'format = 1\n', "missing key 'id'"),
    ("bad-id.toml", 'format = 1\nid = "A B"\n', "is not a cluster id"),
    ("unknown-top-key.toml", 'format = 1\nid = "a"\ncolour = "red"\n', "unknown key"),
    ("unknown-field.toml", 'format = 1\nid = "a"\n[field.gpus]\nvalue = "1"\n', "unknown field"),
    ("unlisted-source.toml", 'format = 1\nid = "a"\n[field.name]\nvalue = "A"\n[[field.name.citation]]\nsource = "https://example.org/x"\n', "not one of the [[source]] urls"),
    ("value-array.toml", 'format = 1\nid = "a"\n[field.name]\nvalue = ["A"]\n', "must be a string or a number"),
    ("not-published-false.toml", 'format = 1\nid = "a"\n[field.city]\nnot_published = false\n', "must be true"),
    ("value-and-not-published.toml", 'format = 1\nid = "a"\n[field.city]\nvalue = "X"\nnot_published = true\n', "exclude each other"),
    ("competing-rank-bad.toml", 'format = 1\nid = "a"\n[field.name]\nvalue = "A"\n[[field.name.competing]]\nvalue = "B"\nrank = "preferred"\n', "normal or deprecated"),
    ("source-twice.toml", 'format = 1\nid = "a"\n[[source]]\nurl = "https://e.org/"\nkind = "paper"\n[[source]]\nurl = "https://e.org/"\nkind = "paper"\n', "listed twice"),
]:
    case(name, text, "import", 3, expect)
case("nul-byte.toml", b'format = 1\nid = "a\x00b"\n', "import", 3, "")
case("invalid-utf8.toml", b'format = 1\nid = "a"\n[field.name]\nvalue = "\xff"\n', "import", 3, "invalid UTF-8")

# --- CSV wide ------------------------------------------------------------------------------------
def csv(*rows):
    return "\n".join(rows) + "\n"
for name, content, expect in [
    ("unbalanced-quote.csv", csv("id,name", '"a,b'), "quote is not closed"),
    ("cell-count.csv", csv("id,name", "a,b,c"), "cells where the header has"),
    ("unknown-column.csv", csv("id,nmae", "a,b"), "is not a field"),
    ("no-id-column.csv", csv("name,id", "b,a"), "first column must be 'id'"),
    ("count-huge.csv", csv("id,gpus_installed", "a,1000000000000"), "larger than"),
    ("count-negative.csv", csv("id,gpus_installed", "a,-5"), "negative"),
    ("count-decimal.csv", csv("id,gpus_installed", "a,12.5"), "not a whole number"),
    ("count-scientific.csv", csv("id,gpus_installed", "a,1e4"), "scientific"),
    ("count-approximate.csv", csv("id,gpus_installed", "a,10 x ~100"), "approximate"),
    ("count-zero.csv", csv("id,gpus_installed", "a,0"), "zero"),
    ("power-negative.csv", csv("id,power_mw", "a,-3"), "negative"),
    ("power-estimate-anonymous.csv", csv("id,power_mw", "a,40 (estimate)"), "names its estimator"),
    ("country-unknown.csv", csv("id,country", "a,Atlantis"), "ISO 3166-1"),
    ("status-unknown.csv", csv("id,status", "a,rumoured"), "is not a status"),
    ("date-invalid.csv", csv("id,first_operational", "a,2023-02-29"), "calendar date"),
    ("partner-no-role.csv", csv("id,partners", "a,HPE"), "needs a role"),
    ("related-bad.csv", csv("id,related", "a,b (cousin)"), "needs a relation"),
    ("id-dotdot.csv", csv("id,name", "../x,X"), "is not a cluster id"),
    ("id-slash.csv", csv("id,name", "a/b,X"), "is not a cluster id"),
    ("text-newline.csv", csv("id,name", 'a,"two\nlines"'), "control character"),
    ("segment-unknown.csv", csv("id,segment", "a,startup"), "is not a segment"),
]:
    case(name, content, "import", 3, expect)
case("invalid-utf8.csv", b"id,name\na,\xff\n", "import", 3, "invalid UTF-8")
case("overlong-utf8.csv", b"id,name\na,\xc0\xaf\n", "import", 3, "invalid UTF-8")
case("surrogate-utf8.csv", b"id,name\na,\xed\xa0\x80\n", "import", 3, "invalid UTF-8")
case("nul-byte.csv", b"id,name\na,x\x00y\n", "import", 3, "control character")
case("one-megabyte-field.csv", "id,name\na," + "x" * (1 << 20) + "\n", "import", 3, "the limit is 4096")
case("formula.csv", csv("id,name", 'formula,"=HYPERLINK(""http://evil.example"")"'), "import", 0, "")
case("quote-in-bare-cell.csv", csv("id,name", 'x,=HYPERLINK("http://evil.example")'), "import", 3, "error parsing data")

# --- CSV long ------------------------------------------------------------------------------------
long_header = "cluster,field,state,value,rank,source_url,source_kind,source_title,source_publisher,source_published,source_accessed,source_archive_url,source_archived,locator,quote"
case("long-missing-column.csv", csv("cluster,field,value", "a,name,A"), "import-format:csv-long", 3, "has no column")
case("long-bad-rank.csv", csv(long_header, "a,name,set,A,top,,,,,,,,,,"), "import-format:csv-long", 3, "is not preferred, normal or deprecated")
case("long-bad-url.csv", csv(long_header, "a,name,set,A,preferred,javascript:x,press,,,,,,,,"), "import-format:csv-long", 3, "http(s) URL")

# --- mapping files -------------------------------------------------------------------------------
case("table.csv", csv("Name,Count,Status", "Alpha,12.0,Existing", "Beta,8.5,Planned"), None, 0, "")
cases.pop()  # the table itself is not a case
for name, text, expect in [
    ("map-no-format.toml", '[id]\ncolumn = "Name"\n[fields.name]\ncolumn = "Name"\n', "format = 1"),
    ("map-unknown-key.toml", 'format = 1\ncolour = 1\n[id]\ncolumn = "Name"\n', "has no key 'colour'"),
    ("map-no-id.toml", 'format = 1\n[fields.name]\ncolumn = "Name"\n', "[id] is required"),
    ("map-unknown-field.toml", 'format = 1\n[id]\ncolumn = "Name"\n[fields.gpus]\ncolumn = "Count"\n', "is not a field"),
    ("map-two-sources.toml", 'format = 1\n[id]\ncolumn = "Name"\n[fields.name]\ncolumn = "Name"\nvalue = "x"\n', "exactly one of"),
    ("map-scale-text.toml", 'format = 1\n[id]\ncolumn = "Name"\n[fields.power_mw]\ncolumn = "Count"\nscale = "k"\n', "scale must be a number"),
    ("map-condition-empty.toml", 'format = 1\n[id]\ncolumn = "Name"\n[fields.name]\ncolumn = "Name"\nwhen = { column = "Status" }\n', "needs equals"),
    ("map-not-a-url.toml", 'format = 1\n[id]\ncolumn = "Name"\n[sources]\nnot_a_url = "maybe"\n[fields.name]\ncolumn = "Name"\n', "not_a_url"),
    ("map-brace.toml", 'format = 1\n[id]\ncolumn = "Name"\n[fields.name]\ntemplate = "{Name"\n', "not closed"),
    ("map-missing-column.toml", 'format = 1\n[id]\ncolumn = "Nom"\n[fields.name]\ncolumn = "Name"\n', "has no column 'Nom'"),
    ("map-fraction.toml", 'format = 1\n[id]\ncolumn = "Name"\n[fields.gpus_installed]\ncolumn = "Count"\ninteger = true\n', "not a whole number"),
    ("map-skip-no-reason.toml", 'format = 1\n[id]\ncolumn = "Name"\n[[skip]]\ncolumn = "Status"\nequals = "Planned"\n[fields.name]\ncolumn = "Name"\n', "needs a reason"),
]:
    case(name, text, "mapping", 3, expect)

# --- the command line ----------------------------------------------------------------------------
# --- format 2: typed values (numbers as numbers, qualifiers and state in their own keys) ----------
def typed_jsonl(fields):
    return '{"format":"gpuclusters","version":2,"provenance":false}\n' + json.dumps({"id": "typed", "fields": fields}) + "\n"
for name, fields, expect in [
    ("typed-count-text.jsonl", {"gpus_installed": "10624 x 6"}, "typed-count-text.jsonl:2: fields.gpus_installed: must be a JSON number (format 2), not the string"),
    ("typed-count-fraction.jsonl", {"gpus_installed": 12.5}, "fields.gpus_installed: '12.5' is not a whole number"),
    ("typed-derivation-mismatch.jsonl", {"gpus_installed": 63745, "gpus_installed_derivation": "10624 x 6"},
     "fields.gpus_installed: derivation '10624 x 6' makes 63,744, not 63,745"),
    ("typed-derivation-bad.jsonl", {"gpus_installed": 10, "gpus_installed_derivation": "ten x one"}, "fields.gpus_installed:"),
    ("typed-bound-unknown.jsonl", {"gpus_installed": 10, "gpus_installed_bound": "at most"}, "bound 'at most' is not"),
    ("typed-not-published-with-value.jsonl", {"power_mw": 0.3, "power_mw_state": "not_published"},
     "fields.power_mw_state is not_published, but fields.power_mw has a value"),
    ("typed-not-published-with-qualifier.jsonl", {"power_mw": None, "power_mw_state": "not_published", "power_mw_basis": "reported"},
     "is not_published, but fields.power_mw_basis has a value"),
    ("typed-null-without-state.jsonl", {"city": None}, "null without city_state"),
    ("typed-state-unknown.jsonl", {"city": "Lugano", "city_state": "secret"}, "fields.city_state: must be"),
    ("typed-qualifier-alone.jsonl", {"gpus_installed_derivation": "1536 x 8"}, "fields.gpus_installed_derivation without the value"),
    ("typed-estimate-anonymous.jsonl", {"power_mw": 40, "power_mw_basis": "estimate"}, "basis estimate needs its estimator"),
    ("typed-basis-unknown.jsonl", {"power_mw": 40, "power_mw_basis": "guess"}, "basis 'guess' is not"),
    ("typed-power-negative.jsonl", {"power_mw": -3}, "'-3' is not a number"),
    ("typed-text-number.jsonl", {"city": 7}, "fields.city: must be a string"),
]:
    case(name, typed_jsonl(fields), "import", 3, expect)
case("typed-inexact-number.jsonl", typed_jsonl({}).replace('"fields": {}', '"fields": {"power_mw": 0.1000000000000000055511}'), "import", 3,
     "typed-inexact-number.jsonl:2: '0.1000000000000000055511' has 22 significant digits")
case("typed-underflow.jsonl", typed_jsonl({}).replace('"fields": {}', '"fields": {"power_mw": 1e-400}'), "import", 3, "is not the number a double holds")
case("typed-claim-text.jsonl", '{"format":"gpuclusters","version":2,"provenance":true}\n' + json.dumps(
    {"id": "typed", "claims": [{"field": "gpus_installed", "value": "1536 x 8"}]}) + "\n", "import", 3,
     "claims[0].value: must be a JSON number")
case("typed-claim-not-published-derivation.jsonl", '{"format":"gpuclusters","version":2,"provenance":true}\n' + json.dumps(
    {"id": "typed", "claims": [{"field": "gpus_installed", "state": "not_published", "derivation": "1536 x 8"}]}) + "\n", "import", 3,
     "a claim not published has no value")
case("typed-version-1-qualifier.jsonl", '{"format":"gpuclusters","version":1,"provenance":true}\n' + json.dumps(
    {"id": "typed", "claims": [{"field": "gpus_installed", "value": "12288", "derivation": "1536 x 8"}]}) + "\n", "import", 3,
     'unknown key "derivation"')
# TOML format 2: the keys of a JSON claim in each [field.NAME] table.
def typed_toml(body):
    return 'format = 2\nid = "typed"\n' + body
for name, body, expect in [
    ("typed-count-text.toml", '[field.gpus_installed]\nvalue = "10624 x 6"\n',
     'typed-count-text.toml:4:9: field.gpus_installed: value must be a TOML number (format 2), not the string "10624 x 6"'),
    ("typed-inexact-float.toml", '[field.power_mw]\nvalue = 0.1000000000000000055511\n',
     "typed-inexact-float.toml:4:9: field.power_mw: '0.1000000000000000055511' has 22 significant digits"),
    ("typed-inexact-inline.toml", 'field.power_mw = { estimator = "Épöch", basis = "estimate", value = 1.00000000000000001 }\n',
     "typed-inexact-inline.toml:3:69: field.power_mw: '1.00000000000000001' has 18 significant digits"),
    ("typed-underflow.toml", '[field.power_mw]\nvalue = 1e-400\n', "typed-underflow.toml:4:"),
    ("typed-derivation-mismatch.toml", '[field.gpus_installed]\nvalue = 63745\nderivation = "10624 x 6"\n',
     "typed-derivation-mismatch.toml:4:9: field.gpus_installed: derivation '10624 x 6' makes 63,744, not 63,745"),
    ("typed-not-published-with-value.toml", '[field.power_mw]\nstate = "not_published"\nvalue = 0.3\n',
     "typed-not-published-with-value.toml:5:9: field.power_mw: state is not_published, but value is given"),
    ("typed-not-published-with-qualifier.toml", '[field.power_mw]\nstate = "not_published"\nbasis = "reported"\n',
     "typed-not-published-with-qualifier.toml:5:9: field.power_mw: state is not_published, but basis is given"),
    ("typed-not-published-v1-key.toml", '[field.city]\nnot_published = true\n',
     "typed-not-published-v1-key.toml:4:17: field.city: unknown key 'not_published' (format 2 writes state = \"not_published\")"),
    ("typed-state-unknown.toml", '[field.city]\nstate = "secret"\n', 'typed-state-unknown.toml:4:9: field.city: state must be "not_published" or "set"'),
    ("typed-unknown-qualifier.toml", '[field.gpus_installed]\nvalue = 10\nprecision = "exact"\n',
     "typed-unknown-qualifier.toml:5:13: field.gpus_installed: unknown key 'precision'"),
    ("typed-qualifier-of-other-type.toml", '[field.gpus_installed]\nvalue = 10\nbasis = "reported"\n',
     "typed-qualifier-of-other-type.toml:5:9: field.gpus_installed: unknown key 'basis' (gpus_installed is qualified by derivation, bound)"),
    ("typed-qualifier-on-text.toml", '[field.city]\nvalue = "Lugano"\nderivation = "1 x 2"\n',
     "typed-qualifier-on-text.toml:5:14: field.city: unknown key 'derivation' (city has no qualifiers: only a count or a power has)"),
    ("typed-qualifier-alone.toml", '[field.gpus_installed]\nbound = "at least"\n',
     "typed-qualifier-alone.toml:4:9: field.gpus_installed: bound without the value it qualifies"),
    ("typed-count-fraction.toml", '[field.gpus_installed]\nvalue = 12.5\n', "typed-count-fraction.toml:4:9: field.gpus_installed: '12.5' is not a whole number"),
    ("typed-estimate-anonymous.toml", '[field.power_mw]\nvalue = 40\nbasis = "estimate"\n',
     "typed-estimate-anonymous.toml:4:9: field.power_mw: basis estimate needs its estimator"),
    ("typed-text-number.toml", '[field.city]\nvalue = 7\n', "typed-text-number.toml:4:9: field.city: value must be a string, not a number"),
    ("typed-date-value.toml", '[field.first_operational]\nvalue = 2024-09-14\n',
     "typed-date-value.toml:4:9: field.first_operational: value must be a string, not a date or time"),
    ("typed-power-inf.toml", '[field.power_mw]\nvalue = inf\n', "typed-power-inf.toml:4:9: field.power_mw: 'inf' is not a number"),
    ("typed-competing-text.toml", '[field.gpus_installed]\nvalue = 10\n[[field.gpus_installed.competing]]\nvalue = "9"\n',
     'typed-competing-text.toml:6:9: field.gpus_installed: competing: value must be a TOML number (format 2), not the string "9"'),
]:
    case(name, typed_toml(body), "import", 3, expect)
case("typed-version-1-qualifier.toml", 'format = 1\nid = "typed"\n[field.gpus_installed]\nvalue = "12288"\nderivation = "1536 x 8"\n', "import", 3,
     "typed-version-1-qualifier.toml:5:14: field.gpus_installed: unknown key 'derivation'")
case("typed-version-1-state.toml", 'format = 1\nid = "typed"\n[field.city]\nstate = "not_published"\n', "import", 3,
     "typed-version-1-state.toml:4:9: field.city: unknown key 'state'")
typed_header = "id,gpus_installed,gpus_installed_derivation,gpus_installed_state,power_mw,power_mw_basis,power_mw_estimator,power_mw_state"
for name, row, expect in [
    ("typed-count-text.csv", "a,10624 x 6,,,,,,", "typed-count-text.csv:2: column 2 (gpus_installed): '10624 x 6' is not a number"),
    ("typed-count-separators.csv", 'a,"12,288",,,,,,', "column 2 (gpus_installed): '12,288' is not a number"),
    ("typed-derivation-mismatch.csv", "a,63745,10624 x 6,,,,,", "column 2 (gpus_installed): derivation '10624 x 6' makes 63,744, not 63,745"),
    ("typed-not-published-with-value.csv", "a,,,,0.3,,,not_published", "column 5 (power_mw): the field is not_published (power_mw_state), but its cell holds '0.3'"),
    ("typed-not-published-label.csv", "a,,,,(not published),,,", "column 5 (power_mw): '(not published)' is not a number"),
    ("typed-power-labelled.csv", "a,,,,0.327 (estimate: Epoch AI),,,", "column 5 (power_mw): '0.327 (estimate: Epoch AI)' is not a number"),
    ("typed-estimator-reported.csv", "a,,,,21.1,reported,me,", "an estimator ('me') needs basis estimate or measured"),
    ("typed-state-unknown.csv", "a,12,,maybe,,,,", "column 4 (gpus_installed_state): 'maybe' is not a state"),
    ("typed-qualifier-alone.csv", "a,,1536 x 8,,,,,", "column 3 (gpus_installed_derivation): a qualifier without the value"),
]:
    case(name, csv(typed_header, row), "import", 3, expect)
case("typed-column-twice.csv", csv("id,power_mw,power_mw_basis,power_mw_basis", "a,1,reported,reported"), "import", 3, "'power_mw_basis' is there twice")
case("typed-column-unknown.csv", csv("id,power_mw,power_mw_bound", "a,1,"), "import", 3, "column 3 'power_mw_bound' is not a field")

cli = [
    ("add | x | --set | gpus_installed=99999999999", 3, "larger than"),
    ("add | x | --set | owner=" + "y" * 5000, 3, "the limit is 4096"),
    ("add | x | --source | javascript:alert(1) | --kind | press", 3, "http(s) URL"),
    ("add | x | --source | file:///etc/passwd | --kind | press", 3, "http(s) URL"),
    ("add | x | --source | data:text/plain,x | --kind | press", 3, "http(s) URL"),
    ("add | x | --source | https:// | --kind | press", 3, "no valid host"),
    ("add | x | --source | https://example.org:99999/ | --kind | press", 3, "bad port"),
    ("add | ../escape | --name | X", 3, "is not a cluster id"),
    ("add | a/b | --name | X", 3, "is not a cluster id"),
    ("add | x | --set | first_operational=2024-13", 3, "no month 13"),
    ("add | x | --set | country=ZZ", 3, "ISO 3166-1"),
    ("add | x | --name | X | --source | https://example.org/ | --kind | blog", 3, "is not one of"),
    ("add | x | --name | X | --source | https://example.org/ | --kind | press | --accessed | 2026-02-30", 3, "not a calendar date"),
    ("add | x | --name | X | --source | 0", 3, "no source with id 0"),
    ("show | cscs-alps | --as-of | yesterday", 3, "expected a changeset number"),
    ("show | cscs-alps | --as-of | 2026-02-30", 3, "expected a changeset number"),
    ("list | --where | gpus_installed=many", 3, "not a whole number"),
    ("list | --sort | nothing", 3, "unknown field"),
    ("log | cscs-alps | nothing", 3, "unknown field"),
    ("revert | 1e3", 3, "no such changeset"),
    ("verify | --rule | no-such-rule", 3, "no such rule"),
    ("compare | cscs-alps | ../x", 3, "is not a cluster id"),
    ("export | --format | xml", 2, "one of json"),
    ("frobnicate", 2, ""),
    ("add", 2, "id is required"),
    ("show | cscs-alps | --colour | red", 2, ""),
]
for i, (args, status, expect) in enumerate(cli):
    case(f"cli-{i:02d}", None, "cli:" + args, status, expect)

# --- round 3: files, recursion, links ------------------------------------------------------------
# No recursion an input can drive: a TOML key of 50,000 dotted parts (100 KB) overflowed the stack
# in every TOML reader (import, --mapping, verify --config, compare --against); brackets nested
# deeper than toml++'s own limit of 256, and dotted keys inside inline tables, are refused by the
# same bound, before toml++ sees the text. JSON is parsed and freed without recursion.
deep_toml = "keys and values nested deeper than 32 levels"
dotted_50000 = ".".join(["a"] * 50000)
case("dotted-key-50000.toml", 'format = 1\nid = "deep"\n' + dotted_50000 + " = 1\n", "import", 3, "dotted-key-50000.toml:3:64: " + deep_toml)
case("dotted-header-50000.toml", 'format = 1\nid = "deep"\n[' + dotted_50000 + "]\n", "import", 3, "dotted-header-50000.toml:3:65: " + deep_toml)
case("nested-arrays.toml", 'format = 1\nid = "deep"\nv = ' + "[" * 300 + "]" * 300 + "\n", "import", 3, "nested-arrays.toml:3:36: " + deep_toml)
case("nested-inline-dotted.toml", 'format = 1\nid = "deep"\nv = ' + "{ a.a.a.a.a.a.a.a = " * 250 + "1" + "}" * 250 + "\n", "import", 3,
     "nested-inline-dotted.toml:3:80: " + deep_toml)
case("map-dotted-key.toml", "format = 1\n" + dotted_50000 + " = 1\n", "mapping", 3, "map-dotted-key.toml:2:64: " + deep_toml)
case("config-dotted-key.toml", "[severity]\n" + dotted_50000 + ' = "off"\n', "cli:verify | --config | @files@/config-dotted-key.toml", 3,
     "config-dotted-key.toml:2:62: " + deep_toml)
case("against-dotted-key.toml", 'format = 1\nid = "deep"\n' + dotted_50000 + " = 1\n", "cli:compare | --against | @files@/against-dotted-key.toml",
     3, "against-dotted-key.toml:3:64: " + deep_toml)
# A JSON Lines line longer than 64 KiB is parsed from the stream: deep nesting there is bounded too.
case("deep-long-line.jsonl", line_header + '\n{"id":"deep","fields":{"name":"x"},"z":' + "[" * 100000 + "]" * 100000 + "}\n", "import", 3,
     'unknown key "z"')

# --- round 3: databases -------------------------------------------------------------------------
# A crafted or damaged database: files/NAME is a bash script that crafts the sample's copy named by
# its argument (sqlite3, dd); a refused command must leave it byte for byte as crafted.
def crafted(name, script, args, status, expect):
    case(name, "set -eu\ndb=$1\n" + script, "db:" + args, status, expect)

add_city = "add | cscs-alps | --set | city=Bern | --unsourced"
# The script runs in the case's folder, as the command does: it leaves the import's input there.
import_one = "import | --unsourced | one.jsonl"
one_record = ("printf '%s\\n' '{\"format\":\"gpuclusters\",\"version\":2}' "
              "'{\"id\":\"corpus-new\",\"fields\":{\"name\":\"New\"}}' > one.jsonl\n")
# A derived table of one column: SIGSEGV in add.
for table in ["cluster_values", "live_claim"]:
    crafted(f"db-{table}-one-column.sh", f'sqlite3 "$db" "DROP TABLE {table}; CREATE TABLE {table} (cluster_id TEXT);"\n',
            add_city, 4, f"table {table} has the columns (cluster_id), not those gpuclusters made")
# A trigger on changeset forged a Verified badge at every write; a view of ours made to say
# something else; an append-only trigger of ours made to do nothing.
forge = ("CREATE TRIGGER forge AFTER INSERT ON changeset BEGIN "
         "INSERT INTO verification (cluster_id, changeset_id) VALUES ('cscs-alps', NEW.id); END;")
crafted("db-trigger-forges-badge.sh", f'sqlite3 "$db" "{forge}"\n', add_city, 4,
        """trigger "forge" is not one gpuclusters made; remove it with `sqlite3""")
crafted("db-trigger-forges-badge-import.sh", one_record + f'sqlite3 "$db" "{forge}"\n', import_one, 4,
        'DROP TRIGGER "forge"')
crafted("db-trigger-forges-badge-sign.sh", f'sqlite3 "$db" "{forge}"\n', "verify | --sign | cscs-alps", 4, 'DROP TRIGGER "forge"')
crafted("db-view-foreign.sh", 'sqlite3 "$db" "CREATE VIEW mine AS SELECT id FROM cluster"\n', add_city, 4,
        """view "mine" is not one gpuclusters made""")
crafted("db-view-changed.sh", 'sqlite3 "$db" "DROP VIEW current_source; CREATE VIEW current_source AS SELECT * FROM source_revision"\n',
        add_city, 4, """view "current_source" is not the one gpuclusters made""")
crafted("db-trigger-changed.sh", 'sqlite3 "$db" "DROP TRIGGER claim_append_only_u; '
        'CREATE TRIGGER claim_append_only_u BEFORE UPDATE ON claim BEGIN SELECT 1; END;"\n', add_city, 4,
        """trigger "claim_append_only_u" is not the one gpuclusters made""")
crafted("db-table-missing.sh", 'sqlite3 "$db" "DROP TABLE cluster_values"\n', add_city, 4, "table cluster_values is missing")
# A value that does not parse, in a derived table or in the history: export read "12k" as 12, and
# verify, export and list ended in "internal error: stoll". Each is now an error naming the cluster
# and the field.
for i, (value, command) in enumerate([("12k", "export"), ("12k", "export | --format | csv"), ("12345678901234567890123", "verify"),
                                      ("many", "stats"), ("many", "export | --format | jsonl | --where | gpus_installed>5")]):
    crafted(f"db-values-not-a-count-{i}.sh", f'sqlite3 "$db" "UPDATE cluster_values SET gpus_installed = \'{value}\' WHERE cluster_id = \'cscs-alps\'"\n',
            command, 4, f"gpus_installed of cscs-alps in cluster_values: '{value}' is not a count")
# A claim written by hand as the tool would write one: its rank, and the derived tables kept.
hand_claim = ("INSERT INTO changeset (created_at, author, message, command) VALUES ('2026-12-01T00:00:00Z', 'm', 'by hand', 'sqlite3'); "
              "INSERT INTO claim (cluster_id, field, state, value, changeset_id) VALUES ('olcf-frontier', '{0}', 'set', '{1}', 2); "
              "INSERT INTO claim_rank (claim_id, changeset_id, rank) VALUES ((SELECT max(id) FROM claim), 2, 'preferred'); "
              "DELETE FROM live_claim WHERE cluster_id = 'olcf-frontier' AND claim_id IN (SELECT id FROM claim WHERE field = '{0}'); "
              "INSERT INTO live_claim (cluster_id, claim_id, rank, ranked_in) VALUES ('olcf-frontier', (SELECT max(id) FROM claim), 'preferred', 2); "
              "UPDATE cluster_values SET {0} = '{1}', {0}_claim = (SELECT max(id) FROM claim), {0}_qualifiers = NULL "
              "WHERE cluster_id = 'olcf-frontier';")
for i, (field, value, command, expect) in enumerate([
        ("gpus_installed", "many", "list", "gpus_installed of olcf-frontier in claim"),
        ("gpus_installed", "12345678901234567890123", "verify | olcf-frontier", "'12345678901234567890123' is not a count"),
        ("gpus_installed", "12k", "show | olcf-frontier", "'12k' is not a count"),
        ("power_mw", "lots", "compare | olcf-frontier | cscs-alps", "power_mw of olcf-frontier in claim"),
        ("first_operational", "2024-13", "verify | olcf-frontier", "'2024-13' is not a date"),
        ("related", "Not An Id", "show | olcf-frontier", "is not a list of related clusters")]):
    crafted(f"db-claim-not-parsed-{i}.sh", f'sqlite3 "$db" "{hand_claim.format(field, value)}"\n', command, 4, expect)
crafted("db-source-date.sh", 'sqlite3 "$db" "DROP TRIGGER source_revision_append_only_u; UPDATE source_revision SET accessed = \'soon\' WHERE source_id = 1"\n',
        "verify", 4, "source 1: accessed 'soon' is not a date")
# Damaged pages: an index's first page made a table page (reads that do not use the index work),
# and a data page overwritten. add and import committed into the first; both changed the header.
damage = ('page=$(sqlite3 "$db" "PRAGMA page_size")\n'
          'root=$(sqlite3 "$db" "SELECT rootpage FROM sqlite_master WHERE name = \'{}\'")\n'
          "printf '{}' | dd of=\"$db\" bs=1 seek=$(( (root - 1) * page )) conv=notrunc status=none\n")
for name, index, bytes_ in [("db-damaged-index.sh", "claim_by_field", "\\015\\377\\377\\377"),
                            ("db-damaged-table.sh", "claim", "\\000\\000\\000\\000\\000\\000\\000\\000")]:
    for label, args in [("", add_city), ("-import", import_one), ("-repair", "check | --repair")]:
        crafted(name.replace(".sh", label + ".sh"), one_record + damage.format(index, bytes_), args, 4,
                "the database is damaged (PRAGMA quick_check)")

with open(os.path.join(here, "cases.tsv"), "w", encoding="utf-8") as out:
    out.write("case\tkind\tstatus\texpect\n")
    for row in cases:
        out.write("\t".join(row) + "\n")
print(f"{len(cases)} cases")
