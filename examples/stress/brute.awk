# A brute force for CSES "Removal Game": try every line of play (2^n, so
# for short boards only) and print the first player's total. A reference
# for `coinline stress --reference` (see docs/stress.md).
function best(l, r,   a, b) {   # the mover's total minus the other's on t[l..r]
    if (l > r) return 0
    a = t[l] - best(l + 1, r)
    b = t[r] - best(l, r - 1)
    return a > b ? a : b
}
{ for (i = 1; i <= NF; i++) t[nt++] = $i + 0 }
END {
    n = t[0]; sum = 0
    for (i = 1; i <= n; i++) sum += t[i]
    printf "%.0f\n", (sum + best(1, n)) / 2
}
