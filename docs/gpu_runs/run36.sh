# Bitonic's tile passes with workgroups that each take several tiles and fetch the next while
# sorting one (tile-groups), default tile 4096 x 8 items: 2^24 keys and pairs over tile-groups,
# then 2^28 keys and pairs at the defaults.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
B="$S bench --algo bitonic --reps 5 --steps"
{
for s in "tile-groups=per-tile" "tile-groups=528" "tile-groups=1024" "tile-groups=2048" "tile-groups=1024 --set workgroup-size=256"; do
  echo "== keys --set $s"; $B --sizes 2^24 --set $s
  echo "== pairs --set $s"; $B --sizes 2^24 --pairs --set $s
done
echo "== keys and pairs, defaults"; $B --sizes 2^28; $B --sizes 2^28 --pairs
} > $OUT/bench.txt 2>&1
grep -v "^algorithm" $OUT/bench.txt | grep -v "copy of the same"
