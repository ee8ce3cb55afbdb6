#!/bin/sh
# Side by side in one run, whole process: `coinline solve --game pizza` on
# 10^5 values 0..1000 (its line built and replayed, the reversal and shift
# invariants checked: n = 10^5 is their last length), and `coinline solve
# --solver linear --format csv` on 10^7 values in -10^6..10^6 (line built
# and replayed) beside `wc -w` on the same file; runs interleaved so that a
# burst of load hits all three alike. Prints the fastest and the median
# elapsed time, the user CPU time of the fastest run, the peak memory
# (`/usr/bin/time`), the ratios of linear to `wc -w` (fastest and median
# elapsed), and the load (`uptime`) before and after.
#
#   crates/harness/benches/pizza-linear.sh   (ROUNDS, default 5)
#
# Honours CARGO_TARGET_DIR; builds the release binary if it is missing.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
. "$root/crates/harness/benches/release.sh"
rounds=${ROUNDS:-5}
awk 'BEGIN { srand(1); for (i = 0; i < 100000; i++) printf "%d ", int(rand() * 1001); print "" }' > "$work/pizza"
awk 'BEGIN { srand(2); for (i = 0; i < 10000000; i++) printf "%d ", int(rand() * 2000001) - 1000000; print "" }' > "$work/linear"
# The pizza's line: 10^5 moves, the first at its start.
"$coinline" solve --game pizza --solver pizza --line --format csv < "$work/pizza" > "$work/out"
moves=$(awk -F, 'NR == 2 { print split($7, m, " ") }' "$work/out")
[ "$moves" = 100000 ] || { echo "pizza: a line of $moves moves"; exit 1; }
echo "load before: $(uptime); $(nproc) cores; $rounds rounds"
run() { # name, then the command; appends "elapsed-ms user-ms peak-KB" to $work/name
    name=$1
    shift
    /usr/bin/time -f "%e %U %M" -o "$work/t" "$@" > /dev/null 2>&1
    awk '{ printf "%d %d %d\n", $1 * 1000, $2 * 1000, $3 }' "$work/t" >> "$work/$name.t"
}
i=0
while [ $i -lt "$rounds" ]; do
    run pizza "$coinline" solve --game pizza --format csv < "$work/pizza"
    run linear "$coinline" solve --solver linear --format csv < "$work/linear"
    run wc wc -w "$work/linear"
    i=$((i + 1))
done
for name in pizza linear wc; do
    sort -n "$work/$name.t" | awk -v name="$name" '{ e[NR] = $1; u[NR] = $2; m[NR] = $3 }
        END { printf "%s: elapsed fastest %d ms, median %d ms; user %d ms; peak %d KB\n",
              name, e[1], e[int((NR + 1) / 2)], u[1], m[1] }'
done
at() { sort -n "$work/$2.t" | awk -v k="$1" '{ e[NR] = $1 } END { print e[k == 1 ? 1 : int((NR + 1) / 2)] }'; }
for k in 1 median; do
    echo "linear / wc -w ($k): $(awk -v a="$(at $k linear)" -v b="$(at $k wc)" 'BEGIN { printf "%.2f", a / b }')x"
done
echo "load after: $(uptime)"
