#!/usr/bin/env python3
"""Unseen quotes: Epoch AI's gpu_clusters.csv rows (Status Existing/Planned, a Quote, a primary chip
quantity) whose cluster and quote are not in tests/quotes/corpus.tsv. Weak label from Epoch's
Status: Planned -> planned, Existing -> in-service. Writes unseen.tsv in the corpus's shape."""
import csv
corp = [l.rstrip('\n').split('\t') for l in open('corpus.tsv')][1:]
names = {r[7][6:] for r in corp if r[7].startswith('epoch:')}
quotes = {r[6] for r in corp}
out = open('unseen.tsv', 'w')
out.write('id\tfield\tvalue\tgpu_model\tstatus\tclass\tquote\torigin\n')
n = 0
for r in csv.DictReader(open('gpu_clusters.csv')):
    q = ' '.join(r['Quote'].split()).strip().strip('"').strip()
    if r['Status'] not in ('Existing', 'Planned') or not q or not r['Chip quantity (primary)']: continue
    if r['Name'] in names or q in quotes: continue
    qty = round(float(r['Chip quantity (primary)']))
    n += 1
    cls = 'planned' if r['Status'] == 'Planned' else 'in-service'
    out.write(f"u{n:03}\tgpus_installed\t{qty:,}\t\t\t{cls}\t{q}\tepoch:{r['Name']}\n")
print(n)
