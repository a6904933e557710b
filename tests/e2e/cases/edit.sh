setup init
setup add acme-one --name "Acme One" --set owner=Acme --set gpus_installed="100 x 8" --set city=Zurich \
   --source https://example.org/spec --kind operator --quote "100 nodes x 8 GPUs, in Zurich"
editors="$SOURCE_DIR/tests/e2e/editors"
note "what the editor is given"
EDITOR="cat" gc edit acme-one
note "a scripted editor changes one value and adds a citation: one changeset with exactly those changes"
EDITOR="sh $editors/change-value-add-citation.sh" gc edit acme-one
gc log -n 1
sql "SELECT count(*) FROM changeset; SELECT count(*) FROM citation WHERE changeset_id = 2; SELECT count(*) FROM claim WHERE changeset_id = 2"
note "an unchanged file changes nothing; an empty one aborts"
EDITOR=true gc edit acme-one
EDITOR="truncate -s 0" gc edit acme-one
note "a file that does not parse comes back with the error on top, until it does"
EDITOR="sh $editors/broken-then-fixed.sh" gc edit acme-one
note "a changed value does not inherit the citations of the value it replaces: refused without a new one, or written with --unsourced"
EDITOR="sh $editors/change-value-only.sh" gc edit acme-one
rm -f gpuclusters-edit-acme-one.toml
EDITOR="sh $editors/change-value-only.sh" gc edit acme-one --unsourced
sql "SELECT c.value, count(ci.id) FROM claim c LEFT JOIN citation ci ON ci.claim_id = c.id WHERE c.field = 'city' GROUP BY c.id ORDER BY c.id"
note "deleting a field makes it unknown"
EDITOR="sh $editors/delete-city.sh" gc edit acme-one
note "a change made while the editor was open: nothing is overwritten, the edit is kept, exit 1"
EDITOR="sh $editors/concurrent.sh" gc edit acme-one
grep '^value = "Acme Corp"' gpuclusters-edit-acme-one.toml
gc show acme-one
sql "SELECT count(*) FROM changeset"
note "bad input"
gc edit no-such-cluster
EDITOR="no-such-editor-program" gc edit acme-one
note "a TMPDIR where edit cannot make its folder (missing, a file) is a usage error naming it, not an internal error (found by fuzz_environment)"
TMPDIR=no-such-folder EDITOR=true gc edit acme-one
TMPDIR=test.db EDITOR=true gc edit acme-one
note "a writer holds the lock when the edit is saved: the edit fails as locked (exit 4) and names the copy it kept"
rm -f gpuclusters-edit-acme-one*.toml
GPUCLUSTERS_DB=test.db GPUCLUSTERS_BUSY_TIMEOUT_MS=300 EDITOR="sh $editors/change-value-then-lock.sh" gc edit acme-one
sleep 2
grep -c '130 x 8' gpuclusters-edit-acme-one.toml
note "format 2 in the editor: a count edited as a bare number, a city set not published, a power added as a float"
rm -f gpuclusters-edit-acme-one*.toml
EDITOR="sh $editors/typed-values.sh" gc edit acme-one --unsourced
sql "SELECT field, state, value, derivation, basis, estimator FROM claim WHERE changeset_id = (SELECT max(id) FROM changeset) ORDER BY id"
note "a derivation added under its number"
EDITOR="sh $editors/add-derivation.sh" gc edit acme-one --unsourced
note "a number changed without its derivation comes back with the error on top; mended, it is written"
EDITOR="sh $editors/derivation-mismatch.sh" gc edit acme-one --unsourced
sed 's/[^ ]*acme-one.toml:/EDITED:/' errors-seen.txt
EDITOR="cat" gc edit acme-one | sed -n '/^\[field.gpus_installed\]/,/^$/p; /^\[field.city\]/,/^$/p; /^\[field.power_mw\]/,/^$/p'
note "the file read back must be a regular file: a FIFO the editor left there is refused, not waited on"
EDITOR="sh $editors/leave-fifo.sh" gc edit acme-one | sed -E 's#[^ ]*/gpuclusters-edit-[A-Za-z0-9]{6}/#EDITDIR/#g'
note "a key of 50,000 dotted parts comes back with the error on top, at its place (it overflowed the stack)"
rm -f errors-seen.txt
EDITOR="sh $editors/deep-key.sh" gc edit acme-one
sed 's/[^ ]*acme-one.toml:/EDITED:/' errors-seen.txt
note "a link the editor leaves in the file's place is neither read nor written through (as root, one to /etc/passwd changed it)"
EDITOR="sh $editors/link-to-victim.sh" gc edit acme-one | sed -E 's#[^ ]*/gpuclusters-edit-[A-Za-z0-9]{6}/#EDITDIR/#g'
echo "victim.txt: $(cat victim.txt)"
note "the kept copy is written as a new file only: a link at its name, even one that leads nowhere, is passed over"
rm -f gpuclusters-edit-acme-one*.toml
ln -s nowhere.txt gpuclusters-edit-acme-one.toml
EDITOR="sh $editors/concurrent-region.sh" gc edit --unsourced acme-one
echo "nowhere.txt: $(test -e nowhere.txt && echo written || echo absent); kept: $(grep -c '^value = "Acme Corp"$' gpuclusters-edit-acme-one-2.toml)"
note "an editor variable of blanks is unset: VISUAL of spaces gives way to EDITOR, EDITOR of spaces to vi (it ran the temporary file)"
VISUAL='   ' EDITOR=true gc edit acme-one
mkdir -p fakebin
printf '#!/bin/sh\necho "vi was run on $(basename "$1")" >&2\n' > fakebin/vi
chmod +x fakebin/vi
PATH="$PWD/fakebin:$PATH" VISUAL= EDITOR='   ' gc edit acme-one
note "a killed edit leaves no temporary folder: SIGTERM or SIGHUP while the editor is open (passed on to it), an editor stopped by Ctrl-C"
mkdir edit-tmp
for signal in TERM HUP; do
    # (bash's own word on a process killed by a signal, with its pid, is left out)
    SIGNAL=$signal TMPDIR="$PWD/edit-tmp" EDITOR="sh $editors/signal-gpuclusters.sh" gc edit --unsourced acme-one 2> /dev/null
    echo "SIG$signal: folders left in TMPDIR: $(ls -A edit-tmp | wc -l)"
done
TMPDIR="$PWD/edit-tmp" EDITOR="sh $editors/interrupted.sh" gc edit acme-one
echo "SIGINT: folders left in TMPDIR: $(ls -A edit-tmp | wc -l)"
note "Ctrl-C while the editor is open is the editor's: the edit goes on"
SIGNAL=INT TMPDIR="$PWD/edit-tmp" EDITOR="sh $editors/signal-gpuclusters.sh" gc edit --unsourced acme-one
echo "folders left in TMPDIR: $(ls -A edit-tmp | wc -l)"
