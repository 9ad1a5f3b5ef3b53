#include "ui/work_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cinttypes>
#include <map>

#include "sort/index_text.h"

namespace shadersort::ui {

bool countWorkInViewer(const AlgorithmInfo& algorithm, const SorterOptions& options, std::uint64_t elementCount) {
  const bool oneStepPerPass = options.teaching || !algorithm.hasTeachingSchedule;
  return oneStepPerPass && elementCount <= kMaxCountedElements;
}

namespace {

// The CPU model of a whole sort, made again only when the input changes (the panel asks every
// frame; the viewer runs on one thread).
const std::vector<WorkCounts>& cachedModel(const std::string& algorithm, const SortData& input) {
  struct Entry {
    std::uint64_t fingerprint = 0;
    std::vector<WorkCounts> counts;
  };
  static std::map<std::string, Entry, std::less<>> byAlgorithm;
  std::uint64_t fingerprint = 1469598103934665603ull;  // FNV-1a over the shape and the keys
  auto mix = [&](std::uint64_t word) { fingerprint = (fingerprint ^ word) * 1099511628211ull; };
  mix(input.sequenceCount);
  mix(input.sequenceLength);
  mix(input.hasValues() ? 1 : 0);
  for (std::uint32_t key : input.keys) mix(key);
  Entry& entry = byAlgorithm[algorithm];
  if (entry.fingerprint != fingerprint || entry.counts.empty()) {
    entry.fingerprint = fingerprint;
    entry.counts = workModel(algorithm, input).value_or(std::vector<WorkCounts>{});
  }
  return entry.counts;
}

}  // namespace

std::optional<LaneWork> collectLaneWork(const Sorter& sorter, const AlgorithmInfo& algorithm, const SortData& input) {
  if (!sorter.canCountWork()) return std::nullopt;
  LaneWork work;
  work.algorithm = std::string(algorithm.name);
  work.sequenceLength = input.sequenceLength;
  work.sequenceCount = input.sequenceCount;
  work.passCount = sorter.passCount();
  work.passesRun = sorter.passesRun();
  work.finished = sorter.finished();
  work.digitPasses = sorter.digitPlace(0) ? sorter.passCount() : 0;
  work.hasFastSchedule = algorithm.hasTeachingSchedule;
  work.expected = cachedModel(work.algorithm, input);
  for (std::uint32_t pass = 0; pass < work.passesRun; ++pass) {
    const std::optional<WorkCounts> counts = sorter.workCounts(pass);
    work.perPass.push_back(counts.value_or(WorkCounts{}));
  }
  return work;
}

DepthAndWork depthAndWork(const std::vector<WorkCounts>& perPass) {
  DepthAndWork result;
  result.depth = static_cast<std::uint32_t>(perPass.size());
  for (const WorkCounts& pass : perPass) {
    result.work += pass[WorkField::Comparisons];
    result.widestPass = std::max(result.widestPass, pass[WorkField::Comparisons]);
  }
  return result;
}

namespace {

bool countsDigits(const LaneWork& work) { return work.digitPasses > 0; }

std::string counted(std::uint64_t count, std::string_view unit) { return std::to_string(count) + " " + std::string(unit); }

}  // namespace

DepthAndWorkText depthAndWorkText(const LaneWork& work) {
  const DepthAndWork dw = depthAndWork(work.perPass);
  if (!countsDigits(work))
    return {counted(dw.depth, dw.depth == 1 ? "pass" : "passes"), counted(dw.work, "comparisons"),
            counted(dw.widestPass, "comparisons")};
  const WorkCounts sum = total(work.perPass);
  std::uint64_t widestScatter = 0;
  for (const WorkCounts& pass : work.perPass) widestScatter = std::max(widestScatter, pass[WorkField::ScatterWrites]);
  return {counted(dw.depth, dw.depth == 1 ? "digit pass" : "digit passes"),
          counted(sum[WorkField::HistogramIncrements], workFieldName(WorkField::HistogramIncrements)) + " + " +
              counted(sum[WorkField::ScatterWrites], workFieldName(WorkField::ScatterWrites)),
          counted(widestScatter, workFieldName(WorkField::ScatterWrites))};
}

std::string sharedTrafficNote(const LaneWork& work) {
  if (!countsDigits(work) || work.perPass.empty()) return {};
  const WorkCounts& last = work.perPass.back();
  const std::uint64_t keys = std::uint64_t{work.sequenceLength} * work.sequenceCount;
  return "shared: " + std::to_string(last[WorkField::SharedReads]) + " reads and " +
         std::to_string(last[WorkField::SharedWrites]) + " writes a pass for " + std::to_string(keys) +
         " keys, since the Blelloch scans of the digit flags walk every slot of a block (4 words a slot, one scan "
         "per 8 digit values), however few keys it holds";
}

WorkCounts total(const std::vector<WorkCounts>& perPass) {
  WorkCounts sum;
  for (const WorkCounts& pass : perPass) sum += pass;
  return sum;
}

std::vector<WorkField> fieldsCounted(const std::vector<WorkCounts>& perPass) {
  const WorkCounts sum = total(perPass);
  std::vector<WorkField> fields;
  for (std::size_t i = 0; i < kWorkFieldCount; ++i)
    if (sum.counts[i] != 0) fields.push_back(static_cast<WorkField>(i));
  return fields;
}

PlotRange plotRange(const std::vector<float>& values) {
  if (values.empty()) return {};
  const auto [least, most] = std::minmax_element(values.begin(), values.end());
  PlotRange range{std::min(0.0f, *least), std::max(*most, 0.0f)};
  // Headroom above the largest, so a single pass (or equal ones) is a bar, not a full box.
  range.high = range.high > range.low ? range.high * 1.25f : range.low + 1.0f;
  return range;
}

std::string countedScheduleNote(const LaneWork& work) {
  if (!work.hasFastSchedule) return "counted by its instrumented shaders, one basic step per pass (its only schedule)";
  return "counted on the instrumented teaching schedule, one basic step per pass, not the fused fast one";
}

std::string workStatsLine(const LaneWork& work) {
  const DepthAndWorkText cells = depthAndWorkText(work);
  const WorkCounts sum = total(work.perPass);
  const std::string schedule = work.hasFastSchedule ? "teaching schedule, one step per pass" : "one step per pass";
  // Comparison sorts' widest pass is a bare number, as the line's comparisons name its unit.
  const std::string widest = countsDigits(work) ? cells.widest : std::to_string(depthAndWork(work.perPass).widestPass);
  std::string line = "work (" + schedule + "): " + cells.depth + ", " + cells.work + " (widest pass " + widest + ")";
  // The fields the cells name are not repeated.
  const std::vector<WorkField> named = countsDigits(work)
                                           ? std::vector<WorkField>{WorkField::HistogramIncrements, WorkField::ScatterWrites}
                                           : std::vector<WorkField>{WorkField::Comparisons};
  for (WorkField field : fieldsCounted(work.perPass))
    if (std::find(named.begin(), named.end(), field) == named.end())
      line += ", " + std::to_string(sum[field]) + " " + std::string(workFieldName(field));
  if (const auto book = textbookWork(work.algorithm, work.sequenceLength, work.sequenceCount, work.digitPasses))
    line += "; textbook " + book->formula;
  return line;
}

namespace {

void fieldRow(WorkField field, std::uint64_t pass, std::uint64_t soFar, std::optional<std::uint64_t> whole) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(std::string(workFieldName(field)).c_str());
  ImGui::TableNextColumn();
  ImGui::Text("%" PRIu64, pass);
  ImGui::TableNextColumn();
  ImGui::Text("%" PRIu64, soFar);
  ImGui::TableNextColumn();
  if (whole)
    ImGui::Text("%" PRIu64, *whole);
  else
    ImGui::TextDisabled("-");
}

void wrappedDisabled(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

}  // namespace

void drawWorkPanel(const LaneWork& work, std::uint32_t pass, float uiScale) {
  wrappedDisabled(countedScheduleNote(work).c_str());
  if (work.perPass.empty()) {
    ImGui::TextDisabled("counted by the shaders once a pass has run");
    return;
  }
  pass = std::min<std::uint32_t>(pass, static_cast<std::uint32_t>(work.perPass.size()) - 1);
  const WorkCounts soFar = total(work.perPass);
  // The whole sort: the GPU's counts once it is over, else the CPU model of every pass.
  std::optional<WorkCounts> whole;
  if (work.finished) whole = soFar;
  else if (!work.expected.empty()) whole = total(work.expected);
  std::vector<WorkField> fields = fieldsCounted(work.expected.empty() ? work.perPass : work.expected);
  if (fields.empty()) fields = {WorkField::Comparisons};
  ImGui::Text("%s%s", passName(pass, work.passCount).c_str(), work.finished ? " (the sort is over)" : "");
  if (ImGui::BeginTable("##work", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("counted");
    ImGui::TableSetupColumn("pass");
    ImGui::TableSetupColumn("so far");
    ImGui::TableSetupColumn(work.finished ? "whole" : "whole*");
    ImGui::TableHeadersRow();
    for (WorkField field : fields)
      fieldRow(field, work.perPass[pass][field], soFar[field], whole ? std::optional((*whole)[field]) : std::nullopt);
    ImGui::EndTable();
  }
  if (!work.finished && whole) wrappedDisabled("* the CPU model's count of every pass, until the sort is over");
  const auto book = textbookWork(work.algorithm, work.sequenceLength, work.sequenceCount, work.digitPasses);
  if (book) {
    const std::uint64_t counted = whole ? (*whole)[book->field] : soFar[book->field];
    ImGui::TextWrapped("textbook: %s %s; counted %" PRIu64, book->formula.c_str(),
                       std::string(workFieldName(book->field)).c_str(), counted);
    if (!book->note.empty()) wrappedDisabled(book->note.c_str());
  }
  // The plot of what the textbook figure counts (comparisons, radix's histogram increments).
  const WorkField plotted =
      book && std::find(fields.begin(), fields.end(), book->field) != fields.end() ? book->field : fields.front();
  std::vector<float> values;
  for (const WorkCounts& counts : work.perPass) values.push_back(static_cast<float>(counts[plotted]));
  const PlotRange range = plotRange(values);
  const std::string label = std::string(workFieldName(plotted)) + " / pass";
  ImGui::Text("%s: max %.0f", label.c_str(), range.high / 1.25f);
  ImGui::PlotHistogram("##work-plot", values.data(), static_cast<int>(values.size()), 0, nullptr, range.low, range.high,
                       ImVec2(0.0f, 48.0f * uiScale));
  ImGui::TextDisabled("passes %s left to right; axis %.0f .. %.0f", indexRangeText(0, values.size()).c_str(), range.low,
                      range.high);
}

void drawDepthWorkTable(const std::vector<LaneWork>& lanes) {
  if (lanes.empty()) return;
  ImGui::TextWrapped("depth = passes, work = what the passes do in all (comparisons; radix: histogram increments + "
                     "scatter writes), widest = the most one pass does at once");
  if (!ImGui::BeginTable("##depth-work", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit))
    return;
  ImGui::TableSetupColumn("algorithm");
  ImGui::TableSetupColumn("depth");
  ImGui::TableSetupColumn("work");
  ImGui::TableSetupColumn("widest");
  ImGui::TableHeadersRow();
  for (const LaneWork& lane : lanes) {
    const DepthAndWorkText cells = depthAndWorkText(lane);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(lane.algorithm.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(cells.depth.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(cells.work.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(cells.widest.c_str());
  }
  ImGui::EndTable();
  for (const LaneWork& lane : lanes)
    if (const std::string note = sharedTrafficNote(lane); !note.empty()) wrappedDisabled(note.c_str());
}

}  // namespace shadersort::ui
