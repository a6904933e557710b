#!/usr/bin/env bash
# Runs every harness of the fuzz_gpuclusters binary for SECONDS each (default 60), each on its
# corpus folder under tests/fuzz/corpus/NAME (or $FUZZ_CORPUS/NAME; grown between runs), and prints
# the executions. A harness uses one core: $FUZZ_JOBS of them (default: one a core) run side by
# side, each in its own temporary folders. One harness by hand:
#   GPUCLUSTERS_FUZZ_HARNESS=csv BUILD_DIR/tests/fuzz/fuzz_gpuclusters tests/fuzz/corpus/csv
# What a harness finds (NAME-crash-* and the like, in $FUZZ_ARTIFACTS, by default the folder run.sh
# was started from: several harnesses change into folders of their own) becomes a case of
# tests/corpus. libFuzzer reads flags after LLVMFuzzerInitialize, so even -help=1 needs
# GPUCLUSTERS_FUZZ_HARNESS set.
#   bash tests/fuzz/run.sh BUILD_DIR [SECONDS]
# BUILD_DIR must be configured with -DCMAKE_CXX_COMPILER=clang++ -DGPUCLUSTERS_FUZZ=ON.
set -euo pipefail
build=$1 seconds=${2:-60}
here=$(cd "$(dirname "$0")" && pwd)
corpora=${FUZZ_CORPUS:-$here/corpus}
# One a source file: tests/fuzz/fuzz_NAME.cpp registers harness NAME.
targets=()
for source in "$here"/fuzz_*.cpp; do
    name=$(basename "$source" .cpp)
    [ "$name" = fuzz_main ] || targets+=("${name#fuzz_}")
done
fuzz_one() {
    local target=$1
    local corpus="$corpora/$target" log max_len timeout
    mkdir -p "$corpus"
    log=$(mktemp)
    # Inputs longer than 64 KiB too, where a reader streams them: the chunks a reader takes.
    case "$target" in streams|csv|toml_record|json_record) max_len=262144 ;; *) max_len=65536 ;; esac
    # An input of the harnesses that run commands on files and databases takes under a second: one
    # that runs for a minute waits on something (a FIFO opened, a lock), which is a finding.
    case "$target" in crafted_db|compare_against|filesystem|environment) timeout=60 ;; *) timeout=1200 ;; esac
    if ! GPUCLUSTERS_FUZZ_HARNESS=$target "$build/tests/fuzz/fuzz_gpuclusters" -max_total_time="$seconds" -max_len="$max_len" -timeout="$timeout" -print_final_stats=1 \
        -artifact_prefix="$artifacts/$target-" "$corpus" > "$log" 2>&1; then
        tail -40 "$log"; echo "$target: FAILED"; rm -f "$log"; return 1
    fi
    echo "$target: $(grep -m1 stat::number_of_executed_units "$log" | awk '{print $2}') executions in ${seconds}s"
    rm -f "$log"
}
export -f fuzz_one
artifacts=${FUZZ_ARTIFACTS:-$PWD}
export build seconds corpora artifacts
failed=0
# shellcheck disable=SC2016 # "$1" is the inner shell's: the target xargs passes it
printf '%s\n' "${targets[@]}" | xargs -P "${FUZZ_JOBS:-$(nproc)}" -I{} bash -c 'fuzz_one "$1"' _ {} || failed=1
[ "$failed" = 0 ] || { echo "a fuzzer failed"; exit 1; }
echo "${#targets[@]} passed, 0 failed"
