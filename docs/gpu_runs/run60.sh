# Radix look-back over several predecessors per poll (issue 12): `look-back-window` 1, 2, 4, 8 at
# 2^22-2^26, keys and pairs, with the downsweep's time per step; and, on a build whose radix
# kernels took extra defines from SS_EXP (a temporary hook, not committed), the downsweep with no
# look-back at all (EXP_NO_LOOKBACK=1: every partition takes its sequence's digit starts as its
# own, a wrong output timed only to bound what waiting on predecessors costs). Bitonic pairs with
# fused-steps=5 (38 register passes at 2^28 where 4 take 45) beside the defaults.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
B="$S bench --algo radix --reps 10 --steps --sizes 2^22,2^24,2^26"
{
for w in 1 2 4 8; do
  echo "== look-back-window=$w"; $B --set look-back-window=$w | grep -v "^algorithm"; $B --pairs --set look-back-window=$w | grep -v "^algorithm"
done
echo "== EXP_NO_LOOKBACK=1 (wrong output; time only)"; SS_EXP=EXP_NO_LOOKBACK=1 $B | grep -v "^algorithm"
echo "== look-back-window=1 again"; $B | grep -v "^algorithm"
C="$S bench --algo bitonic --reps 10 --steps --pairs --sizes 2^22,2^24,2^26"
echo "== bitonic pairs, defaults"; $C | grep -v "^algorithm"
echo "== bitonic pairs, fused-steps=5"; $C --set fused-steps=5 | grep -v "^algorithm"
} > $OUT/bench.txt 2>&1
cat $OUT/bench.txt
