// The viewer's keys come from one table (ui::keyBindings): it drives the window's handler, the
// --keys script names and the panel's list; the keys table of docs/VIEWER.md is checked against it
// here, so a key added, renamed or dropped shows up in that page or fails this test.

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "ui/viewer_keys.h"

namespace shadersort::testing {
namespace {

// How docs/VIEWER.md writes a key: the symbol for the names a --keys script spells out.
std::string pageLabel(std::string_view scriptName) {
  if (scriptName == "plus") return "+";
  if (scriptName == "minus") return "-";
  if (scriptName == "period") return ".";
  if (scriptName == "comma") return ",";
  return std::string(scriptName);
}

// The keys named in the first column of docs/VIEWER.md's "| key | does |" table; rows for panel
// controls ("(panel) ...") are not keys.
std::set<std::string> pageKeys() {
  std::ifstream page(std::string(SHADERSORT_SOURCE_DIR) + "/docs/VIEWER.md");
  std::string line;
  while (std::getline(page, line) && line != "| key | does |") {
  }
  std::getline(page, line);  // | --- | --- |
  std::set<std::string> keys;
  while (std::getline(page, line) && line.rfind("| ", 0) == 0) {
    const std::string cell = line.substr(2, line.find(" |", 2) - 2);
    if (cell.rfind("(panel)", 0) == 0) continue;
    std::istringstream words(cell);
    for (std::string word; words >> word;)
      if (word != "/") keys.insert(word);
  }
  return keys;
}

TEST(ViewerKeys, TheViewerPageKeysTableListsExactlyTheBoundKeys) {
  std::set<std::string> bound;
  for (const ui::KeyBinding& binding : ui::keyBindings()) bound.insert(pageLabel(binding.scriptName));
  const std::set<std::string> documented = pageKeys();
  ASSERT_FALSE(documented.empty()) << "no keys table in docs/VIEWER.md";
  for (const std::string& key : bound) EXPECT_TRUE(documented.contains(key)) << "docs/VIEWER.md lacks key " << key;
  for (const std::string& key : documented) EXPECT_TRUE(bound.contains(key)) << "docs/VIEWER.md names an unbound key " << key;
}

}  // namespace
}  // namespace shadersort::testing
