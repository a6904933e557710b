# Shared by the terminal tests (pager, width, progress): the binary's absolute path, a scratch
# folder to work in (removed at the end), and the check that counts failures. Each test runs the
# binary on a pseudo-terminal made by script(1).        source common.sh BINARY NAME
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
scratch=$(mktemp -d "${TMPDIR:-/tmp}/gpuclusters-$2.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
unset COLUMNS LESS PAGER
failures=0
check() {  # NAME CONDITION...
    local name=$1
    shift
    if "$@"; then echo "ok: $name"; else echo "FAIL: $name"; failures=$((failures + 1)); fi
}
