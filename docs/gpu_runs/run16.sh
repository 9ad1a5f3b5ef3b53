# radix on NVIDIA after the fixes of run 15: the radix tests (NV match ranking now compiles), the
# pass-by-pass correctness test, per-step times with a second of warm-up, clocks sampled.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
(nvidia-smi --query-gpu=timestamp,clocks.sm,utilization.gpu,memory.used,clocks_throttle_reasons.active --format=csv -lms 250 > $OUT/smi.csv 2>&1 &)
export SHADERSORT_BINARY=$PWD/.gpu/shadersort SHADERSORT_GOLDEN_DIR=$PWD/tests/golden
timeout 150 .gpu/shadersort_tests --gtest_filter='Radix*:-Radix.Production*' > $OUT/radix_tests.txt 2>&1; echo "radix tests rc=$?" >> $OUT/radix_tests.txt
timeout 200 .gpu/shadersort_tests --gtest_filter='Radix.Production*' > $OUT/diag.txt 2>&1; echo "diag rc=$?" >> $OUT/diag.txt
{
date +%T; $S bench --algo radix --steps --sizes 2^20,2^24,2^26,2^28 --reps 5
date +%T; $S bench --algo radix --steps --set ballot=2 --sizes 2^24,2^26 --reps 5
date +%T
} > $OUT/steps.txt 2>&1
pkill nvidia-smi
grep -E "FAILED|rc=|PASSED" $OUT/radix_tests.txt | head; grep -v "^\[ \|RUN\|OK" $OUT/diag.txt | tail -30; cat $OUT/steps.txt
