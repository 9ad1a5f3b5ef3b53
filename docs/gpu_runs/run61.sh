# Radix downsweep, where a partition's time goes (issue 12): on a build whose chained downsweep
# took extra defines from SS_EXP (a temporary hook, not committed), EXP_PROFILE=1 makes invocation
# 0 of each workgroup read the multiprocessor's clock (GL_ARB_shader_clock) after each phase and
# add the cycles to a buffer; the bench prints cycles per partition by phase (1 ticket, 2 zeroed
# histograms, 3 ranking rows, 4 scan over subgroups, 5 early counts and the scan over digits,
# 6 look-back, 7 keys into shared memory in rank order, 8 keys out, 9 values). Timings of the
# profiled runs are not figures (a read-back after each pass). Then look-back-window 8, 16, 32.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
{
for w in 1 8; do
  for n in 2^24 2^26; do
    echo "== profile, look-back-window=$w, $n keys"; SS_EXP=EXP_PROFILE=1 $S bench --algo radix --reps 5 --sizes $n --set look-back-window=$w 2>&1 | grep -v "^algorithm"
  done
  echo "== profile, look-back-window=$w, 2^26 pairs"; SS_EXP=EXP_PROFILE=1 $S bench --algo radix --reps 5 --pairs --sizes 2^26 --set look-back-window=$w 2>&1 | grep -v "^algorithm"
done
B="$S bench --algo radix --reps 10 --sizes 2^24,2^26"
for w in 8 16 32 1; do
  echo "== look-back-window=$w"; $B --set look-back-window=$w | grep -v "^algorithm"
done
for w in 1 8 16; do
  echo "== look-back-window=$w, 2^28"; $S bench --algo radix --reps 10 --sizes 2^28 --set look-back-window=$w | grep -v "^algorithm"
done
} > $OUT/bench.txt 2>&1
cat $OUT/bench.txt
