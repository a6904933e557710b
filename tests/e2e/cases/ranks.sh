# With no preferred claim the claims of rank normal are the value (Wikidata's best rank): ranking
# the preferred figure down never leaves a field empty while a competing figure exists.
setup init
gc add acme-one --set gpus_installed=12288 --source https://example.org/spec --kind operator --quote "12,288 GPUs" --quiet
gc add acme-one --set gpus_installed=14000 --keep-previous --source https://example.org/press --kind press --quote "14,000 GPUs" --quiet
gc add acme-one --set gpus_installed=13000 --keep-previous --source https://example.org/blog --kind press --quote "13,000 GPUs" --quiet
note "two competing figures left: the field reads '2 competing figures', in text and JSON"
gc rank acme-one gpus_installed deprecated --reason "rounded press total"
gc show acme-one
gc show acme-one --json
note "one competing figure left: it becomes the preferred one, and its rank says why"
gc rank acme-one gpus_installed deprecated --value 14000 --reason "unaudited"
sql "SELECT c.value, r.rank, r.reason FROM claim_rank r JOIN claim c ON c.id = r.claim_id WHERE r.changeset_id = (SELECT max(id) FROM changeset) ORDER BY c.value"
note "the only figure ranked normal would still be the value: refused"
gc rank acme-one gpus_installed normal --reason "unsure"
note "no competing figure: deprecating the value leaves the field unknown"
gc rank acme-one gpus_installed deprecated --reason "wrong"
gc show acme-one
note "revert undoes a promotion with the rank change that caused it"
gc revert 6 --quiet
gc revert 5
"$GPUCLUSTERS_BIN" show acme-one --json | jq -c '.fields.gpus_installed | {state, display, competing: [.competing[].display]}'
