note "a mistyped command or option is named, with the nearest real one; exit 2"
gc shwo acme
gc lsit
gc frobnicate
gc show --bogus
gc list --limt 3
gc import --dry-rn x.jsonl
gc show -x
note "help, help COMMAND, help of a subcommand, -V"
gc help help
gc help sources show
gc help shwo
gc -V
setup init --sample
note "list --limit, --columns, comparisons in --where"
gc list --limit 3
gc list --limit 0
gc list --sort gpus_installed --reverse --limit 2 --columns gpus_installed,country
gc list --where 'gpus_installed>=13824' --columns gpus_installed
gc list --where 'gpus_installed>13824' --columns gpus_installed
gc list --where 'gpus_installed<10752' --columns gpus_installed
gc list --where 'gpus_installed<=10752' --columns gpus_installed
gc list --where 'gpus_installed!=39424' --where 'country=US' --columns gpus_installed,country
gc list --where 'first_operational>=2024-06' --columns first_operational
gc --json list --where 'gpus_installed>=39424' --columns gpus_installed,gpu_maker
gc list --where 'status>operational'
gc list --where 'gpus_installed>=lots'
gc list --where 'gpus_installed'
gc list --columns gpus_installed,nope
gc list --columns name,name
gc list --limit -1
note "a partial date that straddles the bound is neither in nor out: it is left out, and counted"
setup add coarse-one --name "Coarse" --set first_operational=2024 --unsourced
setup add fine-one --name "Fine" --set first_operational=2024-07-01 --unsourced
gc list --where 'first_operational>=2024-06' --columns first_operational
gc list --where 'first_operational>=2023-06' --columns first_operational
gc list --where 'first_operational<2025' --columns first_operational
note "export counts and says what it left out the same way"
"$GPUCLUSTERS_BIN" export --format jsonl --where 'first_operational>=2024-06' 2>export.err | python3 -c 'import json, sys; print("exported:", [json.loads(line)["id"] for line in list(sys.stdin)[1:]])'
cat export.err
gc --quiet export --format jsonl --where 'first_operational>=2024-06' -o quiet.jsonl
note "stats: physical GPUs by maker, country, segment and status (the stats case checks them against the query of gpuclusters-stats(1))"
gc stats
gc --json stats
sql "SELECT count(*), sum(gpus_installed) FROM current_cluster"
sql "SELECT gpu_maker, count(*), sum(gpus_installed) FROM current_cluster GROUP BY gpu_maker ORDER BY gpu_maker IS NULL, gpu_maker"
