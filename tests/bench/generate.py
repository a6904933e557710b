#!/usr/bin/env python3
"""Deterministic synthetic GPU cluster records for the benchmark.

    generate.py N OUTDIR

writes OUTDIR/records.jsonl (gpuclusters interchange, with provenance: sources, claims, quotes),
OUTDIR/records.csv (the same values as a flat wide table, for sqlite3 and sqlite-utils) and
OUTDIR/records-long.csv (the same claims with their citations and sources, a row each, in the
columns of `gpuclusters export --format csv-long`: what a flat table needs to hold the provenance).
The same N gives the same bytes: a seeded generator, no clock.
"""
import csv
import json
import random
import sys

MODELS = ["NVIDIA H100", "NVIDIA A100", "NVIDIA H200", "NVIDIA GH200", "NVIDIA B200", "AMD Instinct MI300X",
          "AMD Instinct MI250X", "Intel Data Center GPU Max 1550", "NVIDIA GB200"]
OWNERS = ["Acme Compute", "Borealis AI", "Cirrus Cloud", "Delta National Laboratory", "Epsilon University",
          "Fjord Systems", "Gamma Research", "Helios Labs", "Ionic Data", "Juniper Supercomputing Centre"]
COUNTRIES = ["US", "CN", "DE", "FR", "JP", "GB", "CH", "IT", "KR", "IN", "SE", "FI", "CA", "BR", "SA"]
CITIES = ["Austin", "Bologna", "Lugano", "Tokyo", "Lyon", "Oulu", "Montreal", "Seoul", "Pune", "Lulea"]
STATUSES = ["operational", "operational", "operational", "partly operational", "under construction", "announced"]
SEGMENTS = ["big tech", "AI lab", "cloud", "government/lab", "academic", "enterprise"]
KINDS = ["operator", "paper", "press", "list"]


def main():
    count = int(sys.argv[1])
    outdir = sys.argv[2]
    rng = random.Random(20261130)
    fields = ["id", "name", "owner", "segment", "gpu_model", "gpus_installed", "gpu_count_notes", "city", "country",
              "power_mw", "status", "status_notes", "interconnect", "first_operational"]
    long_columns = ["cluster", "field", "state", "value", "rank", "source_url", "source_kind", "source_title",
                    "source_publisher", "source_published", "source_accessed", "source_archive_url", "source_archived",
                    "locator", "quote"]
    with open(f"{outdir}/records.jsonl", "w", encoding="utf-8") as jsonl, \
            open(f"{outdir}/records.csv", "w", encoding="utf-8", newline="") as flat, \
            open(f"{outdir}/records-long.csv", "w", encoding="utf-8", newline="") as long_file:
        jsonl.write(json.dumps({"format": "gpuclusters", "version": 1, "provenance": True}) + "\n")
        writer = csv.writer(flat, lineterminator="\n")
        writer.writerow(fields)
        long_writer = csv.writer(long_file, lineterminator="\n")
        long_writer.writerow(long_columns)
        for i in range(count):
            nodes = rng.randint(16, 4000)
            per_node = rng.choice([4, 8])
            owner = rng.choice(OWNERS)
            name = f"{owner.split()[0]} Cluster {i:07d}"
            year = rng.randint(2019, 2026)
            month = rng.randint(1, 12)
            values = {
                "name": name,
                "owner": owner,
                "segment": rng.choice(SEGMENTS),
                "gpu_model": rng.choice(MODELS),
                "gpus_installed": f"{nodes} x {per_node}",
                "gpu_count_notes": f"All {nodes} nodes of the main partition; {per_node} GPUs per node.",
                "city": rng.choice(CITIES),
                "country": rng.choice(COUNTRIES),
                "power_mw": f"{rng.randint(1, 400)}.{rng.randint(0, 9)}",
                "status": rng.choice(STATUSES),
                "status_notes": f"In service as of {year}-{month:02d}.",
                "interconnect": rng.choice(["InfiniBand NDR", "RoCE Ethernet", "HPE Slingshot 11"]),
                "first_operational": f"{year}-{month:02d}",
            }
            sources = [{"url": f"https://example-{i % 5000}.org/clusters/{i}", "kind": rng.choice(KINDS),
                        "title": f"{name} hardware", "accessed": "2026-11-01"},
                       {"url": f"https://news.example.net/{i // 10}", "kind": "press", "accessed": "2026-10-15"}]
            claims = []
            for field, value in values.items():
                quote = f"{name} has {nodes:,} nodes with {per_node} GPUs each" if field == "gpus_installed" \
                    else f"The {field.replace('_', ' ')} of {name} is {value}."
                claims.append({"field": field, "state": "set", "value": value, "rank": "preferred",
                               "citations": [{"source": sources[0]["url"], "locator": "Overview", "quote": quote}]})
            jsonl.write(json.dumps({"id": f"bench-{i:07d}", "sources": sources, "claims": claims}) + "\n")
            cited = sources[0]
            for claim in claims:
                citation = claim["citations"][0]
                long_writer.writerow([f"bench-{i:07d}", claim["field"], "set", claim["value"], "preferred", cited["url"],
                                      cited["kind"], cited["title"], "", "", cited["accessed"], "", "",
                                      citation["locator"], citation["quote"]])
            row = dict(values, id=f"bench-{i:07d}")
            writer.writerow([row[f] for f in fields])


if __name__ == "__main__":
    main()
