#include "sort/sort_context.h"

#include <utility>

#include "sort/radix/ranking_probe.h"

namespace shadersort {

SortContext::SortContext() : SortContext(gl::queryLimits()) {}

SortContext::SortContext(gl::ShaderSource shaders) : SortContext(gl::queryLimits(), std::move(shaders)) {}

SortContext::SortContext(gl::Limits limits, gl::ShaderSource shaders)
    : limits_(std::move(limits)),
      shaders_(std::move(shaders)),
      rankingCache_(std::make_unique<radix::RankingCache>()) {}

SortContext::~SortContext() = default;

}  // namespace shadersort
