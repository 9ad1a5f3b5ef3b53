# Issue 24: the GPU time of the whole pixel-sort pipeline (path map, keys, spans, packing, sort,
# write-back; `run --stats`, median of five warm runs) on NASA's astronaut enlarged to 1920x1080
# and 3840x2160 (docs/bench/make_photos.py, into build-photos/), threshold spans at 30 degrees,
# each algorithm, every result checked against the CPU reference (--verify). Release build in
# build-gpu/ with its runtime libraries in build-gpu/lib.
. docs/gpu_runs/setup.sh
export LD_LIBRARY_PATH=$PWD/build-gpu/lib
rm -rf /root/.cache/shadersort
build-gpu/shadersort info > $OUT/info.txt 2>&1; head -5 $OUT/info.txt
for size in 1920x1080 3840x2160; do
  for algo in radix bitonic odd-even frag-odd-even; do
    build-gpu/shadersort run build-photos/astronaut_$size.png --algo $algo --path angle:30 --spans threshold \
      --lower 0.25 --upper 0.8 --key lightness --verify --stats --out $OUT/art_${algo}_$size.png >> $OUT/art.txt 2>&1
    echo "$algo $size rc=$?" >> $OUT/art.txt
  done
done
cat $OUT/art.txt
