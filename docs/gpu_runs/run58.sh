# The landed radix after a review (prefix-scan blocks capped at 4096 counters, the status-word
# fallback, new tests): both test binaries on the H100, the scan=portable shapes that now link
# (512 and 1024 invocations), and the defaults again at 2^20 and 2^24 and for 27,648 keys, fast
# and teaching, to show the record (run 56) still stands.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
. docs/gpu_runs/tests.sh
{
echo "== scan=portable, 512 x 10 and 1024 x 5"
$S bench --algo radix --reps 10 --set scan=portable --set workgroup-size=512 --set keys-per-thread=10 --sizes 2^24 | grep -v "^algorithm"
$S bench --algo radix --reps 10 --set scan=portable --set workgroup-size=1024 --set keys-per-thread=5 --sizes 2^24 | grep -v "^algorithm"
echo "== defaults"
$S bench --algo radix --reps 10 --sizes 2^20,2^24 | grep -v "^algorithm"
$S bench --algo radix --reps 10 --pairs --sizes 2^20,2^24 | grep -v "^algorithm"
$S bench --algo radix --reps 20 --sizes 27648 | grep -v "^algorithm"
$S bench --algo radix --reps 20 --teaching --sizes 27648 | grep -v "^algorithm"
} > $OUT/bench.txt 2>&1
for f in $OUT/shadersort_*_tests.txt; do grep -E "FAILED|PASSED|rc=" $f | tail -8; done
cat $OUT/bench.txt
