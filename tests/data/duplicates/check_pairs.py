#!/usr/bin/env python3
"""Check the hand-labelled pair files against the source CSVs (standard library only).

For every pair in pairs_dev.tsv, pairs_test.tsv (and uncertain.tsv if present):
- the source is one of epoch | top500-2020-11 | top500-2020-06;
- the row number (1-based, header excluded) exists in that CSV;
- the key matches the row: Epoch Name cell, or TOP500 System ID;
- the record would be imported (Epoch Status is not Decommissioned, TOP500 accelerator is not None);
- label is same|different (uncertain in uncertain.tsv), no pair repeats across files.
Prints counts per file and per label; exits 1 on any error.

Usage: python3 check_pairs.py [--data DIR]  (default: tests/data beside this file)
"""
import csv
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
data = os.path.join(HERE, '..')
if '--data' in sys.argv:
    data = sys.argv[sys.argv.index('--data') + 1]

PATHS = {
    'epoch': os.path.join(data, 'epoch', 'gpu_clusters.csv'),
    'top500-2020-11': os.path.join(data, 'top500', 'top500-2020-11.csv'),
    'top500-2020-06': os.path.join(data, 'top500', 'top500-2020-06.csv'),
}
HEADER = ['left_source', 'left_key', 'left_row', 'right_source', 'right_key', 'right_row', 'label', 'why']


def load(path):
    with open(path, encoding='utf-8', newline='') as f:
        return list(csv.DictReader(f))


tables = {k: load(p) for k, p in PATHS.items()}
errors = []


def check_side(fname, n, src, key, row):
    if src not in tables:
        errors.append(f'{fname}:{n}: unknown source {src!r}')
        return
    rows = tables[src]
    try:
        i = int(row)
    except ValueError:
        errors.append(f'{fname}:{n}: row {row!r} is not a number')
        return
    if not 1 <= i <= len(rows):
        errors.append(f'{fname}:{n}: row {i} out of range for {src} (1..{len(rows)})')
        return
    r = rows[i - 1]
    if src == 'epoch':
        if r['Name'] != key:
            errors.append(f'{fname}:{n}: epoch row {i} Name is {r["Name"]!r}, pair says {key!r}')
        if r['Status'] == 'Decommissioned':
            errors.append(f'{fname}:{n}: epoch row {i} is Decommissioned (never imported)')
    else:
        if r['System ID'] != key:
            errors.append(f'{fname}:{n}: {src} row {i} System ID is {r["System ID"]!r}, pair says {key!r}')
        if r['Accelerator/Co-Processor'] == 'None':
            errors.append(f'{fname}:{n}: {src} row {i} has no accelerator (never imported)')


def norm(src, key, row):
    return (src, int(row)) if row.isdigit() else (src, row)


seen = {}
summary = []
for fname, allowed in (('pairs_dev.tsv', {'same', 'different'}), ('pairs_test.tsv', {'same', 'different'}),
                       ('uncertain.tsv', {'uncertain'})):
    path = os.path.join(HERE, fname)
    if not os.path.exists(path):
        if fname != 'uncertain.tsv':
            errors.append(f'{fname}: missing')
        continue
    with open(path, encoding='utf-8', newline='') as f:
        lines = f.read().split('\n')
    if lines and lines[-1] == '':
        lines.pop()
    if not lines or lines[0].split('\t') != HEADER:
        errors.append(f'{fname}: bad header')
        continue
    labels = Counter()
    kinds = Counter()
    for n, line in enumerate(lines[1:], 2):
        cells = line.split('\t')
        if len(cells) != len(HEADER):
            errors.append(f'{fname}:{n}: {len(cells)} cells, expected {len(HEADER)}')
            continue
        ls, lk, lr, rs, rk, rr, label, why = cells
        check_side(fname, n, ls, lk, lr)
        check_side(fname, n, rs, rk, rr)
        if label not in allowed:
            errors.append(f'{fname}:{n}: label {label!r} not in {sorted(allowed)}')
        if not why.strip():
            errors.append(f'{fname}:{n}: empty why')
        k = frozenset([norm(ls, lk, lr), norm(rs, rk, rr)])
        if k in seen:
            errors.append(f'{fname}:{n}: pair repeats {seen[k]}')
        seen[k] = f'{fname}:{n}'
        labels[label] += 1
        kind = '+'.join(sorted({ls.split('-')[0] if ls != 'epoch' else 'epoch', rs.split('-')[0] if rs != 'epoch' else 'epoch'}))
        kinds[(label, kind)] += 1
    total = sum(labels.values())
    summary.append(f'{fname}: {total} pairs ' + ', '.join(f'{k} {v}' for k, v in sorted(labels.items())))
    for (label, kind), v in sorted(kinds.items()):
        summary.append(f'    {label:9s} {kind:14s} {v}')

print('\n'.join(summary))
if errors:
    print(f'{len(errors)} error(s):')
    print('\n'.join('  ' + e for e in errors))
    sys.exit(1)
print('OK: every key and row matches the CSVs')
