#!/bin/sh
# Every collection behind docs/coach.md's "The bidding ladder" (issue 31, item 4), one process at a
# time on one niced core, run from the root of a checkout with klabber installed (research/README.md).
#
# The sizes were cut while it ran: the other engineers' jobs took the machine's load from 2 to 13
# and a decision from 0.25 s to 0.9 s (normal). As run:
#   clobber, klaberjass: every ladder level on seeds 1 and 2, 20 matches each (the "full" part);
#     hard 20 + 20 in clobber, 4 + 4 in klaberjass;
#   klaberass, kalabriasz: seeds 1 and 2, 10 matches each, hard 2 + 2 (the "small" part);
#   the check, on seed 3 (never used to fit): 8 matches of beginner, easy and normal in every preset,
#   then greedy's while the hour lasted (the "check" part), no hard.
# Then:
#   .venv/bin/python research/ladder.py summarise research/ladder/decisions-*-fit.jsonl \
#       --check research/ladder/decisions-*-check.jsonl --out research/ladder/summary.json
#   .venv/bin/python research/ladder.py constants research/ladder/summary.json   # ai.ladder.FIGURES
set -e
PY=${PY:-.venv/bin/python}
run() {  # preset level seeds matches part
  nice -n 15 "$PY" research/ladder.py collect --preset "$1" --level "$2" --seed $3 --matches "$4" \
    --out "research/ladder/decisions-$1-$5.jsonl"
}
PART=${1:-all}
if [ "$PART" = full ] || [ "$PART" = all ]; then
  for preset in ${PRESETS:-clobber klaberjass}; do
    for level in ${LEVELS:-beginner easy normal greedy}; do run "$preset" "$level" "1 2" 20 fit; done
  done
  for preset in ${PRESETS:-clobber klaberjass}; do
    if [ "$preset" = clobber ]; then run clobber hard "1 2" 20 fit; else run "$preset" hard "1 2" 4 fit; fi
  done
fi
if [ "$PART" = small ] || [ "$PART" = all ]; then
  for preset in ${PRESETS:-klaberass kalabriasz}; do
    for level in ${LEVELS:-beginner easy normal greedy}; do run "$preset" "$level" "1 2" 10 fit; done
    run "$preset" hard "1 2" 2 fit
  done
fi
if [ "$PART" = check ] || [ "$PART" = all ]; then
  for level in ${LEVELS:-beginner easy normal greedy}; do
    for preset in ${PRESETS:-clobber klaberjass klaberass kalabriasz}; do run "$preset" "$level" 3 8 check; done
  done
fi
