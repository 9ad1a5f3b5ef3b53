# Radix: the downsweep zeroes its subgroup histograms while the partition ticket's atomic is in
# flight, before the barrier that hands the ticket round, instead of after loading the keys
# behind a barrier of its own (one barrier fewer). A (.gpu/shadersort: the code of run 66) against
# B (.gpu/shadersort_b: with the change), each twice, alternating.
. .gpu/setup.sh
rm -rf /root/.cache/shadersort
{
for round in 1 2; do
  for S in .gpu/shadersort .gpu/shadersort_b; do
    echo "== $S, round $round"
    $S bench --algo radix --reps 10 --sizes 2^22,2^24,2^26 | grep -v "^algorithm"
    $S bench --algo radix --reps 10 --pairs --sizes 2^24 | grep -v "^algorithm"
    $S bench --algo radix --reps 20 --sizes 27648 | grep -v "^algorithm"
  done
done
} > $OUT/bench.txt 2>&1
cat $OUT/bench.txt
