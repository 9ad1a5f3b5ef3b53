# Radix partition shapes for the chained scan (issue 12), after run 54 found 512 x 8 10% faster
# than 256 x 16 at 2^24 keys: five shapes (workgroup-size x keys-per-thread), keys and pairs, at
# 2^22-2^26; the best guess (512 x 8) at 2^20 and 2^28; the small sizes with 512-wide
# workgroups (their keys-per-thread stays 4).
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
B="$S bench --algo radix --reps 10 --set scan=chained"
{
for wk in 256:16 512:8 1024:4 256:20 512:10; do
  shape="--set workgroup-size=${wk%:*} --set keys-per-thread=${wk#*:}"
  echo "== $wk keys"; $B $shape --sizes 2^22,2^24,2^26 | grep -v "^algorithm"
  echo "== $wk pairs"; $B $shape --pairs --sizes 2^22,2^24,2^26 | grep -v "^algorithm"
done
echo "== 512:8 at 2^20 and 2^28, keys then pairs, with steps"
$B --steps --set workgroup-size=512 --set keys-per-thread=8 --sizes 2^20,2^28 | grep -v "^algorithm"
$B --steps --pairs --set workgroup-size=512 --set keys-per-thread=8 --sizes 2^20,2^28 | grep -v "^algorithm"
echo "== small sizes, workgroup-size 256 (default) then 512"
$S bench --algo radix --reps 20 --sizes 27648,2^16,2^18 | grep -v "^algorithm"
$S bench --algo radix --reps 20 --set workgroup-size=512 --sizes 27648,2^16,2^18 | grep -v "^algorithm"
} > $OUT/bench.txt 2>&1
cat $OUT/bench.txt
