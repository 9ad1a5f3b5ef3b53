# Issue 12, after run 78: where early counts pay. Run 78 (one round): keys 2^20-2^23 faster with
# them (8, 7, 3, 2%), 2^18-2^19 2% slower; pairs 2^20 8% faster, 2^22 5% slower. Here early-counts
# off and on in alternating rounds: keys 2^23 and 2^24, pairs 2^20, 2^21 and 2^22, ms.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
for round in 1 2; do
  for e in off on; do
    echo "== round $round early-counts=$e"
    $S bench --algo radix --reps 10 --sizes 2^23,2^24 --set early-counts=$e | grep -v ^algorithm
    $S bench --algo radix --reps 10 --sizes 2^20,2^21,2^22 --pairs --set early-counts=$e | grep -v ^algorithm
  done
done > $OUT/exp.txt 2>&1
cat $OUT/exp.txt
