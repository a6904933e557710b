note "characters that drive a terminal are refused at write time, with their place: values, quotes, messages, authors"
setup init
gc add a1 --set owner="$(printf 'Acme\033]0;pwned\007')" --source https://example.org/a --kind operator --quote Acme
gc add a1 --set owner="$(printf 'Acme\302\2332J')" --source https://example.org/a --kind operator --quote Acme
gc add a1 --set owner="$(printf 'emca\342\200\256')" --source https://example.org/a --kind operator --quote Acme
gc add a1 --set owner=Acme --source https://example.org/a --kind operator --quote "$(printf 'line one\nline two\033[2J')"
gc add a1 --set owner=Acme --source https://example.org/a --kind operator --quote Acme -m "$(printf 'fix\033[31m')"
gc --author "$(printf 'eve\033]0;x\007')" add a1 --set owner=Acme --source https://example.org/a --kind operator --quote Acme
GPUCLUSTERS_AUTHOR="$(printf 'eve\342\201\246')" gc add a1 --set owner=Acme --source https://example.org/a --kind operator --quote Acme
sql "SELECT count(*) FROM changeset"
note "a message may have lines and tabs; the value is one line"
gc add a1 --set owner=Acme --source https://example.org/a --kind operator --quote Acme -m "$(printf 'first line\n\tsecond line')"
note "what an old or crafted database holds is printed escaped"
sqlite3 test.db "INSERT INTO changeset (created_at, author, message, command) VALUES ('2026-11-30T13:00:00Z', 'eve' || char(27) || ']0;pwned' || char(7), 'hi' || char(155) || '2J' || char(8238) || 'evil', 'x')"
gc log -n 1
gc --json log -n 1
note "an id or a path echoed in an error is escaped"
gc show "$(printf 'no\033[2Jsuch')"
gc --db "$(printf 'x\033]0;t\007.db')" list
note "a mark forged from input (0xFF then a colour code) is escaped, not obeyed"
gc --db "$(printf '/tmp/\377[31mx/x.db')" list
note "JSON stays JSON whatever it quotes"
"$GPUCLUSTERS_BIN" --json import "$(printf 'no\177file.jsonl')" 2>/dev/null | python3 -c 'import json, sys; d = json.load(sys.stdin); print("valid JSON:", sorted(d)[:3])' || true
"$GPUCLUSTERS_BIN" --json show "$(printf 'bad\033id')" 2>&1 >/dev/null | head -1 || true
