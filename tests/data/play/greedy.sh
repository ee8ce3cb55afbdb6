#!/bin/sh
# A greedy coins bot over coinline play's protocol (docs/play.md): it takes
# the larger end, the left one on a tie. POSIX sh: `read` takes one line at
# a time from a pipe and `echo` writes at once, so nothing waits in a buffer.
while read -r word rest; do
    case "$word" in
    board)
        set -- $rest
        n=$1
        shift
        i=1
        for x in "$@"; do
            eval "v$i=\$x"
            i=$((i + 1))
        done
        lo=1
        hi=$n
        ;;
    opponent)
        if [ "$rest" = L ]; then lo=$((lo + 1)); else hi=$((hi - 1)); fi
        ;;
    your)
        eval "a=\$v$lo b=\$v$hi"
        if [ "$a" -ge "$b" ]; then
            echo L
            lo=$((lo + 1))
        else
            echo R
            hi=$((hi - 1))
        fi
        ;;
    esac
done
