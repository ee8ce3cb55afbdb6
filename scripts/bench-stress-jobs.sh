#!/bin/sh
# The --jobs benchmark of reports/PERFORMANCE.md: `coinline stress` on a
# correct C solution of atcoder-dp-l, 2000 runs, alternately with --jobs 1
# and --jobs 2, ROUNDS times (default 3), each line preceded by the load
# average. Run from the repository root after `cargo build --release`.
set -e
rounds=${1:-3}
mkdir -p target
cc -O2 -o target/deque examples/stress/deque.c
round=1
while [ "$round" -le "$rounds" ]; do
    for jobs in 1 2; do
        load=$(uptime | sed 's/.*load average: //')
        rate=$(target/release/coinline stress --problem atcoder-dp-l --runs 2000 --seed 1 --jobs "$jobs" -- target/deque 2>&1 | tail -1)
        echo "round $round, --jobs $jobs, load $load: $rate"
    done
    round=$((round + 1))
done
