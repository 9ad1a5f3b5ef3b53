# Final measurements on the NVIDIA GPU: tests, defaults, CUB, tune, tuned.
. .gpu/setup.sh
S=.gpu/shadersort
export SHADERSORT_BINARY=$PWD/.gpu/shadersort SHADERSORT_GOLDEN_DIR=$PWD/tests/golden
rm -rf /root/.cache/shadersort
timeout 200 .gpu/shadersort_tests --gtest_filter='-Viewer*:Bench.PlotWritesAReadablePng:*NoOpenGl43' > $OUT/tests.txt 2>&1; echo "tests rc=$?"; grep -E '^\[  (PASSED|FAILED)' $OUT/tests.txt | head -20
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; $S info; } > $OUT/info.txt 2>&1
{
echo "## defaults: odd-even fast and teaching"
$S bench --algo odd-even --sizes 2^14,2^16 --reps 5 --csv $OUT/d_oe.csv
$S bench --algo odd-even --teaching --sizes 2^14,2^16 --reps 3 --csv $OUT/d_oet.csv
$S bench --algo odd-even --sizes 2^16 --dist nearly-sorted,reversed --reps 5
echo "## defaults: keys"
$S bench --algo frag-odd-even,bitonic,radix --sizes 2^10,2^12,2^14,2^16,2^18,2^20,2^22,2^24,2^26,2^28 --reps 10 --csv $OUT/d_keys.csv
echo "## defaults: radix portable"
$S bench --algo radix --set scan=1 --sizes 2^20,2^24,2^26,2^28 --reps 10
echo "## defaults: pairs"
$S bench --algo bitonic,radix --pairs --sizes 2^24,2^28 --reps 5
$S bench --algo radix --set scan=1 --pairs --sizes 2^24,2^28 --reps 5
echo "## radix teaching, the article's 27648 keys"
$S bench --algo radix --teaching --sizes 27648 --reps 20
echo "## bitonic teaching (one dispatch per step)"
$S bench --algo bitonic --teaching --sizes 2^24 --reps 5
} > $OUT/bench.txt 2>&1; cat $OUT/bench.txt
# CUB here was the retired Python reference (CuPy cp.sort; argsort + gather for pairs), which
# understated CUB (docs/BENCHMARKS.md says by how much); its script is gone, so this run cannot
# be repeated as it was. Ratios now come from ../shared/gpu/cub_sort_bench.cu (run 24 on).
