# Bitonic's tile passes in register phases (one barrier per ITEMS_LOG2 steps), keys' tile 8192:
# keys and pairs with --steps, then tile shapes and fused steps at 2^24.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
B="$S bench --algo bitonic --reps 5 --steps"
{
echo "== keys"; $B --sizes 2^20,2^24,2^28
echo "== pairs"; $B --pairs --sizes 2^24,2^28
for s in "workgroup-size=256" "workgroup-size=1024" "tile-size=4096 --set workgroup-size=256" "fused-steps=5" "fused-steps=5 --set workgroup-size=256"; do
  echo "== keys --set $s"; $B --sizes 2^24 --set $s
  echo "== pairs --set $s"; $B --pairs --sizes 2^24 --set $s
done
} > $OUT/bench.txt 2>&1
cat $OUT/bench.txt | grep -v "^algorithm"
