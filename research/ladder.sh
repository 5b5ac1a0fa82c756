#!/bin/sh
# Every collection behind docs/coach.md's "The bidding ladder" (issue 31, item 4), one process at a
# time on one niced core: fit on seeds 1 and 2 (20 matches each), check on seed 3 (20 matches).
# Run from the root of a checkout with klabber installed (research/README.md); then
#   .venv/bin/python research/ladder.py summarise research/ladder/decisions-*-fit.jsonl \
#       --check research/ladder/decisions-*-check.jsonl --out research/ladder/summary.json
set -e
PY=${PY:-.venv/bin/python}
PRESETS=${PRESETS:-"clobber klaberjass klaberass kalabriasz"}
LEVELS=${LEVELS:-"beginner easy normal greedy hard"}
PART=${1:-all}
if [ "$PART" = fit ] || [ "$PART" = all ]; then
  for preset in $PRESETS; do for level in $LEVELS; do
    nice -n 15 "$PY" research/ladder.py collect --preset "$preset" --level "$level" --seed 1 2 --matches 20 \
      --out "research/ladder/decisions-$preset-fit.jsonl"
  done; done
fi
if [ "$PART" = check ] || [ "$PART" = all ]; then
  for preset in $PRESETS; do for level in $LEVELS; do
    nice -n 15 "$PY" research/ladder.py collect --preset "$preset" --level "$level" --seed 3 --matches 20 \
      --out "research/ladder/decisions-$preset-check.jsonl"
  done; done
fi
