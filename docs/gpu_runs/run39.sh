# Bitonic: wide merge steps in strided shared-memory tiles (wide.comp, up to 7 steps per pass
# over the data where registers take 4). 2^24 keys and pairs over wide-steps and fused-steps;
# 2^28 keys and pairs at the defaults, keys with wide-steps=0 (registers only).
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
B="$S bench --algo bitonic --reps 5 --steps"
{
for s in "wide-steps=7" "wide-steps=0" "wide-steps=6" "wide-steps=5" "wide-steps=7 --set fused-steps=2" "wide-steps=7 --set fused-steps=3"; do
  echo "== keys --set $s"; $B --sizes 2^24 --set $s
  echo "== pairs --set $s"; $B --sizes 2^24 --pairs --set $s
done
echo "== 2^28 keys, pairs, defaults"; $B --sizes 2^28; $B --sizes 2^28 --pairs
} > $OUT/bench.txt 2>&1
grep -v "^algorithm" $OUT/bench.txt | grep -v "copy of the same"
