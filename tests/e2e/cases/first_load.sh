# A first load (issue 34): an import from files into a database with no clusters is written in
# place, through a rollback journal; one that another program holds open, or from a pipe, or into
# a database with records goes through the WAL. Either way the file alone is whole at rest, and a
# signal leaves it as it was.
setup init
awk 'BEGIN { print "id,name,gpus_installed,gpu_count_notes"; for (i = 1; i <= 6000; i++) {
    notes = ""; for (w = 1; w <= 250; w++) notes = notes "note " i " "; print "f-" i ",First record " i "," i "," notes } }' \
    > first.csv
head -4 first.csv | cut -c1-40 > small.csv

note "SIGTERM while a first load has written pages into the file before its commit: rolled back, the file as it was"
size_before=$(stat -c %s test.db)
"$GPUCLUSTERS_BIN" import first.csv --source https://example.org/first --kind other > import.out 2> import.err &
importer=$!
# The cache holds 16 MiB of pages; the rest reaches the file (and its journal keeps the old pages).
while [ "$(stat -c %s test.db)" -le "$size_before" ] && kill -0 "$importer" 2>/dev/null; do sleep 0.01; done
[ -e test.db-journal ] && echo "written in place: test.db-journal beside the file, no test.db-wal: $([ -e test.db-wal ] && echo there || echo none)"
kill -TERM "$importer"
status=0; wait "$importer" || status=$?
echo "exit $status"
cat import.err
cp test.db alone.db
echo "the file alone: $(sqlite3 alone.db "SELECT count(*) FROM cluster") clusters; integrity $(sqlite3 alone.db 'PRAGMA integrity_check')"
ls test.db-* 2>/dev/null || echo "nothing beside the file"

note "the same load, to its end: in place, and the file at rest in rollback mode"
gc import first.csv --source https://example.org/first --kind other --quiet
sql "SELECT count(*) FROM cluster"
sql "PRAGMA journal_mode"
ls test.db-* 2>/dev/null || echo "nothing beside the file"
gc check

note "a database that another program holds open (a read transaction left open): the first load goes through the WAL"
rm -f test.db && setup init
hold_open
gc import small.csv --source https://example.org/first --kind other
[ -s test.db-wal ] && echo "the log beside the file holds the write"
echo "COMMIT;" >&3
exec 3>&-
wait "$holder"
gc list
ls test.db-* 2>/dev/null || echo "nothing beside the file"
