#!/usr/bin/env bash
# Prints a `view --mouse` script: three frames of nothing, a press, then a stroke that moves 4
# window pixels a frame back and forth over the picture (and a little up and down) for 297 frames.
#   shadersort view IMAGE ... --offscreen --frames 301 --keys e,i,i --mouse "$(bash docs/bench/brush_mouse.sh)"
set -euo pipefail
script="wait,wait,wait,press@500:400"
x=500 step=4
for i in $(seq 297); do
  x=$((x + step))
  if [ "$x" -ge 1150 ] || [ "$x" -le 480 ]; then step=$((-step)); fi
  script+=",move@$x:$((380 + i % 40))"
done
echo "$script"
