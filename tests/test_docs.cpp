// The documentation cannot drift from the program: every link and picture of README.md and
// docs/ resolves, README.md stays a front page, each command's section of docs/COMMAND_LINE.md
// names exactly the options its --help lists, the settings table is `info`'s, and the Layout
// section of docs/ARCHITECTURE.md names every folder.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.h"

namespace shadersort::testing {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = SHADERSORT_SOURCE_DIR;

std::vector<std::string> linesOf(const fs::path& path) {
  std::ifstream file(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);) lines.push_back(line);
  return lines;
}

// README.md, every page of docs/, and the folder READMEs they link.
std::vector<fs::path> markdownPages() {
  std::vector<fs::path> pages = {kSource / "README.md", kSource / "bench/README.md", kSource / "fuzz/README.md"};
  for (const auto& entry : fs::directory_iterator(kSource / "docs"))
    if (entry.path().extension() == ".md") pages.push_back(entry.path());
  std::sort(pages.begin(), pages.end());
  return pages;
}

// A page's lines outside ``` fences: headings and links in code are neither.
std::vector<std::string> proseLines(const fs::path& page) {
  std::vector<std::string> prose;
  bool inFence = false;
  for (const std::string& line : linesOf(page)) {
    if (line.rfind("```", 0) == 0) {
      inFence = !inFence;
      continue;
    }
    if (!inFence) prose.push_back(line);
  }
  return prose;
}

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
std::string slug(const std::string& heading) {
  std::string text;
  for (char c : heading) {
    const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (std::isalnum(static_cast<unsigned char>(lower)) || lower == '-' || lower == '_') text += lower;
    if (lower == ' ') text += '-';
  }
  return text;
}

struct Heading {
  int level = 0;
  std::string text;
  std::size_t line = 0;  // index into proseLines
};

std::vector<Heading> headingsOf(const std::vector<std::string>& prose) {
  std::vector<Heading> headings;
  for (std::size_t i = 0; i < prose.size(); ++i) {
    const std::string& line = prose[i];
    const std::size_t hashes = line.find_first_not_of('#');
    if (hashes == 0 || hashes == std::string::npos || line[hashes] != ' ') continue;
    headings.push_back({static_cast<int>(hashes), line.substr(hashes + 1), i});
  }
  return headings;
}

// Every anchor a page has, duplicates numbered as GitHub numbers them.
std::set<std::string> anchorsOf(const fs::path& page) {
  std::set<std::string> anchors;
  std::map<std::string, int> seen;
  for (const Heading& heading : headingsOf(proseLines(page))) {
    const std::string base = slug(heading.text);
    const int count = seen[base]++;
    anchors.insert(count == 0 ? base : base + "-" + std::to_string(count));
  }
  return anchors;
}

// The targets of a line's [text](target) links and ![alt](target) pictures, inline code dropped.
std::vector<std::string> linkTargets(const std::string& line) {
  static const std::regex code("`[^`]*`");
  static const std::regex link(R"(\]\(([^)\s]+)\))");
  const std::string text = std::regex_replace(line, code, "");
  std::vector<std::string> targets;
  for (auto match = std::sregex_iterator(text.begin(), text.end(), link); match != std::sregex_iterator(); ++match)
    targets.push_back((*match)[1]);
  return targets;
}

TEST(Docs, EveryLinkAndPictureResolves) {
  int checked = 0;
  for (const fs::path& page : markdownPages()) {
    for (const std::string& line : proseLines(page)) {
      for (const std::string& target : linkTargets(line)) {
        if (target.find("://") != std::string::npos || target.rfind("mailto:", 0) == 0) continue;
        SCOPED_TRACE(page.filename().string() + ": " + target);
        ++checked;
        const std::size_t hash = target.find('#');
        const std::string file = target.substr(0, hash);
        const fs::path resolved = file.empty() ? page : page.parent_path() / file;
        ASSERT_TRUE(fs::exists(resolved)) << fs::relative(page, kSource) << " links to a missing " << target;
        if (hash == std::string::npos) continue;
        ASSERT_EQ(resolved.extension(), ".md") << "an anchor into a file that is not a page";
        EXPECT_TRUE(anchorsOf(resolved).contains(target.substr(hash + 1)))
            << fs::relative(page, kSource) << " links to " << target << ", a heading that page lacks";
      }
    }
  }
  EXPECT_GT(checked, 100) << "the links were not found";
}

TEST(Docs, TheReadmeIsAFrontPageThatLinksEveryPage) {
  const std::vector<std::string> readme = linesOf(kSource / "README.md");
  EXPECT_LT(readme.size(), 150u);
  // The two commands that set everything up; CI runs the second (.ci/run).
  for (const std::string command : {"    bash .ci/quickstart view ", "    bash .ci/quickstart test "})
    EXPECT_TRUE(std::any_of(readme.begin(), readme.end(), [&](const std::string& line) { return line.rfind(command, 0) == 0; }))
        << "README.md lacks `" << command << "`";
  const std::string ci = readText((kSource / ".ci/run").string());
  EXPECT_NE(ci.find("stage test"), std::string::npos);
  EXPECT_NE(ci.find("bash .ci/quickstart \"$1\""), std::string::npos);

  std::set<std::string> linked;
  for (const std::string& line : readme)
    for (const std::string& target : linkTargets(line)) linked.insert(target.substr(0, target.find('#')));
  for (const auto& entry : fs::directory_iterator(kSource / "docs")) {
    if (entry.path().extension() != ".md") continue;
    EXPECT_TRUE(linked.contains("docs/" + entry.path().filename().string()))
        << "README.md does not link docs/" << entry.path().filename().string();
  }
}

// ---- docs/COMMAND_LINE.md against --help ----------------------------------------------------

// A table row's cells, split at the pipes that are not escaped (`a\|b` is one cell).
std::vector<std::string> cellsOf(const std::string& row) {
  std::vector<std::string> cells;
  std::string cell;
  for (std::size_t i = 1; i < row.size(); ++i) {
    if (row[i] == '|' && row[i - 1] != '\\') {
      cells.push_back(cell);
      cell.clear();
    } else {
      cell += row[i];
    }
  }
  for (std::string& text : cells) {
    text.erase(0, text.find_first_not_of(' '));
    text.erase(text.find_last_not_of(' ') + 1);
  }
  return cells;
}

bool isTableRow(const std::string& line) { return line.rfind("| ", 0) == 0 && line.rfind("| ---", 0) != 0; }

// The options a row's first cell names: --name in code spans, and positionals as `NAME`.
std::set<std::string> optionsNamedBy(const std::string& firstCell) {
  static const std::regex span("`([^`]*)`");
  static const std::regex option("--[a-z0-9][a-z0-9-]*");
  static const std::regex positional("[A-Z]+");
  std::set<std::string> names;
  for (auto match = std::sregex_iterator(firstCell.begin(), firstCell.end(), span); match != std::sregex_iterator(); ++match) {
    const std::string code = (*match)[1];
    if (std::regex_match(code, positional)) names.insert(code);
    for (auto name = std::sregex_iterator(code.begin(), code.end(), option); name != std::sregex_iterator(); ++name)
      names.insert(name->str());
  }
  return names;
}

struct HelpText {
  std::set<std::string> options;      // --help left out; positionals in upper case
  std::vector<std::string> commands;  // "Subcommands:"
};

// CLI11's help: section titles flush left ("Options:"), an entry two spaces in ("  --set TEXT ...",
// "  -h,--help", "  --no-tune-cache{false}", "  image TEXT"), its description wrapped further in.
HelpText parseHelp(const std::string& text) {
  HelpText help;
  std::istringstream lines(text);
  std::string section;
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line[0] != ' ') {
      section = line;
      continue;
    }
    if (line.size() < 3 || line.rfind("  ", 0) != 0 || line[2] == ' ') continue;
    const std::string first = line.substr(2, line.find(' ', 2) - 2);
    if (section == "Subcommands:") help.commands.push_back(first);
    if (section == "Positionals:") {
      std::string upper = first;
      std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
      help.options.insert(upper);
    }
    if (section != "Options:") continue;
    std::istringstream names(first);
    for (std::string name; std::getline(names, name, ',');) {
      name = name.substr(0, name.find('{'));
      if (name.rfind("--", 0) == 0 && name != "--help") help.options.insert(name);
    }
  }
  return help;
}

HelpText helpOf(const std::string& command) {
  const CommandResult result = runShadersort(command + (command.empty() ? "" : " ") + "--help");
  EXPECT_EQ(result.exitCode, 0) << command << ": " << result.err;
  return parseHelp(result.out);
}

// A section of docs/COMMAND_LINE.md: a heading and the lines up to the next heading of its level
// or above; the options its tables name, and the same-page anchors it links.
struct Section {
  std::string heading;
  std::set<std::string> options;
  std::set<std::string> anchorsLinked;
};

std::vector<Section> sectionsOf(const std::vector<std::string>& prose) {
  const std::vector<Heading> headings = headingsOf(prose);
  std::vector<Section> sections;
  for (std::size_t h = 0; h < headings.size(); ++h) {
    std::size_t end = prose.size();
    for (std::size_t next = h + 1; next < headings.size(); ++next)
      if (headings[next].level <= headings[h].level) {
        end = headings[next].line;
        break;
      }
    Section section{headings[h].text, {}, {}};
    for (std::size_t i = headings[h].line + 1; i < end; ++i) {
      if (isTableRow(prose[i])) {
        const std::vector<std::string> cells = cellsOf(prose[i]);
        if (!cells.empty()) section.options.merge(optionsNamedBy(cells[0]));
      }
      for (const std::string& target : linkTargets(prose[i]))
        if (target.rfind('#', 0) == 0) section.anchorsLinked.insert(target.substr(1));
    }
    sections.push_back(section);
  }
  return sections;
}

TEST(Docs, EachCommandsSectionNamesExactlyItsHelpOptions) {
  const std::vector<Section> sections = sectionsOf(proseLines(kSource / "docs/COMMAND_LINE.md"));
  // The option groups several commands share, by anchor: a command's section takes a group's
  // options by linking it.
  std::map<std::string, std::set<std::string>> groups;
  for (const Section& section : sections)
    if (section.heading.ends_with(" options")) groups[slug(section.heading)] = section.options;
  auto find = [&](const std::string& heading) -> const Section* {
    for (const Section& section : sections)
      if (section.heading == heading) return &section;
    return nullptr;
  };

  const HelpText top = helpOf("");
  ASSERT_FALSE(top.commands.empty()) << "no subcommands in shadersort --help";
  const Section* global = find("Global options");
  ASSERT_NE(global, nullptr) << "docs/COMMAND_LINE.md has no Global options section";
  EXPECT_EQ(global->options, top.options) << "the global options";

  std::set<std::string> documentedCommands;
  for (const Section& section : sections)
    if (section.heading.rfind("`shadersort ", 0) == 0 && section.heading.ends_with("`"))
      documentedCommands.insert(section.heading.substr(12, section.heading.size() - 13));
  EXPECT_EQ(documentedCommands, std::set<std::string>(top.commands.begin(), top.commands.end()))
      << "the commands with a section against those shadersort --help lists";

  for (const std::string& command : top.commands) {
    SCOPED_TRACE(command);
    const Section* section = find("`shadersort " + command + "`");
    if (section == nullptr) continue;  // reported above
    std::set<std::string> documented = section->options;
    for (const std::string& anchor : section->anchorsLinked)
      if (groups.contains(anchor)) documented.insert(groups[anchor].begin(), groups[anchor].end());
    const std::set<std::string> listed = helpOf(command).options;
    for (const std::string& option : listed)
      EXPECT_TRUE(documented.contains(option)) << "shadersort " << command << " --help lists " << option
                                               << ", which its section of docs/COMMAND_LINE.md does not";
    for (const std::string& option : documented)
      EXPECT_TRUE(listed.contains(option)) << "docs/COMMAND_LINE.md gives shadersort " << command << " " << option
                                           << ", which its --help does not list";
  }
}

// ---- the settings table against `info` ----------------------------------------------------------

struct InfoSetting {
  std::string algorithm, name;
  std::vector<std::pair<std::string, std::string>> words;  // word, number
};

struct InfoSettings {
  std::vector<InfoSetting> settings;
  std::map<std::string, std::string> inUse;  // "algorithm setting" -> value as info shows it
};

// `info --no-tune-cache`: after "tuning cache", one line per algorithm of NAME=VALUE in use;
// after "settings", one line per setting: algorithm, name, meaning, and "(word=N, ...)".
InfoSettings parseInfo(const std::string& text) {
  static const std::regex words(R"( \(((?:[a-z-]+=-?[0-9]+)(?:, [a-z-]+=-?[0-9]+)*)\)$)");
  static const std::regex word(R"(([a-z-]+)=(-?[0-9]+))");
  InfoSettings info;
  std::istringstream lines(text);
  std::string block;
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line[0] != ' ') {
      block = line.substr(0, line.find("  "));
      continue;
    }
    std::istringstream fields(line);
    std::string algorithm, second;
    fields >> algorithm >> second;
    if (block == "tuning cache") {
      for (std::string pair = second; !pair.empty() && pair.find('=') != std::string::npos; pair.clear(), fields >> pair)
        info.inUse[algorithm + " " + pair.substr(0, pair.find('='))] = pair.substr(pair.find('=') + 1);
    } else if (block == "settings") {
      InfoSetting setting{algorithm, second, {}};
      std::smatch match;
      if (std::regex_search(line, match, words)) {
        const std::string list = match[1];
        for (auto w = std::sregex_iterator(list.begin(), list.end(), word); w != std::sregex_iterator(); ++w)
          setting.words.emplace_back((*w)[1], (*w)[2]);
      }
      info.settings.push_back(setting);
    }
  }
  return info;
}

TEST(Docs, TheSettingsTableIsInfos) {
  const CommandResult result = runShadersort("info --no-tune-cache");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const InfoSettings info = parseInfo(result.out);
  ASSERT_FALSE(info.settings.empty()) << result.out;
  ASSERT_FALSE(info.inUse.empty()) << result.out;

  // The table of docs/COMMAND_LINE.md's Settings section; an empty first cell repeats the
  // algorithm above it.
  const std::vector<std::string> prose = proseLines(kSource / "docs/COMMAND_LINE.md");
  std::vector<std::vector<std::string>> rows;
  bool inSection = false;
  std::string algorithm;
  for (const std::string& line : prose) {
    if (line.rfind("## ", 0) == 0) inSection = line == "## Settings";
    if (!inSection || !isTableRow(line)) continue;
    std::vector<std::string> cells = cellsOf(line);
    if (cells.size() < 4 || cells[1] == "setting") continue;
    if (!cells[0].empty()) algorithm = cells[0];
    cells[0] = algorithm;
    rows.push_back(cells);
  }
  const auto unquoted = [](const std::string& code) { return code.size() > 2 && code.front() == '`' ? code.substr(1, code.size() - 2) : code; };

  std::vector<std::string> documented, listed;
  for (const auto& row : rows) documented.push_back(unquoted(row[0]) + " " + unquoted(row[1]));
  for (const InfoSetting& setting : info.settings) listed.push_back(setting.algorithm + " " + setting.name);
  ASSERT_EQ(documented, listed) << "the settings table's rows against `shadersort info`'s settings, in its order";

  static const std::regex number(R"(^-?[0-9]+)");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const InfoSetting& setting = info.settings[i];
    SCOPED_TRACE(listed[i]);
    const std::string& defaultCell = rows[i][2];
    const std::string text = defaultCell + " " + rows[i][3];
    for (const auto& [word, value] : setting.words)
      EXPECT_NE(text.find("`" + word + "` (" + value), std::string::npos) << "the row does not give `" << word << "` (" << value << ")";
    // The default, where the row gives a number or one of the setting's words and info shows the
    // value in use (its tunables, with no tuning cache: the defaults on this GPU).
    const auto inUse = info.inUse.find(listed[i]);
    if (inUse == info.inUse.end()) continue;
    std::smatch match;
    std::string shown;
    if (std::regex_search(defaultCell, match, number)) shown = match.str();
    for (const auto& [word, value] : setting.words)
      if (defaultCell.rfind("`" + word + "`", 0) == 0) shown = word;
    if (!shown.empty()) {
      EXPECT_EQ(shown, inUse->second) << "the default column against the value info shows in use";
    }
  }
}

// ---- the Layout section against the folders ----------------------------------------------------

TEST(Docs, LayoutNamesEveryFolder) {
  const std::vector<std::string> prose = proseLines(kSource / "docs/ARCHITECTURE.md");
  std::set<std::string> named;
  bool inLayout = false;
  for (const std::string& line : prose) {
    if (line.rfind("## ", 0) == 0) inLayout = line == "## Layout";
    if (!inLayout || line.rfind("    ", 0) != 0 || line.size() < 5 || line[4] == ' ') continue;
    named.insert(line.substr(4, line.find(' ', 4) - 4));
  }
  ASSERT_FALSE(named.empty()) << "no Layout section in docs/ARCHITECTURE.md";
  for (const std::string& path : named) EXPECT_TRUE(fs::exists(kSource / path)) << "the Layout names a missing " << path;

  // Every folder at the top (build folders and hidden ones aside, .ci kept), in app/, and in app/sort/.
  std::vector<std::string> folders;
  for (const auto& entry : fs::directory_iterator(kSource)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory() && (name == ".ci" || (name[0] != '.' && name.rfind("build", 0) != 0))) folders.push_back(name + "/");
  }
  for (const char* parent : {"app", "app/sort"})
    for (const auto& entry : fs::directory_iterator(kSource / parent))
      if (entry.is_directory()) folders.push_back(std::string(parent) + "/" + entry.path().filename().string() + "/");
  for (const std::string& folder : folders)
    EXPECT_TRUE(named.contains(folder)) << "the Layout section of docs/ARCHITECTURE.md does not name " << folder;
}

}  // namespace
}  // namespace shadersort::testing
