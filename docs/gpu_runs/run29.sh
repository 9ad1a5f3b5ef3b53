# After merging the layered build and the compute plumbing: both test binaries on the H100, and
# radix with HAS_VALUES as a define (key sorts hold no destinations in registers) against run 28,
# with the 512 x 8 partition shape beside the default.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
. docs/gpu_runs/tests.sh
B="$S bench --algo radix --reps 10"
{
$B --steps --sizes 2^24,2^26
$B --steps --pairs --sizes 2^24,2^26
for wk in 512:8 256:12; do
  $B --set workgroup-size=${wk%:*} --set keys-per-thread=${wk#*:} --sizes 2^24,2^26 | tail -2 | sed "s/^/keys $wk /"
  $B --pairs --set workgroup-size=${wk%:*} --set keys-per-thread=${wk#*:} --sizes 2^24,2^26 | tail -2 | sed "s/^/pairs $wk /"
done
} > $OUT/bench.txt 2>&1
for f in $OUT/shadersort_*_tests.txt; do grep -E "FAILED|PASSED|rc=" $f | tail -8; done; cat $OUT/bench.txt
