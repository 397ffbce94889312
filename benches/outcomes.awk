# `outcomes` commands made from the `perft POSITION 1` lines of the input: one a position,
# the 21 rolls in turn, for the first `count` positions. Used by benches/counts.sh and
# benches/pgo.sh: awk -v count=N -f benches/outcomes.awk FILE
BEGIN { n = 0; k = 0; for (a = 1; a <= 6; a++) for (b = a; b <= 6; b++) { x[n] = a; y[n] = b; n++ } }
/^perft / {
  sub(/^perft /, ""); sub(/ 1$/, "")
  print "outcomes " $0 " " x[k % 21] " " y[k % 21]
  if (++k == count) exit
}
