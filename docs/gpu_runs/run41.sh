# Bitonic: each tile's span worked out once per tile, not per element (run 40 lost a quarter of
# the tile passes' speed to it). 2^24 keys with and without tile-groups, pairs with and without
# wide tiles; 2^28 keys.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
B="$S bench --algo bitonic --reps 5 --steps"
{
for s in "tile-groups=1024" "tile-groups=per-tile"; do
  echo "== keys --set $s"; $B --sizes 2^24 --set $s
done
for s in "wide-steps=7" "wide-steps=0"; do
  echo "== pairs --set $s"; $B --sizes 2^24 --pairs --set $s
done
echo "== 2^28 keys, defaults"; $B --sizes 2^28
} > $OUT/bench.txt 2>&1
grep -v "^algorithm" $OUT/bench.txt | grep -v "copy of the same"
