# Appends the candidates for a value to COMPREPLY, each prefixed with HEAD.
_gpuclusters_offer() {
    local token=$1 prefix=$2 head=$3 word
    case $token in
        file | path)
            compopt -o filenames 2>/dev/null
            while IFS= read -r word; do COMPREPLY+=("$head$word"); done < <(compgen -f -- "$prefix")
            return ;;
        'fields,') head+=${prefix%"${prefix##*,}"}; prefix=${prefix##*,} ;;
        'fields=') compopt -o nospace 2>/dev/null ;;
    esac
    case $token in
        ids | fields | 'fields=' | 'fields,' | rules | sources)
            while IFS= read -r word; do
                [[ $token == 'fields=' ]] && word+='='
                COMPREPLY+=("$head$word")
            done < <(_gpuclusters_ask "${token%[=,]}" "$prefix") ;;
        '{'*)
            local IFS=,
            for word in ${token:1:${#token}-2}; do [[ $word == "$prefix"* ]] && COMPREPLY+=("$head$word"); done ;;
    esac
}
# Appends the words of a _gpuclusters_described list that start with PREFIX and are not offered
# yet (--help and -h are the command's and the program's).
_gpuclusters_offer_described() {
    local entry offered=" ${COMPREPLY[*]} "
    _gpuclusters_described "$1" "$2"
    for entry in "${reply[@]}"; do
        [[ ${entry%%:*} == "$3"* && $offered != *" ${entry%%:*} "* ]] && COMPREPLY+=("${entry%%:*}")
    done
}
_gpuclusters() {
    local -a words_=("") reply _gpuclusters_db=()  # from 1, as zsh numbers them
    local line=${COMP_LINE:0:COMP_POINT} word i path_ n_ expect_ REPLY _gpuclusters_bin=gpuclusters
    # bash splits words at COMP_WORDBREAKS (--db=FILE, FIELD=VALUE): rejoin those no blank parts.
    for ((i = 0; i <= COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if ((i > 0)) && [[ -n $COMP_LINE && $line != [[:blank:]]* ]]; then
            words_[${#words_[@]}-1]+=$word
        else
            words_+=("$word")
        fi
        line=${line#"${line%%[![:blank:]]*}"}
        line=${line#"$word"}
    done
    [[ ${words_[1]} == */* && -x ${words_[1]} ]] && _gpuclusters_bin=${words_[1]}
    local cur=${words_[${#words_[@]}-1]}
    _gpuclusters_walk $((${#words_[@]} - 1))
    COMPREPLY=()
    if [[ -n $expect_ ]]; then
        _gpuclusters_value "$path_" "$expect_"
        _gpuclusters_offer "$REPLY" "$cur" ''
    elif [[ $cur == --*=* ]]; then
        _gpuclusters_value "$path_" "${cur%%=*}"
        [[ -n $REPLY ]] && _gpuclusters_offer "$REPLY" "${cur#*=}" "${cur%%=*}="
    elif [[ $cur == -* ]]; then
        _gpuclusters_offer_described "$path_" options "$cur"
        [[ -n $path_ ]] && _gpuclusters_offer_described '' options "$cur"
    else
        ((n_ == 0)) && _gpuclusters_offer_described "$path_" commands "$cur"
        if [[ -n $path_ ]]; then
            _gpuclusters_positional "$path_" "$n_"
            _gpuclusters_offer "$REPLY" "$cur" ''
        fi
    fi
    # bash replaces only what follows the last word break (= or :) of the word.
    local breaks=${COMP_WORDBREAKS//[^=:]/}
    if [[ -n $breaks && $cur == *["$breaks"]* ]]; then
        local typed=${cur%"${cur##*["$breaks"]}"}
        COMPREPLY=("${COMPREPLY[@]#"$typed"}")
    fi
}
complete -F _gpuclusters gpuclusters
