gc --version
gc fields
gc fields --json
note "colour only when asked or on a terminal; never when piped"
gc init > /dev/null
gc add acme-one --name "Acme One" --color always
gc show acme-one --color always
NO_COLOR=1 gc show acme-one
gc --help
gc add --help
