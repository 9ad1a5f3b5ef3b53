# radix at 2^24 on NVIDIA: which settings give wrong output (3 tries each).
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
{
for set in "scan=1" "scan=1 keys-per-thread=16" "scan=1 keys-per-thread=14" "scan=1 keys-per-thread=8" "scan=1 workgroup-size=128" "scan=1 workgroup-size=512" "scan=1 ballot=1" "scan=2" "scan=2 keys-per-thread=16"; do
  args=""; for kv in $set; do args="$args --set $kv"; done
  for try in 1 2 3; do
    printf '%-32s try %d: ' "$set" $try
    $S bench --algo radix $args --sizes 2^24 --reps 2 2>/dev/null | awk 'NR==2 {print $6" ms verified="$NF}'
  done
done
for n in 2^23 2^25 16777217 16773120 16777000; do printf 'scan=1 n=%s: ' $n; $S bench --algo radix --set scan=1 --sizes $n --reps 2 2>/dev/null | awk 'NR==2 {print $6" ms verified="$NF}'; done
} > $OUT/run6.txt 2>&1; cat $OUT/run6.txt
