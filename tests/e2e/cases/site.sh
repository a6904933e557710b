note "site -o DIR: a page per cluster with its JSON and CSV, an index, lists, operators, sources, changes, the snapshots"
setup init --sample
gc site -o site
(cd site && find . -type f | sort)
note "the seed record's page, whole: sentence, badges, facts with definitions and source numbers, quotes on demand, sources, history"
cat site/clusters/bytedance-megascale-ampere.html
note "the index names every cluster, with its operator's page"
grep -c '<tr><td><a href="clusters/' site/index.html
grep 'bytedance-megascale-ampere' site/index.html
note "the snapshots are the bytes export writes"
"$GPUCLUSTERS_BIN" export | cmp - site/data/clusters.json && echo "data/clusters.json: as export writes it"
"$GPUCLUSTERS_BIN" export --format csv | cmp - site/data/clusters.csv && echo "data/clusters.csv: as export --format csv writes it"
"$GPUCLUSTERS_BIN" export --provenance | cmp - site/data/clusters-provenance.json && echo "data/clusters-provenance.json: as export --provenance writes it"
"$GPUCLUSTERS_BIN" export --format csv-long | cmp - site/data/clusters-provenance.csv && echo "data/clusters-provenance.csv: as export --format csv-long writes it"
[ "$(jq -c '.clusters[] | select(.id == "cscs-alps")' site/data/clusters-provenance.json)" = "$(jq -c '.clusters[0]' site/clusters/cscs-alps.json)" ] &&
    echo "clusters/cscs-alps.json: the record as export --provenance writes it"
jq -c '[.resources[] | {name, path, columns: (.schema.fields | length), key: .schema.primaryKey}]' site/data/datapackage.json
jq -c '.resources[0].schema.fields[] | select(.name == "gpus_installed" or .name == "power_mw" or .name == "status" or .name == "gpus_installed_state")' site/data/datapackage.json
note "the lists: a section a value, the largest by GPUs installed"
grep -o '<h2 id="[^"]*">[^<]*</h2>' site/lists/segment.html
grep -o '<td><a href="../clusters/[^"]*">' site/lists/largest.html
note "no base URL: no sitemap or feed, every link relative"
ls site/sitemap.xml site/feed.xml 2>&1 | sed 's/^ls: //' || true
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
grep -c '<script>alert' site/clusters/evil-one.html site/index.html site/operators/b-evil-b.html site/lists/segment.html site/sources.html || true
grep -o '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;' site/lists/status.html
note "settings: the capacity link and the footer's licence and contact"
gc site -o site --capacity-link hello@example.org --licence CC-BY-4.0 --contact https://example.org/contact --title 'Clusters & co'
grep -o '<a class="capacity"[^>]*>[^<]*</a>' site/clusters/cscs-alps.html
grep -A1 '<footer' site/index.html
grep -o '<title>[^<]*</title>' site/index.html
note "a configuration file: base URL (canonical links, sitemap, Atom feed), licence, a comparison"
cat > site.toml <<'TOML'
title = "GPU clusters"
base_url = "https://clusters.example.org/gpu"
licence = "CC-BY-4.0"
compare = [["cscs-alps", "olcf-frontier"]]
TOML
gc site -o site --config site.toml
grep -o '<link rel="canonical"[^>]*>' site/clusters/cscs-alps.html
grep -o 'href="../compare/[^"]*">Compare with others' site/clusters/cscs-alps.html
grep -o '<th scope="col"><a href="[^"]*">[^<]*</a></th>' site/compare/cscs-alps--olcf-frontier.html
grep -c '<url>' site/sitemap.xml
grep -o '<entry>\|<id>[^<]*</id>' site/feed.xml | head -n 3
python3 -c 'import sys, xml.dom.minidom; [xml.dom.minidom.parse(f) for f in sys.argv[1:]]; print("feed.xml and sitemap.xml: well-formed XML")' site/feed.xml site/sitemap.xml
jq -c '{licenses, homepage}' site/data/datapackage.json
grep -o '"license":"[^"]*"' site/index.html
note "related clusters: a compare page beside those in the dataset; one that is not is named, not linked"
gc add cscs-alps --set 'related=olcf-frontier (builds-upon); no-such-cluster (same-site)' --unsourced
gc site -o site --config site.toml
grep -o 'href="../compare/cscs-alps.html">Compare with others' site/clusters/cscs-alps.html
grep -o '<li><a href="olcf-frontier.html">olcf-frontier</a> (builds-upon)</li>\|<li>no-such-cluster (not in this dataset) (same-site)</li>' site/clusters/cscs-alps.html
grep -o '<th scope="col"><a href="[^"]*">[^<]*</a></th>' site/compare/cscs-alps.html
note "a configuration or option that cannot be right is refused, naming its place"
printf 'title = "x"\ncolour = "red"\n' > bad.toml
gc site -o site --config bad.toml
printf 'compare = [["cscs-alps", "no-such-cluster"]]\n' > bad.toml
gc site -o site --config bad.toml
printf 'compare = [["cscs-alps"]]\n' > bad.toml
gc site -o site --config bad.toml
gc site -o site --base-url ftp://example.org/
gc site -o site --capacity-link 'javascript:alert(1)'
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
