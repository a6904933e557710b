note "a full disk during an import (a file size limit makes every write past 1.5 MB fail)"
setup init --sample
{ echo "id,name,gpus_installed,gpu_count_notes"
  for i in $(seq 1 3000); do echo "big-$i,Big record number $i with a long name,$i,Notes for record $i that take some room"; done
} > big.csv
( trap "" XFSZ; ulimit -f 1500; status=0; "$GPUCLUSTERS_BIN" import big.csv --source https://example.org/x --kind other > out.txt 2> err.txt || status=$?; echo "import exit $status" )
cat err.txt
tail -1 out.txt
note "the database is as it was, and whole"
sql "PRAGMA integrity_check; SELECT count(*) FROM cluster; SELECT count(*) FROM changeset"
gc list
note "a full disk during export -o (a file size limit makes the write fail): exit 74 as documented, the old file as it was"
echo "the old export" > snapshot.json
( trap "" XFSZ; ulimit -f 16; status=0; "$GPUCLUSTERS_BIN" export --provenance -o snapshot.json > out.txt 2> err.txt || status=$?; echo "export exit $status" )
cat err.txt
echo "snapshot.json: $(cat snapshot.json); temporary files left: $(find . -maxdepth 1 -name '*.partial' | wc -l)"
note "the TOML tree likewise"
( trap "" XFSZ; ulimit -f 4; status=0; "$GPUCLUSTERS_BIN" export --provenance --format toml -o tree > out.txt 2> err.txt || status=$?; echo "export exit $status" )
cat err.txt
note "a full disk during backup: exit 74 naming the backup, nothing of the copy left beside it"
( trap "" XFSZ; ulimit -f 16; status=0; "$GPUCLUSTERS_BIN" backup copy.db > out.txt 2> err.txt || status=$?; echo "backup exit $status" )
cat err.txt
echo "left in the folder: $(find . -maxdepth 1 -name '*copy.db*' | wc -l) files named after copy.db"
