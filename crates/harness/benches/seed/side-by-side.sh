#!/bin/sh
# Side by side, whole process: `coinline solve --solver table` (line and
# invariants checked) against the C stand-in for the seed's table program
# (table.c beside this script), on one board of n values 0..1000, runs
# interleaved so that a burst of load hits both alike; prints the fastest
# and the median of each, the ratio, and the load before and after.
#
#   crates/harness/benches/seed/side-by-side.sh [N...]   (default 10000 20000)
#
# Honours CARGO_TARGET_DIR; builds the release binary if it is missing.
# ROUNDS (default 11) sets the number of runs of each program.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
. "$root/crates/harness/benches/release.sh"
cc -O2 -o "$work/seed-table" "$here/table.c"
rounds=${ROUNDS:-11}
[ $# -gt 0 ] || set -- 10000 20000
now() { date +%s%N; }
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $rounds rounds"
for n in "$@"; do
    awk -v n="$n" 'BEGIN { srand(1); for (i = 0; i < n; i++) printf "%d ", int(rand() * 1001); print "" }' > "$work/board"
    : > "$work/c.ms"
    : > "$work/rust.ms"
    i=0
    while [ $i -lt "$rounds" ]; do
        t=$(now); "$work/seed-table" < "$work/board" > "$work/c.out"; u=$(now)
        echo $(( (u - t) / 1000 )) >> "$work/c.ms"
        t=$(now); "$coinline" solve --solver table < "$work/board" > "$work/rust.out"; u=$(now)
        echo $(( (u - t) / 1000 )) >> "$work/rust.ms"
        i=$((i + 1))
    done
    # Same value from both (the C program prints the difference alone).
    c=$(cat "$work/c.out")
    grep -Eq "^table +exact +$c " "$work/rust.out" || { echo "n = $n: the values differ"; cat "$work/c.out" "$work/rust.out"; exit 1; }
    fastest() { sort -n "$1" | awk 'NR == 1 { printf "%.1f", $1 / 1000 }'; }
    median() { sort -n "$1" | awk '{ a[NR] = $1 } END { printf "%.1f", a[int((NR + 1) / 2)] / 1000 }'; }
    c_fast=$(fastest "$work/c.ms"); c_mid=$(median "$work/c.ms")
    r_fast=$(fastest "$work/rust.ms"); r_mid=$(median "$work/rust.ms")
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
    echo "n = $n, value $c: C table fastest $c_fast ms, median $c_mid ms;" \
        "coinline solve --solver table fastest $r_fast ms, median $r_mid ms;" \
        "ratio of the fastest $(ratio "$c_fast" "$r_fast")x, of the medians $(ratio "$c_mid" "$r_mid")x"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
