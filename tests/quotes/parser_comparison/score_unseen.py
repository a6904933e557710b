#!/usr/bin/env python3
"""Scores LG and the rules on the hand-labelled unseen quotes (dedup by quote+value)."""
import collections
gold = {}
for l in open('unseen_gold.txt'):
    if l.startswith('#') or not l.strip(): continue
    p = l.split(); gold[p[0]] = p[1]
rules = {}
for l in open('rules_unseen_misses.txt', errors='replace'):
    rules[l.split()[0]] = l.split(' read as ')[1].split(']')[0]
rows = {l.split('\t')[0]: l.rstrip('\n').split('\t') for l in open('unseen_found.tsv').read().splitlines()[1:] and open('unseen_found.tsv')}
lg = collections.defaultdict(bool)
for l in open('unseen_en_all.tsv'):
    c = l.rstrip('\n').split('\t')
    if len(c) >= 14 and c[0].startswith('u') and c[11] == '1': lg[c[0]] = True
seen = set(); m = {'link-grammar': collections.Counter(), 'rules': collections.Counter(), 'keyword': collections.Counter(), 'epoch-status': collections.Counter()}
import re
MODAL = set("will would shall could may might should 'll expected expect expects expecting plan plans planned planning intend intends intended aim aims aiming scheduled slated set going due poised upcoming future projected anticipated".split())
wrong = collections.defaultdict(list)
for rid, g in gold.items():
    if g == 'X': continue
    r = rows[rid]
    key = (r[6], r[2])
    if key in seen: continue
    seen.add(key)
    truth = g == 'P'
    rl = rules.get(rid, r[5])
    preds = {'link-grammar': lg[rid], 'rules': rl in ('planned', 'procured', 'capacity'),
             'keyword': any(w in MODAL for w in re.findall(r"[a-z']+", r[6].lower())), 'epoch-status': r[5] == 'planned'}
    for k, p in preds.items():
        m[k][(truth, p)] += 1
        if p != truth: wrong[k].append(f"{rid} gold {g} read {'P' if p else 'C'}: {r[6][:150]}")
for k, c in m.items():
    tp, fn, fp, tn = c[(True, True)], c[(True, False)], c[(False, True)], c[(False, False)]
    n = tp + fn + fp + tn
    print(f"{k:13} n {n} TP {tp:2} FN {fn:2} FP {fp:2} TN {tn:2} accuracy {(tp+tn)/n:.1%} recall {tp/(tp+fn):.1%} precision {tp/max(1,tp+fp):.1%}")
import sys
if '-v' in sys.argv:
    for k in ('link-grammar', 'rules'):
        print(k, 'errors:'); print('\n'.join('  ' + w for w in wrong[k]))
