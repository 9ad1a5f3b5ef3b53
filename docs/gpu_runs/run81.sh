# Issue 12's check of the landed tree (3861ae6, unchanged kernels since run 78): both test
# binaries; radix keys and pairs from 2^20 to 2^28 with --steps; the small sizes, fast and
# teaching; CUB called directly in the same command and a CUDA copy. The CUB binary is kept in
# $OUT for run 82.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
(nvcc -O3 -std=c++17 -arch=sm_90 -o .gl/cub_sort_bench .gl/cub_sort_bench.cu > /tmp/nvcc.txt 2>&1; echo "nvcc rc=$?" >> /tmp/nvcc.txt) &
$S info > $OUT/info.txt 2>&1
. docs/gpu_runs/tests.sh
B="$S bench --algo radix --reps 10 --steps --sizes 2^20,2^22,2^24,2^26,2^28"
{
echo "== keys"; $B --csv $OUT/keys.csv
echo "== pairs"; $B --pairs --csv $OUT/pairs.csv
echo "== small sizes: radix fast, then teaching"
$S bench --algo radix --reps 20 --steps --sizes 27648,2^16,2^18
$S bench --algo radix --reps 20 --steps --teaching --sizes 27648
wait
tail -1 /tmp/nvcc.txt; .gl/cub_sort_bench 20 28 1 20
python3 docs/gpu_runs/cuda_copy.py
} > $OUT/bench.txt 2>&1
cp .gl/cub_sort_bench $OUT/
for kind in keys pairs; do
  { echo "series,n,g_keys_per_s"
    grep '^N=2^' $OUT/bench.txt | sed -E "s/^N=2\^([0-9]+) .*\(([0-9.]+) G keys\/s\).*\(([0-9.]+) G pairs\/s\).*/\1 \2 \3/" |
      awk -v kind=$kind '{ printf "CUB %s,%d,%s\n", kind, 2^$1, (kind == "keys" ? $2 : $3) }'; } > $OUT/cub_$kind.csv
done
for f in $OUT/shadersort_*_tests.txt; do grep -E "FAILED|PASSED|rc=" $f | tail -8; done
grep -v "^algorithm" $OUT/bench.txt | grep -v "copy of the same"
