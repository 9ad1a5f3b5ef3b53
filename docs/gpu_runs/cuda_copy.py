# The bandwidth yardstick beside shadersort's own compute-shader copy: a CUDA device-to-device
# copy of 2^N u32 (torch, on the GPU machine), median of 21 after 20 warm-up copies.
import torch

for log2 in (20, 22, 24, 26, 28):
    source = torch.empty(2**log2, dtype=torch.int32, device='cuda')
    target = torch.empty_like(source)
    for _ in range(20):
        target.copy_(source)
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(21):
        start.record()
        target.copy_(source)
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    ms = sorted(times)[10]
    print(f'torch copy 2^{log2} u32: {ms:.4f} ms, {2 * 4 * 2**log2 / ms / 1e6:.1f} GB/s read + write')
