# Issue 12 experiment after run 76 (experiment build .gpu/shadersort_exp, SS_EXP hook and
# temporary shader code, not committed): CUB's "early counts" in the chained downsweep
# (EXP_EARLY): each partition counts its keys' digits with shared atomics as soon as they land and
# publishes the counts before ranking them (today: after the ranking's rows and the scan over
# subgroups), so that successors looking back wait less for predecessors' counts. A/B in
# alternating rounds, ms.
. .gpu/setup.sh
S=.gpu/shadersort_exp
rm -rf /root/.cache/shadersort
for round in 1 2; do
  for e in "" "EXP_EARLY=1"; do
    echo "== round $round exp '$e'"
    SS_EXP="$e" timeout 90 $S bench --algo radix --reps 10 --sizes 27648,2^20,2^22,2^24,2^26 2>&1 | grep -v ^algorithm
    SS_EXP="$e" timeout 60 $S bench --algo radix --reps 10 --sizes 2^24 --pairs 2>&1 | grep -v ^algorithm
  done
done > $OUT/exp.txt 2>&1
cat $OUT/exp.txt
