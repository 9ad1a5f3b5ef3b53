# radix on NVIDIA: the pass-by-pass test now also checks the counter matrix after the upsweep and
# after the column scan, to find which step goes wrong with keys-per-thread 15.
. .gpu/setup.sh
export SHADERSORT_BINARY=$PWD/.gpu/shadersort SHADERSORT_GOLDEN_DIR=$PWD/tests/golden
timeout 300 .gpu/shadersort_tests --gtest_filter='Radix.Production*' > $OUT/diag.txt 2>&1; echo "diag rc=$?" >> $OUT/diag.txt
grep -v "^\[ \|RUN\|OK" $OUT/diag.txt | grep -v "^Expected\|^  wrong\|^  \"\"" | tail -40
