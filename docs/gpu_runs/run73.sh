# Issue 12 experiment after run 72, on the code with positions packed two to a register (the
# downsweep holds 5 registers fewer per invocation): does a wider look-back window (more status
# words in flight per poll) now keep two workgroups per multiprocessor? Runs 60-61: 16 and 32
# were 1.3x and 2x slower than 8, presumably registers. Alternating rounds, keys, ms.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
for round in 1 2; do
  for w in 8 12 16; do
    echo "== round $round look-back-window $w"
    timeout 60 $S bench --algo radix --reps 10 --sizes 2^22,2^24,2^26 --set look-back-window=$w 2>&1 | grep -v ^algorithm
  done
done > $OUT/exp.txt 2>&1
cat $OUT/exp.txt
