set -eu
db=$1
printf '%s\n' '{"format":"gpuclusters","version":2}' '{"id":"corpus-new","fields":{"name":"New"}}' > one.jsonl
page=$(sqlite3 "$db" "PRAGMA page_size")
root=$(sqlite3 "$db" "SELECT rootpage FROM sqlite_master WHERE name = 'claim'")
printf '\000\000\000\000\000\000\000\000' | dd of="$db" bs=1 seek=$(( (root - 1) * page )) conv=notrunc status=none
