#include "ui/pseudocode_panel.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace shadersort::ui {
namespace {

PseudocodeLayout lastLayout;  // the viewer draws on one thread

std::size_t leadingSpaces(std::string_view text) {
  const std::size_t first = text.find_first_not_of(' ');
  return first == std::string_view::npos ? text.size() : first;
}

std::string_view trimRight(std::string_view text) {
  const std::size_t last = text.find_last_not_of(' ');
  return last == std::string_view::npos ? std::string_view() : text.substr(0, last + 1);
}

// Breaks `piece` into rows of at most `columns`, continuing at `continuation` spaces.
void breakAtSpaces(std::string piece, std::size_t columns, std::size_t continuation, std::vector<std::string>& rows) {
  // A continuation as deep as the panel would never make progress.
  if (continuation + 8 > columns) continuation = 0;
  while (piece.size() > columns) {
    const std::size_t indent = leadingSpaces(piece);
    std::size_t cut = piece.rfind(' ', columns);
    if (cut == std::string::npos || cut <= indent) cut = columns;  // one word wider than the row
    rows.emplace_back(trimRight(std::string_view(piece).substr(0, cut)));
    const std::size_t next = piece.find_first_not_of(' ', cut);
    if (next == std::string::npos) return;
    piece = std::string(continuation, ' ') + piece.substr(next);
  }
  rows.push_back(std::move(piece));
}

}  // namespace

PseudocodeLayout lastPseudocodeLayout() { return lastLayout; }

std::vector<std::string> wrapPseudocodeLine(std::string_view line, std::size_t columns) {
  columns = std::max<std::size_t>(columns, 8);
  if (line.size() <= columns) return {std::string(line)};
  const std::size_t indent = leadingSpaces(line);
  std::vector<std::string> rows;
  const std::size_t comment = line.find("//");
  const std::string_view code = comment == std::string_view::npos ? line : trimRight(line.substr(0, comment));
  if (!code.empty()) breakAtSpaces(std::string(code), columns, indent + 4, rows);
  if (comment != std::string_view::npos)
    breakAtSpaces(std::string(code.empty() ? indent : indent + 2, ' ') + std::string(line.substr(comment)), columns,
                  indent + 4, rows);
  return rows;
}

void drawPseudocodePanel(const PassFacts& lastPass, bool passRun) {
  const PseudocodeListing& listing = pseudocodeFor(lastPass);
  if (listing.lines.empty()) return;
  ImGui::TextUnformatted(std::string(listing.title).c_str());
  if (passRun)
    ImGui::TextUnformatted(highlightedPassText(lastPass.pass).c_str());
  else
    ImGui::TextUnformatted("no pass run yet");
  const std::vector<std::size_t> lit = passRun ? highlightedLines(lastPass) : std::vector<std::size_t>{};
  // Long lines wrap to the panel's width (a horizontal scrollbar hid their ends).
  const ImGuiStyle& style = ImGui::GetStyle();
  const float inner = ImGui::GetContentRegionAvail().x - 2 * style.WindowPadding.x;
  const auto columns = static_cast<std::size_t>(std::max(1.0f, std::floor(inner / ImGui::CalcTextSize("M").x)));
  std::vector<std::vector<std::string>> wrapped;
  std::size_t rowCount = 0;
  for (std::string_view line : listing.lines) {
    wrapped.push_back(wrapPseudocodeLine(line, columns));
    rowCount += wrapped.back().size();
  }
  const float lineHeight = ImGui::GetTextLineHeightWithSpacing();
  lastLayout = {columns, lineHeight};
  const float height = lineHeight * static_cast<float>(rowCount) + 2 * style.WindowPadding.y;
  ImGui::BeginChild("##pseudocode", ImVec2(0, height), true, ImGuiWindowFlags_NoScrollbar);
  ImDrawList* list = ImGui::GetWindowDrawList();
  for (std::size_t i = 0; i < wrapped.size(); ++i) {
    if (std::binary_search(lit.begin(), lit.end(), i)) {
      // Bands of neighbouring lines meet, so a run of lit lines reads as one block.
      const ImVec2 at = ImGui::GetCursorScreenPos();
      const float rows = static_cast<float>(wrapped[i].size());
      list->AddRectFilled(ImVec2(at.x - 2.0f, at.y), ImVec2(at.x + ImGui::GetContentRegionAvail().x, at.y + lineHeight * rows),
                          kPseudocodeHighlight);
    }
    for (const std::string& row : wrapped[i]) ImGui::TextUnformatted(row.c_str());
  }
  ImGui::EndChild();
}

}  // namespace shadersort::ui
