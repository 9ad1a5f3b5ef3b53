# Issue 12: run 75's occupancy probe counted up to 4 downsweep workgroups of 512 x 10 per
# multiprocessor (mean 3.6) where runs 70-71 counted 2. Same probe, same machine kind: the code
# of run 74 (positions packed; .gpu/shadersort_exp_packed) against run 75's (one shared array per
# digit fewer; .gpu/shadersort_exp), alternating, 512 x 10 and 512 x 11 and 256 x 10; experiment
# builds with the SS_EXP hook, not committed.
. .gpu/setup.sh
rm -rf /root/.cache/shadersort
for round in 1 2; do
  for b in shadersort_exp_packed shadersort_exp; do
    for shape in "512 10" "512 11" "256 10"; do
      set -- $shape
      echo "== round $round $b $1 x $2: $(SS_EXP=EXP_OCCUPANCY=1 .gpu/$b bench --algo radix --reps 1 --sizes 2^24 --set workgroup-size=$1 --set keys-per-thread=$2 2>&1 | grep OCCUPANCY)"
    done
  done
done > $OUT/probe.txt 2>&1
nvidia-smi -q | grep -i -E "product name|multiprocessor|mig mode|Current  *: " | head >> $OUT/probe.txt
cat $OUT/probe.txt
