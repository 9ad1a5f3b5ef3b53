# Bitonic: global steps without a register array of positions (for 5 fused steps), finish-tiles
# fetching the next tile, sort-tiles one workgroup per tile. 2^24 and 2^28 keys, 2^24 pairs over
# fused steps and tile shapes; assembly checked for local memory.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
B="$S bench --algo bitonic --reps 5 --steps"
mkdir -p /tmp/dump
{
for s in "fused-steps=4" "fused-steps=5" "fused-steps=5 --set workgroup-size=256" "tile-size=8192 --set workgroup-size=1024" "tile-size=8192 --set workgroup-size=1024 --set fused-steps=5" "tile-groups=2048"; do
  echo "== keys --set $s"; SHADERSORT_PROGRAM_DUMP=/tmp/dump $B --sizes 2^24 --set $s
  echo "== pairs --set $s"; $B --sizes 2^24 --pairs --set $s
done
echo "== keys 2^28"; $B --sizes 2^28 --set fused-steps=5
} > $OUT/bench.txt 2>&1
for f in /tmp/dump/*global.comp.bin; do
  echo "$f: $(grep -a -E '^#define (STEPS|HAS_VALUES|WORKGROUP_SIZE) ' $f | tr '\n' ' ') lmem lines: $(strings $f | grep -c lmem)"
done > $OUT/programs.txt 2>&1
grep -v "^algorithm" $OUT/bench.txt | grep -v "copy of the same"; grep -v "lmem lines: 0" $OUT/programs.txt
