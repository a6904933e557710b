#!/usr/bin/env python3
"""One record with N of something, for the benchmark: a JSON Lines file with provenance in which
one cluster has N competing claims for one field (claims.jsonl), one claim quoted by N sources
(citations.jsonl), or one value mentioned by N sources (sources.jsonl); and a record whose one
quote is N x 250 bytes long (long-quote.jsonl), longer than any field takes from N = 4195.

    python3 tests/bench/one_record.py N DIR
"""
import json
import sys

n, out = int(sys.argv[1]), sys.argv[2]
header = json.dumps({"format": "gpuclusters", "version": 1, "provenance": True})


def source(i):
    return {"url": f"https://example-{i}.org/page", "kind": "press", "accessed": "2026-11-30"}


def write(name, record):
    with open(f"{out}/{name}", "w") as f:
        f.write(header + "\n" + json.dumps(record) + "\n")


# N competing claims: N values of gpus_installed, one preferred, each from its own source.
write("claims.jsonl", {
    "id": "many-claims",
    "sources": [source(i) for i in range(n)],
    "claims": [{"field": "gpus_installed", "state": "set", "value": str(1000 + i),
                "rank": "preferred" if i == 0 else "normal",
                "citations": [{"source": source(i)["url"], "quote": f"{1000 + i} GPUs"}]} for i in range(n)],
})
# One claim, N citations: the same value quoted by N sources.
write("citations.jsonl", {
    "id": "many-citations",
    "sources": [source(i) for i in range(n)],
    "claims": [{"field": "gpus_installed", "state": "set", "value": "1000", "rank": "preferred",
                "citations": [{"source": source(i)["url"], "quote": f"1,000 GPUs (report {i})"} for i in range(n)]}],
})
# N sources: the record lists N sources, and its one value mentions each of them (no quote).
write("sources.jsonl", {
    "id": "many-sources",
    "sources": [source(i) for i in range(n)],
    "claims": [{"field": "owner", "state": "set", "value": "Acme", "rank": "preferred",
                "citations": [{"source": source(i)["url"]} for i in range(n)]}],
})
# One quote of N x 250 bytes: refused as it is read once it passes 1 MiB.
write("long-quote.jsonl", {
    "id": "long-quote",
    "sources": [source(0)],
    "claims": [{"field": "owner", "state": "set", "value": "Acme", "rank": "preferred",
                "citations": [{"source": source(0)["url"], "quote": "x" * (250 * n)}]}],
})
