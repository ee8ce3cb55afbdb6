#!/bin/sh
# A wrong solution of `lines` (one more than the trusted answer on boards
# of 3 values or more) that, on its run number $2 (counted in the file
# "$1"), makes the file "$1.now" and waits to be killed: the test then
# interrupts coinline with SIGINT (the program cannot: it runs where it
# cannot signal coinline), at a known point of a stress session (while it
# shrinks), whatever the timing.
count=$(( $(cat "$1" 2>/dev/null || echo 0) + 1 ))
echo "$count" > "$1"
if [ "$count" -eq "$2" ]; then
    : > "$1.now"
    exec sleep 60
fi
while read -r board; do
    answer=$(echo "$board" | coinline judge --problem lines -)
    set -- $board
    [ $# -ge 3 ] && answer=$((answer + 1))
    echo "$answer"
done
