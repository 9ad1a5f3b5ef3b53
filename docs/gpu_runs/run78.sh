# Issue 12's record after run 77: the code of run 74 with `early-counts` (auto: a partition
# counts and publishes its digits before ranking when there are 128 to 1024 partitions). Both
# test binaries; radix keys and pairs from 2^20 to 2^28 with --steps; early-counts on and off from
# 2^18 to 2^23 keys (2^20 and 2^22 pairs); the small sizes, fast and teaching; CUB called directly
# in the same command and a CUDA copy. Bitonic is unchanged since run 74 and not run here.
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
for e in off on; do
  echo "== early-counts=$e"
  $S bench --algo radix --reps 10 --sizes 2^18,2^19,2^20,2^21,2^22,2^23 --set early-counts=$e | grep -v ^algorithm
  $S bench --algo radix --reps 10 --sizes 2^20,2^22 --pairs --set early-counts=$e | grep -v ^algorithm
done
echo "== small sizes: radix fast, then teaching"
$S bench --algo radix --reps 20 --steps --sizes 27648,2^16,2^18
$S bench --algo radix --reps 20 --steps --teaching --sizes 27648
wait
tail -1 /tmp/nvcc.txt; .gl/cub_sort_bench 20 28 1 20
python3 docs/gpu_runs/cuda_copy.py
} > $OUT/bench.txt 2>&1
for kind in keys pairs; do
  { echo "series,n,g_keys_per_s"
    grep '^N=2^' $OUT/bench.txt | sed -E "s/^N=2\^([0-9]+) .*\(([0-9.]+) G keys\/s\).*\(([0-9.]+) G pairs\/s\).*/\1 \2 \3/" |
      awk -v kind=$kind '{ printf "CUB %s,%d,%s\n", kind, 2^$1, (kind == "keys" ? $2 : $3) }'; } > $OUT/cub_$kind.csv
done
for f in $OUT/shadersort_*_tests.txt; do grep -E "FAILED|PASSED|rc=" $f | tail -8; done
grep -v "^algorithm" $OUT/bench.txt | grep -v "copy of the same"
