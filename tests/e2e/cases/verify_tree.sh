# verify --tree: record files checked with no database of one's own, as the pre-commit hook of
# db/tree/ and a CI job (db/tree/verify-records.yml) run it.
export GIT_AUTHOR_NAME=tester GIT_AUTHOR_EMAIL=tester@example.org GIT_COMMITTER_NAME=tester GIT_COMMITTER_EMAIL=tester@example.org
export GIT_CONFIG_NOSYSTEM=1 HOME="$PWD"
git config --global init.defaultBranch main
PATH="$(dirname "$GPUCLUSTERS_BIN"):$PATH"

setup --db sample.db init --sample
setup --db sample.db export --format toml --provenance -o dataset/records

note "the exported tree is checked as its database is: the same findings"
gc --db sample.db verify --severity warning
gc verify --tree dataset/records --severity warning
gc verify --tree dataset/records olcf-frontier --rule required-field --json
ls

note "accepted findings travel in the files: verify --tree honours them, and an import takes and withdraws them"
setup --db sample.db verify --accept stale-sources bytedance-megascale-ampere --reason "the operator publishes rarely"
setup --db sample.db export --format toml --provenance -o accepted
grep -A2 '^\[\[accepted\]\]' accepted/bytedance-megascale-ampere.toml
gc verify --tree accepted --severity warning
setup --db other.db init --sample
gc --db other.db import accepted
sed -i '/^\[\[accepted\]\]$/,/^$/d' accepted/bytedance-megascale-ampere.toml
gc --db other.db import accepted
gc --db other.db verify --severity warning | tail -n 1

note "a merge conflict left in a file is an error until an editor resolves it"
for editor in alice bob; do setup --db $editor.db init --sample; done
setup --db alice.db add cscs-alps --set city="Lugano-Cornaredo" --source https://alice.example.org/alps --kind operator \
    --quote "in Lugano-Cornaredo"
setup --db bob.db add cscs-alps --set city="Cornaredo" --source https://bob.example.org/alps --kind press --quote "at Cornaredo"
for editor in alice bob; do setup --db $editor.db export --format toml --provenance -o $editor; done
cp dataset/records/cscs-alps.toml base.toml
gc merge-driver base.toml alice/cscs-alps.toml bob/cscs-alps.toml records/cscs-alps.toml
cp alice/cscs-alps.toml dataset/records/cscs-alps.toml
gc verify --tree dataset/records cscs-alps

note "a file that does not read refuses the check, naming its place; a bad option is a usage error"
printf 'format = 3\nid = "broken"\n[field.city]\nvalue = \n' >dataset/records/broken.toml
gc verify --tree dataset/records
rm dataset/records/broken.toml
gc verify --tree dataset/records --sign cscs-alps
gc verify --tree no-such-folder

note "the pre-commit hook refuses a commit whose staged records have an error, and takes one without"
gc tree setup dataset | sed "s|$GPUCLUSTERS_BIN|gpuclusters|; s|$PWD/||"
cp "$SOURCE_DIR/db/tree/pre-commit" dataset/.git/hooks/pre-commit
git -C dataset add -A
git -C dataset commit -qm "a conflict left in" >commit.out 2>&1 || echo "[commit refused]"
grep -E 'error' commit.out | sed "s|/[^ ]*gpuclusters-pre-commit[.][A-Za-z0-9]*/|STAGED/|g"
git -C dataset rev-list --all --count
note "resolved in the file as rank would: Lugano-Cornaredo preferred, the other kept competing"
python3 - dataset/records/cscs-alps.toml <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
text = text.replace('[[field.city.competing]]\nvalue = "Lugano-Cornaredo"\nrank = "normal"\nreason = "merge conflict"\n', '', 1)
text = text.replace('[field.city]\n', '[field.city]\nvalue = "Lugano-Cornaredo"\n', 1)
text = text.replace('[[field.city.competing.citation]]\nsource = "https://alice.example.org/alps"', '[[field.city.citation]]\nsource = "https://alice.example.org/alps"', 1)
open(path, "w").write(text)
PY
sed -n '/^\[field.city\]/,/^\[field.country\]/p' dataset/records/cscs-alps.toml
git -C dataset add -A
git -C dataset commit -qm "resolved" >commit.out 2>&1 || echo "[commit refused]"
git -C dataset log --format=%s

note "the same hook as pre-merge-commit refuses the merge commit a conflict would make"
for editor in ea eb; do
    setup --db $editor.db init
    setup --db $editor.db import dataset/records
done
setup --db ea.db add cscs-alps --set city=Lugano --source https://a.example.org/alps --kind operator --quote "in Lugano"
setup --db eb.db add cscs-alps --set city=Bellinzona --source https://b.example.org/alps --kind press --quote "Bellinzona"
git -C dataset checkout -q -b side
setup --db eb.db export --format toml --provenance -o dataset/records
git -C dataset commit -qam "side: Bellinzona" >/dev/null 2>&1
git -C dataset checkout -q main
setup --db ea.db export --format toml --provenance -o dataset/records
git -C dataset commit -qam "main: Lugano" >/dev/null 2>&1
cp "$SOURCE_DIR/db/tree/pre-commit" dataset/.git/hooks/pre-merge-commit
git -C dataset merge --no-edit side >merge.out 2>&1 || echo "[merge refused]"
grep -E '^records/|error' merge.out | sed "s|/[^ ]*gpuclusters-pre-commit[.][A-Za-z0-9]*/|STAGED/|g"
git -C dataset log --format=%s -1

note "a merge conflict on gpu_model leaves the fields that follow it unknown, not one side's"
for editor in ga gb; do setup --db $editor.db init --sample; done
setup --db ga.db export --format toml --provenance -o gbase
setup --db ga.db add olcf-frontier --set gpu_model="NVIDIA H100" --source https://a.example.org/f --kind press --quote "NVIDIA H100"
setup --db gb.db add olcf-frontier --set gpu_model="NVIDIA A100" --source https://b.example.org/f --kind press --quote "NVIDIA A100"
for editor in ga gb; do setup --db $editor.db export --format toml --provenance -o $editor; done
gc merge-driver gbase/olcf-frontier.toml ga/olcf-frontier.toml gb/olcf-frontier.toml records/olcf-frontier.toml
gc --db ga.db import ga/olcf-frontier.toml
gc --db ga.db show olcf-frontier | grep -E '^  GPU m'
