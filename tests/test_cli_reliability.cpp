// Regression tests for the command-line defects of issue 28: outputs that are one file under
// another spelling (4), numbers read as octal, hex or with signs and spaces (8), and --race lists
// checked piecemeal (11). Every refusal here happens before any GPU work.

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/number_text.h"
#include "cli_support.h"
#include "core/error.h"
#include "process_support.h"

namespace shadersort::testing {
namespace {

namespace fs = std::filesystem;
using shadersort::Dimensions;

// The message of the UsageError `parse` throws, or "" when it accepts.
std::string refusalOf(const std::function<void()>& parse) {
  try {
    parse();
  } catch (const UsageError& error) {
    return error.what();
  }
  return "";
}

void expectNotANumber(const std::string& message, const std::string& text) {
  EXPECT_NE(message.find("not a number"), std::string::npos) << text << ": " << message;
}

// No display: a view that got past its checks could not open a window.
ProcessOptions noDisplay() {
  ProcessOptions options;
  options.environment = {"DISPLAY="};
  return options;
}

// One line on stderr naming `mention`, exit 2, and nothing on stdout.
void expectUsageError(int exitCode, const std::string& err, const std::string& mention) {
  EXPECT_EQ(exitCode, 2) << err;
  EXPECT_EQ(lineCount(err), 1) << err;
  EXPECT_NE(err.find(mention), std::string::npos) << "should mention '" << mention << "': " << err;
  EXPECT_EQ(err.find("internal error"), std::string::npos) << err;
}

// --- 8: one number parser ----------------------------------------------------------------------

TEST(CliNumbers, OnlyPlainDecimalIsANumber) {
  // Octal and hex as CLI11 and strtol read them, signs, spaces, exponents, trailing text.
  for (const std::string text : {"010", "011", "00", "0x10", "0X10", " 10", "10 ", "\t10", "+10", "10abc", "", "1e1",
                                 "-0", "1.5", "1,000", "--5", "-", "\xd9\xa3"}) {
    SCOPED_TRACE(text);
    expectNotANumber(refusalOf([&] { parseUnsigned(text, "--fps", 1, 100); }), text);
    expectNotANumber(refusalOf([&] { parseSigned(text, "--set x", -100, 100); }), text);
  }
  EXPECT_NE(refusalOf([] { parseUnsigned("010", "--fps", 1, 100); }).find("leading zeros"), std::string::npos);
  EXPECT_NE(refusalOf([] { parseUnsigned("0x10", "--fps", 1, 100); }).find("decimal only"), std::string::npos);
  EXPECT_NE(refusalOf([] { parseUnsigned("+10", "--fps", 1, 100); }).find("no '+'"), std::string::npos);
  EXPECT_NE(refusalOf([] { parseUnsigned(" 10", "--fps", 1, 100); }).find("no spaces"), std::string::npos);
  EXPECT_EQ(parseUnsigned("0", "--seed", 0, UINT64_MAX), 0u);
  EXPECT_EQ(parseUnsigned("18446744073709551615", "--seed", 0, UINT64_MAX), UINT64_MAX);
  EXPECT_EQ(parseUnsigned("100", "--fps", 1, 100), 100u);
  EXPECT_EQ(parseSigned("-100", "--set x", -100, 100), -100);
  EXPECT_EQ(parseSigned("-9223372036854775808", "--set x", INT64_MIN, INT64_MAX), INT64_MIN);
}

TEST(CliNumbers, OutOfRangeSaysTheRangeAndWhatWasGiven) {
  EXPECT_EQ(refusalOf([] { parseUnsigned("101", "--fps", 1, 100); }), "--fps wants a whole number from 1 to 100, got 101");
  EXPECT_EQ(refusalOf([] { parseUnsigned("4294967296", "--every", 1, UINT32_MAX); }),
            "--every wants a whole number from 1 to 4294967295, got 4294967296");
  // Numbers past 2^64 and negative numbers are numbers, out of range, not "not a number".
  EXPECT_EQ(refusalOf([] { parseUnsigned("99999999999999999999999", "--seed", 0, UINT64_MAX); }),
            "--seed wants a whole number from 0 to 18446744073709551615, got 99999999999999999999999");
  EXPECT_EQ(refusalOf([] { parseUnsigned("-1", "--frames", 1, 5); }), "--frames wants a whole number from 1 to 5, got -1");
  EXPECT_EQ(refusalOf([] { parseSigned("9223372036854775808", "--set x", INT64_MIN, INT64_MAX); }),
            "--set x wants a whole number from -9223372036854775808 to 9223372036854775807, got 9223372036854775808");
  EXPECT_EQ(refusalOf([] { parsePasses("4294967296"); }),
            "--passes wants 'all' or a whole number from 0 to 4294967295, got 4294967296");
}

TEST(CliNumbers, DecimalsCountsAndSizesFollowTheSameRules) {
  EXPECT_EQ(parseDecimal("0.1", "--race-seconds", 0.1, 3600), 0.1);
  EXPECT_EQ(parseDecimal("3600", "--race-seconds", 0.1, 3600), 3600);
  EXPECT_EQ(parseDecimal("2.25", "--race-seconds", 0.1, 3600), 2.25);
  // Between -1 and 0 the whole part is "-0" (issue: --path angle:-0.5 was "not a number").
  EXPECT_EQ(parseDecimal("-0.5", "--path angle", -360, 360), -0.5);
  EXPECT_EQ(parseDecimal("-0.0001", "--path angle", -360, 360), -0.0001);
  for (const std::string text : {"1e1", ".5", "5.", "0x1p3", "010.5", "inf", "nan", "+2", " 2", "2.5.1", "1,5", "-0", "-.5",
                                 "-00.5"}) {
    SCOPED_TRACE(text);
    expectNotANumber(refusalOf([&] { parseDecimal(text, "--race-seconds", 0.1, 3600); }), text);
  }
  EXPECT_EQ(refusalOf([] { parseDecimal("5000", "--race-seconds", 0.1, 3600); }),
            "--race-seconds wants a number from 0.1 to 3600, got 5000");
  EXPECT_EQ(refusalOf([] { parseDecimal("0.05", "--race-seconds", 0.1, 3600); }),
            "--race-seconds wants a number from 0.1 to 3600, got 0.05");

  EXPECT_EQ(parseCount("16K", "--sizes", 1, UINT32_MAX), 16384u);
  EXPECT_EQ(parseCount("2^20", "--sizes", 1, UINT32_MAX), 1u << 20);
  for (const std::string text : {"016K", "2^020", "0x10", " 16K", "+16K", "16k", "K", "2^", "12q"}) {
    SCOPED_TRACE(text);
    expectNotANumber(refusalOf([&] { parseCount(text, "--sizes", 1, UINT32_MAX); }), text);
  }
  EXPECT_NE(refusalOf([] { parseCount("0", "--sizes", 1, UINT32_MAX); }).find("from 1 to 4294967295, got 0"),
            std::string::npos);

  const Dimensions one{1, 1}, most{1u << 24, 1u << 24};
  EXPECT_EQ(parseDimensions("8x9", "--size", one, most).height, 9u);
  for (const std::string text : {"010x8", "8x010", "0x10x8", " 8x8", "+8x8", "8x 8", "8x", "x8"}) {
    SCOPED_TRACE(text);
    expectNotANumber(refusalOf([&] { parseDimensions(text, "--size", one, most); }), text);
  }
  EXPECT_EQ(refusalOf([] { parseDimensions("100x100", "--window-size", {320, 240}, {16384, 16384}); }),
            "--window-size wants WxH from 320x240 to 16384x16384, got 100x100");
}

// Every numeric option of every command goes through that parser, CLI11's own included.
TEST(CliNumbers, EveryNumericOptionRefusesOtherFormsWithExitTwo) {
  ScratchFolder folder;
  const std::string out = folder.path("o.png"), gif = folder.path("g.gif");
  const std::vector<std::string> run = {"run", "--pattern", "random", "--size", "8x8", "--out", out};
  const std::vector<std::string> record = {"run", "--pattern", "random", "--size", "8x8", "--gif", gif};
  const std::vector<std::string> view = {"view", "--offscreen", "--pattern", "random", "--size", "8x8"};
  auto with = [](std::vector<std::string> base, const std::vector<std::string>& more) {
    base.insert(base.end(), more.begin(), more.end());
    return base;
  };
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {with(record, {"--fps", "010"}), "not a number"},
      {with(record, {"--fps", "0x10"}), "not a number"},
      {with(record, {"--fps", " 10"}), "not a number"},
      {with(record, {"--fps", "+10"}), "not a number"},
      {with(record, {"--fps", "10abc"}), "--fps wants a whole number from 1 to 100; '10abc' is not a number"},
      {with(record, {"--fps", "101"}), "--fps wants a whole number from 1 to 100, got 101"},
      {with(record, {"--scale", "011"}), "not a number"},
      {with(record, {"--scale", "17"}), "from 1 to 16, got 17"},
      {with(record, {"--every", "010"}), "not a number"},
      {with(record, {"--every", "4294967296"}), "--every wants a whole number from 1 to 4294967295, got 4294967296"},
      {with(run, {"--seed", "010"}), "not a number"},
      {with(run, {"--seed", "0x10"}), "not a number"},
      {with(run, {"--passes", "010"}), "not a number"},
      {with(run, {"--passes", "+3"}), "not a number"},
      {with(run, {"--algo", "radix", "--set", "workgroup-size=0x40"}), "not a number"},
      {with(run, {"--algo", "radix", "--set", "workgroup-size=+64"}), "not a number"},
      {{"run", "--pattern", "random", "--size", "010x8", "--out", out}, "not a number"},
      {{"bench", "--reps", "05"}, "not a number"},
      {{"bench", "--reps", "0"}, "--reps wants a whole number from 1 to 2147483647, got 0"},
      {{"bench", "--sizes", "016K"}, "not a number"},
      {{"tune", "--size", "0x10"}, "not a number"},
      {{"tune", "--reps", " 3"}, "not a number"},
      {with(view, {"--frames", "010"}), "not a number"},
      {with(view, {"--frames", "0"}), "--frames wants a whole number from 1 to 2147483647, got 0"},
      {with(view, {"--frames", "2", "--race-seconds", "1e1"}), "not a number"},
      {with(view, {"--frames", "2", "--race-seconds", "0x10"}), "not a number"},
      {with(view, {"--frames", "2", "--race-seconds", "5000"}), "--race-seconds wants a number from 0.1 to 3600, got 5000"},
      {with(view, {"--frames", "2", "--window-size", "0640x480"}), "not a number"},
      {with(view, {"--frames", "2", "--window-size", " 640x480"}), "not a number"},
      {with(view, {"--frames", "2", "--window-size", "100x100"}),
       "--window-size wants WxH from 320x240 to 16384x16384, got 100x100"},
  };
  for (const auto& [arguments, mention] : cases) {
    std::string shown;
    for (const auto& argument : arguments) shown += "'" + argument + "' ";
    SCOPED_TRACE(shown);
    const ProcessResult result = runShadersortArgs(arguments, noDisplay());
    expectUsageError(result.exitCode, result.err, mention);
  }
  EXPECT_TRUE(folder.entries().empty());
}

// --- 11: --race lists --------------------------------------------------------------------------

TEST(CliRace, ListsAreCheckedWholeAndRefusedWithExitTwo) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"radix,nosuch", "--race: unknown algorithm 'nosuch'"},
      {"", "--race wants 2 to 4 algorithms separated by commas, got ''"},
      {"radix;bitonic", "got 'radix;bitonic'"},
      {"radix,,bitonic", "got 'radix,,bitonic'"},
      {"radix,", "got 'radix,'"},
      {",radix,bitonic", "got ',radix,bitonic'"},
      {"radix", "got 'radix'"},
      {"radix,bitonic,odd-even,frag-odd-even,radix", "got 'radix,bitonic,odd-even,frag-odd-even,radix'"},
  };
  for (const auto& [list, mention] : cases) {
    SCOPED_TRACE(list);
    const ProcessResult result =
        runShadersortArgs({"view", "--offscreen", "--frames", "1", "--race", list}, noDisplay());
    expectUsageError(result.exitCode, result.err, mention);
    EXPECT_EQ(result.err.find("got 1"), std::string::npos) << result.err;
  }
  const ProcessResult race = runShadersortArgs({"view", "--offscreen", "--frames", "1", "--window-size", "320x240",
                                                "--pattern", "random", "--size", "4x4", "--race", "radix,bitonic"},
                                               noDisplay());
  EXPECT_EQ(race.exitCode, 0) << race.err;
}

// --- 4: outputs that are one file ----------------------------------------------------------------

// Runs `shadersort ARGUMENTS` (shell words) in `folder`.
CommandResult runIn(const ScratchFolder& folder, const std::string& arguments) {
  return runScript("cd '" + folder.root().string() + "' && \"$SHADERSORT\" " + arguments, "DISPLAY=");
}

TEST(CliOutputs, OneFileUnderAnySpellingIsRefusedBeforeAnyWork) {
  ScratchFolder folder;
  fs::create_directory(folder.path("sub"));
  const std::string run = "run --pattern random --size 8x8 --out o1.png ";
  for (const bool exists : {false, true}) {
    if (exists) writeBytes(folder.path("o1.png"), {'o', 'l', 'd'});
    const auto before = folder.entries();
    for (const std::string sheet : {"o1.png", "./o1.png", "\"$PWD/o1.png\"", "sub/../o1.png", "\"/$PWD/o1.png\"",
                                    "\"$PWD//sub/..//./o1.png\"", "nosuch/../o1.png"}) {
      SCOPED_TRACE(sheet + (exists ? " (existing)" : ""));
      const auto result = runIn(folder, run + "--sheet " + sheet);
      expectUsageError(result.exitCode, result.err, "are the same file");
      EXPECT_EQ(folder.entries(), before);
      if (exists) {
        EXPECT_TRUE(readText(folder.path("o1.png")) == "old") << "o1.png was overwritten";
      }
    }
  }
  // Identities of existing files: a link to --out under the GIF's name, and the viewer's two outputs.
  fs::create_symlink("o1.png", folder.path("link.gif"));
  const auto linked = runIn(folder, run + "--gif link.gif");
  expectUsageError(linked.exitCode, linked.err, "--out 'o1.png' and --gif 'link.gif' are the same file");
  const auto viewed = runIn(folder, "view --offscreen --frames 1 --screenshot o1.png --record link.gif");
  expectUsageError(viewed.exitCode, viewed.err, "are the same file");
  EXPECT_TRUE(readText(folder.path("o1.png")) == "old") << "o1.png was overwritten";
  // Distinct outputs are still written.
  const auto distinct = runIn(folder, run + "--sheet sub/o1.png --gif o1.gif");
  ASSERT_EQ(distinct.exitCode, 0) << distinct.err;
  EXPECT_TRUE(readText(folder.path("o1.png")) != "old") << "--out was not written";
  EXPECT_TRUE(fs::is_regular_file(folder.path("sub/o1.png")));
  EXPECT_TRUE(fs::is_regular_file(folder.path("o1.gif")));
}

}  // namespace
}  // namespace shadersort::testing
