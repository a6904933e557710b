#!/usr/bin/env python3
"""possible-duplicate against the hand-labelled pairs of tests/data/duplicates.

Imports Epoch AI's table and TOP500's June and November 2020 editions into a fresh database, runs
`verify --rule possible-duplicate --json`, maps each labelled row to its record id and prints the
precision and recall of the rule on the dev pairs and on the test pairs, each apart; then counts
the warnings on Epoch's table alone, and those between two records whose names are alike.

    evaluate.py BINARY SOURCE_DIR [--floors DEV_P DEV_R TEST_P TEST_R] [--keep DIR] [--dev]

With --floors it exits 1 when a figure is below its floor (percent).
"""
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

binary, source = sys.argv[1], sys.argv[2]
args = sys.argv[3:]
floors = None
if '--floors' in args:
    at = args.index('--floors')
    floors = [float(x) for x in args[at + 1:at + 5]]
keep = args[args.index('--keep') + 1] if '--keep' in args else None
# --dev: the dev pairs alone (while tuning, the test pairs are not looked at).
parts = ('dev',) if '--dev' in args else ('dev', 'test')

data = os.path.join(source, 'tests', 'data')
labels = os.path.join(data, 'duplicates')
epoch_csv = os.path.join(data, 'epoch', 'gpu_clusters.csv')
editions = {'top500-2020-11': os.path.join(data, 'top500', 'top500-2020-11.csv'),
            'top500-2020-06': os.path.join(data, 'top500', 'top500-2020-06.csv')}


def run(env, *command):
    return subprocess.run([binary, *command], env=env, capture_output=True, text=True, check=False)


def setup(folder):
    os.makedirs(folder, exist_ok=True)
    env = dict(os.environ, GPUCLUSTERS_DB=os.path.join(folder, 'test.db'), GPUCLUSTERS_NOW='2026-11-30T12:00:00Z',
               GPUCLUSTERS_AUTHOR='tester', XDG_CACHE_HOME=os.path.join(folder, 'cache'))
    env.pop('NO_COLOR', None)
    result = run(env, 'init')
    assert result.returncode == 0, result.stderr
    return env


def imported(env, mapping, table):
    result = run(env, 'import', '-q', '--mapping', mapping, table)
    assert result.returncode == 0, result.stderr


def findings(env):
    result = run(env, 'verify', '--rule', 'possible-duplicate', '--json')
    assert result.returncode in (0, 1), result.stderr
    pairs = set()
    count = 0
    document = json.loads(result.stdout)
    items = document['findings'] if isinstance(document, dict) else document
    for finding in items:
        if finding['rule'] != 'possible-duplicate':
            continue
        count += 1
        other = re.match(r'looks like the same cluster as (\S+)', finding['message']).group(1)
        pairs.add(frozenset((finding['cluster'], other)))
    return pairs, count


def epoch_import(env, mapping, table):
    """Imports Epoch's table; returns the record id of each row (1-based), from import's `add`
    lines, one a row in the table's order, Decommissioned rows skipped (the mapping's skip)."""
    result = run(env, 'import', '--mapping', mapping, table)
    assert result.returncode == 0, result.stderr
    added = [line[4:] for line in result.stdout.splitlines() if line.startswith('add ')]
    with open(table, encoding='utf-8', newline='') as f:
        rows = list(csv.DictReader(f))
    kept = [number for number, row in enumerate(rows, 1) if row['Status'] != 'Decommissioned']
    assert len(kept) == len(added), f'{len(added)} records added for {len(kept)} rows'
    return dict(zip(kept, added))


def main():
    folder = keep or tempfile.mkdtemp(prefix='gpuclusters-duplicates.')
    try:
        return evaluate(folder)
    finally:
        # Its databases and tables are scratch unless --keep named the folder.
        if not keep:
            shutil.rmtree(folder, ignore_errors=True)


def evaluate(folder):
    os.makedirs(folder, exist_ok=True)
    epoch_only = setup(os.path.join(folder, 'epoch'))
    imported(epoch_only, os.path.join(source, 'db', 'mappings', 'epoch-gpu-clusters.toml'), epoch_csv)
    alone, alone_findings = findings(epoch_only)

    env = setup(os.path.join(folder, 'all'))
    ids = epoch_import(env, os.path.join(source, 'db', 'mappings', 'epoch-gpu-clusters.toml'), epoch_csv)
    with open(os.path.join(source, 'db', 'mappings', 'top500.toml'), encoding='utf-8') as f:
        november = f.read()
    june = (november.replace('2020/11/', '2020/06/').replace('November 2020', 'June 2020')
            .replace('2020-11-16', '2020-06-22').replace('2020-11-19', '2020-06-27'))
    june_mapping = os.path.join(folder, 'june.toml')
    with open(june_mapping, 'w', encoding='utf-8') as f:
        f.write(june)
    imported(env, june_mapping, editions['top500-2020-06'])
    imported(env, os.path.join(source, 'db', 'mappings', 'top500.toml'), editions['top500-2020-11'])
    found, _ = findings(env)

    def record(source_name, key, row):
        if source_name != 'epoch':
            return f'top500-{key}'
        return ids[int(row)]

    figures = []
    for part in parts:
        with open(os.path.join(labels, f'pairs_{part}.tsv'), encoding='utf-8', newline='') as f:
            pairs = list(csv.DictReader(f, delimiter='\t'))
        true_positive = false_positive = false_negative = 0
        for pair in pairs:
            left = record(pair['left_source'], pair['left_key'], pair['left_row'])
            right = record(pair['right_source'], pair['right_key'], pair['right_row'])
            flagged = frozenset((left, right)) in found
            same = pair['label'] == 'same'
            true_positive += flagged and same
            false_positive += flagged and not same
            false_negative += same and not flagged
        precision = 100.0 * true_positive / max(1, true_positive + false_positive)
        recall = 100.0 * true_positive / max(1, true_positive + false_negative)
        print(f'{part}: {len(pairs)} pairs, flagged {true_positive + false_positive} '
              f'(right {true_positive}, wrong {false_positive}), missed {false_negative}: '
              f'precision {precision:.1f}%, recall {recall:.1f}%')
        figures += [precision, recall]

    anonymised = sum(1 for pair in alone if all('anonymized-chinese-system' in i for i in pair))
    print(f'Epoch alone: {alone_findings} warnings; {len(alone)} pairs named, {anonymised} of them between two '
          'anonymised records')
    if floors:
        failed = [f'{what} {value:.1f}% < {floor:.1f}%'
                  for what, value, floor in zip(('dev precision', 'dev recall', 'test precision', 'test recall'), figures, floors)
                  if value < floor]
        if failed:
            print('below the floor: ' + '; '.join(failed))
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
