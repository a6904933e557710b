note "only a regular file is read: what an imported folder's *.toml names must be one"
setup init --sample
mkdir records
setup export --format toml --where name=Alps -o records
sed -i 's/^value = "Alps"$/value = "Alps changed"/' records/cscs-alps.toml
mkdir records/x.toml
gc import --unsourced records
rmdir records/x.toml
ln -s /dev/zero records/zero.toml
gc import --unsourced records
rm records/zero.toml
mkfifo records/pipe.toml
gc import --unsourced records
rm records/pipe.toml
note "nothing was written; the folder alone imports"
sql "SELECT count(*) FROM changeset"
gc import --unsourced records
note "an input named on the command line: a regular file; standard input is -"
mkfifo pipe.csv
gc import pipe.csv
gc import --format csv /dev/null
printf 'id,name\nacme-pipe,Acme Pipe\n' | gc import --unsourced --format csv -
note "--config, --mapping and compare --against: a regular file, never a device, a FIFO or a folder"
gc verify --config /dev/zero
gc verify --config records
mkfifo config.toml
gc verify --config config.toml
printf 'Name\nAlpha\n' > table.csv
gc import --mapping /dev/zero table.csv
gc import --mapping records table.csv
gc import --mapping config.toml table.csv
gc compare --against pipe.csv
gc compare --against /dev/zero --format json
note "the gpuclusters.toml verify reads beside the database: a folder or a FIFO there is refused, not passed over or waited on"
mkdir gpuclusters.toml
gc verify
rmdir gpuclusters.toml
mkfifo gpuclusters.toml
gc verify
rm gpuclusters.toml
note "a TOML file is read whole: larger than 16 MiB, it is refused before it is read"
truncate -s 17M huge.toml
gc import huge.toml
gc verify --config huge.toml
{ head -c 17M /dev/zero || true; } | gc import --format toml -
note "a mapping's table from standard input; read twice, repeated = content needs a file"
cat > names.toml <<'MAP'
format = 1
[id]
column = "Name"
[fields.name]
column = "Name"
MAP
gc import --unsourced --mapping names.toml --format csv - < table.csv
printf 'format = 1\n[id]\ncolumn = "Name"\nrepeated = "content"\n[fields.name]\ncolumn = "Name"\n' > twice.toml
gc import --unsourced --mapping twice.toml --format csv - < table.csv
note "a gpuclusters.toml of 50,000 dotted keys beside the database: refused at its place, not a crash of every verify"
{ echo '[severity]'; printf 'a.%.0s' $(seq 49999); echo 'a = "off"'; } > gpuclusters.toml
gc verify
gc verify --list-rules
