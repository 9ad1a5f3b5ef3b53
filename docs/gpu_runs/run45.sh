# Issue 13 experiments: wide tiles of their own size and workgroup (wide-tile-size,
# wide-workgroup-size): 16 items per invocation (2 phases for 7 steps), 8192-position tiles
# (8 steps per pass, or 7 in runs of 256 bytes), 6 steps in runs of 256 bytes; keys at 2^24 and
# 2^28. Pairs at 2^24 over settings of the tile passes (prefetch, tile size, items).
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
K="$S bench --reps 10 --steps --algo bitonic --sizes 2^24,2^28"
P="$S bench --reps 10 --steps --algo bitonic --pairs --sizes 2^24"
{
for s in "" "wide-workgroup-size=256" "wide-tile-size=8192" "wide-tile-size=8192 --set wide-workgroup-size=512" \
         "wide-tile-size=8192 --set wide-workgroup-size=512 --set wide-steps=7" "wide-steps=6"; do
  echo "== keys --set $s"; $K ${s:+--set $s}
done
for s in "" "tile-groups=per-tile" "tile-size=2048" "workgroup-size=256" "workgroup-size=1024" \
         "wide-steps=7 --set wide-workgroup-size=256" "wide-steps=6 --set wide-workgroup-size=256"; do
  echo "== pairs --set $s"; $P ${s:+--set $s}
done
} > $OUT/bench.txt 2>&1
grep -E "^==|^bitonic|steps \(" $OUT/bench.txt
