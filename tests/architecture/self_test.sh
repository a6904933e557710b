#!/usr/bin/env bash
# check_layers.sh must fail on each kind of crossing: a copy of the tree with one planted in each
# file below, every one named in its report.
#   self_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuclusters-layers.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp -r "$source_dir/src" "$source_dir/include" "$work/"
echo '#include "commands/command.hpp"' >> "$work/src/formats/csv.cpp"
echo '#include <sqlite3.h>' >> "$work/src/ledger/history.cpp"
echo 'void shout() { std::cout << "hi"; }' >> "$work/src/rules/matching.cpp"
echo 'void sneak(gpuclusters::store::Store& s) { s.insert_cluster("x", 1); }' >> "$work/src/ledger/revert.cpp"
echo 'void talk(std::ostream& out) { out << "hi"; }' >> "$work/src/commands/fields.cpp"
echo 'void peek(Context& context) { context.store().load_record("x"); }' >> "$work/src/commands/show.cpp"
status=0
report=$(bash "$source_dir/tests/architecture/check_layers.sh" "$work") || status=$?
echo "$report"
[ "$status" = 1 ] || { echo "check_layers exited $status, not 1"; exit 1; }
for expected in "src/formats/csv.cpp:.*formats includes commands/command.hpp" "src/ledger/history.cpp:.*SQLite outside store" \
    "src/rules/matching.cpp:.*standard stream" "src/ledger/revert.cpp:.*outside the ledger's change engine" \
    "src/commands/fields.cpp:.*prints itself" "src/commands/show.cpp:.*calls the store itself"; do
    grep -qE "$expected" <<< "$report" || { echo "not reported: $expected"; exit 1; }
done
echo "1 passed, 0 failed: every planted crossing reported"
