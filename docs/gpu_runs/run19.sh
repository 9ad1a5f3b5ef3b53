# radix after: digit starts folded into the column scan, one scan per column (no chunk carry),
# ranking through atomic + shuffle on KHR subgroups, vote counters in turn in the chained scan.
# Whole test binary, pass-by-pass test, per-step times of the defaults and of variants, CUB.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
export SHADERSORT_BINARY=$PWD/.gpu/shadersort SHADERSORT_GOLDEN_DIR=$PWD/tests/golden
timeout 200 .gpu/shadersort_tests --gtest_filter='Radix.Production*' > $OUT/diag.txt 2>&1; echo "diag rc=$?" >> $OUT/diag.txt
timeout 300 .gpu/shadersort_tests --gtest_filter='-Viewer*:Bench.PlotWritesAReadablePng:*NoOpenGl43:Radix.Production*' > $OUT/tests.txt 2>&1; echo "tests rc=$?" >> $OUT/tests.txt
{
$S bench --algo radix --steps --sizes 2^20,2^24,2^26,2^28 --reps 5
for set in "ballot=2" "ballot=1" "keys-per-thread=8" "keys-per-thread=24" "workgroup-size=512" "workgroup-size=128" "scan=2"; do
  echo "== $set"; $S bench --algo radix --steps --set $set --sizes 2^24 --reps 5 | tail -n +2
done
} > $OUT/steps.txt 2>&1
# CUB here was the retired Python reference (CuPy cp.sort; argsort + gather for pairs), which
# understated CUB (docs/BENCHMARKS.md says by how much); its script is gone, so this run cannot
# be repeated as it was. Ratios now come from ../shared/gpu/cub_sort_bench.cu (run 24 on).
grep -v "^\[ \|RUN\|OK" $OUT/diag.txt | tail -8; grep -E "FAILED|PASSED|rc=" $OUT/tests.txt | tail -12; cat $OUT/steps.txt; tail -6 $OUT/cub.txt
