set -eu
db=$1
sqlite3 "$db" "UPDATE cluster_values SET gpus_installed = '12345678901234567890123' WHERE cluster_id = 'cscs-alps'"
