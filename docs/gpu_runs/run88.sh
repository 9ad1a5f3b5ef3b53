# Both test binaries on the landed tree after the bench --steps change (63ba055; radix and the
# other sorters unchanged since run 81).
. .gpu/setup.sh
rm -rf /root/.cache/shadersort
. docs/gpu_runs/tests.sh
for f in $OUT/shadersort_*_tests.txt; do grep -E "FAILED|PASSED|rc=" $f | tail -8; done
.gpu/shadersort bench --algo radix --reps 5 --steps --sizes 2^24 --pairs > $OUT/bench.txt 2>&1
cat $OUT/bench.txt
