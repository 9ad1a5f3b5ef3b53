# Issue 12, after run 83: run 83's copy bound (EXP_BOUND=1, .gpu/shadersort_exp of run 83) with
# other partition shapes: is 1.3-1.4 TB/s a pass the 512 x 10 shape's, or every shared tile's?
# Sorted keys (copies keep them sorted: verified = yes), 2^26 and 2^28, ms and --steps.
. .gpu/setup.sh
rm -rf /root/.cache/shadersort
X=.gpu/shadersort_exp
{
for shape in 512x10 1024x5 512x5 256x10 128x10 256x20 1024x10; do
  echo "== EXP_BOUND=1 $shape"
  SS_EXP=EXP_BOUND=1 $X bench --algo radix --reps 10 --steps --sizes 2^26,2^28 --dist sorted \
    --set workgroup-size=${shape%x*} --set keys-per-thread=${shape#*x} | grep -v ^algorithm
done
} > $OUT/shapes.txt 2>&1
cat $OUT/shapes.txt
