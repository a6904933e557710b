#!/usr/bin/env python3
"""Crude language of each corpus row's quote (gpus_installed/power_mw), and subsets per language."""
import re, sys, collections
SW = {
 'de': 'der die das und mit von den ist wird werden im für auf des sich eine einem einen zu bis nicht auch sind wurde',
 'fr': 'le la les des et avec une pour est dans du sur qui sera au aux pas ce cette il sont être',
 'it': 'il della con che per una sono è nel dei delle gli sarà alla anche degli',
 'es': 'el los las con una para por del que será está se al también sus',
 'pt': 'o os as com uma para por do da dos das que será está não em ao também seus',
 'en': 'the and with of is are will to in for on by has have was be that this its',
}
SW = {k: set(v.split()) for k, v in SW.items()}
def lang(q):
    if re.search('[\u0400-\u04FF]', q): return 'ru'
    if re.search('[\u4e00-\u9fff]', q): return 'zh'
    words = re.findall(r"[a-zà-ÿ]+", q.lower())
    scores = {k: sum(w in s for w in words) for k, s in SW.items()}
    best = max(scores, key=scores.get)
    return best if scores[best] >= 2 and scores[best] > scores['en'] else 'en'
all_rows = '--all' in sys.argv
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1])]
head, rows = rows[0], rows[1:]
by = collections.defaultdict(list)
for r in rows:
    if all_rows or r[1] in ('gpus_installed', 'power_mw'):
        by[lang(r[6])].append(r)
for k, v in sorted(by.items()):
    print(k, len(v), collections.Counter(r[5] for r in v).most_common())
    with open(f"lang_{'all_' if all_rows else ''}{k}.tsv", 'w') as f:
        f.write('\t'.join(head) + '\n')
        for r in v: f.write('\t'.join(r) + '\n')
