# Issue 12 experiments, after runs 70-71 (temporary hook SS_EXP, not committed), A/B in
# alternating rounds: positions packed two to a register (EXP_PACK; runs 70-71: 27,648 keys 6%
# faster, 2^24 pairs 2%), and on top of it a ballot loop that ORs the lanes differing in some
# digit bit, each lane's bit sign-extended by bitfieldExtract (EXP_BALLOT_E: 5 NVIDIA assembly
# instructions per bit where the xor loop takes 7), and the NV match instruction (ballot=match).
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
{
for round in 1 2; do
  for e in "" "EXP_PACK=1" "EXP_PACK=1,EXP_BALLOT_E=1" "EXP_PACK=1|match"; do
    set=""; exp="${e%|match}"; [ "$exp" != "$e" ] && set="--set ballot=match"
    echo "== round $round exp '$exp' $set"
    SS_EXP="$exp" timeout 90 $S bench --algo radix --reps 20 --sizes 27648,2^16,2^20,2^22,2^24,2^26 $set 2>&1 | grep -v ^algorithm
    SS_EXP="$exp" timeout 60 $S bench --algo radix --reps 10 --sizes 2^20,2^24 --pairs $set 2>&1 | grep -v ^algorithm
  done
done
mkdir -p /tmp/d1 /tmp/d2
SS_EXP=EXP_PACK=1 SHADERSORT_PROGRAM_DUMP=/tmp/d1 $S bench --algo radix --reps 1 --sizes 2^20 > /dev/null 2>&1
SS_EXP=EXP_PACK=1,EXP_BALLOT_E=1 SHADERSORT_PROGRAM_DUMP=/tmp/d2 $S bench --algo radix --reps 1 --sizes 2^20 > /dev/null 2>&1
for f in /tmp/d1/*downsweep* /tmp/d2/*downsweep*; do echo "$f instructions $(strings -n 2 $f | grep -c ';$')"; done
} > $OUT/exp.txt 2>&1
cat $OUT/exp.txt
