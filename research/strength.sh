#!/usr/bin/env bash
# The arena runs behind docs/strength.md. Each writes its JSON to research/strength/NAME.json.
# Usage: research/strength.sh [NAME ...]   (no NAME: all of them, one after another)
# The research bots (research.probes:FACTORY) are imported from this checkout: the editable install
# of the README puts its root on the import path (research/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
klabber=${KLABBER:-.venv/bin/klabber}
out=research/strength
mkdir -p "$out"
declare -A runs=(
  [normal-greedy-klaberjass]="mc:normal greedy --rules klaberjass --deals 2000 --seed 1 --jobs 2"
  [normal-greedy-clobber]="mc:normal greedy --rules clobber --deals 300 --seed 1 --jobs 2"
  [normal-greedy-klaberass]="mc:normal greedy --rules klaberass --deals 300 --seed 1 --jobs 2"
  [normal-greedy-kalabriasz]="mc:normal greedy --rules kalabriasz --deals 300 --seed 1 --jobs 2"
  [greedy-random-klaberjass]="greedy random --rules klaberjass --deals 2000 --seed 1 --jobs 2"
  [oracle-greedy-klaberjass-300]="oracle greedy --rules klaberjass --deals 300 --seed 1 --jobs 2"
  [normal-greedy-klaberjass-300]="mc:normal greedy --rules klaberjass --deals 300 --seed 1 --jobs 2"
  # issue 10's share target, measured exactly as the issue defines it (500 boards, seed 1)
  [share-normal-greedy-500]="mc:normal greedy --rules klaberjass --deals 500 --seed 1 --jobs 2"
  [share-oracle-greedy-500]="oracle greedy --rules klaberjass --deals 500 --seed 1 --jobs 2"
  # issue 10's split of the gap, all on the same 300 boards (research bots of research/probes.py)
  [split-true-bids-greedy]="research.probes:true_bids greedy --rules klaberjass --deals 300 --seed 1 --jobs 2"
  [split-true-world-greedy]="research.probes:true_world greedy --rules klaberjass --deals 300 --seed 1 --jobs 2"
  [split-solve-worlds-greedy]="research.probes:solve_worlds greedy --rules klaberjass --deals 300 --seed 1 --jobs 2"
  [split-normal-greedy]="mc:normal greedy --rules klaberjass --deals 300 --seed 1 --jobs 2"
  [split-no-stock-greedy]="research.probes:no_stock greedy --rules klaberjass --deals 300 --seed 1 --jobs 2"
  [split-oracle-greedy]="oracle greedy --rules klaberjass --deals 300 --seed 1 --jobs 2"
  # inference (research bots), and the ladder of levels, each step on two seeds
  [infer-normal-klaberjass-500]="research.probes:infer_play mc:normal --rules klaberjass --deals 500 --seed 1 --jobs 2"
  [infer-greedy-klaberjass-300]="research.probes:infer_play greedy --rules klaberjass --deals 300 --seed 1 --jobs 2"
  [infer-bids-normal-500]="research.probes:infer_bids mc:normal --rules klaberjass --deals 500 --seed 1 --jobs 2"
  [infer-bids-greedy-300]="research.probes:infer_bids greedy --rules klaberjass --deals 300 --seed 1 --jobs 2"
  [ladder-easy-beginner-s1]="mc:easy beginner --rules klaberjass --deals 300 --seed 1 --jobs 1"
  [ladder-easy-beginner-s2]="mc:easy beginner --rules klaberjass --deals 300 --seed 2 --jobs 1"
  [ladder-normal-easy-s1]="mc:normal mc:easy --rules klaberjass --deals 300 --seed 1 --jobs 2"
  [ladder-normal-easy-s2]="mc:normal mc:easy --rules klaberjass --deals 300 --seed 2 --jobs 2"
  [ladder-hard-normal-s1]="mc:hard mc:normal --rules klaberjass --deals 500 --seed 1 --jobs 2"
  [ladder-hard-normal-s2]="mc:hard mc:normal --rules klaberjass --deals 500 --seed 2 --jobs 2"
  [solve-bids-greedy-300]="research.probes:solve_bids greedy --rules klaberjass --deals 300 --seed 1 --jobs 2"
  [calibrated-bids-greedy-300]="research.probes:calibrated_bids greedy --rules klaberjass --deals 300 --seed 1 --jobs 2"
  [calibrated-bids-normal-500]="research.probes:calibrated_bids mc:normal --rules klaberjass --deals 500 --seed 1 --jobs 2"
  [hard-greedy-klaberjass-300]="mc:hard greedy --rules klaberjass --deals 300 --seed 1 --jobs 2"
  # kalabriasz, where the refuser names the suit (rules.md §4.3) and hard has its own bidder
  [ladder-hard-normal-kalabriasz-s1]="mc:hard mc:normal --rules kalabriasz --deals 500 --seed 1 --jobs 2"
  [ladder-hard-normal-kalabriasz-s2]="mc:hard mc:normal --rules kalabriasz --deals 500 --seed 2 --jobs 2"
  [ladder-hard-normal-clobber-s1]="mc:hard mc:normal --rules clobber --deals 500 --seed 1 --jobs 2"
  [ladder-hard-normal-klaberass-s1]="mc:hard mc:normal --rules klaberass --deals 500 --seed 1 --jobs 2"
  [ladder-hard-normal-clobber-s2]="mc:hard mc:normal --rules clobber --deals 500 --seed 2 --jobs 2"
  [ladder-hard-normal-klaberass-s2]="mc:hard mc:normal --rules klaberass --deals 500 --seed 2 --jobs 2"
)
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(greedy-random-klaberjass normal-greedy-klaberjass-300 oracle-greedy-klaberjass-300
  share-normal-greedy-500 share-oracle-greedy-500
  normal-greedy-clobber normal-greedy-klaberass normal-greedy-kalabriasz normal-greedy-klaberjass
  split-true-bids-greedy split-true-world-greedy split-solve-worlds-greedy split-normal-greedy split-no-stock-greedy split-oracle-greedy
  infer-normal-klaberjass-500 infer-greedy-klaberjass-300 infer-bids-normal-500 infer-bids-greedy-300
  ladder-easy-beginner-s1 ladder-easy-beginner-s2 ladder-normal-easy-s1 ladder-normal-easy-s2
  ladder-hard-normal-s1 ladder-hard-normal-s2 hard-greedy-klaberjass-300
  solve-bids-greedy-300 calibrated-bids-greedy-300 calibrated-bids-normal-500
  ladder-hard-normal-kalabriasz-s1 ladder-hard-normal-kalabriasz-s2
  ladder-hard-normal-clobber-s1 ladder-hard-normal-klaberass-s1
  ladder-hard-normal-clobber-s2 ladder-hard-normal-klaberass-s2)
for name in "${names[@]}"; do
  echo "klabber arena ${runs[$name]} --json  > $out/$name.json"
  # shellcheck disable=SC2086
  $klabber arena ${runs[$name]} --json > "$out/$name.json.tmp" && mv "$out/$name.json.tmp" "$out/$name.json"
done
