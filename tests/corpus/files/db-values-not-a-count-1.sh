set -eu
db=$1
sqlite3 "$db" "UPDATE cluster_values SET gpus_installed = '12k' WHERE cluster_id = 'cscs-alps'"
