# Issue 12 experiments (temporary hook SS_EXP, not committed): how many downsweep workgroups an
# H100 multiprocessor holds at once for each partition shape (EXP_OCCUPANCY: a per-multiprocessor
# counter of resident workgroups, gl_SMIDNV), and whether positions packed two to a register
# plus digits packed four to a register for the values' scatter (EXP_PACK, EXP_DIGITS) let larger
# partitions stay resident; keys at 2^24 for every shape, pairs and 2^26 for some; the small
# sizes' shapes; CUB once more at 2^20-2^24 (run 68's anomalous 2^20 keys).
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
(nvcc -O3 -std=c++17 -arch=sm_90 -o .gl/cub_sort_bench .gl/cub_sort_bench.cu > /tmp/nvcc.txt 2>&1; echo "nvcc rc=$?" >> /tmp/nvcc.txt) &
{
for shape in "512 10" "512 11" "512 12" "384 15" "384 16" "384 18" "384 20" "256 16" "256 20" "1024 5"; do
  set -- $shape
  for e in "" "EXP_PACK=1,EXP_DIGITS=1"; do
    echo "== workgroup $1 keys-per-thread $2 exp '$e'"
    SET="--set workgroup-size=$1 --set keys-per-thread=$2"
    SS_EXP="EXP_OCCUPANCY=1${e:+,$e}" timeout 60 $S bench --algo radix --reps 1 --sizes 2^24 $SET 2>&1 | grep OCCUPANCY
    SS_EXP="$e" timeout 60 $S bench --algo radix --reps 10 --sizes 2^24 $SET 2>&1 | grep -v ^algorithm
    SS_EXP="$e" timeout 60 $S bench --algo radix --reps 10 --sizes 2^24 --pairs $SET 2>&1 | grep -v ^algorithm
  done
done
for shape in "512 10" "384 16" "384 20"; do
  set -- $shape
  for e in "" "EXP_PACK=1,EXP_DIGITS=1"; do
    echo "== 2^26 workgroup $1 keys-per-thread $2 exp '$e'"
    SS_EXP="$e" timeout 60 $S bench --algo radix --reps 10 --sizes 2^26 --set workgroup-size=$1 --set keys-per-thread=$2 2>&1 | grep -v ^algorithm
  done
done
echo "== small sizes"
for shape in "256 4" "128 4" "256 2" "512 2" "128 8" "64 8"; do
  set -- $shape
  for e in "" "EXP_PACK=1,EXP_DIGITS=1"; do
    echo "== workgroup $1 keys-per-thread $2 exp '$e'"
    SS_EXP="$e" timeout 60 $S bench --algo radix --reps 20 --sizes 27648,2^16 --set workgroup-size=$1 --set keys-per-thread=$2 2>&1 | grep -v ^algorithm
  done
done
wait
tail -1 /tmp/nvcc.txt; .gl/cub_sort_bench 20 24 2 20
} > $OUT/exp.txt 2>&1
mkdir -p /tmp/dump /tmp/dumppack
SHADERSORT_PROGRAM_DUMP=/tmp/dump $S bench --algo radix --reps 1 --sizes 2^20 > /dev/null 2>&1
SS_EXP=EXP_PACK=1,EXP_DIGITS=1 SHADERSORT_PROGRAM_DUMP=/tmp/dumppack $S bench --algo radix --reps 1 --sizes 2^20 > /dev/null 2>&1
tar czf $OUT/dumps.tgz -C /tmp dump dumppack
cat $OUT/exp.txt
