gc init
gc add acme-one --name "Acme One" --set gpus_installed=12,288 --source https://example.org/a --kind operator --quote "12,288 GPUs"
note "every bad input: one line on stderr naming the place, exit 3, nothing written"
for count in 12.3k ">100,000" "1536 x ~8" -5 0 1e4 "1536 x" "12,28" 99999999999; do
    gc add acme-one --set "gpus_installed=$count"
done
gc add acme-one --set gpus=5
gc add acme-one --set gpu_modle=H100
gc add acme-one --set status=live
gc add acme-one --set first_operational=2023-02-29
gc add acme-one --set country=Swizerland
gc add acme-one --set power_mw=-3
gc add acme-one --set power_mw="40 (estimate)"
gc add acme-one --set partners=HPE
gc add acme-one --set gpu_maker=AMD
gc add acme-one --set owner=$'Acme\xff'
gc add acme-one --set owner="two
lines"
gc add acme-one --set "owner="
gc add acme-one --set owner=Acme --set owner=Beta
gc add acme-one --set owner=Acme --source ftp://example.org/a --kind operator
gc add acme-one --set owner=Acme --source "javascript:alert(1)" --kind operator
gc add acme-one --set owner=Acme --source file:///etc/passwd --kind operator
gc add acme-one --set owner=Acme --source https://example.org/new
gc add acme-one --set owner=Acme --source https://example.org/new --kind blog
gc add acme-one --set owner=Acme --source https://example.org/new --kind press --accessed 2027-01-01
gc add acme-one --set owner=Acme --source https://example.org/new --kind press --accessed 2026-11
gc add acme-one --set owner=Acme --source 99
gc add acme-one --set owner=Acme --source https://example.org/a --quote $'bad \xc0\xaf quote'
gc add "Acme One" --set owner=Acme
gc add ../escape --set owner=Acme
gc show no-such-cluster
gc show "Not An Id"
note "a bad value late in the command still writes nothing"
gc add new-cluster --set owner=Beta --set status=operational --set first_operational=2024-13
sql "SELECT count(*) FROM changeset; SELECT count(*) FROM claim; SELECT count(*) FROM source; SELECT count(*) FROM cluster"
note "usage errors exit 2"
gc add
gc add acme-one --quote "no source"
gc add acme-one --set novalue
gc add acme-one --frobnicate
gc list --where status
gc
gc --color=sometimes list
sql "SELECT count(*) FROM changeset"
note "a source id too large for any number"
gc add acme-one --set owner=Acme --source 99999999999999999999
note "every bad value of one command is named, on one line"
gc add acme-one --set gpus_installed=4k --set country=Swizerland --unsourced
