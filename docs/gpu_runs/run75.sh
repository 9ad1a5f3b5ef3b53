# Issue 12, after run 74: the downsweep keeps one shared array per digit where it kept two (its
# digit starts become "output index minus position" in place), 1 KiB less per workgroup, so that
# 512 x 11 partitions (47,248 bytes for two workgroups) might fit the 48 KiB per multiprocessor
# runs 70-71 found. Both test binaries on this code; radix at its defaults from 2^20 to 2^28 and
# the small sizes; then 512 x 11 against 512 x 10 in alternating rounds, with the occupancy probe
# of runs 70-71 (an experiment build, .gpu/shadersort_exp, SS_EXP=EXP_OCCUPANCY=1; not committed).
# Read afterwards: the occupancy lines set only keys-per-thread, so their workgroups were 256 wide
# (auto), not 512 as labelled; run 76 repeated the probe with both settings.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
. docs/gpu_runs/tests.sh
{
echo "== defaults"
$S bench --algo radix --reps 10 --sizes 2^20,2^22,2^24,2^26,2^28
$S bench --algo radix --reps 10 --sizes 2^20,2^24,2^28 --pairs
$S bench --algo radix --reps 20 --sizes 27648,2^16
for k in 10 11; do
  echo "== occupancy 512 x $k"
  SS_EXP=EXP_OCCUPANCY=1 .gpu/shadersort_exp bench --algo radix --reps 1 --sizes 2^24 --set keys-per-thread=$k 2>&1 | grep OCCUPANCY
done
for round in 1 2; do
  for k in 10 11; do
    echo "== round $round 512 x $k"
    $S bench --algo radix --reps 10 --sizes 2^22,2^24,2^26 --set workgroup-size=512 --set keys-per-thread=$k | grep -v ^algorithm
    $S bench --algo radix --reps 10 --sizes 2^24 --pairs --set workgroup-size=512 --set keys-per-thread=$k | grep -v ^algorithm
  done
done
} > $OUT/bench.txt 2>&1
for f in $OUT/shadersort_*_tests.txt; do grep -E "FAILED|PASSED|rc=" $f | tail -4; done
cat $OUT/bench.txt
