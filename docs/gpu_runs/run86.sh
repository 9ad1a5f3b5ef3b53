# bench --steps after the fix for the clocks: steps now run straight after the timed sorts (the
# read-back that checks them comes after), and the compute-shader copy warms up for a second, not
# three copies. Before (run 81), 2^28 pairs: sort 12.59 ms, steps histogram 1.55 + downsweep
# 29.43 ms; 2^28 keys: the copy 1849 GB/s (2883 at 2^26). Radix keys and pairs with --steps.
. .gpu/setup.sh
rm -rf /root/.cache/shadersort
S=.gpu/shadersort
{
$S bench --algo radix --reps 10 --steps --sizes 2^26,2^28
$S bench --algo radix --reps 10 --steps --sizes 2^26,2^28 --pairs
} > $OUT/bench.txt 2>&1
cat $OUT/bench.txt
