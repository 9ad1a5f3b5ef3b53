# Issue 12, after run 82: is the copy bound of run 82 (EXP_BOUND=1: keys through shared memory
# and back out, 512 x 10, one partition per workgroup, 1347 GB/s a pass at 2^28 where a CUDA copy
# moves 2940) the shape's limit, or the one-partition-per-workgroup launch? Experiment build
# .gpu/shadersort_exp = docs/gpu_runs/run83_bounds.diff applied to 3861ae6 (run 82's bounds
# plus:)
#   EXP_BOUND=4: persistent workgroups: each resident workgroup takes tickets until none is left
#     (later workgroups find none and end), keys only, the same tile and barriers;
#   EXP_BOUND=5: as 4, and the next partition's loads go out before this one's stores.
# Copies keep sorted keys sorted, so `--dist sorted` checks them (verified = yes) and spares the
# CPU reference its 2^28 random sort. The landed radix (random keys) and CUB in the same command.
. .gpu/setup.sh
rm -rf /root/.cache/shadersort
X=.gpu/shadersort_exp
{
for round in 1 2; do
  for v in 1 4 5; do
    echo "== round $round EXP_BOUND=$v"
    SS_EXP=EXP_BOUND=$v $X bench --algo radix --reps 10 --steps --sizes 2^24,2^26,2^28 --dist sorted | grep -v ^algorithm
  done
done
echo "== landed radix"
.gpu/shadersort bench --algo radix --reps 10 --steps --sizes 2^24,2^26,2^28 | grep -v ^algorithm
chmod +x .gl/cub_sort_bench; .gl/cub_sort_bench 24 28 2 20
python3 docs/gpu_runs/cuda_copy.py
} > $OUT/bounds.txt 2>&1
cat $OUT/bounds.txt
