# A generator for CSES "Removal Game": `awk -f gen.awk SEED` prints one input,
# n in 1..8 and values in 0..9, the same for the same SEED (a Lehmer
# generator, so every awk prints the same). For `coinline stress --generator`
# (see docs/stress.md), which appends the seed.
function next_value(bound) { x = (x * 48271) % 2147483647; return x % bound }
BEGIN {
    x = ARGV[1] % 2147483647 + 1
    n = 1 + next_value(8)
    print n
    for (i = 1; i <= n; i++) printf "%d%s", next_value(10), (i < n ? " " : "\n")
}
