# Sourced by a run script after setup.sh: both test binaries on the GPU machine, each to a file
# under $OUT. Left out, and why: Viewer.* (an X server and xdotool), Bench.Plot*
# and Reliability.Plot* (gnuplot), *NoOpenGl43 (Mesa's version override), ShaderVariants*
# (glslangValidator): none of them is on that machine.
export SHADERSORT_BINARY=$PWD/.gpu/shadersort SHADERSORT_GOLDEN_DIR=$PWD/tests/golden
skip='-Viewer.*:Bench.Plot*:Reliability.Plot*:*NoOpenGl43:ShaderVariants*'
for binary in shadersort_sort_tests shadersort_app_tests; do
  timeout 280 .gpu/$binary --gtest_filter="$skip" > $OUT/$binary.txt 2>&1
  echo "$binary rc=$?" >> $OUT/$binary.txt
done
