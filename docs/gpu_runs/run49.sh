# Issue 13: wide tiles fetching the next one lost at 2^28 with 528 or 1024 workgroups (runs 44,
# 46, 47) and won with 264 of 1024 invocations: is it workgroups beyond what stays resident
# (a second wave)? wide-groups and tile-groups at 1, 2 and 3 workgroups per multiprocessor
# (132 on this H100); keys at 2^24 and 2^28, pairs at 2^24.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
K="$S bench --reps 10 --steps --algo bitonic --sizes 2^24,2^28"
{
for s in "wide-groups=396" "wide-groups=264" "wide-groups=132" "tile-groups=396" "tile-groups=264" \
         "wide-groups=396 --set tile-groups=396"; do
  echo "== keys --set $s"; $K ${s:+--set $s}
done
for s in "tile-groups=396" "tile-groups=264" "tile-groups=132"; do
  echo "== pairs --set $s"; $S bench --reps 10 --steps --algo bitonic --sizes 2^24 --pairs --set $s
done
} > $OUT/bench.txt 2>&1
grep -E "^==|^bitonic|steps \(" $OUT/bench.txt
