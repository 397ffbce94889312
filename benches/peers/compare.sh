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
# Racket's search runs in this many parts, with the engine's batch timed between them.
parts=8
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
split -n "l/$parts" "$work/positions.txt" "$work/part."
# The engine's batch takes well under a second and Racket's search minutes, so a slow phase
# of this shared machine can catch one and not the other. To let both meet the same phases,
# the engine's batch is timed twice before each part of Racket's search and twice after the
# last, and its time is the mean of those runs, as Racket's is the sum of its parts.
engine() {
  for run in 1 2; do
    start=$(date +%s.%N)
    target/release/examples/analyze < "$work/perft.txt" > "$work/perft.out"
    end=$(date +%s.%N)
    echo "$end - $start" | bc >> "$work/engine.times"
  done
}
# One untimed run first, so that no timed run reads the binary from disk.
target/release/examples/analyze < "$work/perft.txt" > /dev/null
for part in "$work"/part.*; do
  # (Fewer positions than parts leave some parts empty.)
  [ -s "$part" ] || continue
  engine
  racket benches/peers/racket_search.rkt "$repeats" < "$part" >> "$work/racket.lines"
done
engine
rolls=$((n * 21 * repeats))
outcomes=$(awk -v r="$repeats" '{ s += $2 } END { print s / r }' "$work/perft.out")
# The engine's runs, sorted: their count, mean and median in µs per roll.
read -r k mean median < <(sort -n "$work/engine.times" | awk -v rolls="$rolls" '{ t[NR] = $1; s += $1 }
  END { m = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
        printf "%d %.6f %.3f\n", NR, 1e6 * s / NR / rolls, 1e6 * m / rolls }')
# Each part prints "racket: SEARCHES searches x REPEATS, CANDIDATES candidates, US us per search".
read -r searches candidates racket ran < <(awk '{ s += $2; c += $6; us += $2 * $8 }
  END { printf "%d %d %.1f %d\n", s, c, us / s, NR }' "$work/racket.lines")
echo "engine: $n positions x 21 rolls x $repeats, $outcomes outcomes, $(printf %.3f "$mean") us per roll (analyze, perft 1, mean of $k runs between parts of the search below; median $median)"
echo "racket: $searches searches x $repeats, $candidates candidates, $racket us per search (in $ran parts)"
awk -v e="$mean" -v r="$racket" 'BEGIN { printf "ratio: %.0f times\n", r / e }'
rm -r "$work"
