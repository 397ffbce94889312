#!/usr/bin/env bash
# Times this crate's `analyze` example and Racket's complete-turn search on the same positions
# and all 21 rolls of each. Needs Racket (apt-get install racket). Not part of the published
# crate. Usage: benches/peers/compare.sh [GAMES] [REPEATS] [FILE]
# With FILE (positions in the notation, one a line, such as the `positions` example prints),
# its positions are timed instead of those of GAMES games.
set -euo pipefail
# (FILE is taken from where the script is called, before it moves to the repository.)
file=${3:+$(realpath "$3")}
cd "$(dirname "$0")/../.."
games=${1:-20}
repeats=${2:-3}
cargo build -q --release --example play --example analyze
work=$(mktemp -d)
if [ -n "$file" ]; then
  grep -v '^$' "$file" > "$work/positions.txt"
else
  # Positions: every roll of GAMES random four-player games between greedy bots.
  for seed in $(seq 1 "$games"); do
    target/release/examples/play --seed "$seed" --bots greedy,greedy,greedy,greedy --trace
  done | grep '^roll ' | sed -e 's/^roll //' -e 's/ [1-6] [1-6] ; .*//' > "$work/positions.txt"
fi
n=$(wc -l < "$work/positions.txt")
for r in $(seq 1 "$repeats"); do sed 's/^/perft /; s/$/ 1/' "$work/positions.txt"; done > "$work/perft.txt"
# The engine's batch takes well under a second, so a passing slow phase of a shared machine
# can slow it by a sixth or more, where Racket's minutes average such phases out: time it
# five times before Racket's search and five times after, and take the median of the ten.
times=()
engine() {
  for run in 1 2 3 4 5; do
    start=$(date +%s.%N)
    target/release/examples/analyze < "$work/perft.txt" > "$work/perft.out"
    end=$(date +%s.%N)
    times+=("$(echo "$end - $start" | bc)")
  done
}
engine
racket_line=$(racket benches/peers/racket_search.rkt "$repeats" < "$work/positions.txt")
engine
t=$(printf '%s\n' "${times[@]}" | sort -n | sed -n '5p;6p' | awk '{s += $1} END {print s / 2}')
awk -v n="$n" -v r="$repeats" -v t="$t" \
  '{s += $2} END {printf "engine: %d positions x 21 rolls x %d, %d outcomes, %.3f us per roll (analyze, perft 1, median of 10 runs around the search below)\n", n, r, s / r, 1e6 * t / (n * 21 * r)}' "$work/perft.out"
echo "$racket_line"
rm -r "$work"
