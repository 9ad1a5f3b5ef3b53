#include "sort/sort_context.h"

#include <utility>

#include "sort/radix/ranking_probe.h"

namespace shadersort {

SortContext::SortContext() : SortContext(gl::queryLimits()) {}

SortContext::SortContext(gl::Limits limits)
    : limits_(std::move(limits)), rankingCache_(std::make_unique<radix::RankingCache>()) {}

SortContext::~SortContext() = default;

}  // namespace shadersort
