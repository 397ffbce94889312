#!/usr/bin/env bash
# Seeds the corpora of `analyze` and `parse` (fuzz/corpus/TARGET, where `cargo fuzz run`
# looks) with the worked examples of tests/data/outcomes.txt, so that a run starts from valid
# commands, positions and plays instead of finding the notation by chance (docs/fuzzing.md
# compares seeded and unseeded runs).
# Usage: fuzz/seed-corpus.sh (files already there are kept; the names are fixed, so running
# it again rewrites the same files).
set -euo pipefail
cd "$(dirname "$0")"
examples=../tests/data/outcomes.txt
mkdir -p corpus/analyze corpus/parse
# `analyze`: each command with the `rules` line in force before it, one input a command.
awk '/^> rules / { rules = substr($0, 3); next }
     /^> / { n++; file = sprintf("corpus/analyze/example-%03d", n)
             print rules > file; print substr($0, 3) > file; close(file) }' "$examples"
# `parse`: each position and each play of the answers, one input each.
grep ' ; ' "$examples" | awk -F ' ; ' '{
    n++
    position = sprintf("corpus/parse/position-%03d", n); printf "%s", $1 > position; close(position)
    play = sprintf("corpus/parse/play-%03d", n); printf "%s", $2 > play; close(play) }'
echo "corpus/analyze: $(ls corpus/analyze | wc -l) inputs; corpus/parse: $(ls corpus/parse | wc -l) inputs"
