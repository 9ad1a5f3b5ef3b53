# Bitonic after the tile-span fix, wide tiles one workgroup per tile: 2^24 keys and pairs
# (--steps), then both test binaries on the H100 (docs/gpu_runs/tests.sh).
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
B="$S bench --algo bitonic --reps 5 --steps"
{ $B --sizes 2^24; $B --sizes 2^24 --pairs; $B --sizes 2^24 --pairs --set wide-steps=0; } > $OUT/bench.txt 2>&1
grep -v "^algorithm" $OUT/bench.txt | grep -v "copy of the same"
. docs/gpu_runs/tests.sh
for f in $OUT/shadersort_*_tests.txt; do grep -E "FAILED|PASSED|rc=" $f | tail -8; done
