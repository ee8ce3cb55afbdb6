#!/bin/sh
# Whole process, `coinline solve --solver linear` (its line built and
# replayed by the check, the invariants checked) on one board of n values
# 0..1000 per length, runs interleaved so that a burst of load hits every
# length alike; prints the fastest and the median per length of the elapsed
# time and of the CPU time (perf's task-clock, all threads: what a loaded
# machine does not inflate), the peak memory of one run, the ratios of the
# first length to the second, and the load before and after. Before timing, one run per length with --line
# confirms that a line of n moves is printed.
#
#   crates/harness/benches/linear-line.sh [N...]   (default 20000 20001 1000000)
#
# Honours CARGO_TARGET_DIR; builds the release binary if it is missing.
# ROUNDS (default 11) sets the number of runs per length. Needs perf.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
. "$root/crates/harness/benches/release.sh"
rounds=${ROUNDS:-11}
[ $# -gt 0 ] || set -- 20000 20001 1000000
now() { date +%s%N; }
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $rounds rounds"
for n in "$@"; do
    awk -v n="$n" 'BEGIN { srand(1); for (i = 0; i < n; i++) printf "%d ", int(rand() * 1001); print "" }' > "$work/$n.board"
    "$coinline" solve --solver linear --line --format csv < "$work/$n.board" > "$work/$n.out"
    moves=$(awk -F, 'NR == 2 { print split($7, m, " ") }' "$work/$n.out")
    [ "$moves" = "$n" ] || { echo "n = $n: a line of $moves moves"; exit 1; }
    : > "$work/$n.ms"
    : > "$work/$n.cpu"
done
i=0
while [ $i -lt "$rounds" ]; do
    for n in "$@"; do
        t=$(now)
        perf stat -x, -e task-clock -o "$work/perf" "$coinline" solve --solver linear < "$work/$n.board" > /dev/null 2>&1
        u=$(now)
        echo $(( (u - t) / 1000 )) >> "$work/$n.ms"
        awk -F, '$3 == "task-clock" { printf "%d\n", $1 * 1000 }' "$work/perf" >> "$work/$n.cpu"
    done
    i=$((i + 1))
done
fastest() { sort -n "$1" | awk 'NR == 1 { printf "%.1f", $1 / 1000 }'; }
median() { sort -n "$1" | awk '{ a[NR] = $1 } END { printf "%.1f", a[int((NR + 1) / 2)] / 1000 }'; }
for n in "$@"; do
    kb=$(/usr/bin/time -f %M "$coinline" solve --solver linear < "$work/$n.board" 2>&1 > /dev/null | tail -1)
    echo "n = $n: elapsed fastest $(fastest "$work/$n.ms") ms, median $(median "$work/$n.ms") ms;" \
        "CPU fastest $(fastest "$work/$n.cpu") ms, median $(median "$work/$n.cpu") ms; peak $kb KB (a line of $n moves)"
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
if [ $# -ge 2 ]; then
    for kind in ms cpu; do
        echo "ratio $1 / $2 ($kind): fastest $(ratio "$(fastest "$work/$1.$kind")" "$(fastest "$work/$2.$kind")")x," \
            "median $(ratio "$(median "$work/$1.$kind")" "$(median "$work/$2.$kind")")x"
    done
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
