# Radix: the ranking's ballot loop with each bit's mask taken by an xor rather than a select
# (EXP_BALLOT_XOR=1, through the temporary SS_EXP hook), against look-back-window 8; the window
# at the small sizes (27,648 keys, 2^20); the downsweep's NVIDIA assembly counted for both.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
mkdir -p /tmp/dump/a /tmp/dump/b
{
B="$S bench --algo radix --reps 10 --sizes 2^22,2^24,2^26 --set look-back-window=8"
echo "== look-back-window=8"; SHADERSORT_PROGRAM_DUMP=/tmp/dump/a $B | grep -v "^algorithm"; $B --pairs | grep -v "^algorithm"
echo "== look-back-window=8, EXP_BALLOT_XOR=1"; SS_EXP=EXP_BALLOT_XOR=1 SHADERSORT_PROGRAM_DUMP=/tmp/dump/b $B | grep -v "^algorithm"; SS_EXP=EXP_BALLOT_XOR=1 $B --pairs | grep -v "^algorithm"
for w in 1 8; do
  echo "== look-back-window=$w, small"
  $S bench --algo radix --reps 20 --sizes 27648 --set look-back-window=$w | grep -v "^algorithm"
  $S bench --algo radix --reps 10 --sizes 2^20 --set look-back-window=$w | grep -v "^algorithm"
  $S bench --algo radix --reps 10 --sizes 2^20 --pairs --set look-back-window=$w | grep -v "^algorithm"
done
echo "== look-back-window=8, 2^28 pairs"; $S bench --algo radix --reps 10 --sizes 2^28 --pairs --set look-back-window=8 | grep -v "^algorithm"
echo "== look-back-window=1, 2^28 pairs"; $S bench --algo radix --reps 10 --sizes 2^28 --pairs --set look-back-window=1 | grep -v "^algorithm"
} > $OUT/bench.txt 2>&1
for d in a b; do for f in /tmp/dump/$d/*downsweep.comp.bin; do
  echo "$d $f: $(grep -a -E '^#define (CHAINED|WORKGROUP_SIZE|KEYS_PER_THREAD) ' $f | tr '\n' ' ') lmem lines: $(strings $f | grep -c lmem), instructions: $(strings $f | grep -c ';$')"
done; done > $OUT/programs.txt 2>&1
tar czf $OUT/dumps.tgz -C /tmp/dump a b
cat $OUT/bench.txt $OUT/programs.txt
