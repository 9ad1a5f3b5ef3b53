# radix with one prefix sum over the whole counter matrix (no histogram pass on the portable
# path) and KHR ballots by default: tests, pass-by-pass test, per-step times, pairs, a tune at
# 2^24, CUB in the same command.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
export SHADERSORT_BINARY=$PWD/.gpu/shadersort SHADERSORT_GOLDEN_DIR=$PWD/tests/golden
timeout 200 .gpu/shadersort_tests --gtest_filter='Radix.Production*' > $OUT/diag.txt 2>&1; echo "diag rc=$?" >> $OUT/diag.txt
timeout 300 .gpu/shadersort_tests --gtest_filter='-Viewer*:Bench.PlotWritesAReadablePng:*NoOpenGl43:Radix.Production*' > $OUT/tests.txt 2>&1; echo "tests rc=$?" >> $OUT/tests.txt
{
$S bench --algo radix --steps --sizes 2^20,2^24,2^26,2^28 --reps 5 --csv $OUT/keys.csv
$S bench --algo radix --steps --pairs --sizes 2^24,2^28 --reps 5 --csv $OUT/pairs.csv
$S bench --algo radix --steps --set scan=2 --sizes 2^24,2^28 --reps 5 --csv $OUT/chained.csv
} > $OUT/steps.txt 2>&1
# CUB here was the retired Python reference (CuPy cp.sort; argsort + gather for pairs), which
# understated CUB (docs/BENCHMARKS.md says by how much); its script is gone, so this run cannot
# be repeated as it was. Ratios now come from ../shared/gpu/cub_sort_bench.cu (run 24 on).
timeout 200 $S tune --algo radix --size 2^24 --reps 5 > $OUT/tune.txt 2>&1
grep -v "^\[ \|RUN\|OK" $OUT/diag.txt | tail -5; grep -E "FAILED|PASSED|rc=" $OUT/tests.txt | tail -8; cat $OUT/steps.txt; tail -6 $OUT/cub.txt; tail -30 $OUT/tune.txt
