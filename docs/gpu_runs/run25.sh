# Radix after the onesweep rework (per-digit look-back, one clear per sort) and the
# one-workgroup-per-sequence path: the pipelines side by side with --steps and the device copy,
# partition sizes of the chained scan, the small sizes (27,648 keys), CUB in the same command;
# first the whole test binary (less the tests that need Xvfb, gnuplot, glslang or Mesa).
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
(nvcc -O3 -std=c++17 -arch=sm_90 -o .gl/cub_sort_bench .gl/cub_sort_bench.cu > /tmp/nvcc.txt 2>&1; echo "nvcc rc=$?" >> /tmp/nvcc.txt) &
export SHADERSORT_BINARY=$PWD/.gpu/shadersort SHADERSORT_GOLDEN_DIR=$PWD/tests/golden
timeout 240 .gpu/shadersort_tests --gtest_filter='-Viewer.*:Bench.PlotWritesAReadablePng:*NoOpenGl43:ShaderVariants*' > $OUT/tests.txt 2>&1; echo "tests rc=$?" >> $OUT/tests.txt
$S info > $OUT/info.txt 2>&1
B="$S bench --algo radix --reps 10"
{
echo "== small sizes"
$B --steps --sizes 27648,2^15 --reps 20
$B --steps --teaching --sizes 27648 --reps 20
for scan in 1 2 3; do $B --steps --set scan=$scan --sizes 27648,2^15,2^16 --reps 20; done
for scan in 1 2; do $B --set scan=$scan --sizes 2^17,2^18 --reps 20; done
echo "== chained partition sizes, 2^24"
for wk in 256:8 256:12 256:16 256:24 256:32 512:8 512:15 512:16 1024:8; do
  $B --set scan=2 --set workgroup-size=${wk%:*} --set keys-per-thread=${wk#*:} --sizes 2^24 | tail -1 | sed "s/^/wg:kpt $wk /"
done
echo "== keys, portable then chained"
$B --steps --sizes 2^20,2^22,2^24,2^26,2^28 --csv $OUT/portable_keys.csv
$B --steps --set scan=2 --sizes 2^20,2^22,2^24,2^26,2^28 --csv $OUT/chained_keys.csv
echo "== pairs, portable then chained"
$B --steps --pairs --sizes 2^20,2^24,2^28 --csv $OUT/portable_pairs.csv
$B --steps --pairs --set scan=2 --sizes 2^20,2^24,2^28 --csv $OUT/chained_pairs.csv
} > $OUT/bench.txt 2>&1
wait
{ tail -1 /tmp/nvcc.txt; .gl/cub_sort_bench 20 28 2 20; } > $OUT/cub.txt 2>&1
grep -E "FAILED|PASSED|rc=" $OUT/tests.txt | tail -12; cat $OUT/bench.txt $OUT/cub.txt; tail -1 /tmp/nvcc.txt
