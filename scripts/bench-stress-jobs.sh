#!/usr/bin/env bash
# The --jobs benchmark of reports/PERFORMANCE.md: `coinline stress` on a
# correct C solution of atcoder-dp-l, 2000 runs, alternately with --jobs 1
# and --jobs 2, ROUNDS times (default 3). Each line gives the run rate
# coinline prints, and how busy the two cores were with anything else
# meanwhile: the CPU seconds of the whole machine (/proc/stat) minus those
# of coinline and its programs (GNU time), over the wall time. Run from
# the repository root (it builds the release binary); Linux only.
set -euo pipefail
rounds=${1:-3}
source scripts/lib/cargo-paths.sh
coinline=$(release_coinline)
scratch=$(cargo_target_dir)/bench-stress-jobs
mkdir -p "$scratch"
cc -O2 -o "$scratch/deque" examples/stress/deque.c
busy() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }
hz=$(getconf CLK_TCK)
round=1
while [ "$round" -le "$rounds" ]; do
    for jobs in 1 2; do
        before=$(busy)
        /usr/bin/time -f "%e %U %S" -o "$scratch/time.txt" \
            "$coinline" stress --problem atcoder-dp-l --runs 2000 --seed 1 \
            --jobs "$jobs" -- "$scratch/deque" 2> "$scratch/report.txt"
        after=$(busy)
        rate=$(tail -1 "$scratch/report.txt" | sed 's/.*(\([0-9.]* runs\/s\)).*/\1/')
        others=$(awk -v b="$before" -v a="$after" -v hz="$hz" '{
            printf "%.2f", ((a - b) / hz - $2 - $3) / $1 }' "$scratch/time.txt")
        echo "round $round, --jobs $jobs: $rate; other work on the machine: $others cores"
    done
    round=$((round + 1))
done
