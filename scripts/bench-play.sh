#!/usr/bin/env bash
# The play benchmark of reports/PERFORMANCE.md ("Play"): `coinline play`
# judging a program that answers at once (the greedy bot of
# tests/data/play/bots.c) against the optimal player, one process per game,
# on coins boards of N values (default 2000: N moves a game, half of them
# the program's), GAMES games (default 50) on one worker thread, ROUNDS
# times (default 3). Each line gives the wall time and the moves judged
# per second, counting every move of a game (the program's answers and the
# opponent's moves it is told) and the program's answers alone, and how
# busy the two cores were with anything else meanwhile (the CPU seconds of
# the whole machine, /proc/stat, minus those of coinline and its programs,
# GNU time, over the wall time). Run from the repository root (it builds
# the release binary); Linux only.
set -euo pipefail
games=${1:-50}
n=${2:-2000}
rounds=${3:-3}
source scripts/lib/cargo-paths.sh
coinline=$(release_coinline)
scratch=$(cargo_target_dir)/bench-play
mkdir -p "$scratch"
cc -O2 -o "$scratch/bots" tests/data/play/bots.c
busy() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }
hz=$(getconf CLK_TCK)
round=1
while [ "$round" -le "$rounds" ]; do
    before=$(busy)
    # Greedy loses value, so the run goes on past failures, unshrunk.
    status=0
    /usr/bin/time -f "%e %U %S" -o "$scratch/time.txt" \
        "$coinline" play --runs "$games" --seed 1 --n "$n..$n" --jobs 1 --keep-going \
        --no-shrink -- "$scratch/bots" greedy 2> "$scratch/report.txt" || status=$?
    after=$(busy)
    [ "$status" -le 1 ] || { cat "$scratch/report.txt" >&2; exit 1; }
    answered=$(sed -n 's/.*; \([0-9]*\) moves by .*/\1/p' "$scratch/report.txt")
    awk -v b="$before" -v a="$after" -v hz="$hz" -v g="$games" -v n="$n" -v m="$answered" -v r="$round" 'NF == 3 && $1 + 0 == $1 {
        t = $1
        printf "round %d: %d games of %d values in %.2f s: %.0f moves/s (every move), %.0f answers/s (the program'"'"'s %d); other work on the machine: %.2f cores\n",
            r, g, n, t, g * n / t, m / t, m, ((a - b) / hz - $2 - $3) / t }' "$scratch/time.txt"
    round=$((round + 1))
done
