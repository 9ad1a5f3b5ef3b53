# Issue 12 experiments, after run 70 (temporary hook SS_EXP, not committed). Run 70 found at
# most 2 downsweep workgroups of 512 x 10 per multiprocessor, and 1 for every partition needing
# more than about 24 KiB of shared memory: is shared memory (about 48 KiB per multiprocessor for
# GL compute?) the limit? Here: 256 x 10 and 128 x 10 (small shared footprints) for that limit,
# and EXCHANGE_CHUNKS (keys and values pass through shared memory in rank order half a partition
# at a time, halving the tile) with EXP_PACK (positions two to a register) for larger partitions
# or more workgroups.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
{
probe() {  # workgroup, keys per thread, SS_EXP
  echo "== workgroup $1 keys-per-thread $2 exp '$3'"
  SET="--set workgroup-size=$1 --set keys-per-thread=$2"
  SS_EXP="EXP_OCCUPANCY=1${3:+,$3}" timeout 60 $S bench --algo radix --reps 1 --sizes 2^24 $SET 2>&1 | grep OCCUPANCY
  SS_EXP="$3" timeout 60 $S bench --algo radix --reps 10 --sizes 2^24 $SET 2>&1 | grep -v ^algorithm
  SS_EXP="$3" timeout 60 $S bench --algo radix --reps 10 --sizes 2^24 --pairs $SET 2>&1 | grep -v ^algorithm
}
probe 256 10 ""
probe 128 10 ""
probe 512 10 ""
probe 512 10 "EXP_PACK=1"
probe 512 10 "EXCHANGE_CHUNKS=2"
probe 512 10 "EXCHANGE_CHUNKS=2,EXP_PACK=1"
probe 512 12 "EXCHANGE_CHUNKS=2,EXP_PACK=1"
probe 512 14 "EXCHANGE_CHUNKS=2,EXP_PACK=1"
probe 512 16 "EXCHANGE_CHUNKS=2,EXP_PACK=1"
probe 512 20 "EXCHANGE_CHUNKS=2,EXP_PACK=1"
probe 512 15 "EXCHANGE_CHUNKS=3,EXP_PACK=1"
probe 256 20 "EXCHANGE_CHUNKS=2,EXP_PACK=1"
probe 1024 8 "EXCHANGE_CHUNKS=2,EXP_PACK=1"
for e in "" "EXCHANGE_CHUNKS=2,EXP_PACK=1"; do
  for shape in "512 10" "512 14" "512 16" "512 20"; do
    set -- $shape
    echo "== 2^26 workgroup $1 keys-per-thread $2 exp '$e'"
    SS_EXP="$e" timeout 60 $S bench --algo radix --reps 10 --sizes 2^26 --set workgroup-size=$1 --set keys-per-thread=$2 2>&1 | grep -v ^algorithm
  done
done
for e in "" "EXP_PACK=1" "EXCHANGE_CHUNKS=2,EXP_PACK=1"; do
  echo "== small sizes, auto shapes, exp '$e'"
  SS_EXP="$e" timeout 60 $S bench --algo radix --reps 20 --sizes 27648,2^16,2^18,2^20 2>&1 | grep -v ^algorithm
done
} > $OUT/exp.txt 2>&1
cat $OUT/exp.txt
