// The viewer's keys come from one table (ui::keyBindings): it drives the window's handler, the
// --keys script names and the panel's list; the README's keys table is checked against it here,
// so a key added, renamed or dropped shows up in the README or fails this test.

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "ui/viewer_keys.h"

namespace shadersort::testing {
namespace {

// How the README writes a key: the symbol for the names a --keys script spells out.
std::string readmeLabel(std::string_view scriptName) {
  if (scriptName == "plus") return "+";
  if (scriptName == "minus") return "-";
  if (scriptName == "period") return ".";
  if (scriptName == "comma") return ",";
  return std::string(scriptName);
}

// The keys named in the first column of the README's "| key | does |" table; rows for panel
// controls ("(panel) ...") are not keys.
std::set<std::string> readmeKeys() {
  std::ifstream readme(std::string(SHADERSORT_SOURCE_DIR) + "/README.md");
  std::string line;
  while (std::getline(readme, line) && line != "| key | does |") {
  }
  std::getline(readme, line);  // | --- | --- |
  std::set<std::string> keys;
  while (std::getline(readme, line) && line.rfind("| ", 0) == 0) {
    const std::string cell = line.substr(2, line.find(" |", 2) - 2);
    if (cell.rfind("(panel)", 0) == 0) continue;
    std::istringstream words(cell);
    for (std::string word; words >> word;)
      if (word != "/") keys.insert(word);
  }
  return keys;
}

TEST(ViewerKeys, TheReadmeKeysTableListsExactlyTheBoundKeys) {
  std::set<std::string> bound;
  for (const ui::KeyBinding& binding : ui::keyBindings()) bound.insert(readmeLabel(binding.scriptName));
  const std::set<std::string> documented = readmeKeys();
  ASSERT_FALSE(documented.empty()) << "no keys table in README.md";
  for (const std::string& key : bound) EXPECT_TRUE(documented.contains(key)) << "README lacks key " << key;
  for (const std::string& key : documented) EXPECT_TRUE(bound.contains(key)) << "README names an unbound key " << key;
}

}  // namespace
}  // namespace shadersort::testing
