#!/usr/bin/env bash
# Checks a built Debian package (it builds nothing): the binary is stripped, every man page and the
# changelog are gzip -9n (no name, no time in the header), the copyright file credits Epoch AI's
# CC BY 4.0 data, the changelog's newest entry is this package's version and maintainer, and
# Depends was computed by dpkg-shlibdeps (versioned, so not the old hand-written list), and the
# binary has the hardening of a Debian package build (dpkg-buildflags with hardening=+all, which
# lintian's hardening-* tags and hardening-check look for): PIE, full RELRO, immediate binding, a
# stack protector and fortified functions.
#     check_deb.sh PACKAGE.deb
set -euo pipefail
package=$1
unpacked=$(mktemp -d "${TMPDIR:-/tmp}/gpuclusters-deb.XXXXXX")
trap 'rm -rf "$unpacked"' EXIT
dpkg-deb -x "$package" "$unpacked"
failed=0
fail() { echo "$package: $*"; failed=1; }

binary=$unpacked/usr/bin/gpuclusters
file -b "$binary" | grep -q ', stripped' || fail "usr/bin/gpuclusters is not stripped: $(file -b "$binary")"
if readelf -S "$binary" | grep -q '\.debug_'; then fail "usr/bin/gpuclusters has .debug sections"; fi

# The stripped binary keeps its dynamic symbols and program headers, which say all of it.
readelf -hW "$binary" | grep -q 'Type: *DYN' || fail "usr/bin/gpuclusters is not position-independent"
readelf -lW "$binary" | grep -q 'GNU_RELRO' || fail "usr/bin/gpuclusters has no RELRO segment"
readelf -dW "$binary" | grep -Eq 'BIND_NOW|Flags:.* NOW' || fail "usr/bin/gpuclusters is not linked -z now"
symbols=$(readelf --dyn-syms -W "$binary")
grep -q '__stack_chk_fail' <<<"$symbols" || fail "usr/bin/gpuclusters has no stack protector"
fortified=$(grep -E '__[a-z]+_chk' <<<"$symbols" | grep -v '__stack_chk' || true)
[ -n "$fortified" ] || fail "usr/bin/gpuclusters uses no fortified function"

# gzip -n: byte 3 (flags) has no FNAME bit (0x08) and bytes 4-7 (mtime) are zero.
reproducible_gzip() {
    local header
    header=$(od -An -tx1 -N8 "$1" | tr -d ' \n')
    [ "${header:0:4}" = 1f8b ] && (( (0x${header:6:2} & 0x08) == 0 )) && [ "${header:8:8}" = 00000000 ]
}
pages=0
for page in "$unpacked"/usr/share/man/man1/* "$unpacked"/usr/share/man/man5/*; do
    pages=$((pages + 1))
    case $page in *.gz) ;; *) fail "man page not compressed: ${page#"$unpacked"}"; continue ;; esac
    reproducible_gzip "$page" || fail "not gzip -n: ${page#"$unpacked"}"
done
[ "$pages" -ge 20 ] || fail "only $pages man pages"

doc=$unpacked/usr/share/doc/gpuclusters
if [ -f "$doc/copyright" ]; then
    head -1 "$doc/copyright" | grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
        || fail "copyright is not in the machine-readable format"
    grep -q 'Epoch AI' "$doc/copyright" || fail "copyright does not credit Epoch AI"
    grep -q 'CC BY 4.0' "$doc/copyright" && grep -q '^License: CC-BY-4.0' "$doc/copyright" \
        || fail "copyright does not name CC BY 4.0"
    for library in SQLiteCpp CLI11 'Niels Lohmann'; do
        grep -q "$library" "$doc/copyright" || fail "copyright does not name the compiled-in $library"
    done
else
    fail "no usr/share/doc/gpuclusters/copyright"
fi

changelog=$doc/changelog.Debian.gz
if [ -f "$changelog" ]; then
    reproducible_gzip "$changelog" || fail "changelog.Debian.gz is not gzip -n"
    zcat "$changelog" > "$unpacked.changelog"
    [ "$(dpkg-parsechangelog -l "$unpacked.changelog" -S Version)" = "$(dpkg-deb -f "$package" Version)" ] \
        || fail "the changelog's newest entry is not for version $(dpkg-deb -f "$package" Version)"
    [ "$(dpkg-parsechangelog -l "$unpacked.changelog" -S Maintainer)" = "$(dpkg-deb -f "$package" Maintainer)" ] \
        || fail "the changelog's maintainer is not the package's"
    rm -f "$unpacked.changelog"
else
    fail "no usr/share/doc/gpuclusters/changelog.Debian.gz"
fi

depends=$(dpkg-deb -f "$package" Depends)
[[ $depends == *"libc6 (>= "* && $depends == *"libsqlite3-0 (>= "* ]] \
    || fail "Depends is not computed by dpkg-shlibdeps: '$depends'"
[ "$(dpkg-deb -f "$package" Description | wc -l)" -ge 3 ] || fail "no extended description"

# Ownership and modes as lintian wants them: root:root, directories 0755, files 0644 but the binary.
dpkg-deb -c "$package" | awk -v failed=0 '
    $2 != "root/root" { print "owner " $2 ": " $NF; failed = 1 }
    /^d/ && $1 != "drwxr-xr-x" { print "mode " $1 ": " $NF; failed = 1 }
    /^-/ && $NF != "./usr/bin/gpuclusters" && $1 != "-rw-r--r--" { print "mode " $1 ": " $NF; failed = 1 }
    /^-/ && $NF == "./usr/bin/gpuclusters" && $1 != "-rwxr-xr-x" { print "mode " $1 ": " $NF; failed = 1 }
    END { exit failed }' || fail "wrong ownership or modes"

"$binary" --version > /dev/null || fail "the packaged binary does not run"
[ "$failed" = 0 ]
echo "$package: stripped, hardened, $pages man pages gzip -n, copyright, changelog, Depends: $depends"
