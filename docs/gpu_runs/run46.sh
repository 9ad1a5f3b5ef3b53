# Issue 13 experiments, after run 45 (16 items per invocation and 8192-position wide tiles lost):
# keys at 2^24 and 2^28 with more wide steps per pass in shorter runs (wide-steps 8: runs of 64
# bytes, 9: 32 bytes), 4 items per invocation in wide tiles, wide tiles fetching the next one
# (wide-groups 2 or 4 per multiprocessor); pairs at 2^24 with 4 items per invocation and
# tile-groups around it.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
K="$S bench --reps 10 --steps --algo bitonic --sizes 2^24,2^28"
P="$S bench --reps 10 --steps --algo bitonic --pairs --sizes 2^24"
{
for s in "" "wide-steps=8" "wide-steps=9" "wide-workgroup-size=1024" "wide-groups=528" \
         "wide-workgroup-size=1024 --set wide-groups=264" "wide-steps=8 --set wide-workgroup-size=1024"; do
  echo "== keys --set $s"; $K ${s:+--set $s}
done
for s in "workgroup-size=1024" "workgroup-size=1024 --set tile-groups=264" "workgroup-size=1024 --set tile-groups=528" \
         "workgroup-size=1024 --set tile-groups=2048" "tile-size=2048 --set workgroup-size=512"; do
  echo "== pairs --set $s"; $P ${s:+--set $s}
done
} > $OUT/bench.txt 2>&1
grep -E "^==|^bitonic|steps \(" $OUT/bench.txt
