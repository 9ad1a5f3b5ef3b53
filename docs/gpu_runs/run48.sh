# Issue 13: tiles of 8192 keys for the sort and finish passes (one fewer wide step in every
# merge, one fewer merge to finish) with wide tiles kept at 4096; 8 and 16 items per invocation;
# keys at 2^24 and 2^28, pairs (half the tile) at 2^24.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
K="$S bench --reps 10 --steps --algo bitonic --sizes 2^24,2^28"
{
for s in "tile-size=8192 --set wide-tile-size=4096" "tile-size=8192 --set workgroup-size=512 --set wide-tile-size=4096" \
         "tile-size=8192 --set wide-tile-size=4096 --set wide-groups=264 --set wide-workgroup-size=1024"; do
  echo "== keys --set $s"; $K ${s:+--set $s}
done
for s in "tile-size=8192 --set wide-tile-size=4096"; do
  echo "== pairs --set $s"; $S bench --reps 10 --steps --algo bitonic --sizes 2^24 --pairs --set $s
done
} > $OUT/bench.txt 2>&1
grep -E "^==|^bitonic|steps \(" $OUT/bench.txt
