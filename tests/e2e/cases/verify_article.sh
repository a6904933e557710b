note "a record built from the press article in shared/seeds: 2,304 B200 'secured access to', 3,500 H100s"
setup init
setup add bytedance-b200 --name "ByteDance B200 allocation" --set owner=ByteDance --set gpu_model=B200 \
   --set gpus_installed=2,304 --source https://example.com/press/bytedance-b200 --kind press \
   --title "ByteDance subsidiary secures 2,304 B200 GPUs (press article, shared/seeds)" \
   --quote "ByteDance subsidiary has secured access to 2,304 NVIDIA B200 GPUs"
setup add bytedance-b200 --set gpu_count_notes="Press figure; the article compares it to roughly 3,500 H100s (H100-equivalents, not counted)." \
   --source https://example.com/press/bytedance-b200 \
   --quote "2,304 B200s can perform equivalent work to roughly 3,500 H100s on certain workloads"
setup add bytedance-b200 --set status=announced --set status_notes="Deployment timeline remains unclear." \
   --source https://example.com/press/bytedance-b200 \
   --quote "Deployment timeline remains unclear, but industry sources suggest phased rollout through Q4 2024 and early 2025."
note "a competing figure taken from the H100 comparison"
setup cite bytedance-b200 gpus_installed --value 3,500 --source https://example.com/press/bytedance-b200 \
   --quote "2,304 B200s can perform equivalent work to roughly 3,500 H100s on certain workloads"
gc verify bytedance-b200
gc verify bytedance-b200 --json
gc verify bytedance-b200 --severity error
gc verify bytedance-b200 --rule planned-wording --rule press-only-count
note "signing is refused while an error-level finding stands; nothing is written"
gc verify --sign bytedance-b200
sql "SELECT count(*) FROM verification"
