#include "sort/radix/settings.h"

#include <algorithm>
#include <limits>
#include <string>

#include "sort/radix/layout.h"

namespace shadersort {
namespace {

constexpr NamedValue kAutoWord[] = {{"auto", 0}};
constexpr NamedValue kScanWords[] = {{"auto", RadixSettings::kScanAuto},
                                     {"portable", RadixSettings::kScanPortable},
                                     {"chained", RadixSettings::kScanChained},
                                     {"workgroup", RadixSettings::kScanWorkgroup}};
constexpr NamedValue kBallotWords[] = {
    {"auto", RadixSettings::kBallotAuto}, {"off", RadixSettings::kBallotOff}, {"match", RadixSettings::kBallotMatch}};
constexpr NamedValue kEarlyCountsWords[] = {{"auto", RadixSettings::kEarlyCountsAuto},
                                            {"off", RadixSettings::kEarlyCountsOff},
                                            {"on", RadixSettings::kEarlyCountsOn}};

// Whether a tune candidate fits with the narrowest subgroup a driver reports (8 on llvmpipe).
bool fits(RadixSettings settings, int workgroupSize, int keysPerThread, const gl::Limits& limits) {
  settings.workgroupSize = workgroupSize;
  settings.keysPerThread = keysPerThread;
  const auto sharedBytes = static_cast<std::uint64_t>(limits.maxComputeSharedMemorySize);
  // Auto takes 512-wide workgroups only where they fit, so 256 is what it must fit.
  const std::uint32_t workgroup = radix::classicWorkgroupSize(settings);
  return static_cast<int>(workgroup) <= limits.maxLinearWorkgroupSize() &&
         radix::fastSharedWords(settings, workgroup, 8, true) * 4 <= sharedBytes &&
         radix::classicSharedWords(static_cast<int>(radix::classicWorkgroupSize(settings))) * 4 <= sharedBytes;
}

template <int Value>
int constant(const RadixSettings&, const SettingContext&) {
  return Value;
}

}  // namespace

const SettingTable<RadixSettings>& RadixSettings::table() {
  using Settings = RadixSettings;
  static const std::string earlyCountsMeaning =
      "chained scan: count a partition's digits and publish them before ranking its keys (auto: for " +
      std::to_string(radix::kEarlyCountsMinPartitions) + " to " + std::to_string(radix::kEarlyCountsMaxKeyPartitions) +
      " partitions, pairs " + std::to_string(radix::kEarlyCountsMinPartitions) + " to " +
      std::to_string(radix::kEarlyCountsMaxPairPartitions) + ")";
  static const SettingTable<RadixSettings> table("radix", {
      {.name = "radix-bits",
       .meaning = "digit width: 4 (the teaching schedule's) or 8 (the fast pipelines')",
       .field = &Settings::radixBits,
       .defaultValue = [](const Settings&, const SettingContext& context) {
         return context.teaching ? static_cast<int>(radix::kTeachingBits) : 8;
       },
       .kind = NumberKind::PowerOfTwo,
       .least = 4,
       .most = constant<8>,
       .mostReason = "4-bit digits teach, 8-bit digits are fast",
       .rule = [](const Settings& settings, const SettingContext& context) -> std::string {
         if (!context.teaching || settings.radixBits == static_cast<int>(radix::kTeachingBits)) return {};
         return "radix-bits " + std::to_string(settings.radixBits) + ": the teaching schedule uses 4-bit digits";
       }},
      {.name = "workgroup-size",
       .meaning = "invocations per workgroup of the partitioned and classic kernels; auto: 256 for the classic "
                  "kernels and up to 2^16 keys, else 512 (with keys-per-thread auto; 256 where 512 does not fit)",
       .field = &Settings::workgroupSize,
       .defaultValue = constant<0>,
       .namedValues = kAutoWord,
       .kind = NumberKind::PowerOfTwo,
       .least = 32,
       .most = [](const Settings&, const SettingContext& context) { return context.limits.maxLinearWorkgroupSize(); },
       .mostReason = "this GPU's workgroup limit",
       .rule = [](const Settings& settings, const SettingContext& context) {
         const auto classic = static_cast<int>(radix::classicWorkgroupSize(settings));
         return radix::sharedMemoryShortfall(radix::classicSharedWords(classic), context.limits,
                                             "workgroup-size " + std::to_string(classic));
       },
       .candidates = [](const Settings& defaults, const gl::Limits& limits) {
         std::vector<int> sizes;
         for (int size : {0, 64, 128, 256, 512, 1024})
           if (fits(defaults, size, defaults.keysPerThread, limits)) sizes.push_back(size);
         return sizes;
       }},
      {.name = "keys-per-thread",
       .meaning = "keys each invocation of the partitioned kernels ranks; auto: 4 up to 2^16 keys, else 10",
       .field = &Settings::keysPerThread,
       .defaultValue = constant<0>,
       .namedValues = kAutoWord,
       .least = 1,
       // Keys stay in registers, and partitions (<= 1024 x 32) below the 2^16 that the ranking's
       // 16-bit counts can hold.
       .most = constant<32>,
       .mostReason = "registers, and the ranking's 16-bit counts",
       .candidates = [](const Settings& defaults, const gl::Limits& limits) {
         std::vector<int> counts;
         for (int perThread : {0, 4, 8, 12, 15, 16, 20, 24, 28, 32})
           if (fits(defaults, defaults.workgroupSize, perThread, limits)) counts.push_back(perThread);
         return counts;
       }},
      {.name = "scan",
       .meaning = "where each digit's keys start: reduce-then-scan, chained scan, or one workgroup per sequence",
       .field = &Settings::scan,
       .defaultValue = constant<kScanAuto>,
       .namedValues = kScanWords,
       .candidates = [](const Settings&, const gl::Limits&) { return std::vector<int>{kScanPortable, kScanChained}; }},
      {.name = "ballot",
       .meaning = "how a partition ranks its keys: subgroup ballots, shared memory, or the NV match instruction",
       .field = &Settings::ballot,
       .defaultValue = constant<kBallotAuto>,
       .namedValues = kBallotWords,
       .candidates = [](const Settings&, const gl::Limits& limits) {
         std::vector<int> kinds = {kBallotAuto, kBallotOff};
         if (limits.hasExtension("GL_NV_shader_subgroup_partitioned")) kinds.push_back(kBallotMatch);
         return kinds;
       }},
      {.name = "workgroup-sort-max",
       .meaning = "longest sequences auto sorts one workgroup per sequence (0: never)",
       .field = &Settings::workgroupSortMax,
       .defaultValue = constant<32768>,
       .most = constant<static_cast<int>(radix::kMaxWorkgroupSortLength)>,
       .mostReason = "the longest sequence one workgroup sorts",
       .candidates = [](const Settings&, const gl::Limits&) { return std::vector<int>{0, 8192, 16384, 32768, 65536}; }},
      {.name = "look-back-spins",
       .meaning = "chained scan: polls of a silent predecessor before counting its keys itself",
       .field = &Settings::lookBackSpins,
       .defaultValue = constant<64>,
       .most = constant<65536>},
      // 8: the fastest on an H100 from 2^22 keys up (pairs gain less); 2 and 4 fall between it and
      // 1; 16 and 32 were slower than 1 (presumably the registers).
      {.name = "look-back-window",
       .meaning = "chained scan: predecessors' status words a partition reads in one poll, loads in flight together",
       .field = &Settings::lookBackWindow,
       .defaultValue = constant<8>,
       .least = 1,
       .most = constant<32>},
      // Auto takes it where it paid on an H100 (radix/layout.h, earlyCountsFor).
      {.name = "early-counts",
       .meaning = earlyCountsMeaning,
       .field = &Settings::earlyCounts,
       .defaultValue = constant<kEarlyCountsAuto>,
       .namedValues = kEarlyCountsWords,
       .candidates = [](const Settings&, const gl::Limits&) {
         return std::vector<int>{kEarlyCountsAuto, kEarlyCountsOff, kEarlyCountsOn};
       }},
      {.name = "histogram-partitions",
       .meaning = "chained scan: partitions each workgroup of the upfront histogram counts",
       .field = &Settings::histogramPartitions,
       .defaultValue = constant<0>,
       .namedValues = kAutoWord,
       .least = 1,
       .most = constant<1024>},
      // Without per-sort buffer clears the chained scan beats reduce-then-scan on an H100 for
      // pairs at every size and for keys up to 2^24, and comes close to it for larger key sorts.
      // So auto takes it always.
      {.name = "chained-max",
       .meaning = "most keys auto sorts with the chained scan (0: never)",
       .field = &Settings::chainedMax,
       .defaultValue = constant<(1 << 30) - 1>,
       .most = constant<std::numeric_limits<int>::max()>},
  });
  return table;
}

}  // namespace shadersort
