# Radix experiments after run 56 (issue 12), on a build whose radix kernels took extra defines
# from SS_EXP (a temporary hook, not committed): ranking that reads the subgroup's count before
# the group's leader adds (RANK_READ_FIRST=1) instead of the leader's atomic result handed round
# by a shuffle; a key sort whose downsweep knows at compile time that no values move
# (HAS_VALUES_CONST=0, keys only); partition shapes around the default 512 x 10.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
B="$S bench --algo radix --reps 10 --sizes 2^22,2^24,2^26"
{
echo "== default"; $B | grep -v "^algorithm"; $B --pairs | grep -v "^algorithm"
echo "== RANK_READ_FIRST=1"; SS_EXP=RANK_READ_FIRST=1 $B | grep -v "^algorithm"; SS_EXP=RANK_READ_FIRST=1 $B --pairs | grep -v "^algorithm"
echo "== HAS_VALUES_CONST=0 (keys)"; SS_EXP=HAS_VALUES_CONST=0 $B | grep -v "^algorithm"
for wk in 512:9 512:11 256:10 1024:5; do
  echo "== $wk keys"; $B --set workgroup-size=${wk%:*} --set keys-per-thread=${wk#*:} | grep -v "^algorithm"
done
echo "== default again"; $B | grep -v "^algorithm"
} > $OUT/bench.txt 2>&1
cat $OUT/bench.txt
