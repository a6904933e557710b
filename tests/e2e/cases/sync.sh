# sync: each editor's database and the shared repository's history, both ways, with real git.
export GIT_AUTHOR_NAME=tester GIT_AUTHOR_EMAIL=tester@example.org GIT_COMMITTER_NAME=tester GIT_COMMITTER_EMAIL=tester@example.org
export GIT_AUTHOR_DATE=2026-11-30T12:00:00Z GIT_COMMITTER_DATE=2026-11-30T12:00:00Z
export GIT_CONFIG_NOSYSTEM=1 HOME="$PWD"
git config --global init.defaultBranch main
git config --global pull.rebase false
# named: each commit id (in full or cut short) named c1, c2, ... in the order the case first meets
# it, so that the transcript shows which commit is which whatever the merge commits' ids are.
touch commit-names
named() {
    local line id
    while IFS= read -r line; do
        for id in $(grep -oE '\b[0-9a-f]{12}([0-9a-f]{28})?\b' <<<"$line"); do
            grep -qx "${id:0:12}" commit-names || echo "${id:0:12}" >>commit-names
            line=${line//$id/c$(grep -nx "${id:0:12}" commit-names | cut -d: -f1)}
        done
        printf '%s\n' "${line//$PWD\//}"
    done
}
# sync_db NAME: the editor's database synced with the records of their clone.
sync_db() {
    GPUCLUSTERS_AUTHOR="$(author "$1")" gc --db "$1.db" sync "$1/records" | named
}
author() { case $1 in alice) echo "Alice <alice@example.org>" ;; bob) echo "Bob <bob@example.org>" ;; *) echo tester ;; esac; }
as() {
    local editor=$1
    shift
    GPUCLUSTERS_AUTHOR="$(author "$editor")" setup --db "$editor.db" "$@"
}
pull() { git -C "$1" pull -q --no-edit 2>&1 | grep -v '^Merge made' || true; }
history() { git -C "$1" log --format='%h %an <%ae> | %ad | %s' --abbrev=12 --date=iso-strict-local "${@:2}" | named; }
exports_agree() {
    setup --db alice.db export --format toml --provenance -o alice-export
    setup --db bob.db export --format toml --provenance -o bob-export
    diff -r alice-export bob-export >/dev/null && echo "alice's and bob's exports are byte-identical"
    diff -r alice-export alice/records >/dev/null && echo "and identical to the tree"
    rm -rf alice-export bob-export
}

note "the first sync: the sample records become one commit of the seed's changeset"
git init -q --bare origin.git
git clone -q origin.git seed 2>/dev/null
mkdir seed/records
setup tree setup seed
as seed init --sample -m "the sample records"
sync_db seed
history seed
git -C seed add .gitattributes && git -C seed commit -qm "records go to the merge driver"
git -C seed push -q origin main 2>/dev/null
sync_db seed
git -C seed status --porcelain

note "each editor's clone: an empty database takes the history, commit by commit"
for editor in alice bob; do
    git clone -q origin.git $editor 2>/dev/null
    setup tree setup $editor
    as $editor init
    sync_db $editor
done
gc --db bob.db log -n 1 | head -3
sync_db bob
exports_agree

note "different fields, each citing a new source: merged with no conflict, authors and messages kept"
as alice add olcf-frontier --set interconnect="HPE Slingshot-11" --source https://alice.example.org/frontier --kind operator \
    --quote "Frontier uses HPE Slingshot-11" -m "Frontier's interconnect"
sync_db alice
git -C alice push -q 2>/dev/null
as bob add olcf-frontier --set city="Oak Ridge" --source https://bob.example.org/frontier --kind press --quote "in Oak Ridge" \
    -m "Frontier's city"
sync_db bob
pull bob
sync_db bob
git -C bob push -q 2>/dev/null
pull alice
sync_db alice
history alice -3
gc --db alice.db log olcf-frontier -n 2 | grep -E '^changeset|^    [A-Z]'
exports_agree

note "one field set to two values: competing figures with both sources, a conflict until ranked"
as alice add cscs-alps --set region="Ticino" --source https://alice.example.org/alps --kind operator --quote "Lugano, Ticino" \
    -m "Alps in Ticino"
sync_db alice
git -C alice push -q 2>/dev/null
as bob add cscs-alps --set region="Canton of Ticino" --source https://bob.example.org/alps --kind press \
    --quote "in the Canton of Ticino" -m "Alps in the Canton of Ticino"
sync_db bob
pull bob
sync_db bob
gc --db bob.db show cscs-alps | grep -A4 '^  Region'
gc --db bob.db verify cscs-alps --rule merge-conflict
as bob rank cscs-alps region preferred --value Ticino --reason "the operator's words"
sync_db bob
git -C bob push -q 2>/dev/null
pull alice
sync_db alice
gc --db alice.db verify cscs-alps --rule merge-conflict
exports_agree

note "a field made unknown, a removed cluster and a revert travel"
printf '#!/bin/sh\n# An editor who deletes the city table from the record.\nsed -i "/^\\\\[field.city\\\\]$/,/^$/d" "$1"\n' >drop-city
chmod +x drop-city
EDITOR=./drop-city as alice edit nersc-perlmutter -m "the city was a guess"
as alice add example-dc --new --set owner="Example AI" --source https://alice.example.org/dc --kind press --quote "Example AI's cluster" \
    -m "Example DC"
created=$(sqlite3 alice.db "SELECT max(id) FROM changeset")
as alice revert "$created" -m "Example DC is not a cluster"
sync_db alice
git -C alice push -q 2>/dev/null
pull bob
sync_db bob
gc --db bob.db show nersc-perlmutter | grep '^  City' || echo "no city for Perlmutter"
gc --db bob.db show example-dc
exports_agree

note "a Verified badge travels with its signer and date; a later change elsewhere makes it stale"
GPUCLUSTERS_NOW=2026-12-01T09:00:00Z as alice verify olcf-frontier cscs-alps --sign -m "signed after the merge"
sync_db alice
git -C alice push -q 2>/dev/null
pull bob
sync_db bob
grep -A2 '^\[verified\]' bob/records/olcf-frontier.toml
gc --db bob.db show olcf-frontier | grep -i verified
exports_agree
as bob add olcf-frontier --set region=Tennessee --source https://bob.example.org/frontier --quote "in Tennessee" -m "Frontier's region"
sync_db bob
grep -c '^\[verified\]' bob/records/olcf-frontier.toml || true
git -C bob push -q 2>/dev/null
pull alice
sync_db alice
gc --db alice.db show olcf-frontier | grep -i verified || echo "no Verified badge"
exports_agree

note "a source's new metadata travels to every record file that lists it"
as alice sources check https://alice.example.org/frontier --title "Frontier's interconnect, by the operator" -m "title of alice's source"
sync_db alice
git -C alice push -q 2>/dev/null
pull bob
sync_db bob
grep -B1 -A2 '^url = "https://alice.example.org/frontier"' bob/records/olcf-frontier.toml
exports_agree

note "sync twice: nothing to do"
sync_db bob
sync_db bob

note "sync refuses what it cannot trust, and writes nothing"
printf '# hand edit\n' >>bob/records/cscs-alps.toml
sync_db bob
git -C bob checkout -q -- records/cscs-alps.toml
mkdir plain
gc --db bob.db sync plain
gc --db bob.db sync no-such-folder
git -C bob reset -q --hard HEAD~3
sync_db bob
