#!/usr/bin/env python3
"""Runs the query that defines stats' totals, as gpuclusters-stats(1) prints it, with the sqlite3
shell, and compares its rows with `stats --json`; then the page's query by field, for each field
stats groups by.

    stats_query.py MAN_PAGE DATABASE STATS_JSON [SELECT]

Prints the query's rows and, for each figure, nothing when they agree; a line per difference and
exit status 1 when they do not. With SELECT, runs the page's query with SELECT in place of its
last one (over its judged rows, say) and prints the rows.
"""
import json
import re
import subprocess
import sys

man_page, database, stats_file = sys.argv[1:4]


def block(name):
    """The roff text between the comments NAME-begin and NAME-end, inside its .EX/.EE, unescaped."""
    text = open(man_page, encoding="utf-8").read()
    found = re.search(r'^\.\\" %s-begin\n(.*?)^\.\\" %s-end\n' % (name, name), text, re.S | re.M)
    if not found:
        sys.exit(f"{man_page}: no {name}-begin/{name}-end block")
    lines = [line for line in found.group(1).splitlines() if line not in (".EX", ".EE")]
    sql = "\n".join(lines)
    return sql.replace("\\(aq", "'").replace("\\-", "-").replace("\\e", "\\")


def run(sql):
    done = subprocess.run(["sqlite3", "-json", "-bail", database], input=sql, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"sqlite3 failed: {done.stderr.strip()}")
    return json.loads(done.stdout or "[]")


query = block("stats-query")
by_query = block("stats-by")
if len(sys.argv) > 4:
    for row in run(query[:query.rindex("\nSELECT reason")] + "\n" + sys.argv[4]):
        print(" | ".join("NULL" if value is None else str(value) for value in row.values()))
    sys.exit(0)
stats = json.load(open(stats_file, encoding="utf-8"))
differences = []


def agree(what, from_stats, from_sql):
    if from_stats != from_sql:
        differences.append(f"{what}: stats --json {json.dumps(from_stats)}, the query {json.dumps(from_sql)}")


rows = run(query)
print("reason | chip | clusters | with count | count | approximate | at least")
for row in rows:
    print(" | ".join(str(row[k]) if row[k] is not None else "NULL" for k in
                     ("reason", "chip", "clusters", "clusters_with_count", "count", "approximate_gpus", "at_least_gpus")))
counted = [row for row in rows if row["reason"] == "counted"]
counted = counted[0] if counted else {"clusters": 0, "count": None, "approximate_clusters": 0, "approximate_gpus": 0,
                                      "at_least_clusters": 0, "at_least_gpus": 0}
# The total is NULL in SQL when nothing is counted; stats says 0 then unless something is unknown.
unknown = sum(row["clusters"] for row in rows if row["reason"] in ("unknown_model", "uncatalogued_model", "unknown_count"))
total = counted["count"] if counted["count"] is not None else (None if unknown else 0)
agree("gpus_installed", stats["gpus_installed"], total)
agree("clusters_counted", stats["clusters_counted"], counted["clusters"])
agree("clusters", stats["clusters"], sum(row["clusters"] for row in rows))
agree("clusters_with_gpu_count", stats["clusters_with_gpu_count"], sum(row["clusters_with_count"] for row in rows))
for bound in ("approximate", "at_least"):
    agree(f"bounds.{bound}", stats["bounds"][bound],
          {"clusters": counted[f"{bound}_clusters"], "gpus": counted[f"{bound}_gpus"]})
for reason, tally in stats["left_out"].items():
    of_reason = [row for row in rows if row["reason"] == reason]
    with_count = sum(row["clusters_with_count"] for row in of_reason)
    agree(f"left_out.{reason}", tally, {"clusters": sum(row["clusters"] for row in of_reason),
                                        "clusters_with_count": with_count,
                                        "count": sum(row["count"] or 0 for row in of_reason) if with_count else None})
agree("accelerators", stats["accelerators"],
      [{"chip": row["chip"], "clusters": row["clusters"], "clusters_with_count": row["clusters_with_count"],
        "accelerators": row["count"]} for row in rows if row["reason"] == "not_a_gpu"])
extra = sorted({row["reason"] for row in rows} - set(stats["left_out"]) - {"counted"})
agree("reasons of the query that stats --json lacks", [], extra)

# The query by field: the page's gpu_maker query, for each field stats groups by.
for field, groups in stats["by"].items():
    sql_rows = run(query[:query.rindex("\nSELECT reason")] + "\n" + by_query.replace("gpu_maker", field))
    from_sql = []
    for row in sql_rows:
        values = list(row.values())
        from_sql.append({"value": values[0], "clusters": values[1], "clusters_counted": values[2], "gpus_installed": values[3]})
    from_stats = [{"value": g["value"], "clusters": g["clusters"], "clusters_counted": g["clusters_counted"],
                   "gpus_installed": g["gpus_installed"] if g["clusters_counted"] else None} for g in groups]
    agree(f"by.{field}", from_stats, from_sql)

for line in differences:
    print("DIFFERS", line)
print(f"stats --json and the query: {len(differences)} differences")
sys.exit(1 if differences else 0)
