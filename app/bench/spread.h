#pragma once
// The median and spread of repeated timings, as `bench --art` prints them.

#include <vector>

namespace shadersort::bench {

struct Spread {
  int count = 0;
  double median = 0, p10 = 0, p90 = 0, min = 0, max = 0;
};

// Percentiles interpolate linearly between the nearest ranks (R's and NumPy's default), so the
// median of an even count is the mean of the middle two. All zero for no samples.
Spread spreadOf(std::vector<double> samples);

}  // namespace shadersort::bench
