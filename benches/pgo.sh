#!/usr/bin/env bash
# Profile-guided optimisation of the crate's own release binaries, measured
# (docs/performance.md, "Build settings"). Builds `suite` and `analyze` instrumented, runs
# them on training workloads that are not the measured ones (other games, other positions),
# builds them again with that profile into target/pgo, and prints the instruction counts of
# benches/counts.sh for the usual build and for the profiled one. Needs valgrind and the
# compiler's own llvm-profdata (`rustup component add llvm-tools`). Not part of the published
# crate or of CI. Usage: benches/pgo.sh
set -euo pipefail
cd "$(dirname "$0")/.."
profdata=$(find "$(rustc --print sysroot)/lib/rustlib" -name llvm-profdata -type f | head -n 1)
if [ -z "$profdata" ]; then
  echo "llvm-profdata not found: rustup component add llvm-tools" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -r "$work"' EXIT
RUSTFLAGS="-Cprofile-generate=$work/raw" CARGO_TARGET_DIR=target/pgo-train \
  cargo build -q --release --example suite --example analyze --example play --example positions
bin=target/pgo-train/release/examples
# Training: the positions of 30 random games (seeds 5001 to 5030, two to four seats, each
# preset in turn), perft 1 of each under its game's preset; 300 hard positions; the outcomes
# of the 21 rolls in turn for the first 600 game positions (under `seed`, as `suite
# --commands` asks them), answered and searched alone; 40 random four-player games played
# the three ways of `suite --random-games`, seeds 1000 to 1039.
presets=(seed hasbro racket)
for seed in $(seq 5001 5030); do
  players=$(( (seed % 3) + 2 ))
  preset=${presets[$(( seed % 3 ))]}
  bots=$(printf 'random%.0s,' $(seq "$players")); bots=${bots%,}
  echo "rules $preset"
  "$bin/play" --seed "$seed" --players "$players" --rules "$preset" --bots "$bots" --trace \
    | sed -n -e 's/^roll \(.*\) [1-6] [1-6] ; .*/perft \1 1/p'
done > "$work/perft.txt"
"$bin/positions" --count 300 --seed 7 | sed -e 's/^/perft /' -e 's/$/ 1/' >> "$work/perft.txt"
awk -v count=600 -f benches/outcomes.awk "$work/perft.txt" > "$work/outcomes.txt"
"$bin/analyze" < "$work/perft.txt" > /dev/null
"$bin/analyze" < "$work/outcomes.txt" > /dev/null
"$bin/suite" --commands "$work/outcomes.txt" > /dev/null
"$bin/suite" --random-games --once --first-seed 1000 > /dev/null
"$profdata" merge -o "$work/merged.profdata" "$work/raw"
RUSTFLAGS="-Cprofile-use=$work/merged.profdata" CARGO_TARGET_DIR=target/pgo \
  cargo build -q --release --example suite --example analyze
echo "the usual release build:"
benches/counts.sh
echo "with profile-guided optimisation (target/pgo/release/examples):"
BIN=target/pgo/release/examples benches/counts.sh
