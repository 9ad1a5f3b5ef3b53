#include "bench/spread.h"

#include <algorithm>
#include <cmath>

namespace shadersort::bench {
namespace {

// `sorted` not empty; 0 <= q <= 1.
double percentile(const std::vector<double>& sorted, double q) {
  const double rank = q * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(rank));
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  return sorted[below] + (rank - static_cast<double>(below)) * (sorted[above] - sorted[below]);
}

}  // namespace

Spread spreadOf(std::vector<double> samples) {
  Spread spread;
  if (samples.empty()) return spread;
  std::sort(samples.begin(), samples.end());
  spread.count = static_cast<int>(samples.size());
  spread.median = percentile(samples, 0.5);
  spread.p10 = percentile(samples, 0.1);
  spread.p90 = percentile(samples, 0.9);
  spread.min = samples.front();
  spread.max = samples.back();
  return spread;
}

}  // namespace shadersort::bench
