# Radix experiments on the H100 after run 25: the upfront histogram's partitions per workgroup,
# the chained scan's look-back patience, the small sizes (27,648 keys), then both pipelines with
# --steps against a compute-shader copy (the new yardstick), CUB and a CUDA copy (torch) beside.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
(nvcc -O3 -std=c++17 -arch=sm_90 -o .gl/cub_sort_bench .gl/cub_sort_bench.cu > /tmp/nvcc.txt 2>&1; echo "nvcc rc=$?" >> /tmp/nvcc.txt) &
$S info > $OUT/info.txt 2>&1
B="$S bench --algo radix"
{
echo "== histogram partitions per workgroup, chained, 2^26"
for hp in 1 4 16 64 256; do echo "-- histogram-partitions=$hp"; $B --reps 5 --steps --set scan=2 --set histogram-partitions=$hp --sizes 2^26 | tail -3; done
echo "== look-back spins, chained, 2^24 and 2^28"
for sp in 64 1024 16384; do echo "-- look-back-spins=$sp"; $B --reps 5 --steps --set scan=2 --set look-back-spins=$sp --sizes 2^24,2^28 | tail -6; done
echo "== small sizes"
$B --reps 20 --steps --sizes 27648,2^15
$B --reps 20 --steps --teaching --sizes 27648
for scan in 1 2 3; do $B --reps 20 --steps --set scan=$scan --sizes 27648,2^15,2^16; done
for scan in 1 2; do $B --reps 20 --set scan=$scan --sizes 2^17,2^18; done
} > $OUT/experiments.txt 2>&1
{
echo "== keys, portable then chained"
$B --reps 10 --steps --sizes 2^20,2^22,2^24,2^26,2^28 --csv $OUT/portable_keys.csv
$B --reps 10 --steps --set scan=2 --sizes 2^20,2^22,2^24,2^26,2^28 --csv $OUT/chained_keys.csv
echo "== pairs, portable then chained"
$B --reps 10 --steps --pairs --sizes 2^20,2^24,2^28
$B --reps 10 --steps --pairs --set scan=2 --sizes 2^20,2^24,2^28
} > $OUT/bench.txt 2>&1
wait
{ tail -1 /tmp/nvcc.txt; .gl/cub_sort_bench 20 28 2 20
  python3 -c "
import torch
for log2 in (20, 24, 28):
    a = torch.empty(2**log2, dtype=torch.int32, device='cuda'); b = torch.empty_like(a)
    for _ in range(20): b.copy_(a)
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(20):
        s.record(); b.copy_(a); e.record(); e.synchronize(); times.append(s.elapsed_time(e))
    ms = sorted(times)[10]
    print(f'torch copy 2^{log2} u32: {ms:.4f} ms, {2 * 4 * 2**log2 / ms / 1e6:.1f} GB/s read + write')
"; } > $OUT/cub.txt 2>&1
cat $OUT/experiments.txt $OUT/bench.txt $OUT/cub.txt
