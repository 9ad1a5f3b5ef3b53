# Issue 13, pairs: wide tiles for pairs again, now that wide tiles run on resident workgroups
# fetching the next tile and pairs run half the tile with half the items (runs 42 and 45 measured
# pairs' wide tiles at 513-526 GB/s one workgroup per tile): 6 and 7 wide steps, and 8 items per
# invocation; pairs at 2^24 and 2^28.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
{
for s in "wide-steps=7" "wide-steps=6" "wide-steps=7 --set wide-workgroup-size=256"; do
  echo "== pairs --set $s"; $S bench --reps 10 --steps --algo bitonic --pairs --sizes 2^24,2^28 --set $s
done
} > $OUT/bench.txt 2>&1
grep -E "^==|^bitonic|steps \(" $OUT/bench.txt
