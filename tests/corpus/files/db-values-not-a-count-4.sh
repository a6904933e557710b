set -eu
db=$1
sqlite3 "$db" "UPDATE cluster_values SET gpus_installed = 'many' WHERE cluster_id = 'cscs-alps'"
