# Bitonic's tile phases with constant register indices; NVIDIA's assembly of each program
# (SHADERSORT_PROGRAM_DUMP) checked for local memory. 2^24 keys and pairs, three workgroup sizes.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
B="$S bench --algo bitonic --reps 5 --steps --sizes 2^24"
mkdir -p /tmp/dump
{
for s in "workgroup-size=512" "workgroup-size=1024" "workgroup-size=256"; do
  echo "== keys --set $s"; SHADERSORT_PROGRAM_DUMP=/tmp/dump $B --set $s
  echo "== pairs --set $s"; SHADERSORT_PROGRAM_DUMP=/tmp/dump $B --pairs --set $s
done
} > $OUT/bench.txt 2>&1
for f in /tmp/dump/*; do
  echo "== $f: $(grep -a -E '^#define (ITEMS|HAS_VALUES|STEPS|WORKGROUP_SIZE) ' $f | tr '\n' ' ')"
  echo "lmem lines: $(strings $f | grep -c lmem), dynamic: $(strings $f | grep -c "lmem0\[R")"
done > $OUT/programs.txt 2>&1
strings $(ls /tmp/dump/*tile.comp.bin | head -1) > $OUT/tile_asm.txt
grep -v "^algorithm" $OUT/bench.txt; cat $OUT/programs.txt | head -80
