# Bitonic before issue 13's rework: where the time goes (--steps) for keys and pairs at 2^24 and
# 2^28, the global steps one per dispatch, and a CUDA copy (torch) as the bandwidth yardstick.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
B="$S bench --algo bitonic --reps 5 --steps"
{
echo "== keys"; $B --sizes 2^20,2^24,2^28
echo "== pairs"; $B --pairs --sizes 2^24,2^28
echo "== keys, one global step per dispatch"; $B --sizes 2^24 --set fused-steps=1
echo "== keys, tile 2048"; $B --sizes 2^24 --set tile-size=2048
python3 docs/gpu_runs/cuda_copy.py
} > $OUT/bench.txt 2>&1
cat $OUT/bench.txt
