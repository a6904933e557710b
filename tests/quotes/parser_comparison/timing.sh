#!/usr/bin/env bash
# Timing runs of lgmodal on the corpus with several parse options; peak memory from /usr/bin/time.
cd "${WORK:?}"
for opts in "--limit 100 --max-time 2" "--limit 100 --max-time 2" "--limit 100 --max-time 2" "--limit 1000 --max-time 2" "--limit 10 --max-time 2" "--limit 1 --max-time 2" "--limit 100 --max-time 1"; do
  LANG=C.UTF-8 /usr/bin/time -f "peak %M KiB, wall %e s, user %U s, sys %S s" ./lgmodal --loose $opts corpus.tsv > t.out 2> t.err
  echo "[$opts] $(grep -a '^dictionary' t.err) | $(tail -1 t.err) | $(python3 analyze.py t.out | sed -n '/^all/,+1p' | tail -1)"
done
