# Bitonic: sorting and finishing tiles as separate programs (each its own registers), with and
# without fetching the next tile; 2^24 keys and pairs over tile-groups and tile shapes, 2^28 keys.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
B="$S bench --algo bitonic --reps 5 --steps"
{
for s in "tile-groups=per-tile" "tile-groups=1024" "tile-groups=per-tile --set workgroup-size=1024" "tile-groups=1024 --set workgroup-size=1024" "tile-groups=per-tile --set tile-size=8192 --set workgroup-size=1024"; do
  echo "== keys --set $s"; $B --sizes 2^24 --set $s
  echo "== pairs --set $s"; $B --sizes 2^24 --pairs --set $s
done
echo "== keys 2^28, per-tile"; $B --sizes 2^28 --set tile-groups=per-tile
} > $OUT/bench.txt 2>&1
grep -v "^algorithm" $OUT/bench.txt | grep -v "copy of the same"
