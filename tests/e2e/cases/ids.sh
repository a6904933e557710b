# Ids that are meant: add to an id one typo from an existing one is refused with "did you mean",
# unless --new says the id is new; --new never changes an existing record.
setup init --sample
note "one letter short, and the same letters without a separator: refused, nothing written"
gc add bytedance-megascale-amper --set owner=ByteDance --source https://example.org/a --kind press --quote ByteDance
gc add bytedancemegascale-ampere --set owner=ByteDance --source https://example.org/a --kind press --quote ByteDance
sql "SELECT count(*) FROM cluster; SELECT count(*) FROM changeset"
note "--new makes it, and the output says a cluster was made"
gc add bytedance-megascale-amper --new --set owner=ByteDance --source https://example.org/a --kind press --quote ByteDance
note "--new on an existing id is refused"
gc add cscs-alps --new --set owner=CSCS --source https://example.org/a --quote CSCS
note "an id far from every other is made without --new"
gc add acme-one --set owner=Acme --source https://example.org/a --quote Acme
sql "SELECT id FROM cluster ORDER BY id"
