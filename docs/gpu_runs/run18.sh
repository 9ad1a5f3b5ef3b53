# After workgroupBarrier() (memoryBarrierShared + barrier) replaced every bare barrier(): the
# pass-by-pass radix test (counters checked after every step), then the whole test binary.
. .gpu/setup.sh
export SHADERSORT_BINARY=$PWD/.gpu/shadersort SHADERSORT_GOLDEN_DIR=$PWD/tests/golden
timeout 200 .gpu/shadersort_tests --gtest_filter='Radix.Production*' > $OUT/diag.txt 2>&1; echo "diag rc=$?" >> $OUT/diag.txt
timeout 300 .gpu/shadersort_tests --gtest_filter='-Viewer*:Bench.PlotWritesAReadablePng:*NoOpenGl43:Radix.Production*' > $OUT/tests.txt 2>&1; echo "tests rc=$?" >> $OUT/tests.txt
grep -v "^\[ \|RUN\|OK" $OUT/diag.txt | tail -12; grep -E "FAILED|PASSED|rc=|tests ran" $OUT/tests.txt | tail -12
