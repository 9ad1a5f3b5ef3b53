# The subgroup-arithmetic workgroup scan in radix's rank-and-scatter kernel against the tree
# before it (.gpu/shadersort-prev, the kernels of run 21): whole test binary first, then keys,
# pairs and the chained scan, CUB in the same command.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
export SHADERSORT_BINARY=$PWD/.gpu/shadersort SHADERSORT_GOLDEN_DIR=$PWD/tests/golden
timeout 200 .gpu/shadersort_tests --gtest_filter='-Viewer*:Bench.PlotWritesAReadablePng:*NoOpenGl43:ShaderVariants*' > $OUT/tests.txt 2>&1; echo "tests rc=$?" >> $OUT/tests.txt
{
echo "== new"; $S bench --algo radix --steps --sizes 2^24,2^26,2^28 --reps 10 --csv $OUT/new_keys.csv
echo "== prev"; .gpu/shadersort-prev bench --algo radix --steps --sizes 2^24,2^26,2^28 --reps 10 --csv $OUT/prev_keys.csv
echo "== new pairs"; $S bench --algo radix --steps --pairs --sizes 2^24,2^28 --reps 10 --csv $OUT/new_pairs.csv
echo "== new chained"; $S bench --algo radix --steps --set scan=2 --sizes 2^24,2^28 --reps 10 --csv $OUT/new_chained.csv
} > $OUT/bench.txt 2>&1
# CUB here was the retired Python reference (CuPy cp.sort; argsort + gather for pairs), which
# understated CUB (docs/BENCHMARKS.md says by how much); its script is gone, so this run cannot
# be repeated as it was. Ratios now come from ../shared/gpu/cub_sort_bench.cu (run 24 on).
grep -E "FAILED|PASSED|rc=" $OUT/tests.txt | tail -8; cat $OUT/bench.txt; tail -6 $OUT/cub.txt
