# Radix after run 53 (issue 12): the chained scan without per-sort buffer clears (the first
# pass's kernels zero the status words and tickets), counts published before the ranking's
# scans, the packed teaching flag scans and one-dispatch teaching counter scans. Both test
# binaries; then, on a build whose radix kernels took extra defines from SS_EXP (a temporary
# hook, not committed): the chained downsweep taking its partition from the workgroup id
# instead of a ticket (NO_TICKETS=1), partition shapes of the chained scan, chained at 2^28,
# and the small sizes.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
$S info > $OUT/info.txt 2>&1
. docs/gpu_runs/tests.sh
B="$S bench --algo radix --steps"
{
echo "== chained, tickets (as landed) then NO_TICKETS=1, keys"
$B --reps 10 --set scan=chained --sizes 2^20,2^22,2^24,2^26
SS_EXP=NO_TICKETS=1 $B --reps 10 --set scan=chained --sizes 2^20,2^22,2^24,2^26
echo "== chained partition shapes at 2^24 (workgroup-size x keys-per-thread)"
for wk in 256:8 256:12 256:20 256:24 512:8 512:12 128:16; do
  echo "-- $wk"; $B --reps 10 --set scan=chained --set workgroup-size=${wk%:*} --set keys-per-thread=${wk#*:} --sizes 2^24 | grep -v "^algorithm"
done
echo "== portable at 2^20-2^26 keys, chained and portable pairs"
$B --reps 10 --set scan=portable --sizes 2^20,2^22,2^24,2^26
$B --reps 10 --pairs --set scan=chained --sizes 2^20,2^22,2^24,2^26
$B --reps 10 --pairs --set scan=portable --sizes 2^20,2^22,2^24,2^26
echo "== chained at 2^28, keys and pairs"
$B --reps 10 --set scan=chained --sizes 2^28
$B --reps 10 --pairs --set scan=chained --sizes 2^28
echo "== small sizes: default (fast) and teaching"
$B --reps 20 --sizes 27648,2^16,2^18
$B --reps 20 --teaching --sizes 27648
} > $OUT/bench.txt 2>&1
for f in $OUT/shadersort_*_tests.txt; do grep -E "FAILED|PASSED|rc=" $f | tail -8; done
grep -v "^algorithm" $OUT/bench.txt | grep -v "copy of the same"
