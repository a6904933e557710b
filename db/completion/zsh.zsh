# Offers the candidates for a value of the current word.
_gpuclusters_offer() {
    local token=$1
    local -a found
    case $token in
        file | path) _files; return ;;
        'fields,') compset -P '*,' ;;
    esac
    case $token in
        ids | fields | 'fields=' | 'fields,' | rules | sources)
            found=(${(f)"$(_gpuclusters_ask "${token%[=,]}" "$PREFIX")"})
            case $token in
                'fields=') compadd -S '=' -q -a found ;;
                'fields,') compadd -S ',' -q -a found ;;
                *) compadd -a found ;;
            esac ;;
        '{'*)
            found=(${(s:,:)${token:1:-1}})
            compadd -a found ;;
    esac
}
_gpuclusters() {
    local -a words_ reply _gpuclusters_db
    local path_ n_ expect_ REPLY _gpuclusters_bin=gpuclusters word
    words_=("${(@Q)words[@]}")  # 1-based: the arguments from 2, as in bash's array of the walk
    [[ ${words_[1]} == */* && -x ${words_[1]} ]] && _gpuclusters_bin=${words_[1]}
    _gpuclusters_walk $CURRENT
    if [[ -n $expect_ ]]; then
        _gpuclusters_value "$path_" "$expect_"
        _gpuclusters_offer "$REPLY"
    elif [[ $PREFIX == --*=* ]]; then
        _gpuclusters_value "$path_" "${PREFIX%%=*}"
        if [[ -n $REPLY ]]; then
            IPREFIX+="${PREFIX%%=*}="
            PREFIX=${PREFIX#*=}
            _gpuclusters_offer "$REPLY"
        fi
    elif [[ $PREFIX == -* ]]; then
        local -a options
        _gpuclusters_described "$path_" options
        options=("${reply[@]}")
        # The program's options after the command's: --help and -h, in both, are offered once.
        if [[ -n $path_ ]]; then _gpuclusters_described '' options; options=("${(@u)options}" "${reply[@]}"); options=("${(@u)options}"); fi
        _describe -t options option options
    else
        if ((n_ == 0)); then
            _gpuclusters_described "$path_" commands
            ((${#reply})) && _describe -t commands command reply
        fi
        if [[ -n $path_ ]]; then
            _gpuclusters_positional "$path_" "$n_"
            _gpuclusters_offer "$REPLY"
        fi
    fi
}
# Autoloaded from fpath (the installed file), the file is the function: run it. Sourced, register.
if [[ ${funcstack[1]} == _gpuclusters ]]; then
    _gpuclusters "$@"
else
    compdef _gpuclusters gpuclusters
fi
