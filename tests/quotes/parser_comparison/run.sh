#!/usr/bin/env bash
# Reproduces every figure of README.md: link-grammar against the quote reader's rules, on the
# corpus as it stood at 68c0169 (490 rows) and on 75 Epoch quotes that corpus did not hold.
#   apt-get install -y liblink-grammar-dev link-grammar-dictionaries-all
#   bash tests/quotes/parser_comparison/run.sh [WORK_DIR]
# The rules are those of 68c0169, built apart in WORK_DIR/head; nothing in the checkout is written.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
export WORK=${1:-$(mktemp -d "${TMPDIR:-/tmp}/parser-comparison.XXXXXX")}
mkdir -p "$WORK"
cp "$here"/*.cpp "$here"/*.py "$here"/*.sh "$here"/unseen_gold.txt "$WORK"/
git -C "$repo" show 68c0169:tests/quotes/corpus.tsv > "$WORK/corpus.tsv"
cp "$repo/tests/data/epoch/gpu_clusters.csv" "$WORK/"
cd "$WORK"
export LANG=C.UTF-8
g++ -std=c++20 -O2 -Wall -o lgmodal lgmodal.cpp -llink-grammar
C=corpus.tsv
if [ ! -x head/build/tests/unit_tests ]; then
    mkdir -p head && git -C "$repo" archive 68c0169 | tar -x -C head
    cmake -S head -B head/build -G Ninja > /dev/null && cmake --build head/build --target unit_tests -j2 > /dev/null
fi
U=$WORK/head/build/tests/unit_tests
# the rules' readings (their disagreements with the labels), corpus and unseen set
$U -tc="the quote corpus*" 2>&1 | grep -a "read as" > rules_corpus_misses.txt || true
python3 make_unseen.py                                   # unseen.tsv: Epoch quotes not in the corpus
./lgmodal --loose unseen.tsv > unseen_en_all0.tsv 2>/dev/null
python3 - <<'PY'
nf = {l.split('\t')[0] for l in open('unseen_en_all0.tsv') if '(figure not found)' in l}
lines = open('unseen.tsv').read().splitlines()
with open('unseen_found.tsv', 'w') as f:
    f.write(lines[0] + '\n')
    for l in lines[1:]:
        if l.split('\t')[0] not in nf: f.write(l + '\n')
PY
GPUCLUSTERS_QUOTE_CORPUS=$WORK/unseen_found.tsv $U -tc="the quote corpus*" 2>&1 | grep -a "read as" > rules_unseen_misses.txt || true
# link-grammar on the corpus (timing + accuracy) and on the unseen set
/usr/bin/time -f "peak %M KiB, wall %e s, user %U s, sys %S s" ./lgmodal --loose $C > corpus_en.tsv 2> corpus_en.err
grep -a "^dictionary\|^peak" corpus_en.err
python3 analyze.py corpus_en.tsv rules_corpus_misses.txt | tee corpus_scores.txt
./lgmodal --loose unseen_found.tsv > unseen_en_all.tsv 2> unseen.err; grep -a "^dictionary" unseen.err
python3 score_unseen.py -v | tee unseen_scores.txt
# parse options
./timing.sh | tee timing.txt
# non-English
python3 lang.py $C; python3 lang.py $C --all
cat lang_all_{de,es,fr,it,pt,ru,zh}.tsv | awk 'NR==1 || !/^id\t/' > nonen.tsv
./lgmodal --all-sentences nonen.tsv > nonen_en.out 2> nonen_en.err; grep -a "^dictionary" nonen_en.err
./lgmodal --all-sentences --lang ru lang_all_ru.tsv > ru.out 2> ru.err; grep -a "^dictionary" ru.err
./lgmodal --all-sentences --lang de lang_all_de.tsv > de.out 2> de.err; grep -a "^dictionary" de.err
