#include "sort/pseudocode.h"

#include <algorithm>
#include <optional>

namespace shadersort {
namespace {

bool mentions(std::string_view text, std::string_view words) { return text.find(words) != std::string_view::npos; }

// The decimal number right after the first `words` in `text`, if there is one.
std::optional<std::uint64_t> numberAfter(std::string_view text, std::string_view words) {
  const std::size_t at = text.find(words);
  if (at == std::string_view::npos) return std::nullopt;
  std::uint64_t number = 0;
  std::size_t digits = 0;
  for (std::size_t i = at + words.size(); i < text.size() && text[i] >= '0' && text[i] <= '9' && digits < 19; ++i, ++digits)
    number = number * 10 + static_cast<std::uint64_t>(text[i] - '0');
  if (digits == 0) return std::nullopt;
  return number;
}

// Each listing's lines are numbered by position; the highlight functions below name them by
// index, so a listing and its highlight change together. Passes and positions count from 0, as
// the captions and bars do (sort/index_text.h): "p is even" is the caption's even round.

const PseudocodeListing kFragOddEven{
    "frag-odd-even (fragment shader, a draw per pass)",
    {
        "for pass p = 0, 1, ..., n-1:          // one full-screen draw",  // 0
        "  if p is even: pairs (0,1), (2,3), ...",                        // 1
        "  else:         pairs (1,2), (3,4), ...",                        // 2
        "  for every texel i, in parallel:       // fragment shader",     // 3
        "    j = the other position of i's pair (none: out[i] = key[i])",  // 4
        "    out[i] = i < j ? min(key[i], key[j]) : max(key[i], key[j])",  // 5
        "  swap the input and output textures    // ping-pong",           // 6
    }};

const PseudocodeListing kOddEvenTeaching{
    "odd-even, teaching schedule (one round per pass)",
    {
        "for pass p = 0, 1, ...:                 // one dispatch per round",  // 0
        "  if p is even: pairs (0,1), (2,3), ...",                            // 1
        "  else:         pairs (1,2), (3,4), ...",                            // 2
        "  for every pair (i, i+1), in parallel: // one invocation per pair",  // 3
        "    if key[i+1] < key[i]: swap them, count the swap",                // 4
        "stop after an even and an odd round without a swap",                 // 5
    }};

const PseudocodeListing kOddEvenFast{
    "odd-even, fast schedule (R rounds per pass)",
    {
        "for pass p = 0, 1, ...:                 // one dispatch",             // 0
        "  for every tile, in parallel:          // workgroup slots",          // 1
        "    load the tile and R neighbours each side (halo)",                 // 2
        "    for round r = p*R .. p*R + R-1:     // registers, shared memory",  // 3
        "      pairs (i, i+1) with i = r (mod 2): keep min left, max right",   // 4
        "      barrier",                                                       // 5
        "    write the tile's own positions (the halo is not exact)",          // 6
        "stop after an even and an odd round without a swap",                 // 7
    }};

const PseudocodeListing kBitonicTeaching{
    "bitonic, teaching schedule (one step per pass)",
    {
        "P = n rounded up to a power of two      // padding reads as +inf",  // 0
        "for merge width k = 2, 4, ..., P:",                                 // 1
        "  for distance d = k/2, k/4, ..., 1:    // one pass per (k, d)",    // 2
        "    for every pair, in parallel:        // one invocation each",    // 3
        "      if d == k/2: j = i xor (k-1)      // mirror: first step",      // 4
        "      else:        j = i xor d",                                    // 5
        "      if j < n and key[j] < key[i]: swap  // lower index keeps min",  // 6
    }};

const PseudocodeListing kBitonicClassic{
    "bitonic-classic, textbook (one step per pass)",
    {
        "pad to P = 2^ceil(log2 n) with +inf keys  // greyed in array view",  // 0
        "for merge width k = 2, 4, ..., P:",                                   // 1
        "  for distance d = k/2, k/4, ..., 1:      // one pass per (k, d)",    // 2
        "    for every i with i and d = 0, in parallel:",                      // 3
        "      up = (i and k) == 0                 // blocks of k alternate",   // 4
        "      if (key[i] > key[i+d]) == up: swap",                            // 5
        "give back the n real keys                // +inf sorted last",        // 6
    }};

const PseudocodeListing kBitonicFast{
    "bitonic, fast schedule (steps fused per pass)",
    {
        "sort every tile in shared memory:       // pass 0",                     // 0
        "  for k = 2 .. tile: for d = k/2 .. 1: compare-exchange, barrier",      // 1
        "for merge width k = 2*tile, 4*tile, ..., P:",                            // 2
        "  steps d = k/2 .. tile (wider than a tile), several per pass:",         // 3
        "    in strided tiles in shared memory,",                                 // 4
        "    or fused in registers (2^s keys per invocation)",                    // 5
        "  steps d = tile/2 .. 1 in one shared-memory pass",                      // 6
    }};

const PseudocodeListing kRadixClassic{
    "radix, teaching pipeline (4-bit digits)",
    {
        "for each 4-bit digit place, lowest first:  // one pass each",        // 0
        "  for every block of keys, in parallel:",                            // 1
        "    for each digit value v = 0 .. 15:",                              // 2
        "      flag[i] = digit(key[i]) == v; Blelloch scan of the flags",     // 3
        "  prefix sum over the counts [digit][block]",                        // 4
        "  out[start[digit][block] + scanned flag] = key   // stable",         // 5
    }};

const PseudocodeListing kRadixPortable{
    "radix, fast: reduce then scan (8-bit digits)",
    {
        "for each digit place, lowest first:     // one pass each",        // 0
        "  every partition counts its digits     // upsweep",              // 1
        "  prefix sum over the counts [digit][partition]",                 // 2
        "  every partition ranks its keys by digit (subgroup ballots)",    // 3
        "  out[offset[digit][partition] + rank] = key  // stable",         // 4
    }};

const PseudocodeListing kRadixChained{
    "radix, fast: chained scan (8-bit digits)",
    {
        "histograms of every digit place at once   // first pass only",    // 0
        "for each digit place, lowest first:     // one pass each",        // 1
        "  each workgroup takes the next partition ticket",                // 2
        "  ranks the partition's keys by digit (subgroup ballots)",        // 3
        "  publishes its digit counts",                                   // 4
        "  looks back: adds earlier partitions' published counts",         // 5
        "  out[digit start + look-back sum + rank] = key  // stable",      // 6
    }};

const PseudocodeListing kRadixSequence{
    "radix, fast: one workgroup per sequence",
    {
        "for each digit place, lowest first:     // one pass each",  // 0
        "  for every sequence, one workgroup:",                      // 1
        "    count the digits in shared memory",                     // 2
        "    prefix sum of the counts",                              // 3
        "    rank the keys by digit and move them  // stable",       // 4
    }};

const PseudocodeListing kNone{"", {}};

// The words RadixSorter::describePass writes for each pipeline.
const PseudocodeListing& radixListing(std::string_view description) {
  if (mentions(description, "flag scans")) return kRadixClassic;
  if (mentions(description, "one workgroup per sequence")) return kRadixSequence;
  if (mentions(description, "look-back")) return kRadixChained;
  return kRadixPortable;
}

std::vector<std::size_t> allLines(const PseudocodeListing& listing) {
  std::vector<std::size_t> lines(listing.lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) lines[i] = i;
  return lines;
}

// The words describeBitonicPass writes for each kind of pass (bitonic_schedule.cpp).
std::vector<std::size_t> bitonicLines(const PassFacts& facts) {
  const std::string_view text = facts.description;
  if (facts.teaching) {
    // Merge 2's only step is written "distance 1", yet it is the pseudocode's d == k/2 branch.
    const auto mergeWidth = numberAfter(text, "merge "), distance = numberAfter(text, "distance ");
    if (mentions(text, "mirror") || (mergeWidth && distance && *distance * 2 == *mergeWidth)) return {0, 1, 2, 3, 4, 6};
    if (distance) return {0, 1, 2, 3, 5, 6};
    return {};
  }
  if (mentions(text, "sorted in shared memory")) return {0, 1};
  if (mentions(text, "strided")) return {2, 3, 4};
  if (mentions(text, "fused in registers")) return {2, 3, 5};
  if (mentions(text, "in shared memory")) return {2, 6};  // the finishing steps d = tile/2 .. 1
  // A one-step global pass of the fast schedule: a wide step in registers.
  if (mentions(text, "merge ")) return {2, 3, 5};
  return {};
}

}  // namespace

// [SECTION] each algorithm's listing and highlight, named by its registry row

namespace {

const PseudocodeListing& fragOddEvenListing(const PassFacts&) { return kFragOddEven; }
std::vector<std::size_t> fragOddEvenLines(const PassFacts& facts) {
  return facts.pass % 2 == 0 ? std::vector<std::size_t>{0, 1, 3, 4, 5, 6} : std::vector<std::size_t>{0, 2, 3, 4, 5, 6};
}

const PseudocodeListing& oddEvenListing(const PassFacts& facts) {
  return facts.teaching ? kOddEvenTeaching : kOddEvenFast;
}
std::vector<std::size_t> oddEvenLines(const PassFacts& facts) {
  if (facts.teaching)
    return facts.pass % 2 == 0 ? std::vector<std::size_t>{0, 1, 3, 4} : std::vector<std::size_t>{0, 2, 3, 4};
  return {0, 1, 2, 3, 4, 5, 6};
}

const PseudocodeListing& bitonicListing(const PassFacts& facts) {
  return facts.teaching ? kBitonicTeaching : kBitonicFast;
}

const PseudocodeListing& bitonicClassicListing(const PassFacts&) { return kBitonicClassic; }
// Every pass runs one step; the last also ends the sort.
std::vector<std::size_t> bitonicClassicLines(const PassFacts& facts) {
  return mentions(facts.description, "whole sequence") && mentions(facts.description, "distance 1,")
             ? std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6}
             : std::vector<std::size_t>{0, 1, 2, 3, 4, 5};
}

const PseudocodeListing& radixListingOf(const PassFacts& facts) { return radixListing(facts.description); }
std::vector<std::size_t> radixLines(const PassFacts& facts) {
  const PseudocodeListing& listing = radixListing(facts.description);
  // The chained pipeline builds every place's histogram in its first pass only.
  if (&listing == &kRadixChained && facts.pass > 0) {
    std::vector<std::size_t> lines = allLines(listing);
    lines.erase(lines.begin());
    return lines;
  }
  return allLines(listing);
}

}  // namespace

const Pseudocode kFragOddEvenPseudocode{fragOddEvenListing, fragOddEvenLines};
const Pseudocode kOddEvenPseudocode{oddEvenListing, oddEvenLines};
const Pseudocode kBitonicPseudocode{bitonicListing, bitonicLines};
const Pseudocode kBitonicClassicPseudocode{bitonicClassicListing, bitonicClassicLines};
const Pseudocode kRadixPseudocode{radixListingOf, radixLines};

const PseudocodeListing& emptyListing() { return kNone; }

bool passRan(const PassFacts& facts) {
  // Passes past the end are described as "no pass ...: sorted" or not at all: nothing ran.
  return !facts.description.empty() && facts.description.rfind("no pass", 0) != 0;
}

}  // namespace shadersort
