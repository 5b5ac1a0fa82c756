#!/bin/sh
# Every collection behind docs/coach.md's "The bidding ladder" (issue 31, item 4), one process at a
# time on one niced core. Fit: seeds 1 and 2, 20 matches each, every level of every preset. Check,
# on a seed not used to fit: seed 3, 20 matches for the ladder's levels and 8 for hard (the judge's
# noise, the dearest to play: its own card play is the slowest). Run from the root of a checkout
# with klabber installed (research/README.md):
#   research/ladder.sh fit; research/ladder.sh check
#   .venv/bin/python research/ladder.py summarise research/ladder/decisions-*-fit.jsonl \
#       --check research/ladder/decisions-*-check.jsonl --out research/ladder/summary.json
#   .venv/bin/python research/ladder.py constants research/ladder/summary.json   # ai.ladder.FIGURES
# PRESETS and LEVELS narrow a run (the first run was cut between cells and resumed that way).
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
    matches=20
    [ "$level" = hard ] && matches=8
    nice -n 15 "$PY" research/ladder.py collect --preset "$preset" --level "$level" --seed 3 --matches "$matches" \
      --out "research/ladder/decisions-$preset-check.jsonl"
  done; done
fi
