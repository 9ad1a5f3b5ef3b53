# The final code of this round (run 64's plus a buffer fence in the histogram kernel's
# last-workgroup election, after a review): both test binaries on the H100, and radix's defaults
# again at 2^20 and 2^24 (keys and pairs) and for 27,648 keys, to show run 64's figures stand.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
. docs/gpu_runs/tests.sh
{
$S bench --algo radix --reps 10 --sizes 2^20,2^24 | grep -v "^algorithm"
$S bench --algo radix --reps 10 --pairs --sizes 2^20,2^24 | grep -v "^algorithm"
$S bench --algo radix --reps 20 --sizes 27648 | grep -v "^algorithm"
} > $OUT/bench.txt 2>&1
for f in $OUT/shadersort_*_tests.txt; do grep -E "FAILED|PASSED|rc=" $f | tail -8; done
cat $OUT/bench.txt
