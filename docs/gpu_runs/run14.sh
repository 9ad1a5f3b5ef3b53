# radix with a power-of-two keys-per-thread on the portable scan: is every size right?
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
{
$S bench --algo radix --set scan=1 --set keys-per-thread=16 --sizes 2^20,2^22,2^23,2^24,2^25,2^26,2^28 --reps 5 --csv $OUT/k16.csv
$S bench --algo radix --set scan=1 --set keys-per-thread=16 --sizes 2^24,2^26 --reps 5
$S bench --algo radix --set scan=1 --set keys-per-thread=16 --pairs --sizes 2^24,2^28 --reps 5 --csv $OUT/k16p.csv
} > $OUT/run7.txt 2>&1; cat $OUT/run7.txt
