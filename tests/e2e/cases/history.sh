note "a scripted history of five changesets on one record, one day apart"
setup init
GPUCLUSTERS_NOW=2026-11-01T09:00:00Z gc add acme-one --name "Acme One" --set owner=Acme --set gpus_installed="1,024 x 8" \
   --source https://example.org/spec --kind operator --quote "1,024 nodes with 8 GPUs" -m "first facts"
GPUCLUSTERS_NOW=2026-11-02T09:00:00Z gc add acme-one --set status=operational --set status_notes="In production since October 2026." \
   --source https://example.org/news --kind press --quote "in production since October" -m "status"
GPUCLUSTERS_NOW=2026-11-03T09:00:00Z gc add acme-one --set gpus_installed=9,000 --keep-previous \
   --source https://example.org/blog --kind press --quote "9,000 GPUs" -m "press figure"
GPUCLUSTERS_NOW=2026-11-04T09:00:00Z gc cite acme-one owner --source https://example.org/about --kind operator --quote "Acme operates Acme One"
GPUCLUSTERS_NOW=2026-11-05T09:00:00Z gc rank acme-one gpus_installed deprecated --value 9,000 --reason "press total, unaudited"
note "show --as-of each changeset prints the state of that moment"
for changeset in 1 2 3 4 5; do
    gc show acme-one --as-of $changeset --all
done
note "dates and timestamps name the newest changeset at that moment"
gc show acme-one --as-of 2026-11-02
gc list --as-of 2026-11-01T08:59:59Z
note "a time that is not a real one is refused"
gc list --as-of 2026-11-30T99:99:99Z
gc list --as-of 2026-02-30T10:00:00Z
gc list --as-of abcd-01-01T00:00:00Z
GPUCLUSTERS_NOW=2026-11-30T24:00:00Z gc list
gc list --as-of 2026-11
gc blame acme-one --as-of 2026-11-03T09:00:00Z
note "log: newest first, with the field diffs and their sources"
gc log
gc log acme-one gpus_installed
gc log -n 1 --json
note "bad --as-of values"
gc show acme-one --as-of 99
gc show acme-one --as-of yesterday
gc show acme-one --as-of 2026-02-30
gc list --as-of 3 --search acme
gc log no-such-cluster
gc log acme-one no_such_field
sql "SELECT count(*) FROM changeset"
