# merge-driver: two editors, one repository of record files; git merges them claim by claim.
export GIT_AUTHOR_NAME=tester GIT_AUTHOR_EMAIL=tester@example.org GIT_COMMITTER_NAME=tester GIT_COMMITTER_EMAIL=tester@example.org
export GIT_CONFIG_NOSYSTEM=1 HOME="$PWD"
git config --global init.defaultBranch main
git config --global pull.rebase false
# clone NAME: a work tree of the shared repository, made ready by `tree setup` (the binary's own
# path, which the driver setting names, printed as gpuclusters).
clone() {
    git clone -q origin.git "$1" 2>/dev/null
    gc tree setup "$1" | sed "s|$GPUCLUSTERS_BIN|gpuclusters|; s|$PWD/||"
}
# commit_and_push NAME MESSAGE: the editor's database exported over the tree, committed and pushed.
commit_and_push() {
    setup --db "$1.db" export --format toml --provenance -o "$1/records"
    git -C "$1" add -A && git -C "$1" commit -qm "$2" && git -C "$1" push -q 2>/dev/null
}
# pull NAME: what the driver said while git merged, without git's own words (hashes, times).
pull() {
    printf '$ git pull (%s)\n' "$1"
    git -C "$1" pull -q --no-edit >"$1.pull" 2>&1 || echo "[git pull failed]"
    grep -E '^records/|warning|CONFLICT' "$1.pull" || true
}

setup --db seed.db init --sample
git init -q --bare origin.git
clone seed
git -C seed config --local --get-regexp '^merge[.]' | sed "s|$GPUCLUSTERS_BIN|gpuclusters|"
cat seed/.gitattributes
gc tree setup seed | sed "s|$PWD/||"
commit_and_push seed "the sample records"
clone alice
clone bob
for editor in alice bob; do
    setup --db $editor.db init
    setup --db $editor.db import $editor/records
done

note "different fields, each citing a new source: merged with no conflict"
setup --db alice.db add olcf-frontier --set interconnect="HPE Slingshot-11" --source https://alice.example.org/frontier --kind operator \
    --quote "Frontier uses HPE Slingshot-11"
commit_and_push alice "alice: Frontier's interconnect"
setup --db bob.db add olcf-frontier --set city="Oak Ridge" --source https://bob.example.org/frontier --kind press --quote "in Oak Ridge"
setup --db bob.db export --format toml --provenance -o bob/records
git -C bob add -A && git -C bob commit -qm "bob: Frontier's city"
pull bob
grep -c '^\[\[source\]\]' bob/records/olcf-frontier.toml
grep -E '^url = "https://(alice|bob)' bob/records/olcf-frontier.toml
setup --db merged.db init
gc --db merged.db import bob/records --quiet
sqlite3 merged.db "SELECT field, value FROM current_field WHERE cluster_id = 'olcf-frontier' AND field IN ('interconnect', 'city')"

note "one field set to two values: both kept as competing figures, each with its source"
git -C bob push -q 2>/dev/null
git -C alice pull -q --no-edit 2>/dev/null
setup --db alice.db import alice/records
setup --db alice.db add cscs-alps --set region="Ticino" --source https://alice.example.org/alps --kind operator --quote "Lugano, Ticino"
commit_and_push alice "alice: Alps in Ticino"
setup --db bob.db import bob/records
setup --db bob.db add cscs-alps --set region="Canton of Ticino" --source https://bob.example.org/alps --kind press --quote "in the Canton of Ticino"
setup --db bob.db export --format toml --provenance -o bob/records
git -C bob add -A && git -C bob commit -qm "bob: Alps in the Canton of Ticino"
pull bob
sed -n '/^\[field.region\]/,/^\[field.country\]/p' bob/records/cscs-alps.toml
setup --db conflict.db init
gc --db conflict.db import bob/records --quiet
sqlite3 conflict.db "SELECT field, value, rank FROM claim_with_rank WHERE cluster_id = 'cscs-alps' AND field = 'region' ORDER BY value"
gc --db conflict.db list --columns name,region

note "the conflict is data: show marks it, verify reports it, signing and accepting wait for an editor's rank"
gc --db bob.db import bob/records
gc --db bob.db show cscs-alps | grep -A4 '^  Region'
gc --db bob.db verify cscs-alps --rule merge-conflict
gc --db bob.db verify cscs-alps --sign
gc --db bob.db verify cscs-alps --accept merge-conflict --reason "both are right"
gc --db bob.db rank cscs-alps region preferred --value Ticino --reason "the operator's words"
gc --db bob.db verify cscs-alps --rule merge-conflict
gc --db bob.db show cscs-alps | grep -A2 '^  Region'

note "a field made unknown travels: the file says cleared, and the other database clears it too"
commit_and_push bob "bob: Alps in Ticino, the operator's words"
printf '#!/bin/sh\n# An editor who deletes the city table from the record.\nsed -i "/^\\\\[field.city\\\\]$/,/^$/d" "$1"\n' >drop-city
chmod +x drop-city
EDITOR=./drop-city gc --db bob.db edit nersc-perlmutter -m "the city was a guess" | grep -E '^[$]|^city|^changeset'
commit_and_push bob "bob: no city for Perlmutter"
grep -A1 '^\[field.city\]' bob/records/nersc-perlmutter.toml
pull alice
gc --db alice.db import alice/records | grep -v '^unchanged'
gc --db alice.db show nersc-perlmutter | grep '^  City'
setup --db alice.db export --format toml --provenance -o alice/records
git -C alice status --porcelain

note "a removed cluster travels: its file says removed, and the other database removes it too"
setup --db bob.db add example-dc --new --set owner="Example AI" --source https://bob.example.org/dc --kind press --quote "Example AI's cluster"
commit_and_push bob "bob: Example DC"
pull alice
setup --db alice.db import alice/records
created=$(sqlite3 bob.db "SELECT max(id) FROM changeset")
gc --db bob.db revert "$created" -m "Example DC is not a cluster"
commit_and_push bob "bob: Example DC removed"
cat bob/records/example-dc.toml
pull alice
gc --db alice.db import alice/records | grep -v '^unchanged'
gc --db alice.db show example-dc
setup --db alice.db export --format toml --provenance -o alice/records
git -C alice status --porcelain

note "tree setup refuses what cannot hold the record files, and writes nothing"
mkdir -p alice/records/inner
gc tree setup alice/records/inner 2>&1 | sed "s|$PWD/||"
git init -q --bare bare.git
gc tree setup bare.git
printf 'x' >plain-file
gc tree setup plain-file
gc tree

note "a file that does not read as a record falls back to git's text merge, saying why"
printf 'format = 2\nid = "x"\nbroken = \n' >base.toml
cp base.toml ours.toml
printf 'format = 2\nid = "x"\nbroken = 1\n' >theirs.toml
gc merge-driver base.toml ours.toml theirs.toml records/x.toml
cat ours.toml
