# Issue 24: the viewer's art mode on a 3840x2160 photograph, the lower threshold moved every frame
# (keys ] and [ in turn; e first: a change shows the finished result), radix fast schedule,
# offscreen; --stats gives the median GPU time of a frame's sort work (the whole pipeline re-run
# from the keys, the map kept) and of its display.
. docs/gpu_runs/setup.sh
export LD_LIBRARY_PATH=$PWD/build-gpu/lib
keys=e$(for i in $(seq 30); do printf ',],['; done)
for size in 1920x1080 3840x2160; do
  build-gpu/shadersort view build-photos/astronaut_$size.png --algo radix --fast --path angle:30 --spans threshold \
    --lower 0.25 --upper 0.8 --key lightness --offscreen --frames 61 --keys "$keys" --stats \
    --screenshot $OUT/view_$size.png > $OUT/view_$size.txt 2>&1
  echo "view $size rc=$?"; cat $OUT/view_$size.txt
done
