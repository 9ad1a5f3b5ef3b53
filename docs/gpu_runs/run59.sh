# Radix experiment after run 58 (issue 12), on a build whose radix kernels took extra defines
# from SS_EXP (a temporary hook, not committed): the downsweep without a register array of
# destinations (VALUES_TILE=1: values go through a shared tile of their own, so the keys stay in
# theirs and each destination is computed again from its key), which may let more workgroups
# stay resident; with the default shape and 11 or 12 keys per invocation.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
B="$S bench --algo radix --reps 10 --sizes 2^22,2^24,2^26"
{
echo "== default"; $B | grep -v "^algorithm"; $B --pairs | grep -v "^algorithm"
echo "== VALUES_TILE=1"; SS_EXP=VALUES_TILE=1 $B | grep -v "^algorithm"; SS_EXP=VALUES_TILE=1 $B --pairs | grep -v "^algorithm"
for k in 11 12 8; do
  echo "== VALUES_TILE=1 512 x $k keys"; SS_EXP=VALUES_TILE=1 $B --set workgroup-size=512 --set keys-per-thread=$k | grep -v "^algorithm"
done
echo "== VALUES_TILE=1 at 2^28, keys then pairs"
SS_EXP=VALUES_TILE=1 $S bench --algo radix --reps 10 --sizes 2^28 | grep -v "^algorithm"
SS_EXP=VALUES_TILE=1 $S bench --algo radix --reps 10 --pairs --sizes 2^28 | grep -v "^algorithm"
} > $OUT/bench.txt 2>&1
cat $OUT/bench.txt
