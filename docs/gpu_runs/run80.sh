# Issue 12, after run 79: the downsweep's look-back overlapped with work it waited behind (an
# experiment build in .gpu/shadersort: docs/gpu_runs/run80_tile_first.diff applied to 3861ae6,
# SS_EXP selects; not part of shadersort). EXP_TILE_FIRST=1: keys go into shared memory
# in rank order before the look-back (vote counters moved out of the tile; the stall fallback
# counts into the output-offset array), and pairs' value loads go out before it too; 2: also the
# first look-back window is fetched before the keys go into shared memory; 3: that window is
# fetched as soon as the counts are published (inside the ranking). 0 = the code of run 78.
# Alternating rounds, ms.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
for round in 1 2; do
  for v in 0 1 2 3; do
    echo "== round $round EXP_TILE_FIRST=$v"
    SS_EXP=EXP_TILE_FIRST=$v $S bench --algo radix --reps 10 --sizes 2^20,2^22,2^24,2^26 | grep -v ^algorithm
    SS_EXP=EXP_TILE_FIRST=$v $S bench --algo radix --reps 10 --sizes 2^22,2^24,2^26 --pairs | grep -v ^algorithm
    SS_EXP=EXP_TILE_FIRST=$v $S bench --algo radix --reps 20 --sizes 27648 | grep -v ^algorithm
  done >> $OUT/exp.txt 2>&1
done
echo "== 2^28 keys"
for v in 0 2 3; do SS_EXP=EXP_TILE_FIRST=$v $S bench --algo radix --reps 5 --sizes 2^28 | grep -v ^algorithm; done >> $OUT/exp.txt 2>&1
cat $OUT/exp.txt
