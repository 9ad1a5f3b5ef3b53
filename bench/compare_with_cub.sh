#!/usr/bin/env bash
# bench/compare_with_cub.sh: shadersort's radix sort against CUB's cub::DeviceRadixSort on one GPU.
#
# Runs, in one go on the same machine:
#   shadersort bench --algo radix --no-tune-cache --reps R --sizes S --csv ...           (keys)
#   shadersort bench --algo radix --no-tune-cache --reps R --sizes S --pairs --csv ...   (pairs)
#   cub_sort --sizes S --reps R                                      (bench/cub/cub_sort.cu)
# and prints a markdown table: N, shadersort G keys/s, CUB G keys/s, ratio, and the same for
# pairs (docs/BENCHMARKS.md shows it). The table goes to stdout (and to --out FILE); the programs'
# own output goes to stderr as they run. Exit status 1 if any result was wrong.
#
# Usage: bench/compare_with_cub.sh [options] [-- extra shadersort bench options]
# See --help; docs/BENCHMARKS.md explains the method.
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
shadersort="$repo/build/shadersort"
cub="$repo/build/cub_sort"
sizes="2^20,2^22,2^24,2^26,2^28"
reps=20
out=""
keep=""
arch="native"
extra=()

usage() {
  cat <<EOF
usage: $(basename -- "$0") [options] [-- extra 'shadersort bench' options]

  --shadersort PATH  the shadersort binary (default: build/shadersort)
  --cub PATH         the CUB program (default: build/cub_sort); if it is missing and nvcc is
                     on PATH, it is built there from bench/cub/cub_sort.cu
  --arch ARCH        nvcc -arch for that build (default: native; sm_90 for an H100 or H200)
  --sizes LIST       powers of two, 2^k or numbers, comma separated
                     (default: 2^20,2^22,2^24,2^26,2^28)
  --reps N           timed sorts per size for both programs; the median is used (default: 20)
  --out FILE         also write the table to FILE
  --keep DIR         keep the raw outputs (CSVs, logs) in DIR (default: a temporary folder)
  -h, --help         this text

Options after -- go to both 'shadersort bench' calls unchanged, e.g. -- --set scan=portable
EOF
}

die() {
  echo "compare_with_cub.sh: $*" >&2
  exit 2
}

while (($# > 0)); do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --shadersort | --cub | --arch | --sizes | --reps | --out | --keep)
      (($# >= 2)) || die "$1 needs a value (--help)"
      case "$1" in
        --shadersort) shadersort="$2" ;;
        --cub) cub="$2" ;;
        --arch) arch="$2" ;;
        --sizes) sizes="$2" ;;
        --reps) reps="$2" ;;
        --out) out="$2" ;;
        --keep) keep="$2" ;;
      esac
      shift 2 ;;
    --) shift; extra=("$@"); break ;;
    *) die "unknown option '$1' (--help)" ;;
  esac
done

[[ "$reps" =~ ^[1-9][0-9]*$ ]] || die "--reps needs a positive whole number, not '$reps'"
[[ "$arch" =~ ^[A-Za-z0-9_.,-]+$ ]] || die "--arch '$arch' is not an nvcc architecture name"

# Sizes: each a power of two from 2^1 to 2^30 (CUB takes an int count), kept as "2^k".
log2s=()
IFS=',' read -r -a size_list <<<"$sizes"
((${#size_list[@]} > 0)) || die "--sizes is empty"
for size in "${size_list[@]}"; do
  if [[ "$size" =~ ^2\^([0-9]{1,2})$ ]]; then
    k=$((10#${BASH_REMATCH[1]}))
  elif [[ "$size" =~ ^[0-9]{1,10}$ ]]; then
    n=$((10#$size)) k=0
    while (((1 << k) < n && k < 31)); do k=$((k + 1)); done
    ((n == (1 << k))) || die "size '$size' is not a power of two (CUB's table needs 2^k)"
  else
    die "size '$size' is neither 2^k nor a number"
  fi
  ((k >= 1 && k <= 30)) || die "size '$size' is outside 2^1..2^30"
  log2s+=("$k")
done
sizes=$(printf '2^%s,' "${log2s[@]}")
sizes=${sizes%,}

if [[ -n "$out" ]]; then
  [[ -d "$(dirname -- "$out")" ]] || die "--out '$out': its folder does not exist"
  [[ ! -d "$out" ]] || die "--out '$out' is a folder; give a file name"
fi
[[ -x "$shadersort" ]] || die "no shadersort binary at '$shadersort' (build it: README.md, or pass --shadersort PATH)"

if [[ ! -x "$cub" ]]; then
  source_file="$repo/bench/cub/cub_sort.cu"
  if ! command -v nvcc >/dev/null 2>&1; then
    die "no CUB program at '$cub', and no nvcc on PATH to build it from bench/cub/cub_sort.cu.
  Install the CUDA toolkit (nvcc, CUB comes with it) and run again, or build it elsewhere:
    nvcc -O3 -arch=sm_90 -o build/cub_sort bench/cub/cub_sort.cu
  and pass --cub PATH."
  fi
  echo "compare_with_cub.sh: building '$cub' from bench/cub/cub_sort.cu (nvcc -arch=$arch)" >&2
  mkdir -p -- "$(dirname -- "$cub")"
  nvcc -O3 -arch="$arch" -o "$cub" "$source_file" ||
    die "nvcc failed to build '$cub' (try --arch sm_90, or the CMake build in bench/README.md)"
fi

# A tiny CUB sort first, so that a CUDA problem shows now and not after minutes of shadersort.
if ! preflight=$("$cub" --sizes 2^10 --reps 1 --warmup 0 2>&1); then
  die "'$cub' cannot sort on this machine: $(tail -2 <<<"$preflight")"
fi

if [[ -n "$keep" ]]; then
  mkdir -p -- "$keep"
  work=$(cd -- "$keep" && pwd)
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/compare_with_cub.XXXXXX")
  trap 'rm -rf -- "$work"' EXIT
fi

# --- run everything, in one go, on the same GPU ----------------------------------------------
"$shadersort" info >"$work/info.txt" 2>&1 || die "'$shadersort info' failed: $(tail -3 "$work/info.txt")"
bench=("$shadersort" bench --algo radix --no-tune-cache --reps "$reps" --sizes "$sizes")
# shadersort bench exits 1 when an output was wrong, its CSV written (verified = 0): the table
# shows that; any other failure stops here.
run_bench() {
  local kind="$1"
  shift
  echo "== shadersort $kind: ${bench[*]}${*:+ $*}${extra[*]:+ ${extra[*]}}" >&2
  local status=0
  "${bench[@]}" "$@" --csv "$work/shadersort_$kind.csv" "${extra[@]}" 2>&1 | tee "$work/shadersort_$kind.txt" >&2 ||
    status=${PIPESTATUS[0]}
  if ((status != 0)) && { ((status != 1)) || [[ ! -s "$work/shadersort_$kind.csv" ]]; }; then
    die "'shadersort bench' ($kind) failed with exit status $status; its output is above"
  fi
}
run_bench keys
run_bench pairs --pairs
echo "== CUB: $cub --sizes $sizes --reps $reps" >&2
cub_status=0
"$cub" --sizes "$sizes" --reps "$reps" >"$work/cub.csv" || cub_status=$?
cat -- "$work/cub.csv" >&2
# cub_sort exits 1 after printing when a result was wrong (its table then says checked=no).
((cub_status == 0 || cub_status == 1)) || die "'$cub' failed (exit status $cub_status)"

# CUB's rates as 'shadersort plot --reference' reads them, beside shadersort's CSVs (--keep).
for kind in keys pairs; do
  awk -F, -v kind="$kind" 'BEGIN { print "series,n,g_keys_per_s" }
    /^[0-9]/ && $7 == "yes" { printf "CUB %s,%s,%.6g\n", kind, $2, $2 / ((kind == "keys" ? $3 : $5) * 1e6) }' \
    "$work/cub.csv" >"$work/cub_${kind}_reference.csv"
done

# --- the table ---------------------------------------------------------------------------------
info_value() { sed -n "s/^$1  *//p" "$work/info.txt" | head -1; }
renderer=$(info_value renderer)
gl_version=$(info_value "GL version")
cuda_device=$(sed -n 's/^# device: //p' "$work/cub.csv" | head -1)
cuda_versions=$(sed -n 's/^# CUDA //p' "$work/cub.csv" | head -1)
if [[ -n "$cuda_device" && "$renderer" != "${cuda_device%% (*}"* ]]; then
  echo "compare_with_cub.sh: warning: OpenGL renders on '$renderer' but CUDA ran on '$cuda_device'" >&2
fi

# shadersort's CSV: "n median_ms" (median_ms "wrong" where verified = 0), by the header's names.
shadersort_times() {
  awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
           { print $col["n"], ($col["verified"] == 1 ? $col["median_ms"] : "wrong") }' "$1"
}

# Rates are n / median time, ratios CUB's time / shadersort's (= shadersort's rate / CUB's).
table=$(
  {
    echo "# keys"; shadersort_times "$work/shadersort_keys.csv"
    echo "# pairs"; shadersort_times "$work/shadersort_pairs.csv"
    echo "# cub"; grep -v '^#' "$work/cub.csv"
  } | awk -v sizes="$sizes" '
    /^# / { part = $2; next }
    part == "keys" { keys[$1] = $2; next }
    part == "pairs" { pairs[$1] = $2; next }
    part == "cub" && $0 ~ /^[0-9]/ {
      split($0, f, ",")  # log2_n,n,keys_ms,g_keys_per_s,pairs_ms,g_pairs_per_s,checked
      ok = (f[7] == "yes"); cubKeys[f[2]] = ok ? f[3] : "wrong"; cubPairs[f[2]] = ok ? f[5] : "wrong"
    }
    function usable(ms) { return ms != "" && ms != "wrong" && ms + 0 > 0 }
    function rate(n, ms) {
      if (!usable(ms)) { bad = 1; return ms == "" ? "missing" : ms }
      g = n / (ms * 1e6)
      return g >= 0.995 ? sprintf("%.2f", g) : sprintf("%.3g", g)
    }
    function ratio(ms, cubMs) {
      if (!usable(ms) || !usable(cubMs)) return "-"
      return cubMs / ms >= 0.095 ? sprintf("%.2f", cubMs / ms) : sprintf("%.2g", cubMs / ms)
    }
    END {
      print "| N | shadersort keys | CUB keys | ratio | shadersort pairs | CUB pairs | ratio |"
      print "| --- | --- | --- | --- | --- | --- | --- |"
      count = split(sizes, list, ",")
      for (i = 1; i <= count; ++i) {
        n = 2 ^ substr(list[i], 3); key = sprintf("%d", n)
        printf "| %s | %s | %s | %s | %s | %s | %s |\n", list[i], rate(n, keys[key]), rate(n, cubKeys[key]),
               ratio(keys[key], cubKeys[key]), rate(n, pairs[key]), rate(n, cubPairs[key]),
               ratio(pairs[key], cubPairs[key])
      }
      exit bad
    }'
) && all_right=1 || all_right=0

report() {
  echo "shadersort radix (${extra[*]:-defaults}) against CUB's cub::DeviceRadixSort (DoubleBuffer), random u32 keys"
  echo "(u32 values for pairs), median of $reps sorts each, G keys/s (G pairs/s); ratio = shadersort / CUB."
  echo
  echo "- OpenGL: ${renderer:-?}, ${gl_version:-?}"
  echo "- CUDA: ${cuda_device:-?}, ${cuda_versions:-?}"
  echo "- $(date -u '+%Y-%m-%d'), bench/compare_with_cub.sh --sizes $sizes --reps $reps${extra[*]:+ -- ${extra[*]}}"
  echo
  echo "$table"
}

report
if [[ -n "$out" ]]; then
  report >"$out"
  echo "compare_with_cub.sh: table written to '$out'" >&2
fi
if ((!all_right)); then
  echo "compare_with_cub.sh: a result was wrong or missing (the table says which); exit status 1" >&2
  exit 1
fi
