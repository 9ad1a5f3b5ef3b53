# Issue 12, after run 84: run 84's copy bound was 38% faster with 512 x 5, 1024 x 5 or 128 x 10
# partitions (4, 2 and 6 workgroups a multiprocessor) than with 512 x 10 (2). The landed radix
# (random keys, its defaults but the shape) with those shapes, ms.
. .gpu/setup.sh
rm -rf /root/.cache/shadersort
S=.gpu/shadersort
{
for shape in 512x10 1024x5 512x5 128x10 512x6 256x8 1024x6; do
  echo "== $shape"
  $S bench --algo radix --reps 10 --sizes 2^22,2^24,2^26 --set workgroup-size=${shape%x*} --set keys-per-thread=${shape#*x} | grep -v ^algorithm
done
} > $OUT/shapes.txt 2>&1
cat $OUT/shapes.txt
