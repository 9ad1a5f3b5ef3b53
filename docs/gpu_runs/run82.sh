# Issue 12: how far the downsweep's own shape is from CUB, step by step. An experiment build
# (.gpu/shadersort_exp: docs/gpu_runs/run81_bounds.diff applied to 3861ae6, SS_EXP selects; its
# outputs are wrong on purpose and bench says so; only the times count):
#   EXP_BOUND=1: each partition's keys (values) only pass through shared memory to where they
#     came from: the loads, the tile, the stores, the ticket, 512 x 10 and 2 workgroups per
#     multiprocessor as the real downsweep, no ranking;
#   EXP_BOUND=2: the ranking as well, the ranked tile written back over the partition's own range
#     (coalesced);
#   EXP_BOUND=3: the real scatter pattern without the look-back: digit d of partition p goes to
#     its sequence start + p x (partition size / 256), a random key's expected place;
#   EXP_BOUND=0: the real downsweep (the landed code).
# Alternating rounds; CUB (run 81's binary) in the same command.
. .gpu/setup.sh
rm -rf /root/.cache/shadersort
{
for round in 1 2; do
  for v in 1 2 3 0; do
    echo "== round $round EXP_BOUND=$v"
    SS_EXP=EXP_BOUND=$v .gpu/shadersort_exp bench --algo radix --reps 10 --sizes 2^22,2^24,2^26,2^28 | grep -v ^algorithm
    SS_EXP=EXP_BOUND=$v .gpu/shadersort_exp bench --algo radix --reps 10 --sizes 2^24,2^26 --pairs | grep -v ^algorithm
  done
done
echo "== steps, 2^26 keys"
for v in 1 2 3 0; do SS_EXP=EXP_BOUND=$v .gpu/shadersort_exp bench --algo radix --reps 10 --steps --sizes 2^26 | grep -v ^algorithm; done
chmod +x .gl/cub_sort_bench; .gl/cub_sort_bench 22 28 2 20
python3 docs/gpu_runs/cuda_copy.py
} > $OUT/bounds.txt 2>&1
cat $OUT/bounds.txt
# Read afterwards: it ran into the device call's 600 s limit (the CPU reference sorts 2^28 random
# keys for about 40 s in every bench call), so its output stops in round 2 at EXP_BOUND=3 and the
# steps and CUB lines never ran; run 83 put CUB beside the bounds in one command.
