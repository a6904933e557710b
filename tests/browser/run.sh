#!/usr/bin/env bash
# The website's checks with the tools web developers use, on sites built by the real binary from
# the bundled sample (with tests/browser/site.toml: a capacity link and a comparison) and from
# Epoch AI's table (tests/data/epoch, 780 clusters):
#   run.sh BIN SOURCE_DIR dom          headless Chromium: the DOM of five pages, axe-core on each
#                                      and on every kind of page of the Epoch site
#   run.sh BIN SOURCE_DIR lighthouse   Lighthouse scores on the record page and the index, and on
#                                      the Epoch site's index and a record
#   run.sh BIN SOURCE_DIR html         the Nu Html Checker: 0 errors on every page of both sites
#   run.sh BIN SOURCE_DIR links        linkchecker: no broken internal link on the Epoch site
#   run.sh BIN SOURCE_DIR datapackage  the Data Package's profile rules, and its data typed
# The tools come from .ci/install-browser-tools; a missing one fails the check, naming it.
# Screenshots and Lighthouse reports stay in $BROWSER_ARTEFACTS (default: build/browser-artefacts).
set -euo pipefail
bin=$(realpath "$1")
source_dir=$(realpath "$2")
check=$3
here="$source_dir/tests/browser"
artefacts=${BROWSER_ARTEFACTS:-$source_dir/build/browser-artefacts}
mkdir -p "$artefacts"
artefacts=$(realpath "$artefacts")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# linkchecker, run as root, reads the files as nobody.
chmod 755 "$scratch"

need() {
    [ -e "$1" ] || { echo "$check: $1 is missing; bash .ci/install-browser-tools installs it"; exit 1; }
}

sample_site() {
    "$bin" --db "$scratch/sample.db" init --sample > /dev/null
    "$bin" --db "$scratch/sample.db" site -o "$scratch/sample" --config "$here/site.toml"
}

epoch_site() {
    "$bin" --db "$scratch/epoch.db" init > /dev/null
    "$bin" --db "$scratch/epoch.db" import --quiet --mapping "$source_dir/db/mappings/epoch-gpu-clusters.toml" \
        "$source_dir/tests/data/epoch/gpu_clusters.csv" > /dev/null
    "$bin" --db "$scratch/epoch.db" site -o "$scratch/epoch" --base-url https://gpuclusters.example.org/ --licence CC-BY-4.0
}

case $check in
    dom)
        need "${CHROMIUM:-/usr/bin/chromium}"
        need "$here/node_modules/puppeteer-core"
        sample_site
        epoch_site
        EPOCH_SITE="$scratch/epoch" node "$here/site_test.mjs" dom "$scratch/sample" "$artefacts"
        ;;
    lighthouse)
        need "${CHROMIUM:-/usr/bin/chromium}"
        need "$here/node_modules/puppeteer-core"
        sample_site
        epoch_site
        EPOCH_SITE="$scratch/epoch" node "$here/site_test.mjs" lighthouse "$scratch/sample" "$artefacts"
        ;;
    html)
        need "$here/node_modules/vnu-jar/build/dist/vnu.jar"
        command -v java > /dev/null || need /usr/bin/java
        sample_site
        epoch_site
        pages=$(find "$scratch/sample" "$scratch/epoch" -name '*.html' | wc -l)
        # --errors-only: a warning is advice; an error is markup a browser has to guess at.
        java -jar "$here/node_modules/vnu-jar/build/dist/vnu.jar" --errors-only --skip-non-html \
            "$scratch/sample" "$scratch/epoch"
        echo "html: the Nu Html Checker finds no error in $pages pages"
        ;;
    links)
        command -v linkchecker > /dev/null || need /usr/bin/linkchecker
        epoch_site
        # Internal links only (linkchecker's default): every page, stylesheet, script and file the
        # site links to is in it.
        status=0
        linkchecker --no-status --no-warnings "file://$scratch/epoch/index.html" > "$scratch/links.txt" 2>&1 || status=$?
        grep -v 'dropping privileges' "$scratch/links.txt" | tail -n 40 || true
        [ "$status" -eq 0 ] || { echo "links: linkchecker found broken links (exit $status)"; exit 1; }
        echo "links: no broken internal link on the Epoch site"
        ;;
    datapackage)
        epoch_site
        python3 "$here/check_datapackage.py" "$scratch/epoch/data/datapackage.json"
        ;;
    *)
        echo "run.sh: unknown check '$check'"
        exit 2
        ;;
esac
