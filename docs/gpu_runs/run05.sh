. .gpu/setup.sh
S=.gpu/shadersort
export SHADERSORT_BINARY=$PWD/.gpu/shadersort SHADERSORT_GOLDEN_DIR=$PWD/tests/golden
timeout 150 .gpu/shadersort_tests --gtest_filter='-Viewer*:Bench.PlotWritesAReadablePng:*NoOpenGl43:Tune.*' > $OUT/tests.txt 2>&1; echo "tests rc=$?"; grep -E '^\[  (PASSED|FAILED)' $OUT/tests.txt | head -20
$S info > $OUT/info.txt 2>&1
{
echo "## radix keys, auto (chained on NVIDIA)"; $S bench --algo radix --sizes 2^20,2^24,2^26,2^28 --reps 10 --csv $OUT/radix_auto.csv
echo "## radix keys, portable"; $S bench --algo radix --set scan=1 --sizes 2^20,2^24,2^26,2^28 --reps 10 --csv $OUT/radix_portable.csv
echo "## radix pairs auto"; $S bench --algo radix --pairs --sizes 2^24,2^28 --reps 5
echo "## radix pairs portable"; $S bench --algo radix --set scan=1 --pairs --sizes 2^24,2^28 --reps 5
echo "## radix ballot off, portable"; $S bench --algo radix --set scan=1 --set ballot=1 --sizes 2^24 --reps 10
echo "## radix teaching 27648"; $S bench --algo radix --teaching --sizes 27648 --reps 10; $S bench --algo radix --sizes 27648 --reps 10
$S run --algo radix --teaching --pattern random --size 64x64 --passes 1 --out /tmp/x.png --stats
} > $OUT/radix.txt 2>&1; cat $OUT/radix.txt
# CUB here was the retired Python reference (CuPy cp.sort; argsort + gather for pairs), which
# understated CUB (docs/BENCHMARKS.md says by how much); its script is gone, so this run cannot
# be repeated as it was. Ratios now come from ../shared/gpu/cub_sort_bench.cu (run 24 on).
