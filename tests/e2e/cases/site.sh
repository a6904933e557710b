note "site -o DIR: a page per cluster, an index, a page per operator, the style sheet"
setup init --sample
gc site -o site
(cd site && find . -type f | sort)
note "the seed record's page, whole: sentence, badges, facts with definitions and source numbers, quotes on demand, sources, history"
cat site/clusters/bytedance-megascale-ampere.html
note "the index names every cluster, with its operator's page"
grep -c '<tr><td><a href="clusters/' site/index.html
grep 'bytedance-megascale-ampere' site/index.html
note "same database, same bytes: a second build into a new folder is identical"
gc site -o again
diff -r site again && echo "site and again: identical"
note "a build over the site it made rewrites only what changed, and leaves the rest as it was"
touch -d 2000-01-01 site/clusters/cscs-alps.html
gc site -o site
echo "cscs-alps.html kept its time: $(date -r site/clusters/cscs-alps.html +%Y)"
gc add bytedance-megascale-ampere --set city=Beijing --source https://example.org/bd --kind press --quote "ByteDance in Beijing"
gc site -o site
grep -o 'Beijing[^<]*<a[^>]*>[0-9]*</a>' site/clusters/bytedance-megascale-ampere.html
grep -o 'badge stale[^/]*' site/clusters/bytedance-megascale-ampere.html
note "--as-of: the site of the past, built into its own folder"
gc site -o past --as-of 1
echo "pages of the past that name Beijing: $(grep -c Beijing past/clusters/bytedance-megascale-ampere.html || true)"
note "every value is escaped: markup in a value is shown as text"
gc add evil-one --set 'name=<script>alert(1)</script> & "Co"' --set 'owner=<b>Evil</b>' --unsourced
gc site -o site
grep -o '<h1>[^<]*</h1>' site/clusters/evil-one.html
grep -c '<script' site/clusters/evil-one.html site/index.html site/operators/b-evil-b.html || true
note "settings: the capacity link and the footer's licence and contact"
gc site -o site --capacity-link hello@example.org --licence CC-BY-4.0 --contact https://example.org/contact --title 'Clusters & co'
grep -o '<a class="capacity"[^>]*>[^<]*</a>' site/clusters/cscs-alps.html
grep -A1 '<footer' site/index.html
grep -o '<title>[^<]*</title>' site/index.html
note "a folder that is not a site is refused and left as it was"
mkdir mine && echo keep > mine/notes.txt
gc site -o mine
ls mine
echo text > file.txt
gc site -o file.txt
ln -s site link
gc site -o link
note "templates: a publisher's file replaces the default of that name; an unknown name or a broken template is refused"
mkdir templates && printf '{{> head}}<h1>{{name}}!</h1>{{> foot}}\n' > templates/record.html
gc site -o site --templates templates
grep -o '<h1>[^<]*</h1>' site/clusters/cscs-alps.html
printf 'x' > templates/logo.svg
gc site -o site --templates templates
rm templates/logo.svg && printf '{{#facts}}never closed' > templates/record.html
gc site -o site --templates templates
grep -o '<h1>[^<]*</h1>' site/clusters/cscs-alps.html
echo "partial folders left: $(find . -maxdepth 1 -name '*.partial' | wc -l)"
