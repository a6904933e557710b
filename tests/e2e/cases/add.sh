gc init
note "a derivation is stored with its expression; the source backs every value"
gc add acme-one --name "Acme One" --set gpus_installed="1536 x 8" --set owner=Acme --set status=Operational \
   --source "https://Example.ORG:443/acme#nodes" --kind operator --title "Acme One cluster" \
   --quote "Acme One has 1,536 nodes with 8 GPUs each" --locator "Hardware" -m "first facts"
sql "SELECT field, value, derivation FROM claim ORDER BY id"
sql "SELECT id, url FROM source"
sql "SELECT id, author, message, command FROM changeset"
gc show acme-one --json
note "the same add twice changes nothing and says so"
gc add acme-one --set gpus_installed="1,536 x 8" --source https://example.org/acme --quote "Acme One has 1,536 nodes with 8 GPUs each" --locator Hardware
sql "SELECT count(*) FROM changeset"
note "a second citation for an unchanged value"
gc add acme-one --set owner=Acme --source https://example.org/about --kind operator --accessed 2026-11-02 --quote "Acme operates Acme One"
note "a dry run prints the diff and writes nothing"
gc add acme-one --set gpus_installed=13,000 --source https://example.org/press --kind press --dry-run
sql "SELECT count(*) FROM changeset; SELECT count(*) FROM source"
note "a new value replaces the old one, which the history keeps"
gc add acme-one --set gpus_installed=13,000 --source https://example.org/press --kind press --quote "13,000 GPUs"
gc show acme-one
sql "SELECT c.value, r.rank, r.changeset_id FROM claim c JOIN claim_rank r ON r.claim_id = c.id WHERE c.field = 'gpus_installed' ORDER BY r.changeset_id, c.id"
note "--keep-previous keeps it as a competing figure"
gc add acme-one --set gpus_installed=12,288 --keep-previous --source 1 --quote "Acme One has 1,536 nodes with 8 GPUs each"
gc show acme-one
note "not published, partners, power, country, dates"
gc add acme-one --not-published city --set country=Switzerland --set power_mw="40 (estimate: Epoch AI)" \
   --set partners="HPE (system integrator); CSCS (host)" --set first_operational=2024-02 \
   --set related="olcf-frontier (same-site)" --set segment="big tech" --set gpu_model=MI300X \
   --source https://example.org/acme --quote "Acme One"
gc show acme-one --json
note "re-checking a source is a change of its own"
gc add acme-one --source https://example.org/about --accessed 2026-11-30
sql "SELECT source_id, changeset_id, accessed FROM source_revision WHERE source_id = 2"
gc show acme-one
note "naming a source that already backs a value, without a quote, adds nothing"
gc add acme-one --set owner=Acme --source https://example.org/about
note "an unknown model is accepted, with a warning, and the maker becomes unknown"
gc add acme-one --set gpu_model="Ascend 910B" --source https://example.org/acme --quote "Ascend 910B"
gc --json add acme-two --name "Acme Two" --unsourced
