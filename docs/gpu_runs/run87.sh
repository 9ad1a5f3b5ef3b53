# bench --steps' compute-shader copy moved 1843-1855 GB/s from 512 MiB up, 2917 at 256 MiB (run
# 86, warmed up). .gpu/shadersort = run 86's build (one dispatch for the whole copy, a 2D grid
# from 2^24 vectors); .gpu/shadersort_chunked = the same with the copy in dispatches of 2^23
# vectors (128 MiB, a 1D grid each). Sorted keys (a short CPU reference); only the copy line counts.
. .gpu/setup.sh
rm -rf /root/.cache/shadersort
{
for b in shadersort shadersort_chunked shadersort shadersort_chunked; do
  echo "== $b"
  .gpu/$b bench --algo radix --reps 5 --steps --sizes 2^25,2^26,2^27,2^28 --dist sorted | grep copy
done
} > $OUT/copy.txt 2>&1
cat $OUT/copy.txt
# Read afterwards: no difference (1 GiB: 1854-1857 GB/s either way; 128 MiB 2784-2804); the
# copy slows with the buffers' size, not the dispatch's shape. The chunked build was not kept.
