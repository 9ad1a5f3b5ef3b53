# Bitonic's tile passes shaped for the compiler (run 34: instruction-bound): each phase's bits
# constant, shared addresses one xor, tiles inside a sequence loaded as one run. 2^24 keys and
# pairs over workgroup and tile sizes; assembly checked for local memory.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
B="$S bench --algo bitonic --reps 5 --steps --sizes 2^24"
mkdir -p /tmp/dump
{
for s in "workgroup-size=512" "workgroup-size=1024" "workgroup-size=256" "tile-size=4096 --set workgroup-size=512" "tile-size=4096 --set workgroup-size=256"; do
  echo "== keys --set $s"; SHADERSORT_PROGRAM_DUMP=/tmp/dump $B --set $s
  echo "== pairs --set $s"; SHADERSORT_PROGRAM_DUMP=/tmp/dump $B --pairs --set $s
done
} > $OUT/bench.txt 2>&1
for f in /tmp/dump/*tile.comp.bin; do
  echo "$f: $(grep -a -E '^#define (ITEMS|HAS_VALUES|WORKGROUP_SIZE) ' $f | tr '\n' ' ') lmem lines: $(strings $f | grep -c lmem), instructions: $(strings $f | grep -c ';$')"
done > $OUT/programs.txt 2>&1
grep -v "^algorithm" $OUT/bench.txt | grep -v "copy of the same"; cat $OUT/programs.txt
