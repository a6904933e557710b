# Sourced by the replay scripts of tests/docs (example-dc.sh, bytedance-b200.sh), called with N:
# `step K ARGS...` runs `gpuclusters ARGS...` silently while K <= N, and ends the replay at the
# first step past N.
last=$1
step() {
    local n=$1
    shift
    [ "$n" -le "$last" ] || exit 0
    gpuclusters "$@" >/dev/null
}
