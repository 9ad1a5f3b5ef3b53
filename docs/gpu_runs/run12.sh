# bitonic beside CUB in one command; repeated to see the spread.
. .gpu/setup.sh
S=.gpu/shadersort
{
for i in 1 2 3; do $S bench --algo bitonic --sizes 2^20,2^22,2^24 --reps 10 --csv $OUT/b$i.csv; done
$S bench --algo radix --set scan=1 --sizes 2^20,2^22,2^24,2^26 --reps 10 --csv $OUT/rp.csv
# CUB here was the retired Python reference (CuPy cp.sort; argsort + gather for pairs), which
# understated CUB (docs/BENCHMARKS.md says by how much); its script is gone, so this run cannot
# be repeated as it was. Ratios now come from ../shared/gpu/cub_sort_bench.cu (run 24 on).
} > $OUT/run5.txt 2>&1; cat $OUT/run5.txt
