# After the staging read-back fix: defaults again, then tune, then the tuned figures.
. .gpu/setup.sh
S=.gpu/shadersort
rm -rf /root/.cache/shadersort
{
echo "## defaults after the read-back fix"
$S bench --algo bitonic,radix --sizes 2^20,2^22,2^24 --reps 10 --csv $OUT/f_keys.csv
$S bench --algo radix --set scan=1 --sizes 2^20,2^24 --reps 10
echo "## tune"
timeout 100 $S tune --algo odd-even --size 2^16 --reps 3
timeout 150 $S tune --algo bitonic,radix --size 2^22 --reps 5
$S info | tail -5
echo "## tuned"
$S bench --algo odd-even --sizes 2^14,2^16 --reps 5 --csv $OUT/t_oe.csv
$S bench --algo bitonic,radix --sizes 2^20,2^22,2^24,2^26,2^28 --reps 10 --csv $OUT/t_keys.csv
$S bench --algo bitonic,radix --pairs --sizes 2^24,2^28 --reps 5 --csv $OUT/t_pairs.csv
} > $OUT/run4.txt 2>&1; cat $OUT/run4.txt
