#pragma once
// Radix's settings, declared once in a SettingTable: what each means, its default, the values it
// allows (words for the scan and the ranking: --set scan=chained), the rules and what `tune`
// tries.

#include "gl/limits.h"
#include "sort/registry.h"
#include "sort/setting_table.h"

namespace shadersort {

// The settings after defaults and checks; `scan` and `ballot` as asked (auto not resolved).
struct RadixSettings {
  // Values of `scan`. Auto: one workgroup per sequence for many sequences of up to
  // workgroupSortMax keys, else the chained scan up to chainedMax keys in all, else portable.
  static constexpr int kScanAuto = 0;
  static constexpr int kScanPortable = 1;   // reduce-then-scan
  static constexpr int kScanChained = 2;    // chained scan with decoupled look-back (onesweep)
  static constexpr int kScanWorkgroup = 3;  // one workgroup per sequence
  // Values of `ballot`.
  static constexpr int kBallotAuto = 0;   // subgroup ballots where a probe finds them usable
  static constexpr int kBallotOff = 1;    // shared-memory ranking
  static constexpr int kBallotMatch = 2;  // the NV match instruction
  // Values of `early-counts`.
  static constexpr int kEarlyCountsAuto = 0;  // on for some partition counts (radix::earlyCountsFor)
  static constexpr int kEarlyCountsOff = 1;
  static constexpr int kEarlyCountsOn = 2;

  int radixBits = 0;
  int workgroupSize = 0;  // 0: automatic (see workgroupSizeFor in radix/layout.h)
  int keysPerThread = 0;  // 0: automatic (see keysPerThreadFor in radix/layout.h)
  int scan = 0;
  int ballot = 0;
  int workgroupSortMax = 0;
  int lookBackSpins = 0;        // chained scan: polls of a silent predecessor before counting its keys
  int lookBackWindow = 0;       // chained scan: predecessors' status words one poll reads together
  int earlyCounts = 0;          // chained scan: publish a partition's digit counts before ranking it
  int histogramPartitions = 0;  // chained scan: partitions per workgroup of the upfront histogram (0: auto)
  int chainedMax = 0;

  static const SettingTable<RadixSettings>& table();
  // Defaults, overridden by the options' settings; UserError on an unknown name or a value this
  // GPU cannot use.
  static RadixSettings fromOptions(const SorterOptions& options, const gl::Limits& limits) {
    return table().parse(options, limits);
  }
};

}  // namespace shadersort
