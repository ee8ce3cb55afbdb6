#!/bin/sh
# Issue 44's figures side by side in one run, whole process, runs
# interleaved so that a burst of load hits all alike:
# - `coinline solve --game pizza` on 10^5 values 0..1000 (its line built and
#   replayed, the reversal and shift invariants checked: n = 10^5 is their
#   last length);
# - `coinline solve --solver linear --format csv` on 10^7 values in
#   -10^6..10^6 (line built and replayed) beside `wc -w` on the same file;
# - `coinline solve --game stonegame7 --solver linear --line` on 10^6 values
#   1..1000 (LeetCode 1690's range);
# - `coinline solve --game stonegame3` on 5 * 10^4 values -1000..1000 by
#   `generic` and by `one-ended`, which must agree;
# then the table at n = 10^4 against the seed's C stand-in (seed/side-by-side.sh).
# Prints the fastest and the median elapsed time, the user CPU time of the
# fastest run, the peak memory (`/usr/bin/time`), the ratios of linear to
# `wc -w` (fastest and median elapsed), and the load before and after.
#
#   crates/harness/benches/whole-process.sh   (ROUNDS, default 5)
#
# Honours CARGO_TARGET_DIR; builds the release binary if it is missing.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
. "$root/crates/harness/benches/release.sh"
rounds=${ROUNDS:-5}
awk 'BEGIN { srand(1); for (i = 0; i < 100000; i++) printf "%d ", int(rand() * 1001); print "" }' > "$work/pizza"
awk 'BEGIN { srand(2); for (i = 0; i < 10000000; i++) printf "%d ", int(rand() * 2000001) - 1000000; print "" }' > "$work/linear"
awk 'BEGIN { srand(3); for (i = 0; i < 1000000; i++) printf "%d ", 1 + int(rand() * 1000); print "" }' > "$work/sg7"
awk 'BEGIN { srand(4); for (i = 0; i < 50000; i++) printf "%d ", int(rand() * 2001) - 1000; print "" }' > "$work/sg3"
# stonegame3's two exact solvers agree.
for s in generic one-ended; do
    "$coinline" solve --game stonegame3 --solver $s --format csv < "$work/sg3" | awk -F, 'NR == 2 { print $3 }' > "$work/sg3.$s"
done
cmp -s "$work/sg3.generic" "$work/sg3.one-ended" || { echo "stonegame3: generic and one-ended differ"; exit 1; }
# The pizza's line: 10^5 moves, the first at its start.
"$coinline" solve --game pizza --solver pizza --line --format csv < "$work/pizza" > "$work/out"
moves=$(awk -F, 'NR == 2 { print split($7, m, " ") }' "$work/out")
[ "$moves" = 100000 ] || { echo "pizza: a line of $moves moves"; exit 1; }
echo "load before: $(uptime); $(nproc) cores; $rounds rounds"
run() { # name, then the command; appends "elapsed-us user-ms peak-KB" to $work/name
    name=$1
    shift
    # Elapsed from the clock in microseconds (time's %e counts in 10 ms).
    t=$(date +%s%N)
    /usr/bin/time -f "%U %M" -o "$work/t" "$@" > /dev/null 2>&1
    u=$(date +%s%N)
    awk -v e=$(( (u - t) / 1000 )) '{ printf "%d %d %d\n", e, $1 * 1000, $2 }' "$work/t" >> "$work/$name.t"
}
i=0
while [ $i -lt "$rounds" ]; do
    run pizza "$coinline" solve --game pizza --format csv < "$work/pizza"
    run linear "$coinline" solve --solver linear --format csv < "$work/linear"
    run wc wc -w "$work/linear"
    run stonegame7 "$coinline" solve --game stonegame7 --solver linear --line < "$work/sg7"
    run stonegame3-generic "$coinline" solve --game stonegame3 --solver generic < "$work/sg3"
    run stonegame3-one-ended "$coinline" solve --game stonegame3 --solver one-ended < "$work/sg3"
    i=$((i + 1))
done
for name in pizza linear wc stonegame7 stonegame3-generic stonegame3-one-ended; do
    sort -n "$work/$name.t" | awk -v name="$name" '{ e[NR] = $1; u[NR] = $2; m[NR] = $3 }
        END { printf "%s: elapsed fastest %.1f ms, median %.1f ms; user %d ms; peak %d KB\n",
              name, e[1] / 1000, e[int((NR + 1) / 2)] / 1000, u[1], m[1] }'
done
at() { sort -n "$work/$2.t" | awk -v k="$1" '{ e[NR] = $1 } END { print e[k == 1 ? 1 : int((NR + 1) / 2)] }'; }
for k in 1 median; do
    echo "linear / wc -w ($k): $(awk -v a="$(at $k linear)" -v b="$(at $k wc)" 'BEGIN { printf "%.2f", a / b }')x"
done
ROUNDS=$rounds "$here/seed/side-by-side.sh" 10000
echo "load after: $(uptime)"
