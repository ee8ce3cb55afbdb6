#!/bin/sh
# A circle (pizza) bot over coinline play's protocol (docs/play.md), for
# the tests of a circle's first move:
#
#   sh circle.sh start K   its first move is L@K (if it moves first), then L
#   sh circle.sh plain     its first move is L, without the start a circle needs
#
# After the first move the board is a line and it always takes the left end.
mode=$1
start=$2
moved=
while read -r word rest; do
    case "$word" in
    opponent) moved=1 ;;
    your)
        if [ -z "$moved" ] && [ "$mode" = start ]; then echo "L@$start"; else echo L; fi
        moved=1
        ;;
    esac
done
