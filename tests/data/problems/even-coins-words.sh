#!/bin/sh
# Bots for the interactive problem even-coins-words (problems/), in
# its statement's words: n on a line, the n coins on a line, then LEFT or
# RIGHT for each move, and the jury's move in the same words after each of
# ours. POSIX sh: `read` takes one line at a time from a pipe and `echo`
# writes at once, so nothing waits in a buffer.
#
#   sh even-coins-words.sh parity  correct: take every coin at the
#                                       places (odd or even) worth more
#   sh even-coins-words.sh greedy  wrong: the larger end (a tie: the left)
#   sh even-coins-words.sh short   wrong words: L and R, the play protocol's
mode=${1:-parity}
read -r n || exit 1
read -r row || exit 1
set -- $row
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
while [ "$lo" -le "$hi" ]; do
    eval "a=\$v$lo b=\$v$hi"
    if [ "$mode" = greedy ]; then
        if [ "$a" -ge "$b" ]; then side=LEFT; else side=RIGHT; fi
    elif [ $((lo % 2)) -eq "$want" ]; then
        side=LEFT
    else
        side=RIGHT
    fi
    if [ "$mode" = short ]; then echo "${side%"${side#?}"}"; else echo "$side"; fi
    if [ "$side" = LEFT ]; then lo=$((lo + 1)); else hi=$((hi - 1)); fi
    [ "$lo" -le "$hi" ] || break
    read -r theirs || exit 1
    if [ "$theirs" = LEFT ]; then lo=$((lo + 1)); else hi=$((hi - 1)); fi
done
