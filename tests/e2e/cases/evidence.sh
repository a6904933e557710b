# One rule for a changed value's evidence, in import as in edit: a citation left unchanged under
# a changed value backs the old value, so it is left out; a changed value with no other is refused.
setup init --sample
setup export --format toml --provenance -o tree
cp tree/cscs-alps.toml alps.toml
note "the count changed, its three citations left as they were: refused, naming both values"
sed -i 's/^value = 10752$/value = 11000/; /^derivation = "2688 x 4"$/d' alps.toml
gc import alps.toml
sql "SELECT count(*) FROM changeset"
note "with a citation of its own (the source's words for the new figure) it is written; the old ones are left out, and the report says so"
python3 - <<'PY'
text = open("alps.toml").read()
text = text.replace('value = 11000\n', 'value = 11000\n[[field.gpus_installed.citation]]\nsource = "https://docs.cscs.ch/alps/hardware/"\n'
                    'locator = "Alps Nodes table, 2026"\nquote = "NVIDIA GH200 | gh200 | 1375 | 2750 | 11,000 | 11,000"\n', 1)
open("alps.toml", "w").write(text)
PY
gc import alps.toml
sql "SELECT ci.locator FROM claim c JOIN claim_rank r ON r.claim_id = c.id JOIN citation ci ON ci.claim_id = c.id WHERE c.cluster_id = 'cscs-alps' AND c.field = 'gpus_installed' AND c.value = '11000'"
note "a source the command names (import --source) cites the new value afresh"
printf '{"id": "cscs-alps", "fields": {"region": "Ticino"}}\n' > region.jsonl
gc import region.jsonl --source https://www.cscs.ch/about/location --kind operator
printf '{"id": "cscs-alps", "fields": {"region": "Canton of Ticino"}}\n' > region.jsonl
gc import region.jsonl --source https://www.cscs.ch/about/location
note "a citation kept from the old value that backs the new one too says so: cites_new_value = true"
setup export --format toml --provenance -o tree2
sed -i 's/^value = "HPE Slingshot"$/value = "HPE Slingshot 11"/' tree2/cscs-alps.toml
gc import tree2/cscs-alps.toml
sed -i '/^locator = "AMD Rome CPU Nodes"$/a cites_new_value = true' tree2/cscs-alps.toml
gc import tree2/cscs-alps.toml
sed -i 's/^cites_new_value = true$/cites_new_value = "yes"/' tree2/cscs-alps.toml
gc import tree2/cscs-alps.toml
