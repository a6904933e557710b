#!/usr/bin/env bash
# The man pages' running example, replayed up to changeset N in the current folder, for the pages
# that continue it (their `example-setup: bash tests/docs/example-dc.sh N`): each step is the
# command a page shows for that changeset, run silently.
#   1 the bundled sample                              gpuclusters-init(1)
#   2 example-dc-phase1 from the operator's news      gpuclusters-add(1)
#   3 city and region not published                   gpuclusters-add(1)
#   4 the status backed by the operator's blog        gpuclusters-cite(1)
#   5 a press figure of 12,800 as a competing figure  gpuclusters-cite(1)
#   6 the press figure deprecated                     gpuclusters-rank(1)
#   7 the operator's news read again, archived        gpuclusters-sources(1)
set -euo pipefail
source "$(dirname "$0")/replay_steps.sh" "$1"
step 1 init --sample
step 2 add example-dc-phase1 --name "Example DC phase 1" \
    --set owner="Example AI" --set gpu_model="NVIDIA H100" \
    --set gpus_installed="1536 x 8" --set status=operational \
    --source https://example.org/news/phase-1 --kind operator \
    --title "Phase 1 is live" --published 2026-10-01 --accessed 2026-11-02 \
    --quote "Phase 1 has 1,536 nodes with eight H100 GPUs each." \
    --locator "para. 2" -m "Example DC phase 1, from the operator's news"
step 3 add example-dc-phase1 \
    --not-published city --not-published region --source 24 \
    --quote "Example AI does not disclose the site." --locator "para. 4"
step 4 cite example-dc-phase1 status \
    --source "https://example.org/blog/phase-1-online?utm_source=newsletter&utm_medium=email" \
    --kind operator --title "Phase 1 online" \
    --quote "Phase 1 entered production on 1 October." --locator "para. 1" \
    -m "status: the operator's blog"
step 5 cite example-dc-phase1 gpus_installed --value 12,800 \
    --source https://press.example.com/story --kind press \
    --quote "about 12,800 GPUs"
step 6 rank example-dc-phase1 gpus_installed deprecated --value 12,800 \
    --reason "the press figure is rounded; the operator counts 12,288"
step 7 sources check https://example.org/news/phase-1 \
    --archive-url https://web.archive.org/web/20261115083000/https://example.org/news/phase-1 \
    -m "re-read the operator's news; archived copy"
