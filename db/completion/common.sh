# __complete KIND PREFIX, on the database the line names: one word a line, nothing on error.
_gpuclusters_ask() {
    "${_gpuclusters_bin:-gpuclusters}" "${_gpuclusters_db[@]}" __complete "$1" -- "$2" 2>/dev/null
}
# A --db value as typed: quotes and a leading ~/ undone, without evaluating it.
_gpuclusters_unquote() {
    REPLY=$1
    [[ $REPLY == \"*\" || $REPLY == \'*\' ]] && REPLY=${REPLY:1:${#REPLY}-2}
    [[ $REPLY == '~/'* ]] && REPLY=$HOME/${REPLY:2}
}
# Walks words 2..N-1 of words_ (the command name is word 1): sets path_, n_ (positionals so far) and expect_
# (the option whose value is next), and the --db the line names.
_gpuclusters_walk() {
    local word i last=$1 entry known
    path_= n_=0 expect_=
    for ((i = 2; i < last; i++)); do
        word=${words_[i]}
        if [[ -n $expect_ ]]; then
            if [[ $expect_ == --db ]]; then _gpuclusters_unquote "$word"; _gpuclusters_db=(--db "$REPLY"); fi
            expect_=
            continue
        fi
        case $word in
            --db=*) _gpuclusters_unquote "${word#--db=}"; _gpuclusters_db=(--db "$REPLY") ;;
            --*=* | --) ;;
            -?*) _gpuclusters_value "$path_" "$word"; [[ -n $REPLY ]] && expect_=$word ;;
            *)
                _gpuclusters_described "$path_" commands
                known=
                for entry in "${reply[@]}"; do [[ ${entry%%:*} == "$word" ]] && known=1; done
                if ((n_ == 0)) && [[ -n $known ]]; then
                    path_=${path_:+$path_ }$word
                else
                    ((n_++))
                fi ;;
        esac
    done
}
