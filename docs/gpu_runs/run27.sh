# Radix on the H100 after the upfront histogram (one shared array per place) and the parallel
# digit starts: chained against portable with --steps from 27,648 keys to 2^26 (2^28 waits for the
# final run: its std::sort reference takes 40 s a case), partition shapes for small sorts, then CUB
# and a CUDA copy (torch) in the same command.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
(nvcc -O3 -std=c++17 -arch=sm_90 -o .gl/cub_sort_bench .gl/cub_sort_bench.cu > /tmp/nvcc.txt 2>&1; echo "nvcc rc=$?" >> /tmp/nvcc.txt) &
B="$S bench --algo radix"
SIZES=27648,2^16,2^18,2^20,2^22,2^24,2^26
{
echo "== chained"; $B --reps 10 --steps --set scan=2 --sizes $SIZES
echo "== portable"; $B --reps 10 --steps --set scan=1 --sizes $SIZES
echo "== default (auto)"; $B --reps 10 --sizes $SIZES
echo "== chained partition shapes, small sizes"
for wk in 256:4 256:8 128:8 512:4 1024:4; do
  echo "-- workgroup-size:keys-per-thread $wk"
  $B --reps 10 --set scan=2 --set workgroup-size=${wk%:*} --set keys-per-thread=${wk#*:} --sizes 27648,2^18,2^20 | tail -3
done
echo "== teaching, 27648"; $B --reps 10 --teaching --sizes 27648
} > $OUT/experiments.txt 2>&1
wait
{ tail -1 /tmp/nvcc.txt; .gl/cub_sort_bench 20 28 2 20
  python3 -c "
import torch
for log2 in (20, 24, 26, 28):
    a = torch.empty(2**log2, dtype=torch.int32, device='cuda'); b = torch.empty_like(a)
    for _ in range(20): b.copy_(a)
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(21):
        s.record(); b.copy_(a); e.record(); e.synchronize(); times.append(s.elapsed_time(e))
    ms = sorted(times)[10]
    print(f'torch copy 2^{log2} u32: {ms:.4f} ms, {2 * 4 * 2**log2 / ms / 1e6:.1f} GB/s read + write')
"; } > $OUT/cub.txt 2>&1
cat $OUT/experiments.txt $OUT/cub.txt
