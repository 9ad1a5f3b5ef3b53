# Bitonic: wide-tiles passes also fetch their next tile while sorting one (tile-groups).
# 2^24 keys over tile-groups, pairs with and without wide tiles; 2^28 keys and pairs.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
B="$S bench --algo bitonic --reps 5 --steps"
{
for s in "tile-groups=1024" "tile-groups=per-tile" "tile-groups=528" "tile-groups=2048"; do
  echo "== keys --set $s"; $B --sizes 2^24 --set $s
done
for s in "wide-steps=7" "wide-steps=0"; do
  echo "== pairs --set $s"; $B --sizes 2^24 --pairs --set $s
done
echo "== 2^28 keys, defaults; pairs wide-steps=0"; $B --sizes 2^28; $B --sizes 2^28 --pairs --set wide-steps=0
} > $OUT/bench.txt 2>&1
grep -v "^algorithm" $OUT/bench.txt | grep -v "copy of the same"
