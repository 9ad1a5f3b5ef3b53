# Radix downsweep with its keys (and values, through a second shared tile) put into shared memory
# in rank order before the look-back rather than after (EXP_EARLY_TILE=1, through the temporary
# SS_EXP hook): the registers holding keys and positions are then free during the look-back, so a
# wider look-back window may fit. Profile (as run 61) and timings against look-back-window 8.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
{
for w in 8 16; do
  echo "== profile, EXP_EARLY_TILE=1, look-back-window=$w, 2^26 keys"; SS_EXP=EXP_PROFILE=1,EXP_EARLY_TILE=1 $S bench --algo radix --reps 5 --sizes 2^26 --set look-back-window=$w 2>&1 | grep -v "^algorithm"
done
B="$S bench --algo radix --reps 10 --sizes 2^22,2^24,2^26"
echo "== look-back-window=8"; $B --set look-back-window=8 | grep -v "^algorithm"; $B --pairs --set look-back-window=8 | grep -v "^algorithm"
for w in 4 8 16 24; do
  echo "== EXP_EARLY_TILE=1, look-back-window=$w"; SS_EXP=EXP_EARLY_TILE=1 $B --set look-back-window=$w | grep -v "^algorithm"; SS_EXP=EXP_EARLY_TILE=1 $B --pairs --set look-back-window=$w | grep -v "^algorithm"
done
} > $OUT/bench.txt 2>&1
cat $OUT/bench.txt
