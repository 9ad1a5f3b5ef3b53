# radix on NVIDIA: per-step GPU times (bench --steps) at the sizes where it slowed down, the
# pass-by-pass correctness test with keys-per-thread 15, the binary of the last session beside
# this one (buffers by glBufferData then, glBufferStorage now), clocks sampled by nvidia-smi, CUB.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
(nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,pstate,power.draw,utilization.gpu,memory.used,clocks_throttle_reasons.active --format=csv -lms 250 > $OUT/smi.csv 2>&1 &) 
$S info > $OUT/info.txt 2>&1
export SHADERSORT_BINARY=$PWD/.gpu/shadersort SHADERSORT_GOLDEN_DIR=$PWD/tests/golden
timeout 150 .gpu/shadersort_tests --gtest_filter='Radix*:-Radix.Production*' > $OUT/radix_tests.txt 2>&1; echo "radix tests rc=$?" >> $OUT/radix_tests.txt
timeout 150 .gpu/shadersort_tests --gtest_filter='Radix.Production*' > $OUT/diag.txt 2>&1; echo "diag rc=$?" >> $OUT/diag.txt
{
date +%T; $S bench --algo radix --steps --sizes 2^20,2^24,2^25,2^26,2^28 --reps 5
date +%T; $S bench --algo radix --steps --set ballot=2 --sizes 2^24,2^26 --reps 5
date +%T; $S bench --algo radix --steps --pairs --sizes 2^24,2^28 --reps 5
date +%T; .gpu/shadersort-old bench --algo radix --sizes 2^24,2^25,2^26 --reps 5
date +%T; $S bench --algo radix --steps --sizes 2^26,2^26 --reps 5
date +%T
} > $OUT/steps.txt 2>&1
# CUB here was the retired Python reference (CuPy cp.sort; argsort + gather for pairs), which
# understated CUB (docs/BENCHMARKS.md says by how much); its script is gone, so this run cannot
# be repeated as it was. Ratios now come from ../shared/gpu/cub_sort_bench.cu (run 24 on).
pkill nvidia-smi
tail -5 $OUT/radix_tests.txt; cat $OUT/diag.txt | grep -v "^\[ \|RUN\|OK" | tail -30; cat $OUT/steps.txt; tail -12 $OUT/cub.txt
