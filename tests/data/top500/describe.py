#!/usr/bin/env python3
"""Describe a pair of TOP500 list editions cut to CSV (standard library only).

Usage: python3 describe.py [OLD.csv NEW.csv]
Defaults to top500-2020-06.csv and top500-2020-11.csv next to this script.

Systems are matched across editions by the "System ID" column (TOP500's
per-system id, the number in https://www.top500.org/system/<id>).
Cells are compared as text first; "numeric change" compares float values so
that e.g. "2000" vs "2000.0" would not count.
"""
import csv
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ID_COL = "System ID"
NUM_RE = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


def load(path):
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    return header, [dict(zip(header, r)) for r in body]


def sig_digits(text):
    """Significant digits of a numeric cell as written, or 0 if not numeric."""
    if not NUM_RE.match(text):
        return 0
    mantissa = re.split(r"[eE]", text)[0].lstrip("+-").replace(".", "")
    return len(mantissa.lstrip("0"))


def as_float(text):
    try:
        return float(text)
    except ValueError:
        return None


def describe_file(label, path):
    header, rows = load(path)
    print(f"== {label}: {os.path.basename(path)}")
    print(f"rows: {len(rows)}, columns: {len(header)}")
    ids = [r.get(ID_COL, "") for r in rows]
    print(f"id column: {ID_COL!r} present: {ID_COL in header}, "
          f"distinct ids: {len(set(ids))}, empty ids: {ids.count('')}")
    ranks = [int(r["Rank"]) for r in rows]
    print(f"Rank range: {min(ranks)}..{max(ranks)}, sorted: {ranks == sorted(ranks)}")
    empty = sum(1 for r in rows for v in r.values() if v == "")
    print(f"empty cells: {empty} of {len(rows) * len(header)}")
    noisy = Counter()
    longest = ("", "", 0)
    for r in rows:
        for col in header:
            n = sig_digits(r[col])
            if n >= 16:
                noisy[col] += 1
            if n > longest[2]:
                longest = (col, r[col], n)
    print(f"cells with 16+ significant digits: {sum(noisy.values())}")
    for col, n in sorted(noisy.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {col}: {n}")
    print(f"most significant digits: {longest[2]} ({longest[0]} = {longest[1]})")
    ws = sum(1 for r in rows for v in r.values() if v != v.strip())
    print(f"cells with leading/trailing whitespace: {ws}")
    return header, rows


def decimals(text):
    m = re.match(r"^[+-]?\d*\.(\d+)$", text)
    return len(m.group(1)) if m else 0


def precision_only(ta, tb):
    """True if two numeric texts differ only because one is rounded to fewer
    decimals (e.g. 125435.9 vs 125435.904, 3599.66 vs 3599.65999)."""
    fa, fb = as_float(ta), as_float(tb)
    if fa is None or fb is None or fa == fb:
        return False
    d = min(decimals(ta), decimals(tb))
    return round(fa, d) == round(fb, d) or abs(fa - fb) <= 0.5 * 10 ** -d


def changed(a, b, col):
    """(text differs, numeric value differs) for one column of two rows."""
    ta, tb = a.get(col, ""), b.get(col, "")
    fa, fb = as_float(ta), as_float(tb)
    numeric = (fa != fb) if (fa is not None and fb is not None) else (ta != tb)
    return ta != tb, numeric


def main():
    old_path, new_path = (sys.argv[1:3] if len(sys.argv) >= 3 else
                          (os.path.join(HERE, "top500-2020-06.csv"),
                           os.path.join(HERE, "top500-2020-11.csv")))
    h_old, old = describe_file("old edition", old_path)
    print()
    h_new, new = describe_file("new edition", new_path)
    print()
    print("== pair")
    print(f"same header: {h_old == h_new}")
    if h_old != h_new:
        print(f"  only in old: {[c for c in h_old if c not in h_new]}")
        print(f"  only in new: {[c for c in h_new if c not in h_old]}")
    o = {r[ID_COL]: r for r in old}
    n = {r[ID_COL]: r for r in new}
    both = [k for k in o if k in n]
    left = [k for k in o if k not in n]
    entered = [k for k in n if k not in o]
    print(f"systems in both: {len(both)}")
    print(f"left (in old only): {len(left)}")
    print(f"entered (in new only): {len(entered)}")
    brand_new = [k for k in entered if n[k]["Previous Rank"] == ""]
    print(f"  of which new to the whole list (empty Previous Rank): {len(brand_new)}")
    print(f"  of which moved up from below the cut: {len(entered) - len(brand_new)}")
    for k in entered:
        r = n[k]
        print(f"    + {k} rank {r['Rank']} (prev {r['Previous Rank'] or '-'}): "
              f"{r['Name'] or r['Computer'][:40]} | {r['Site']}")
    for k in left:
        r = o[k]
        print(f"    - {k} rank {r['Rank']}: {r['Name'] or r['Computer'][:40]} | {r['Site']}")

    consistent = sum(1 for k in both if n[k]["Previous Rank"] == o[k]["Rank"])
    print(f"new 'Previous Rank' == old 'Rank' for systems in both: {consistent} of {len(both)}")
    moved = sum(1 for k in both if n[k]["Rank"] != o[k]["Rank"])
    print(f"systems in both whose Rank changed: {moved}")

    for col in ["Rmax [TFlop/s]", "Rpeak [TFlop/s]", "Power (kW)", "Total Cores",
                "Accelerator/Co-Processor Cores", "HPCG [TFlop/s]", "Name", "Site",
                "Computer", "Accelerator/Co-Processor", "Year"]:
        if col not in h_old or col not in h_new:
            continue
        text = sum(1 for k in both if changed(o[k], n[k], col)[0])
        num = sum(1 for k in both if changed(o[k], n[k], col)[1])
        appeared = sum(1 for k in both if o[k][col] == "" and n[k][col] != "")
        vanished = sum(1 for k in both if o[k][col] != "" and n[k][col] == "")
        prec = sum(1 for k in both if precision_only(o[k][col], n[k][col]))
        print(f"changed {col!r}: text {text}, value {num}, of which only "
              f"rounding/precision {prec} "
              f"(empty->filled {appeared}, filled->empty {vanished})")
    def real(k, col):
        return changed(o[k], n[k], col)[1] and not precision_only(o[k][col], n[k][col])
    rmax_or_power = sum(1 for k in both
                        if changed(o[k], n[k], "Rmax [TFlop/s]")[1]
                        or changed(o[k], n[k], "Power (kW)")[1])
    print(f"systems in both with Rmax or Power changed (value): {rmax_or_power}")
    real_rp = [k for k in both if real(k, "Rmax [TFlop/s]") or real(k, "Power (kW)")]
    print(f"  ... beyond rounding/precision: {len(real_rp)}")
    for k in real_rp:
        print(f"    {k} {o[k]['Name']}: Rmax {o[k]['Rmax [TFlop/s]']} -> "
              f"{n[k]['Rmax [TFlop/s]']}, Power {o[k]['Power (kW)'] or '-'} -> "
              f"{n[k]['Power (kW)'] or '-'}")
    per_col = Counter(c for k in both for c in h_old
                      if c in h_new and o[k][c] != n[k][c])
    print("cells changed per column (systems in both): " +
          ", ".join(f"{c} {v}" for c, v in sorted(per_col.items(),
                                                   key=lambda kv: (-kv[1], kv[0]))))
    same_os = sum(1 for r in old if r.get("OS Family") == r.get("Operating System"))
    same_os_new = sum(1 for r in new if r.get("OS Family") == r.get("Operating System"))
    print(f"rows whose 'OS Family' equals 'Operating System': old {same_os}, new {same_os_new}")
    any_cell = sum(1 for k in both if any(o[k][c] != n[k][c] for c in h_old
                                          if c in h_new and c not in ("Rank", "Previous Rank")))
    print(f"systems in both with any cell changed besides Rank/Previous Rank: {any_cell}")


if __name__ == "__main__":
    main()
