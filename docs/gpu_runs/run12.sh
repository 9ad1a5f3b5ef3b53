# bitonic beside CUB in one command; repeated to see the spread.
. .gpu/setup.sh
S=.gpu/shadersort
{
for i in 1 2 3; do $S bench --algo bitonic --sizes 2^20,2^22,2^24 --reps 10 --csv $OUT/b$i.csv; done
$S bench --algo radix --set scan=1 --sizes 2^20,2^22,2^24,2^26 --reps 10 --csv $OUT/rp.csv
PYTHONUNBUFFERED=1 timeout 100 python3 .gl/cub_sort_bench.py --min-log2 20 --max-log2 26
} > $OUT/run5.txt 2>&1; cat $OUT/run5.txt
