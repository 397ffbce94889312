#!/usr/bin/env bash
# Checks a preset against Racket's own Parcheesi rules: the distinct outcomes of every roll
# of the positions of GAMES random games (two to four players, the preset's rules) must be
# the same from this crate's `analyze` and from racket_outcomes.rkt, which moves the pawns
# with Racket's code and says what it takes from Racket. Needs Racket (apt-get install
# racket). Not part of the published crate or of CI.
# Usage: benches/peers/agree.sh [PRESET] [GAMES] [POSITIONS-FILE]
# With POSITIONS-FILE (one position a line, or `perft POSITION DEPTH` lines) it checks those
# positions instead of playing games: for example the hard positions (blockades, home rows,
# every pawn out) of `target/release/examples/positions --count 3000 --seed 28`.
set -euo pipefail
# (POSITIONS-FILE is taken from where the script is called, before it moves to the repository.)
file=${3:+$(realpath "$3")}
cd "$(dirname "$0")/../.."
preset=${1:-racket}
games=${2:-30}
cargo build -q --release --example play --example analyze
work=$(mktemp -d)
trap 'rm -r "$work"' EXIT
if [ -n "$file" ]; then
  sed -e '/^perft /{s/^perft //;s/ [0-9]*$//}' "$file" | grep . > "$work/positions.txt"
else
  for seed in $(seq 1 "$games"); do
    players=$(( (seed % 3) + 2 ))
    bots=$(printf 'random%.0s,' $(seq "$players")); bots=${bots%,}
    target/release/examples/play --seed "$seed" --players "$players" --rules "$preset" --bots "$bots" --trace
  done | grep '^roll ' | sed -e 's/^roll //' -e 's/ [1-6] [1-6] ; .*//' > "$work/positions.txt"
fi
racket benches/peers/racket_outcomes.rkt "$preset" < "$work/positions.txt" > "$work/racket.txt"
# The same rolls asked of the engine, each answer put in the form racket_outcomes.rkt prints:
# its outcomes without their plays (already in byte order).
sed 's/ | .*//' "$work/racket.txt" > "$work/cases.txt"
{ echo "rules $preset"; sed 's/^/outcomes /' "$work/cases.txt"; } |
  target/release/examples/analyze |
  awk 'NR == FNR { head[NR] = $0; next }
       FNR == 1 { next }
       /^(outcomes [0-9]+|error)/ { if (c) print out; c++; out = head[c]; if (/^error/) out = out " | " $0; next }
       { sub(/ ; .*/, ""); out = out " | " $0 }
       END { if (c) print out }' "$work/cases.txt" - > "$work/engine.txt"
positions=$(wc -l < "$work/positions.txt")
rolls=$(wc -l < "$work/cases.txt")
if diff "$work/racket.txt" "$work/engine.txt" > "$work/diff.txt"; then
  echo "agree ($preset): $positions positions, $rolls rolls: the same outcomes from Racket and the engine"
else
  echo "DISAGREE ($preset) on $(grep -c '^<' "$work/diff.txt") of $rolls rolls ($positions positions); first lines:"
  head -20 "$work/diff.txt"
  exit 1
fi
