# Issue 13: the new defaults (keys: wide-steps auto = 8, runs of 64 bytes; pairs: half the tile
# with half the items) at 2^24 and 2^28, beside combinations: wide tiles fetching the next one,
# 4 items per invocation in the tile passes; pairs with a smaller tile or more tile groups.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
K="$S bench --reps 10 --steps --algo bitonic --sizes 2^24,2^28"
{
$S info | grep -A2 "^settings\|bitonic   *fused" | head -5
for s in "" "wide-groups=264 --set wide-workgroup-size=1024" "wide-groups=1024" "workgroup-size=1024" \
         "wide-steps=9 --set wide-groups=1024"; do
  echo "== keys --set $s"; $K ${s:+--set $s}
done
for s in "" "tile-size=2048 --set workgroup-size=256" "tile-groups=2048"; do
  echo "== pairs --set $s"; $K --pairs ${s:+--set $s}
done
} > $OUT/bench.txt 2>&1
grep -E "^==|^bitonic|steps \(" $OUT/bench.txt
