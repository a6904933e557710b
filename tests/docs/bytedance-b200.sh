#!/usr/bin/env bash
# gpuclusters-verify(1)'s examples, replayed up to changeset N in the current folder, for the pages
# that show their Verified badge (`example-setup: bash tests/docs/bytedance-b200.sh N`): each step
# is the command gpuclusters-verify(1) shows for that changeset, run silently.
#   1 the bundled sample
#   2 bytedance-megascale-ampere's stale-sources accepted
#   3-6 bytedance-b200 from a press article, with an H100-equivalent figure competing
#   7-8 the H100 comparison deprecated, no installed count published
#   9 bytedance-b200 signed
#   10 bytedance-b200 changed again: the badge is stale
set -euo pipefail
source "$(dirname "$0")/replay_steps.sh" "$1"
press=https://example.com/press/bytedance-b200
secured="ByteDance subsidiary has secured access to 2,304 NVIDIA B200 GPUs"
equivalent="2,304 B200s can perform equivalent work to roughly 3,500 H100s on certain workloads"
timeline="Deployment timeline remains unclear, but industry sources suggest phased rollout through Q4 2024 and early 2025."
step 1 init --sample
step 2 verify bytedance-megascale-ampere --accept stale-sources \
    --reason "the paper is the only description of this cluster"
step 3 add bytedance-b200 --name "ByteDance B200 allocation" --set owner=ByteDance \
    --set gpu_model=B200 --set gpus_installed=2,304 --source "$press" --kind press \
    --title "ByteDance subsidiary secures 2,304 B200 GPUs (press article, shared/seeds)" \
    --quote "$secured"
step 4 add bytedance-b200 \
    --set gpu_count_notes="Press figure; the article compares it to roughly 3,500 H100s (H100-equivalents, not counted)." \
    --source "$press" --quote "$equivalent"
step 5 add bytedance-b200 --set status=announced \
    --set status_notes="Deployment timeline remains unclear." --source "$press" --quote "$timeline"
step 6 cite bytedance-b200 gpus_installed --value 3,500 --source "$press" --quote "$equivalent"
step 7 rank bytedance-b200 gpus_installed deprecated --value 3,500 \
    --reason "H100-equivalents, not GPUs"
step 8 add bytedance-b200 --not-published gpus_installed --source "$press" --quote "$secured" \
    -m "an allocation, not installed GPUs"
step 9 verify --sign bytedance-b200 -m "checked against the press article"
step 10 add bytedance-b200 \
    --set status_notes="Deployment timeline unclear; phased rollout suggested through Q4 2024 and early 2025." \
    --source "$press" --quote "$timeline"
