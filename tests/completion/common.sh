# Shared by the shell tests: a scratch folder with files to complete and a database made by
# `gpuclusters init --sample`, the binary first on PATH as `gpuclusters`, the script the binary
# writes for the shell, and the checks.        source common.sh SHELL BINARY
shell=$1 binary=$2
if ! command -v "$shell" > /dev/null; then
    echo "$shell is not installed: skipped (.ci/install-deps installs it)"
    exit 77
fi
scratch=$(mktemp -d "${TMPDIR:-/tmp}/gpuclusters-completion.XXXXXX")
failures=0 checks=0
tmux_socket="gpuclusters-completion-$$"
cleanup() {
    tmux -L "$tmux_socket" kill-server 2> /dev/null || true
    if [ "$failures" -eq 0 ]; then rm -rf "$scratch"; else echo "kept $scratch"; fi
}
trap cleanup EXIT
mkdir -p "$scratch/bin" "$scratch/work/folder"
ln -s "$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")" "$scratch/bin/gpuclusters"
export PATH="$scratch/bin:$PATH"
unset GPUCLUSTERS_DB
cd "$scratch/work"
touch snapshot.jsonl notes.txt
gpuclusters --db test.db init --sample > /dev/null
gpuclusters completion "$shell" > "$scratch/script"

# check NAME ACTUAL EXPECTED: exact text.
check() {
    checks=$((checks + 1))
    if [ "$2" != "$3" ]; then
        failures=$((failures + 1))
        printf 'FAIL: %s\n--- expected\n%s\n--- got\n%s\n' "$1" "$3" "$2"
    fi
}
# The words every shell offers alike, asked through the test's own `offers LINE` (bash and fish;
# zsh is read from its screen).
check_common_words() {
    check "subcommands" "$(offers 'gpuclusters sh')" "show"
    check "nested subcommands" "$(offers 'gpuclusters sources ch')" "check"
    check "options of a command and the global ones" "$(offers 'gpuclusters show --a')" $'--all\n--as-of\n--author'
    check "option value, a set" "$(offers 'gpuclusters export --format ')" $'csv\ncsv-long\njson\njsonl\ntoml'
    check "option value, IsMember" "$(offers 'gpuclusters rank alcf-aurora gpus_installed ')" $'deprecated\nnormal\npreferred'
    check "file names" "$(offers 'gpuclusters import sn')" "snapshot.jsonl"
}
finish() {
    echo "$shell completion: $checks checks, $failures failed"
    [ "$failures" -eq 0 ]
}

# The interactive shell in tmux: start it, type, and read the screen.
tmux_start() {
    tmux -L "$tmux_socket" new-session -d -s t -x 160 -y 40 -c "$scratch/work" "$@"
}
# tmux_setup PROMPT COMMAND: runs COMMAND in the shell and waits for it to be done.
tmux_setup() {
    local i
    tmux -L "$tmux_socket" send-keys -t t "$2; clear" Enter
    for i in $(seq 100); do
        [ "$(tmux -L "$tmux_socket" capture-pane -p -t t | sed '/^[[:space:]]*$/d; s/[[:space:]]*$//')" = "$1" ] && return
        sleep 0.1
    done
    echo "the shell did not start: $(tmux -L "$tmux_socket" capture-pane -p -t t)"
    exit 1
}
# tmux_type NAME EXPECTED KEYS...: clears the line and the screen, sends KEYS, waits up to 5 s
# for the screen (its non-blank lines) to read EXPECTED.
tmux_type() {
    local name=$1 expected=$2 screen i
    shift 2
    tmux -L "$tmux_socket" send-keys -t t C-e C-u
    sleep 0.2
    tmux -L "$tmux_socket" send-keys -t t 'clear' Enter
    sleep 0.3
    tmux -L "$tmux_socket" send-keys -t t "$@"
    for i in $(seq 50); do
        screen=$(tmux -L "$tmux_socket" capture-pane -p -t t | sed '/^[[:space:]]*$/d; s/[[:space:]]*$//')
        [ "$screen" = "$expected" ] && break
        sleep 0.1
    done
    check "$name" "$screen" "$expected"
}
