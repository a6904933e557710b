# __complete KIND PREFIX, on the database the line names: one word a line, nothing on error.
function __gpuclusters_ask
    $__gpuclusters_bin $__gpuclusters_db __complete $argv[1] -- $argv[2] 2>/dev/null
end
# The candidates for a value, each prefixed with HEAD.
function __gpuclusters_offer --argument-names token prefix head
    switch "$token"
        case file path
            for path in (__fish_complete_path $prefix)
                echo $head$path
            end
        case 'fields,'
            set -l done (string replace -r -- '[^,]*$' '' $prefix)
            for word in (__gpuclusters_ask fields (string replace -r -- '.*,' '' $prefix))
                echo $head$done$word
            end
        case 'fields='
            for word in (__gpuclusters_ask fields $prefix)
                echo $head$word=
            end
        case ids fields rules sources
            for word in (__gpuclusters_ask $token $prefix)
                echo $head$word
            end
        case '{*}'
            for word in (string split , -- (string trim -c '{}' -- $token))
                echo $head$word
            end
    end
end
# Walks the words before the cursor: the command path (gpuclusters sources show), how many
# positionals it has, whether the last word is an option awaiting its value, and the --db named.
function __gpuclusters_complete
    set -l words (commandline -opc)
    set -l cur (commandline -ct)
    set -g __gpuclusters_bin gpuclusters
    if string match -q -- '*/*' $words[1]; and test -x $words[1]
        set __gpuclusters_bin $words[1]
    end
    set -e words[1]
    set -g __gpuclusters_db
    set -l path ''
    set -l n 0
    set -l expect ''
    for word in $words
        if test -n "$expect"
            if test "$expect" = --db
                set __gpuclusters_db --db (string replace -r -- '^~/' "$HOME/" $word)
            end
            set expect ''
            continue
        end
        switch $word
            case '--db=*'
                set __gpuclusters_db --db (string replace -r -- '^--db=(~/)?' '' $word)
            case '--*=*' --
            case '-?*'
                set -l value (__gpuclusters_value "$path" $word)
                test -n "$value"; and set expect $word
            case '*'
                if test $n -eq 0; and contains -- $word (__gpuclusters_described "$path" commands | string split -f1 \t)
                    set path (string trim -- "$path $word")
                else
                    set n (math $n + 1)
                end
        end
    end
    if test -n "$expect"
        set -l value (__gpuclusters_value "$path" $expect)
        __gpuclusters_offer "$value" "$cur" ''
    else if string match -qr -- '^--[^=]+=' $cur
        set -l option (string replace -r -- '=.*' '' $cur)
        set -l value (__gpuclusters_value "$path" $option)
        __gpuclusters_offer "$value" (string replace -r -- '^[^=]*=' '' $cur) "$option="
    else if string match -q -- '-*' $cur
        __gpuclusters_described "$path" options
        test -n "$path"; and __gpuclusters_described '' options
    else
        test $n -eq 0; and __gpuclusters_described "$path" commands
        if test -n "$path"
            set -l value (__gpuclusters_positional "$path" $n)
            __gpuclusters_offer "$value" "$cur" ''
        end
    end
end
complete -c gpuclusters -e
complete -c gpuclusters -f -a '(__gpuclusters_complete)'
