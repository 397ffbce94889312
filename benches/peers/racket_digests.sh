#!/usr/bin/env bash
# Writes tests/data/racket.txt: for each preset, a digest of Racket's verdict on every roll of
# some positions (racket_outcomes.rkt PRESET digest), which tests/racket_agreement.rs checks
# the engine against, so that CI holds the engine to Racket's verdicts without Racket. The
# positions: those of the tests' data (the worked examples and the perft table), every 25th
# position of 24 random games of two to four players under the preset, and the first 100 hard
# positions (examples/positions.rs) that the reference test checks under the preset. Needs
# Racket (apt-get install racket). Usage: benches/peers/racket_digests.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build -q --release --example play --example positions
out=tests/data/racket.txt
{
  echo "# Racket's verdicts, as digests: PRESET|POSITION|DIGEST. Written by"
  echo "# benches/peers/racket_digests.sh; checked by tests/racket_agreement.rs. DIGEST is the"
  echo "# 64-bit FNV-1a, in hex, of what benches/peers/racket_outcomes.rkt PRESET prints for"
  echo "# POSITION: a line per roll, \`POSITION D1 D2 | OUTCOME | OUTCOME ...\` and a newline."
} > "$out"
for preset in seed hasbro racket; do
  # The seeds of the reference test's hard positions under this preset.
  case $preset in seed) hard=100 ;; hasbro) hard=101 ;; racket) hard=102 ;; esac
  {
    grep '^> outcomes ' tests/data/outcomes.txt | sed -e 's/^> outcomes //' -e 's/ [1-6] [1-6]$//'
    grep -v '^#' tests/data/perft.txt | cut -d'|' -f2
    for seed in $(seq 1 24); do
      players=$(( (seed % 3) + 2 ))
      bots=$(printf 'random%.0s,' $(seq "$players")); bots=${bots%,}
      target/release/examples/play --seed "$seed" --players "$players" --rules "$preset" \
        --bots "$bots" --trace | grep '^roll ' | awk 'NR % 25 == 1'
    done | sed -e 's/^roll //' -e 's/ [1-6] [1-6] ; .*//'
    target/release/examples/positions --count 100 --seed "$hard"
  } | grep -v 'home,home,home,home' | awk '!seen[$0]++' |
    racket benches/peers/racket_outcomes.rkt "$preset" digest >> "$out"
done
echo "$(grep -vc '^#' "$out") digests written to $out"
