#!/usr/bin/env bash
# Instruction counts (callgrind) of the fixed workloads of docs/performance.md, printed in the
# order of its table. Needs valgrind. Not part of the published crate. Usage: benches/counts.sh
# With BIN=DIR it counts the `suite` and `analyze` already built in DIR (as benches/pgo.sh
# does) instead of building them in target/release/examples.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-target/release/examples}
if [ -z "${BIN:-}" ]; then
  cargo build -q --release --example suite --example analyze
fi
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' \
    | awk '{printf "%.2f M\n", $1 / 1e6}'
}
work=$(mktemp -d)
head -400 benches/peers/perft-4032.txt > "$work/p400.txt"
# `outcomes` commands for the first 2000 of the 4032 positions, the 21 rolls in turn.
awk -v count=2000 -f benches/outcomes.awk benches/peers/perft-4032.txt > "$work/o2000.txt"
echo "suite:                  $(count "$bin/suite")"
echo "suite --games:          $(count "$bin/suite" --games)"
echo "suite --games --positions: $(count "$bin/suite" --games --positions)"
echo "analyze, 400 positions: $(count "$bin/analyze" < "$work/p400.txt")"
echo "analyze, 4032 positions: $(count "$bin/analyze" < benches/peers/perft-4032.txt)"
echo "analyze, 2000 outcomes commands: $(count "$bin/analyze" < "$work/o2000.txt")"
echo "  the same rolls searched alone (outcomes_into): $(count --toggle-collect='suite::find_outcomes' \
  "$bin/suite" --commands "$work/o2000.txt")"
echo "40 random games by Game::play with RandomBots: $(count --toggle-collect='suite::play_game' \
  "$bin/suite" --random-games --once)"
echo "40 random games by random_outcome (the calls): $(count --toggle-collect='suite::draw_outcome' \
  "$bin/suite" --random-games --once)"
rm -r "$work"
