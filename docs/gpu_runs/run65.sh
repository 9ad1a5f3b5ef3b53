# The code of run 64: both test binaries on the H100 (docs/gpu_runs/tests.sh), then bitonic pairs
# with fused-steps=5 at 2^24 and 2^28 beside the defaults (run 60 measured 2^22-2^26), for issue 13.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
. docs/gpu_runs/tests.sh
{
for f in "" "--set fused-steps=5"; do
  echo "== bitonic pairs $f"; $S bench --algo bitonic --reps 10 --steps --pairs --sizes 2^24,2^28 $f | grep -v "^algorithm"
done
} > $OUT/bench.txt 2>&1
for f in $OUT/shadersort_*_tests.txt; do grep -E "FAILED|PASSED|rc=" $f | tail -8; done
cat $OUT/bench.txt
