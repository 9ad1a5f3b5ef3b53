# The landed tree on the H100: both test binaries (docs/gpu_runs/tests.sh), then radix's figures
# of record against CUB called directly in the same command: default keys and pairs from 2^20 to
# 2^28 with --steps, the small sizes (27,648 keys, default and teaching), and a CUDA copy (torch).
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
(nvcc -O3 -std=c++17 -arch=sm_90 -o .gl/cub_sort_bench .gl/cub_sort_bench.cu > /tmp/nvcc.txt 2>&1; echo "nvcc rc=$?" >> /tmp/nvcc.txt) &
$S info > $OUT/info.txt 2>&1
. docs/gpu_runs/tests.sh
B="$S bench --algo radix"
{
echo "== keys"; $B --reps 10 --steps --sizes 2^20,2^22,2^24,2^26,2^28 --csv $OUT/radix_keys.csv
echo "== pairs"; $B --reps 10 --steps --pairs --sizes 2^20,2^22,2^24,2^26,2^28 --csv $OUT/radix_pairs.csv
echo "== small sizes, default then teaching"
$B --reps 20 --steps --sizes 27648,2^16,2^18
$B --reps 20 --steps --teaching --sizes 27648
} > $OUT/bench.txt 2>&1
wait
{ tail -1 /tmp/nvcc.txt; .gl/cub_sort_bench 20 28 2 20
  python3 docs/gpu_runs/cuda_copy.py; } > $OUT/cub.txt 2>&1
for f in $OUT/shadersort_*_tests.txt; do grep -E "FAILED|PASSED|rc=" $f | tail -8; done; cat $OUT/bench.txt $OUT/cub.txt
