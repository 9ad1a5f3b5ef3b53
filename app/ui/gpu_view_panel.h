#pragma once
// The GPU view's panel (toggle g): which dispatch the picture shows, the workgroup size and
// count, what a unit (pair, tile, partition) is, and the first workgroups' colours. Called inside
// an ImGui window with plain data (no Sorter, no GL).

#include <cstdint>
#include <optional>
#include <string_view>

#include "sort/sorter.h"

namespace shadersort::ui {

// `layout` of pass `pass` (from 0): the last pass run when `passRun`, else the next one (before
// any has run); nothing for a sorter without workgroups, `algorithm` naming it.
void drawGpuViewPanel(const std::optional<WorkgroupLayout>& layout, std::uint32_t pass, bool passRun,
                      std::string_view algorithm);

}  // namespace shadersort::ui
