#!/bin/sh
# Bots for the interactive problem even-coins-first (problems/), over the
# protocol of docs/play.md. POSIX sh: `read` takes one line at a time from
# a pipe and `echo` writes at once, so nothing waits in a buffer.
#
#   sh even-coins-first.sh parity   correct: take every coin at the places
#                                   (odd or even) worth more; never loses
#   sh even-coins-first.sh greedy   wrong: the larger end (a tie: the left)
mode=${1:-parity}
while read -r word rest; do
    case "$word" in
    board)
        set -- $rest
        n=$1
        shift
        i=1
        odd=0
        even=0
        for x in "$@"; do
            eval "v$i=\$x"
            if [ $((i % 2)) -eq 1 ]; then odd=$((odd + x)); else even=$((even + x)); fi
            i=$((i + 1))
        done
        lo=1
        hi=$n
        # The places to take: 1 (odd) or 0 (even).
        if [ "$odd" -ge "$even" ]; then want=1; else want=0; fi
        ;;
    opponent)
        if [ "$rest" = L ]; then lo=$((lo + 1)); else hi=$((hi - 1)); fi
        ;;
    your)
        eval "a=\$v$lo b=\$v$hi"
        if [ "$mode" = greedy ]; then
            if [ "$a" -ge "$b" ]; then side=L; else side=R; fi
        elif [ $((lo % 2)) -eq "$want" ]; then
            side=L
        else
            side=R
        fi
        echo "$side"
        if [ "$side" = L ]; then lo=$((lo + 1)); else hi=$((hi - 1)); fi
        ;;
    esac
done
