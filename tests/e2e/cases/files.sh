note "export -o writes a regular file whole, or nothing: a symlink, a FIFO or a device is refused and left untouched"
setup init --sample
echo "precious" > victim.txt
ln -s victim.txt link.csv
gc export --format csv -o link.csv
echo "victim.txt: $(cat victim.txt)"
mkfifo pipe.csv
gc export --format csv -o pipe.csv
gc export --format csv -o /dev/null
note "a temporary file is made beside the target under a name of its own: a planted symlink is never followed"
ln -s victim.txt .snapshot.csv.partial
gc export --format csv -o snapshot.csv
echo "victim.txt: $(cat victim.txt); snapshot.csv: $(wc -l < snapshot.csv) lines; temporary files left: $(find . -maxdepth 1 -name '*.partial' -type f | wc -l)"
note "two exports at once each write a whole file: the survivor is complete"
for i in 1 2 3 4; do "$GPUCLUSTERS_BIN" export --format jsonl --provenance -o both.jsonl & done; wait
"$GPUCLUSTERS_BIN" export --format jsonl --provenance | cmp - both.jsonl && echo "both.jsonl: complete"
note "the TOML tree: a record file that is a symlink is refused, the others stay whole"
gc export --format toml -o tree
ln -sf ../victim.txt tree/cscs-alps.toml.new && mv tree/cscs-alps.toml.new tree/cscs-alps.toml
gc export --format toml -o tree
echo "victim.txt: $(cat victim.txt)"
note "an id from a crafted database that is not a slug names no file"
sqlite3 test.db "INSERT INTO cluster (id, changeset_id) VALUES ('../../pwn', 1)"
rm -f tree/cscs-alps.toml
gc export --format toml --provenance -o tree
echo "files named pwn: $(find .. -name 'pwn*' | wc -l)"
