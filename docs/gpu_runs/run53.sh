# Radix experiments (issue 12) on a build whose radix kernels took extra defines from the
# environment variable SS_EXP (a temporary hook, not committed): the upfront histogram's ways of
# counting (HISTOGRAM_KIND 0: four atomics per key after all loads, as landed; 1: the same
# atomics place by place; 2: a plain loop, one key per iteration; 3: two copies of the
# histograms, one per half workgroup; 4: one copy per 32 invocations; 9: loads only, no
# counting, a yardstick that sorts wrongly), the chained downsweep publishing its digit counts
# as soon as they are known (EARLY_PUBLISH=1), the drivers' assembly of the radix programs, and
# the small sizes with the packed teaching flag scans.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
$S info > $OUT/info.txt 2>&1
B="$S bench --algo radix --reps 5 --steps --set scan=chained"
{
for k in 0 1 2 3 4 9; do
  echo "== HISTOGRAM_KIND=$k"; SS_EXP=HISTOGRAM_KIND=$k $B --sizes 2^20,2^24,2^26 | grep -v "^algorithm"
done
for e in "HISTOGRAM_KIND=0,EARLY_PUBLISH=1" "HISTOGRAM_KIND=2,EARLY_PUBLISH=1" "HISTOGRAM_KIND=4,EARLY_PUBLISH=1"; do
  echo "== $e"; SS_EXP=$e $B --sizes 2^20,2^22,2^24 | grep -v "^algorithm"
done
echo "== small sizes, default (fast) and teaching"
$S bench --algo radix --reps 20 --steps --sizes 27648,2^16
$S bench --algo radix --reps 20 --steps --teaching --sizes 27648
} > $OUT/experiments.txt 2>&1
mkdir -p /tmp/dump
SHADERSORT_PROGRAM_DUMP=/tmp/dump $S bench --algo radix --reps 1 --sizes 2^20 --set scan=chained > /dev/null 2>&1
SHADERSORT_PROGRAM_DUMP=/tmp/dump SS_EXP=HISTOGRAM_KIND=2 $S bench --algo radix --reps 1 --sizes 2^20 --set scan=chained > /dev/null 2>&1
SHADERSORT_PROGRAM_DUMP=/tmp/dump $S bench --algo radix --reps 1 --sizes 2^24 --set scan=portable > /dev/null 2>&1
for f in /tmp/dump/*; do
  echo "== $f: $(grep -a -E '^#define (HISTOGRAM_KIND|CHAINED|KEYS_PER_THREAD) ' $f | tr '\n' ' ')"
  echo "lmem lines: $(strings $f | grep -c lmem), ATOMS-like lines: $(strings $f | grep -c -i 'ATOMS\|ATOM\.')"
  strings $f > $OUT/asm_$(basename $f).txt
done > $OUT/programs.txt 2>&1
cat $OUT/experiments.txt $OUT/programs.txt
