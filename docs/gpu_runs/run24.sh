# The rebuilt viewer on the GPU: whole test binary (the viewer driven in-process on an offscreen
# host included), the frame benchmark of view --offscreen on a 1920x1080 image for every algorithm
# and schedule (and a 4096x4096 pattern), radix against CUB in the same command.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
export SHADERSORT_BINARY=$PWD/.gpu/shadersort SHADERSORT_GOLDEN_DIR=$PWD/tests/golden
$S info > $OUT/info.txt 2>&1
timeout 240 .gpu/shadersort_tests --gtest_filter='-Viewer.*:Bench.PlotWritesAReadablePng:*NoOpenGl43:ShaderVariants*' > $OUT/tests.txt 2>&1; echo "tests rc=$?" >> $OUT/tests.txt
{
for a in frag-odd-even odd-even bitonic radix; do for schedule in teaching fast; do
  [ $a = frag-odd-even ] && [ $schedule = fast ] && continue
  flag=""; [ $schedule = fast ] && flag="--fast"
  echo "== $a $schedule 1920x1080 image"
  $S view --offscreen --algo $a $flag --image .gpu/data/photo_1920x1080.png --window-size 1920x1080 --frames 600 --stats
done; done
echo "== frag-odd-even 4096x4096 random pattern"
$S view --offscreen --algo frag-odd-even --pattern random --size 4096x4096 --window-size 1920x1080 --frames 300 --stats
} > $OUT/frames.txt 2>&1
{
$S bench --algo radix --sizes 2^20,2^22,2^24,2^26,2^28 --reps 10 --csv $OUT/radix_keys.csv
$S bench --algo radix --pairs --sizes 2^20,2^22,2^24,2^26,2^28 --reps 10 --csv $OUT/radix_pairs.csv
} > $OUT/bench.txt 2>&1
nvcc -O3 -std=c++17 -arch=sm_90 -o .gl/cub_sort_bench .gl/cub_sort_bench.cu > $OUT/nvcc.txt 2>&1 && .gl/cub_sort_bench 20 28 2 20 > $OUT/cub.txt 2>&1
grep -E "FAILED|PASSED|rc=" $OUT/tests.txt | tail -12; cat $OUT/frames.txt; cat $OUT/bench.txt; cat $OUT/cub.txt
