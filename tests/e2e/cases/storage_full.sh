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
