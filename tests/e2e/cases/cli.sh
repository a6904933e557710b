gc --version
gc fields
gc fields --json
note "colour only when asked or on a terminal; never when piped"
setup init
gc add acme-one --name "Acme One" --color always --unsourced
gc show acme-one --color always
NO_COLOR=1 gc show acme-one
gc --help
gc add --help
note "usage errors are found before any file is opened: exit 2, even when the database does not exist, and nothing is created"
gc --db missing/x.db compare a
gc --db missing/x.db add x --quote foo
gc --db missing.db rank x gpus_installed
gc --db missing.db list --where nonsense=1
ls
