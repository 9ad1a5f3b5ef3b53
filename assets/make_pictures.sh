#!/usr/bin/env bash
# Makes the pictures of README.md and docs/ with shadersort itself (headless: no window, no X server).
#   bash assets/make_pictures.sh [path/to/shadersort]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/shadersort}
right() { local keys=""; for ((i = 0; i < $1; i++)); do keys+="right,"; done; echo "${keys%,}"; }

# The viewer in image mode, half way through a fragment-shader odd-even sort of the built-in picture.
"$bin" view --offscreen --paused --keys "$(right 96)" --frames 97 --screenshot assets/viewer.png
# Array mode with the teaching overlay: bitonic on 32 keys, the brackets of pass 7 (swaps in orange).
"$bin" view --offscreen --algo bitonic --array --pattern random --size 32x1 --axis rows --paused \
  --keys "$(right 7)" --frames 8 --screenshot assets/viewer_array.png
# Numbers on the bars: odd-even on twelve typed keys after pass 5.
"$bin" view --offscreen --algo odd-even --array --values 42,7,93,15,64,3,88,21,50,36,9,77 --paused \
  --keys "$(right 5)" --frames 6 --screenshot assets/viewer_numbers.png
# The second drawing: the same keys and pass as dots, each key a dot at its height.
"$bin" view --offscreen --algo odd-even --array --drawing dots --values 42,7,93,15,64,3,88,21,50,36,9,77 --paused \
  --keys "$(right 5)" --frames 6 --screenshot assets/viewer_dots.png
# Numbers and counters for a class: the same twelve keys on odd-even's teaching schedule, with the
# work panel the shaders count into (a taller window, so that it shows below the pseudocode).
"$bin" view --offscreen --algo odd-even --teaching --array --values 42,7,93,15,64,3,88,21,50,36,9,77 --paused \
  --keys "$(right 5)" --frames 6 --window-size 1280x1240 --screenshot assets/viewer_work.png
# Radix's digits written out under the bars, the sorted places green: 16 keys after pass 2.
"$bin" view --offscreen --algo radix --array --pattern random --size 16x1 --axis rows --paused \
  --keys "$(right 2)" --frames 3 --window-size 1280x900 --screenshot assets/viewer_radix_digits.png
# The textbook bitonic network on 13 typed keys, padded to 16 with +inf, after pass 5.
"$bin" view --offscreen --algo bitonic-classic --array --values 42,7,93,15,64,3,88,21,50,36,9,77,58 --paused \
  --keys "$(right 5)" --frames 6 --window-size 1280x900 --screenshot assets/viewer_bitonic_classic.png
# The label policy at the default 1280x800: bitonic-classic on the 13 keys of issue 39, padded to
# 16 with +inf, after pass 5, every number upright at two or three times the bitmap font's size.
"$bin" view --offscreen --algo bitonic-classic --array --values 5,3,9,1,7,2,8,4,12,0,11,6,10 --paused \
  --keys "$(right 5)" --frames 6 --screenshot assets/viewer_labels.png
# A lecture slide (run --slides): odd-even's teaching schedule on eight keys, the slide after pass 2
# (pass-0003.png: pass-0000.png is the input).
slides_folder=$(mktemp -d)
"$bin" run --algo odd-even --teaching --values 5,3,9,1,7,2,8,4 --passes 3 --slides "$slides_folder/slides"
cp "$slides_folder/slides/pass-0003.png" assets/slide.png
rm -rf -- "$slides_folder"
# Radix's digits, histogram, prefix sum and bucket starts, pass 2 of a 4-bit teaching sort.
"$bin" view --offscreen --algo radix --array --pattern random --size 40x1 --axis rows --paused \
  --keys "$(right 2)" --frames 3 --window-size 1280x1500 --screenshot assets/viewer_radix.png
# The GPU view (g) with the pseudocode panel: bitonic teaching on 64 keys from 0..99, workgroups of
# 4 invocations (so 8 show), after pass 3; bars coloured by workgroup, white lines between them
# (a taller window, so that the GPU view's panel shows below the wrapped pseudocode).
"$bin" view --offscreen --algo bitonic --array --pattern random --range 0..99 --size 64x1 --axis rows \
  --set workgroup-size=4 --set tile-size=8 --paused --keys "$(right 3),g" --frames 5 --window-size 1280x1080 \
  --screenshot assets/viewer_gpu.png
# A race by pass of all four on one 64x48 random pattern, half way (frame 24).
"$bin" view --offscreen --race radix,bitonic,odd-even,frag-odd-even --pattern random --size 64x48 \
  --frames 24 --screenshot assets/race.png
# The input and two finished sorts.
"$bin" run --passes 0 --out assets/default_input.png
"$bin" run --out assets/sorted_luminance_columns.png
"$bin" run --key hue --axis rows --descending --out assets/sorted_hue_rows_descending.png
# The race as an animation (one GIF frame per state) and a whole sort of the built-in picture.
"$bin" view --offscreen --race radix,bitonic,odd-even,frag-odd-even --pattern random --size 64x48 \
  --window-size 1280x400 --frames 60 --record assets/race.gif
"$bin" run --gif assets/sort.gif --every 4 --fps 25
# The pixel-sort gallery: the built-in looks and two paths on NASA's portrait of Eileen Collins
# (public domain; assets/astronaut.png is Debian python3-skimage's skimage/data/astronaut.png at 256x256).
mkdir -p assets/art
for preset in asendorf melt rain radial-burst glitch-rows; do
  "$bin" run assets/astronaut.png --preset "$preset" --out "assets/art/$preset.png"
done
"$bin" run assets/astronaut.png --path angle:30 --spans threshold --lower 0.25 --upper 0.8 \
  --key lightness --out assets/art/angle30.png
"$bin" run assets/astronaut.png --path rings:0.45,0.35 --spans threshold --lower 0.35 --upper 0.95 \
  --key lightness --out assets/art/rings.png
# pixelsort's waves and file intervals, a span key apart from the sort key, and a mask narrowing
# threshold spans (the photograph's own dark half as the interval image and as the mask).
"$bin" run assets/astronaut.png --path angle:20 --spans waves --span-length 24 --key hue --out assets/art/waves.png
"$bin" run assets/astronaut.png --path columns --spans file --intervals assets/astronaut.png --key lightness \
  --out assets/art/file.png
"$bin" run assets/astronaut.png --path angle:30 --spans threshold --span-key lightness --key hue --lower 0.25 \
  --upper 0.8 --out assets/art/span-key.png
"$bin" run assets/astronaut.png --path rows --spans threshold --lower 0.2 --upper 0.9 --key lightness \
  --mask assets/art/rings.png --out assets/art/masked.png
# Sapphire S_PixelSort's circular and radial controls, and ASDFPixelSort's columns-then-rows loop.
"$bin" run assets/astronaut.png --path rings:0.5,0.4 --spans threshold --lower 0.2 --upper 0.9 --key lightness \
  --start-angle 200 --degrees-sorted 270 --inner-radius 60 --thickness 150 --vary-start 0.3 --out assets/art/circular.png
"$bin" run assets/astronaut.png --path spokes:0.5,0.35 --spans none --inner-radius 40 --ray-length 120 --vary-start 0.8 \
  --degrees-sorted 180 --out assets/art/radial.png
"$bin" run assets/astronaut.png --path angle:70 --then angle:160 --spans threshold --lower 0.3 --upper 0.9 \
  --key lightness --out assets/art/then.png
# The viewer's art panel: the angle:30 look above, finished at once (e: a change shows the result).
"$bin" view assets/astronaut.png --algo radix --path angle:30 --spans threshold --lower 0.25 --upper 0.8 \
  --key lightness --offscreen --keys e --frames 2 --screenshot assets/art/panel.png
# A pixel-sort watched pass by pass: odd-even's teaching schedule, every 20th pass.
"$bin" run assets/astronaut.png --algo odd-even --teaching --path angle:60 --spans threshold --lower 0.3 \
  --upper 0.95 --key lightness --max-span 60 --sheet assets/art/odd-even-sheet.png --every 20
# A clip pixel-sorted frame by frame (docs/VIDEO.md): make_clip zooms into the photograph, and a
# keyframed preset turns the spans' angle over the three seconds.
clip_folder=$(mktemp -d)
trap 'rm -rf -- "$clip_folder"' EXIT
"$(dirname "$bin")/make_clip" --photo assets/astronaut.png --size 192x108 --seconds 3 --rate 15 --out "$clip_folder/pan.mkv"
"$bin" run --video "$clip_folder/pan.mkv" --out assets/art/video.gif --preset assets/art/turning.toml --quiet
