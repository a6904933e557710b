# merge in a tree of record files (sync): the merge goes out as B's file saying it is removed and
# A's file with B's claims; another database takes both; a commit that still changes B's file is
# refused by the database where B leads to A, loudly, with nothing written.
export GIT_AUTHOR_NAME=tester GIT_AUTHOR_EMAIL=tester@example.org GIT_COMMITTER_NAME=tester GIT_COMMITTER_EMAIL=tester@example.org
export GIT_AUTHOR_DATE=2026-11-30T12:00:00Z GIT_COMMITTER_DATE=2026-11-30T12:00:00Z
export GIT_CONFIG_NOSYSTEM=1 HOME="$PWD"
git config --global init.defaultBranch main
git config --global pull.rebase false
# Commit ids and the sync's temporary folder, out of the transcript.
plain() { sed -E 's/\b[0-9a-f]{12}([0-9a-f]{28})?\b/COMMIT/g; s|/[^ ]*/gpuclusters-sync-[^/]*/COMMIT/||g'; }
git init -q repo
mkdir repo/records
setup tree setup repo
setup --db alice.db init --sample
setup --db alice.db add frontier --set name=Frontier --set gpus_installed=37888 \
    --source https://www.top500.org/system/180047 --kind list --quote "Accelerator/Co-Processor Cores: 37,888"
gc --db alice.db sync repo/records | plain
gc --db alice.db merge olcf-frontier frontier
gc --db alice.db sync repo/records | plain
git -C repo show --stat --format=%s HEAD
cat repo/records/frontier.toml
note "another database takes the merge from the tree: frontier removed, olcf-frontier with its claims"
git clone -q repo bob
setup tree setup bob
setup --db bob.db init
gc --db bob.db sync bob/records | plain
gc --db bob.db show olcf-frontier --all | grep -A3 "GPUs installed"
note "bob, who has no alias, changes frontier's file; alice's sync refuses it and writes nothing"
setup --db bob.db add frontier --set gpus_installed=40000 --source https://www.top500.org/system/180047 --quote "40,000"
setup --db bob.db sync bob/records
git -C repo pull -q --no-edit ../bob main
gc --db alice.db sync repo/records 2>&1 | plain
gc --db alice.db log -n 1 | head -n 2
