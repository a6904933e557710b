# rename OLD NEW: a record's id changed in one changeset; OLD leads to NEW; a revert puts it back.
setup init --sample
setup verify olcf-frontier --accept stale-sources --reason "the operator's page is the latest word"
exports before
"$GPUCLUSTERS_BIN" show olcf-frontier > before-page.txt
gc rename olcf-frontier ornl-frontier
gc check
note "the old id leads to the new one, saying so"
gc show olcf-frontier | head -n 3
"$GPUCLUSTERS_BIN" show ornl-frontier | tail -n +3 > renamed-page.txt
tail -n +3 before-page.txt | diff - renamed-page.txt && echo "the page is the same but for its id"
gc list
sql "SELECT alias, cluster_id FROM current_alias"
sql "SELECT cluster_id, rule FROM current_acceptance ORDER BY cluster_id"
note "a write through the old id goes to the new record"
gc add olcf-frontier --set status_notes="renamed for the test" --unsourced -n
note "refused: an id in use, an alias, an invalid id, an unknown record; nothing written"
sql "SELECT count(*) FROM changeset"
gc rename cscs-alps ornl-frontier
gc rename cscs-alps olcf-frontier
gc rename cscs-alps "CSCS Alps"
gc rename nowhere somewhere
gc rename ornl-frontier ornl-frontier
sql "SELECT count(*) FROM changeset"
note "the revert gives the record its old id back"
gc revert 3
exports after
same_as_before after
note "the provenance TOML (a tree's files) keeps a file saying the new id is removed, as after any reverted creation"
diff -r before.toml after.toml || true
"$GPUCLUSTERS_BIN" show olcf-frontier | cmp - before-page.txt && echo "the page is as before"
gc show ornl-frontier
gc list --search Frontier
gc check
note "the id the revert removed stays used; another, as a dry run in JSON"
gc rename olcf-frontier ornl-frontier
"$GPUCLUSTERS_BIN" --json rename olcf-frontier frontier -n | tail -n 11
