# Issue 13: around run 49's best (wide-groups=396: three workgroups per multiprocessor, all
# resident, each fetching its next tile): run again; with 7 and 9 wide steps; finish passes at
# four workgroups per multiprocessor (tile-groups=528). Keys at 2^24 and 2^28.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
K="$S bench --reps 10 --steps --algo bitonic --sizes 2^24,2^28"
{
for s in "wide-groups=396" "wide-groups=396 --set wide-steps=9" "wide-groups=396 --set wide-steps=7" \
         "wide-groups=396 --set tile-groups=528" "tile-groups=528"; do
  echo "== keys --set $s"; $K ${s:+--set $s}
done
} > $OUT/bench.txt 2>&1
grep -E "^==|^bitonic|steps \(" $OUT/bench.txt
