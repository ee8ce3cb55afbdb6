#!/usr/bin/env bash
# The pizza benchmark of reports/PERFORMANCE.md ("The pizza query against a
# plain C enumeration"): every pizza of 15 slices over 0..2, the worst share
# of the first player and the pizzas attaining it, computed by
#   - benches/c/pizza.c (gcc -O2): every one of the 3^15 pizzas, the O(n^2)
#     interval recurrence on the circle per pizza, one thread;
#   - `coinline study run pizza-15`: one pizza per class under rotation and
#     reflection, one table over the circle shared by every first slice,
#     both cores, every witness and a sample checked by every solver.
# Both are timed as whole processes (GNU time), alternately, ROUNDS times
# (default 3); the best wall time of each gives the ratio. Both must find
# the same worst share and the same number of pizzas attaining it. Also
# printed: how busy the cores were with anything else meanwhile (the CPU
# seconds of the whole machine from /proc/stat minus the process's, over
# its wall time). Run from the repository root; Linux only.
set -e
rounds=${1:-3}
mkdir -p target/bench-pizza
out=target/bench-pizza
gcc -O2 -o "$out/pizza" benches/c/pizza.c
. scripts/lib/cargo-paths.sh
coinline=$(release_coinline)
busy() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }
hz=$(getconf CLK_TCK)
timed() { # NAME COMMAND...: runs it, writes "wall user others" to NAME.result
    name=$1
    shift
    before=$(busy)
    if ! /usr/bin/time -f "%e %U %S" -o "$out/$name.time" "$@" > "$out/$name.out" 2> "$out/$name.err"; then
        echo "$name failed:" >&2
        cat "$out/$name.err" >&2
        exit 1
    fi
    after=$(busy)
    awk -v b="$before" -v a="$after" -v hz="$hz" '{
        printf "%s %s %.2f\n", $1, $2, ((a - b) / hz - $2 - $3) / $1 }' "$out/$name.time" > "$out/$name.result"
}
best_c=
best_coinline=
round=1
while [ "$round" -le "$rounds" ]; do
    timed c "$out/pizza" 15 3
    set -- $(cat "$out/c.result")
    echo "round $round, C (every pizza, one thread): $1 s wall, $2 s user, other work $3 cores"
    best_c=$(echo "$1 ${best_c:-$1}" | awk '{ print ($1 < $2) ? $1 : $2 }')
    rm -rf "$out/coinline"
    timed coinline "$coinline" study run pizza-15 --out "$out/coinline"
    set -- $(cat "$out/coinline.result")
    echo "round $round, coinline study run pizza-15: $1 s wall, $2 s user, other work $3 cores"
    best_coinline=$(echo "$1 ${best_coinline:-$1}" | awk '{ print ($1 < $2) ? $1 : $2 }')
    round=$((round + 1))
done
# The same answer: the C program's worst share and count against the CSV.
c_answer=$(sed 's/.*worst_share=\([0-9/]*\) .*attained_by=\([0-9]*\).*/\1 \2/' "$out/c.out")
coinline_answer=$(awk -F, 'NR == 2 { print $6, $9 }' "$out/coinline/worst-share.csv")
if [ "$c_answer" != "$coinline_answer" ]; then
    echo "the answers differ: C says $c_answer, coinline $coinline_answer" >&2
    exit 1
fi
echo "both: worst share and pizzas attaining it: $c_answer"
awk -v c="$best_c" -v r="$best_coinline" 'BEGIN {
    printf "best wall time: C %.2f s, coinline %.2f s: coinline is %.1fx faster\n", c, r, c / r }'
