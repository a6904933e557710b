setup init
note "URLs that differ only by host case, default port, fragment or tracking parameters are one source"
gc add acme-one --set owner=Acme --source "https://Example.ORG:443/report?id=7&utm_source=newsletter&utm_medium=email#page-2" --kind operator --quote "Acme"
gc add acme-two --set owner=Beta --source "https://example.org/report?utm_campaign=x&id=7&fbclid=abc" --quote "Beta"
gc add acme-three --set owner=Gamma --source "HTTPS://EXAMPLE.ORG/report?id=7" --quote "Gamma"
sql "SELECT id, url FROM source"
note "archive captures stand for the original page, with the capture date"
gc add acme-one --set gpus_installed=100 --source "https://web.archive.org/web/20240315120000/https://news.example.com/story?utm_source=x" --kind press --quote "100 GPUs"
gc add acme-two --set gpus_installed=200 --source "https://archive.ph/2023.10.05-101010/https://blog.example.com/post" --kind press --quote "200 GPUs"
gc add acme-three --set gpus_installed=300 --source "https://archive.ph/RTF6i" --kind press --quote "300 GPUs"
gc add acme-three --set status=announced --source https://news.example.com/story --quote "announced"
sql "SELECT s.id, s.url, v.archive_url, v.archived FROM source s JOIN source_revision v ON v.source_id = s.id ORDER BY s.id"
note "every source, with how many values it backs"
gc sources
gc sources acme-three
gc sources --json
gc sources show 2
gc sources show "https://news.example.com/story#x"
note "re-checking a source is a change of its own"
gc sources check 1 --accessed 2026-11-29
gc sources check 1
gc sources check 1
sql "SELECT source_id, changeset_id, accessed FROM source_revision WHERE source_id = 1 ORDER BY changeset_id"
gc log -n 1
note "a source whose values were reverted is unused"
gc revert 6
gc sources --unused
note "bad input"
gc sources show 99
gc sources show ftp://example.org/
gc sources check 1 --accessed 2099-01-01
gc sources no-such-cluster
gc add acme-one --set owner=X --source "data:text/html,hi" --kind press
sql "SELECT count(*) FROM changeset"
