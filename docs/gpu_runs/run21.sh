# The figures for the closing note: radix (portable and chained scan, keys and pairs, teaching
# path at the article's 27,648 keys) and CUB in the same command, after the radix tests.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
export SHADERSORT_BINARY=$PWD/.gpu/shadersort SHADERSORT_GOLDEN_DIR=$PWD/tests/golden
timeout 200 .gpu/shadersort_tests --gtest_filter='Radix*' > $OUT/tests.txt 2>&1; echo "radix tests rc=$?" >> $OUT/tests.txt
$S info > $OUT/info.txt
{
$S bench --algo radix --steps --sizes 2^20,2^22,2^24,2^26,2^28 --reps 10 --csv $OUT/portable_keys.csv
$S bench --algo radix --steps --pairs --sizes 2^24,2^28 --reps 10 --csv $OUT/portable_pairs.csv
$S bench --algo radix --steps --set scan=2 --sizes 2^20,2^24,2^26,2^28 --reps 10 --csv $OUT/chained_keys.csv
$S bench --algo radix --steps --set scan=2 --pairs --sizes 2^24,2^28 --reps 10 --csv $OUT/chained_pairs.csv
$S bench --algo radix --teaching --sizes 27648 --reps 20 --csv $OUT/teaching.csv
} > $OUT/bench.txt 2>&1
# CUB here was the retired Python reference (CuPy cp.sort; argsort + gather for pairs), which
# understated CUB (docs/BENCHMARKS.md says by how much); its script is gone, so this run cannot
# be repeated as it was. Ratios now come from ../shared/gpu/cub_sort_bench.cu (run 24 on).
grep -E "FAILED|PASSED|rc=" $OUT/tests.txt | tail -6; cat $OUT/bench.txt; tail -6 $OUT/cub.txt
