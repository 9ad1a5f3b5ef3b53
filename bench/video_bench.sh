#!/usr/bin/env bash
# bench/video_bench.sh: frames per second of `shadersort run --video` on a made clip, per algorithm,
# with each stage's share apart (decode, upload, GPU pipeline, read-back, encode) and the stage that
# bounds the rate (docs/BENCHMARKS.md shows the table).
#
# Makes a clip with bench/video/make_clip (the README's photograph, zoomed and panned; H.264), then
# for each algorithm runs
#   shadersort run --video CLIP --out OUT.mp4 --algo A --path angle:30 --spans threshold --fast-encode --stats
# and prints a markdown table from the --stats lines. The slow compare-exchange sorts get a shorter
# clip (--short-seconds). Each algorithm first runs once untimed on the short clip, so that the
# figures are the steady rate and not the first run's compiling of the GPU programs (on a fresh
# machine that took a 90-frame 4K run from 69 to 43 frames/s). Everything is made in a temporary
# folder and removed.
#
# Usage: bench/video_bench.sh [--build DIR] [--size WxH] [--seconds S] [--short-seconds S] [--rate R]
#                             [--algos LIST] [--encoder NAME] [--out FILE]
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
build="$repo/build"
size=1920x1080
seconds=10
short_seconds=1
rate=60
algos="radix,bitonic,odd-even,frag-odd-even"
encoder=""
out=""

while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --short-seconds) short_seconds=$2; shift 2 ;;
    --rate) rate=$2; shift 2 ;;
    --algos) algos=$2; shift 2 ;;
    --encoder) encoder=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "video_bench.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done

work=$(mktemp -d)
trap 'rm -rf -- "$work"' EXIT
"$build/make_clip" --photo "$repo/assets/astronaut.png" --size "$size" --seconds "$seconds" --rate "$rate" \
  --out "$work/clip.mp4"
"$build/make_clip" --photo "$repo/assets/astronaut.png" --size "$size" --seconds "$short_seconds" --rate "$rate" \
  --out "$work/short.mp4"

encode=(--fast-encode)
[ -n "$encoder" ] && encode+=(--encoder "$encoder")
table="| algorithm | frames | end to end (frames/s) | x real time | upload (ms) | GPU pipeline (ms/frame) | GPU alone (frames/s) | read-back (ms) | decode (ms, own thread) | encode (ms, own thread) | bound by |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
IFS=, read -r -a list <<< "$algos"
for algo in "${list[@]}"; do
  clip="$work/clip.mp4"
  case "$algo" in odd-even|frag-odd-even) clip="$work/short.mp4" ;; esac
  "$build/shadersort" run --video "$work/short.mp4" --out "$work/warm.mp4" --algo "$algo" --path angle:30 \
    --spans threshold "${encode[@]}" --quiet
  stats=$("$build/shadersort" run --video "$clip" --out "$work/out.mp4" --algo "$algo" --path angle:30 \
            --spans threshold "${encode[@]}" --quiet --stats)
  echo "$stats" >&2
  row=$(echo "$stats" | awk -v algo="$algo" '
    /^video:/ { frames = $2; for (i = 1; i <= NF; ++i) { if ($i == "frames/s" && $(i+1) == "end") fps = $(i-1); if ($i ~ /x$/ && $(i+1) == "real") real = $i } }
    /^per frame:/ { for (i = 1; i <= NF; ++i) { if ($i == "decode") dec = $(i+1); if ($i == "pipeline") gpu = $(i+1);
                                                  if ($i == "upload") up = $(i+1);
                                                  if ($i == "read-back") rb = $(i+1); if ($i == "encode") enc = $(i+1);
                                                  if ($i == "sorting") alone = $(i-4) } }
    /^bound by:/ { bound = $0; sub(/^bound by: /, "", bound); sub(/ \(.*/, "", bound) }
    END { sub(/^\(/, "", real); sub(/x$/, "", real);
          printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |", algo, frames, fps, real, up, gpu, alone, rb, dec, enc, bound }')
  table+=$'\n'"$row"
done
echo "$table"
[ -n "$out" ] && echo "$table" > "$out"
exit 0
