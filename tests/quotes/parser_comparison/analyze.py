#!/usr/bin/env python3
"""Row-level confusion of lgmodal's output: a row is 'modal' when the figure is governed by a
modal/future verb in any kept sentence. Positive classes: planned, capacity (procured shown apart).
  python3 analyze.py OUT.tsv [RULES_MISSES.txt]"""
import sys, collections, statistics
rows = collections.OrderedDict()
for i, line in enumerate(open(sys.argv[1])):
    if line.startswith(("id\t", "Debug", "link-grammar")) or "\t" not in line: continue
    c = line.rstrip('\n').split('\t')
    rid, field, value, cls = c[0], c[1], c[2], c[3]
    r = rows.setdefault(rid, dict(field=field, cls=cls, value=value, modal=False, found=False, linked=False, nulls=[], why=[], sent=[]))
    if c[12] == '(figure not found)':
        r['sent'].append(c[13]); continue
    r['found'] = True
    r['linked'] |= c[10] == '1'
    r['modal'] |= c[11] == '1'
    r['nulls'].append(int(c[7]))
    r['why'].append(c[12]); r['sent'].append(c[13])

# optional: the project's rules' readings, from the unit test's disagreement list
rules = {}
if len(sys.argv) > 2 and sys.argv[2] != "-v":
    for line in open(sys.argv[2]):
        line = line.strip()
        if ' read as ' in line and line.startswith('q') or line.startswith('u'):
            parts = line.split()
            rid = parts[0]
            if '[' in line and ' read as ' in line:
                got = line.split(' read as ')[1].split(']')[0]
                rules[rid] = got

import re
MODAL = set("will would shall could may might should 'll expected expect expects expecting plan plans planned planning intend intends intended aim aims aiming scheduled slated set going due poised upcoming future projected anticipated".split())
def has_cue(r):
    return any(w in MODAL for s in r['sent'] for w in re.findall(r"[a-z']+", s.lower()))
POS = {'planned', 'capacity'}
NEG = {'in-service'}
def rules_pos(rid, cls):
    got = rules.get(rid, cls)
    return got in ('planned', 'capacity', 'procured')

for field in ('gpus_installed', 'power_mw', 'all'):
    sel = [(k, r) for k, r in rows.items() if (field == 'all' or r['field'] == field) and r['cls'] in POS | NEG]
    if not sel: continue
    m = collections.Counter()
    rm = collections.Counter()
    for k, r in sel:
        truth = r['cls'] in POS
        m[(truth, r['modal'])] += 1
        rm[(truth, rules_pos(k, r['cls']))] += 1
    n = len(sel)
    def show(name, m):
        n = sum(m.values())
        tp, fn, fp, tn = m[(True, True)], m[(True, False)], m[(False, True)], m[(False, False)]
        prec = tp / (tp + fp) if tp + fp else 0
        rec = tp / (tp + fn) if tp + fn else 0
        print(f"  {name:12} TP {tp:3} FN {fn:3} FP {fp:3} TN {tn:3}  accuracy {(tp+tn)/n:.1%}  precision {prec:.1%}  recall {rec:.1%}")
    print(f"{field}: {n} rows (planned/capacity vs in-service)")
    show('link-grammar', m)
    km = collections.Counter()
    for k, r in sel: km[(r['cls'] in POS, has_cue(r))] += 1
    show('keyword', km)
    # the rows where a cue word is present: does the cue govern the figure?
    cm = collections.Counter(); cr = collections.Counter()
    sub = [(k, r) for k, r in sel if has_cue(r)]
    for k, r in sub:
        cm[(r['cls'] in POS, r['modal'])] += 1; cr[(r['cls'] in POS, rules_pos(k, r['cls']))] += 1
    print(f"   rows whose kept sentences hold a modal/future cue word: {len(sub)}")
    n_all = n; n = len(sub)
    show('  lg (cue)', cm)
    if rules: show('  rules(cue)', cr)
    n = n_all
    if rules: show('rules', rm)
    # per class
    per = collections.Counter(); tot = collections.Counter()
    for k, r in sel:
        tot[r['cls']] += 1; per[r['cls']] += r['modal']
    print('   modal by class:', ', '.join(f"{c} {per[c]}/{tot[c]}" for c in sorted(tot)))
    nf = sum(1 for k, r in sel if not r['found']); nl = sum(1 for k, r in sel if r['found'] and not r['linked'])
    print(f"   figure not found in quote: {nf}; figure found but a null word: {nl}")

# other classes
oth = collections.Counter(); othm = collections.Counter()
for k, r in rows.items():
    if r['cls'] not in POS | NEG:
        oth[(r['field'], r['cls'])] += 1; othm[(r['field'], r['cls'])] += r['modal']
print('other classes, read modal:', ', '.join(f"{f}/{c} {othm[(f,c)]}/{oth[(f,c)]}" for (f, c) in sorted(oth)))
if '-v' in sys.argv:
    for k, r in rows.items():
        if r['cls'] in POS | NEG:
            ok = (r['cls'] in POS) == r['modal']
            print(('OK ' if ok else 'BAD'), k, r['field'], r['cls'], 'modal' if r['modal'] else 'clean', '|', ' || '.join(r['why']), '|', ' || '.join(s[:180] for s in r['sent']))
