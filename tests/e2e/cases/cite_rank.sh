setup init
setup add acme-one --name "Acme One" --set gpus_installed=12,288 --not-published city \
   --source https://example.org/spec --kind operator --quote "12,288 GPUs"
note "cite adds evidence to the preferred value and prints its citations, the new one marked"
gc cite acme-one gpus_installed --source https://example.org/paper --kind paper --title "The paper" \
   --published 2026-10 --quote "a 12,288-GPU run" --locator "Table 2"
note "the same citation twice changes nothing"
gc cite acme-one gpus_installed --source https://EXAMPLE.org/paper#t2 --quote "a 12,288-GPU run" --locator "Table 2"
note "evidence for another value becomes a competing figure"
gc cite acme-one gpus_installed --value 14,000 --source https://example.org/press --kind press --quote "14,000 GPUs"
gc cite acme-one city --not-published --source https://example.org/paper --quote "the site is not disclosed"
gc show acme-one
note "ranks: prefer the competing figure, then deprecate it, with reasons"
gc rank acme-one gpus_installed preferred --value 14000 --reason "operator confirmed"
gc rank acme-one gpus_installed deprecated --value 14000 --reason "press total, unaudited"
gc show acme-one
gc show acme-one --all
gc show acme-one --json --all
sql "SELECT c.value, r.rank, r.reason FROM claim_rank r JOIN claim c ON c.id = r.claim_id WHERE c.field = 'gpus_installed' ORDER BY r.changeset_id, c.id"
note "bad input: exit 3, nothing written"
gc cite acme-one gpus_installed --source 42 --quote x
gc cite acme-one gpus_installed --source https://example.org/new --kind press --accessed 2030-01-01
gc cite acme-one gpus_installed --source ftp://example.org/file --kind press
gc cite acme-one owner --source 1 --quote "no owner yet"
gc cite acme-one gpus --source 1
gc cite no-such-cluster owner --source 1
gc cite acme-one gpus_installed --value "<14,000" --source 1
gc rank acme-one gpus_installed normal --value 99 --reason x
gc rank acme-one gpus_installed sideways --reason x
gc rank acme-one gpus_installed normal
gc cite acme-one gpus_installed --value 1 --not-published --source 1
sql "SELECT count(*) FROM changeset"
note "--value names a claim by its value, however it was written"
setup add acme-two --set gpus_installed="1536 x 8" --source 1 --quote "1,536 x 8"
gc cite acme-two gpus_installed --value 12288 --source 2 --quote "12,288 GPUs"
gc rank acme-two gpus_installed deprecated --value "12,288" --reason "test"
gc rank acme-two gpus_installed normal --value 1 --not-published --reason x
gc log -n 0
