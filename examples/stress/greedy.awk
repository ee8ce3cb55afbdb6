# A wrong solution of CSES "Removal Game": both players take the larger end.
# coinline stress finds a board where that loses (see docs/stress.md).
{ for (i = 1; i <= NF; i++) t[nt++] = $i }
END {
    n = t[0]; l = 1; r = n; turn = 0; first = 0
    while (l <= r) {
        if (t[l] + 0 >= t[r] + 0) { x = t[l] + 0; l++ } else { x = t[r] + 0; r-- }
        if (turn == 0) first += x
        turn = 1 - turn
    }
    printf "%.0f\n", first
}
