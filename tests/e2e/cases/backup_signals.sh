# The file whole at rest (issue 28): backup, signals that stop a writer, and a reader that
# recovers the file after a writer was killed.
setup init --sample
note "a backup: a new file, whole on its own, in rollback mode"
gc backup copy.db
sqlite3 copy.db "PRAGMA journal_mode; PRAGMA integrity_check; SELECT count(*) FROM cluster;"
gc --db copy.db show cscs-alps --no-pager | head -3
note "a backup replaces an earlier backup (atomically), and says so in JSON"
setup add backup-1 --name "Backed up" --unsourced
gc backup copy.db --json
ls -A | grep -c partial || true
note "what a backup never replaces, each left as it was"
echo "my notes" > notes.txt
gc backup notes.txt
cat notes.txt
gc backup test.db
ln -s copy.db link.db
gc backup link.db
mkdir folder.db
gc backup folder.db
mkfifo pipe.db
gc backup pipe.db
gc backup no/such/folder/copy.db
gc backup
note "no database to back up"
gc --db missing.db backup copy2.db
[ -e copy2.db ] || echo "no copy2.db written"

note "another program reads the file in WAL mode (a read transaction left open): a writer cannot fold its log in when it closes"
rm -f copy.db
hold_open
setup add held-1 --name "Written while held" --unsourced
[ -s test.db-wal ] && echo "the log beside the file holds the write"
cp test.db alone.db
echo "the file alone: $(sqlite3 alone.db "SELECT count(*) FROM cluster WHERE id = 'held-1'") of held-1"
gc backup copy.db
echo "the backup: $(sqlite3 copy.db "SELECT count(*) FROM cluster WHERE id = 'held-1'") of held-1"
note "the holder is killed (it folds nothing in); the next reader folds the log into the file"
kill -9 "$holder"; wait "$holder" 2>/dev/null || true
exec 3>&-
[ -s test.db-wal ] && echo "the log still holds the write"
gc show held-1 --no-pager | head -2
[ -s test.db-wal ] || echo "no log with content beside the file"
cp test.db alone.db
echo "the file alone: $(sqlite3 alone.db "SELECT count(*) FROM cluster WHERE id = 'held-1'") of held-1"

note "SIGTERM while an import waits on its input: nothing committed, so it ends at once, by the signal, the file as it was"
mkfifo feed.in
( printf 'id,name\nsig-1,One\n'; sleep 2; printf 'sig-2,Two\n' ) > feed.in &
"$GPUCLUSTERS_BIN" import - --format csv --source https://example.org/signals --kind other < feed.in > import.out 2> import.err &
importer=$!
sleep 1
kill -TERM "$importer"
status=0; wait "$importer" || status=$?
echo "exit $status"
cat import.out import.err
wait
cp test.db alone.db
echo "the file alone: $(sqlite3 alone.db "SELECT count(*) FROM cluster WHERE id LIKE 'sig-%'") of sig-1 and sig-2; integrity $(sqlite3 alone.db 'PRAGMA integrity_check')"
[ -s test.db-wal ] || echo "no log with content beside the file"
note "the same from an endless input (it never reaches a statement)"
timeout -s TERM 2 "$GPUCLUSTERS_BIN" import - --format jsonl < /dev/zero > import.out 2> import.err || echo "exit $?"
cat import.out import.err
sql "SELECT count(*) FROM cluster WHERE id LIKE 'sig-%'"
sql "PRAGMA integrity_check"
note "under nohup (SIGHUP ignored when it starts), SIGHUP stays ignored"
( printf 'id,name\nsig-3,Three\n'; sleep 2 ) > feed.in &
nohup "$GPUCLUSTERS_BIN" import - --format csv --source https://example.org/signals --kind other < feed.in > import.out 2> import.err &
importer=$!
sleep 1
kill -HUP "$importer"
status=0; wait "$importer" || status=$?
echo "exit $status"
wait
sql "SELECT id FROM cluster WHERE id LIKE 'sig-%'"
