#include "render/network_svg.h"

#include <algorithm>
#include <cctype>

#include "core/markup.h"
#include "sort/index_text.h"

namespace shadersort::render {
namespace {

constexpr int kLeft = 48, kTop = 56, kBottom = 56, kRight = 24;
constexpr int kWireGap = 14;     // between wires
constexpr int kLaneGap = 7;      // between comparators of one pass that would overlap
constexpr int kPassPadding = 8;  // either side of a pass's comparators
constexpr int kEmptyPassWidth = 18;

std::string number(long long value) { return std::to_string(value); }

// The comparators of a pass placed in lanes left to right: a comparator goes into the first lane
// where it overlaps none, so that none hides another.
std::vector<int> laneOfEach(const std::vector<Comparator>& comparators, int& laneCount) {
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> lanes;
  std::vector<int> placed;
  for (const Comparator& c : comparators) {
    const std::uint32_t low = std::min(c.low, c.high), high = std::max(c.low, c.high);
    std::size_t lane = 0;
    for (; lane < lanes.size(); ++lane) {
      const bool overlaps = std::any_of(lanes[lane].begin(), lanes[lane].end(),
                                        [&](const auto& span) { return low <= span.second && span.first <= high; });
      if (!overlaps) break;
    }
    if (lane == lanes.size()) lanes.emplace_back();
    lanes[lane].emplace_back(low, high);
    placed.push_back(static_cast<int>(lane));
  }
  laneCount = std::max<int>(1, static_cast<int>(lanes.size()));
  return placed;
}

// The sorters' descriptions begin with "pass K of ..."; others get the number in front.
std::string passTitle(std::size_t index, const NetworkPass& pass) {
  if (pass.description.starts_with("pass ")) return pass.description;
  return "pass " + networkPassLabel(static_cast<std::uint32_t>(index)) + ": " + pass.description;
}

std::string svgOpening(int width, int height) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
         number(width) + "\" height=\"" + number(height) + "\" viewBox=\"0 0 " + number(width) + " " + number(height) +
         "\" font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
}

// Radix and other sorters without comparators: their passes as a list.
std::string passList(const Network& network) {
  const int lineHeight = 18;
  const int height = kTop + static_cast<int>(network.passes.size()) * lineHeight + kBottom;
  std::size_t longest = network.title.size();
  for (std::size_t i = 0; i < network.passes.size(); ++i)
    longest = std::max(longest, passTitle(i, network.passes[i]).size());
  const int width = kLeft + static_cast<int>(longest) * 7 + kRight;
  std::string svg = svgOpening(width, height);
  svg += "<text x=\"" + number(kLeft / 2) + "\" y=\"22\" font-size=\"14\">" + escapeMarkup(network.title) + "</text>\n";
  svg += "<text x=\"" + number(kLeft / 2) + "\" y=\"40\" fill=\"#555555\">no comparator network: " +
         number(static_cast<long long>(network.passes.size())) + " passes, each listed below</text>\n";
  for (std::size_t i = 0; i < network.passes.size(); ++i) {
    const NetworkPass& pass = network.passes[i];
    std::string line = passTitle(i, pass);
    if (pass.digit && line.find("bits") == std::string::npos)
      line += " (bits " + number(pass.digit->shift) + "-" + number(pass.digit->shift + pass.digit->bits - 1) + ")";
    svg += "<text class=\"pass\" x=\"" + number(kLeft / 2) + "\" y=\"" + number(kTop + static_cast<int>(i) * lineHeight + 12) +
           "\">" + escapeMarkup(line) + "</text>\n";
  }
  return svg + "</svg>\n";
}

}  // namespace

std::string networkWireLabel(std::uint32_t wire) { return indexText(wire); }
std::string networkPassLabel(std::uint32_t pass) { return indexText(pass); }

std::uint32_t mergeWidthOf(std::string_view description) {
  const std::size_t at = description.find("merge ");
  if (at == std::string_view::npos) return 0;
  std::uint32_t width = 0;
  for (std::size_t i = at + 6; i < description.size() && std::isdigit(static_cast<unsigned char>(description[i])); ++i)
    width = width * 10 + static_cast<std::uint32_t>(description[i] - '0');
  return width;
}

std::string networkSvg(const Network& network) {
  const bool anyComparator = std::any_of(network.passes.begin(), network.passes.end(),
                                         [](const NetworkPass& pass) { return !pass.comparators.empty(); });
  if (!anyComparator) return passList(network);

  const std::uint32_t wires = std::min(network.wires, kNetworkMaxWires);
  // Each pass's comparators on the wires drawn, their lanes and the pass's x range.
  struct Column {
    std::vector<Comparator> comparators;
    std::vector<int> lanes;
    int x = 0, width = 0;
  };
  std::vector<Column> columns(network.passes.size());
  int x = kLeft;
  for (std::size_t i = 0; i < network.passes.size(); ++i) {
    Column& column = columns[i];
    for (const Comparator& c : network.passes[i].comparators)
      if (std::max(c.low, c.high) < wires) column.comparators.push_back(c);
    int laneCount = 1;
    column.lanes = laneOfEach(column.comparators, laneCount);
    column.x = x;
    column.width = network.passes[i].comparators.empty() ? kEmptyPassWidth : 2 * kPassPadding + (laneCount - 1) * kLaneGap;
    x += column.width;
  }
  const int wiresBottom = kTop + static_cast<int>(wires - 1) * kWireGap;
  const int width = x + kRight, height = wiresBottom + kBottom;
  std::string svg = svgOpening(std::max(width, 360), height);
  std::string note = escapeMarkup(network.title) + " - " + number(static_cast<long long>(network.passes.size())) + " passes";
  if (network.wires > wires)
    note += ", wires 1-" + number(wires) + " of " + number(network.wires) + " drawn (comparators beyond them left out)";
  svg += "<text x=\"8\" y=\"18\" font-size=\"13\">" + note + "</text>\n";

  // Merge stages: runs of passes naming the same merge width, shaded in turn and named below.
  bool shade = false;
  for (std::size_t first = 0; first < columns.size();) {
    const std::uint32_t merge = mergeWidthOf(network.passes[first].description);
    std::size_t end = first + 1;
    while (end < columns.size() && mergeWidthOf(network.passes[end].description) == merge) ++end;
    if (merge > 0) {
      const int left = columns[first].x, right = columns[end - 1].x + columns[end - 1].width;
      svg += "<rect class=\"stage\" x=\"" + number(left) + "\" y=\"" + number(kTop - 10) + "\" width=\"" +
             number(right - left) + "\" height=\"" + number(wiresBottom - kTop + 20) + "\" fill=\"" +
             (shade ? "#e4ecf7" : "#f3f6fb") + "\"/>\n";
      // Labels alternate between two lines, so that narrow early stages' names do not overlap.
      svg += "<text class=\"stage-label\" x=\"" + number((left + right) / 2) + "\" y=\"" +
             number(wiresBottom + (shade ? 40 : 26)) +
             "\" text-anchor=\"middle\" fill=\"#335\">merge " + number(merge) + "</text>\n";
      shade = !shade;
    }
    first = end;
  }
  // Wires with their positions, as the descriptions and bars count them.
  for (std::uint32_t wire = 0; wire < wires; ++wire) {
    const int y = kTop + static_cast<int>(wire) * kWireGap;
    svg += "<line class=\"wire\" x1=\"" + number(kLeft - 6) + "\" y1=\"" + number(y) + "\" x2=\"" + number(x) +
           "\" y2=\"" + number(y) + "\" stroke=\"#999999\"/>\n";
    svg += "<text x=\"" + number(kLeft - 10) + "\" y=\"" + number(y + 4) + "\" text-anchor=\"end\" fill=\"#666666\">" +
           networkWireLabel(wire) + "</text>\n";
  }
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const Column& column = columns[i];
    svg += "<g class=\"pass\"><title>" + escapeMarkup(passTitle(i, network.passes[i])) + "</title>\n";
    svg += "<text x=\"" + number(column.x + column.width / 2) + "\" y=\"" + number(kTop - 16) +
           "\" text-anchor=\"middle\">" + networkPassLabel(static_cast<std::uint32_t>(i)) + "</text>\n";
    if (network.passes[i].comparators.empty())
      svg += "<rect x=\"" + number(column.x + 3) + "\" y=\"" + number(kTop - 6) + "\" width=\"" +
             number(column.width - 6) + "\" height=\"" + number(wiresBottom - kTop + 12) +
             "\" fill=\"#dddddd\"><title>not one compare-exchange step, or too many to draw</title></rect>\n";
    for (std::size_t k = 0; k < column.comparators.size(); ++k) {
      const Comparator& c = column.comparators[k];
      const int cx = column.x + kPassPadding + column.lanes[k] * kLaneGap;
      const int y1 = kTop + static_cast<int>(c.low) * kWireGap, y2 = kTop + static_cast<int>(c.high) * kWireGap;
      svg += "<line class=\"comparator\" x1=\"" + number(cx) + "\" y1=\"" + number(y1) + "\" x2=\"" + number(cx) +
             "\" y2=\"" + number(y2) + "\" stroke=\"#1b3a6b\" stroke-width=\"1.5\"/>";
      svg += "<circle cx=\"" + number(cx) + "\" cy=\"" + number(y1) + "\" r=\"2.5\" fill=\"#1b3a6b\"/>";
      svg += "<circle cx=\"" + number(cx) + "\" cy=\"" + number(y2) + "\" r=\"2.5\" fill=\"#1b3a6b\"/>\n";
      // A descending comparator (bitonic-classic) sends the larger key up: an arrowhead says so.
      if (c.low > c.high)
        svg += "<polygon class=\"descending\" points=\"" + number(cx - 4) + "," + number(y2 + 9) + " " + number(cx + 4) +
               "," + number(y2 + 9) + " " + number(cx) + "," + number(y2 + 3) + "\" fill=\"#b5452b\"/>\n";
    }
    svg += "</g>\n";
  }
  return svg + "</svg>\n";
}

}  // namespace shadersort::render
