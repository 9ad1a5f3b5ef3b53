// The work panel's plain-data functions (ui/work_panel.h) and `view --stats`'s work line.

#include <gtest/gtest.h>

#include "cli_support.h"
#include "ui/work_panel.h"

namespace shadersort::ui {
namespace {

WorkCounts comparisons(std::uint64_t count) {
  WorkCounts counts;
  counts[WorkField::Comparisons] = count;
  return counts;
}

TEST(WorkPanel, PlotRangeLeavesRoomAboveTheLargestCount) {
  // One pass (or equal passes): a bar below the top, not a full box; nothing counted: not empty.
  const PlotRange one = plotRange({28.0f});
  EXPECT_EQ(one.low, 0.0f);
  EXPECT_GT(one.high, 28.0f);
  const PlotRange none = plotRange({0.0f, 0.0f});
  EXPECT_GT(none.high, none.low);
  const PlotRange several = plotRange({3.0f, 5.0f});
  EXPECT_EQ(several.low, 0.0f);
  EXPECT_FLOAT_EQ(several.high, 6.25f);
}

TEST(WorkPanel, DepthIsPassesWorkIsComparisonsWidestIsTheLargestPass) {
  const DepthAndWork dw = depthAndWork({comparisons(4), comparisons(3), comparisons(4), comparisons(3)});
  EXPECT_EQ(dw.depth, 4u);
  EXPECT_EQ(dw.work, 14u);
  EXPECT_EQ(dw.widestPass, 4u);
  EXPECT_EQ(fieldsCounted({comparisons(4)}), std::vector<WorkField>{WorkField::Comparisons});
}

TEST(WorkPanel, StatsLineNamesTheTextbookFigure) {
  LaneWork work;
  work.algorithm = "odd-even";
  work.sequenceLength = 4;
  work.sequenceCount = 1;
  work.perPass = {comparisons(2), comparisons(1), comparisons(2), comparisons(1)};
  EXPECT_EQ(workStatsLine(work),
            "work (teaching schedule, one step per pass): 4 passes, 6 comparisons (widest pass 2); textbook n(n-1)/2 = 6");
  work.algorithm = "frag-odd-even";
  work.hasFastSchedule = false;
  EXPECT_EQ(workStatsLine(work).substr(0, 28), "work (one step per pass): 4 ");
}

// Regression (issue 39, item 3): radix's depth / work table said work 0 and widest 0 (it counts
// no comparisons), and its 21,264 shared reads a pass for 13 keys went unexplained.
TEST(WorkPanel, RadixDepthAndWorkAreInItsOwnTerms) {
  LaneWork work;
  work.algorithm = "radix";
  work.sequenceLength = 13;
  work.sequenceCount = 1;
  work.digitPasses = 2;
  WorkCounts pass;
  pass[WorkField::HistogramIncrements] = 13;
  pass[WorkField::ScatterWrites] = 13;
  pass[WorkField::SharedReads] = 21264;
  pass[WorkField::SharedWrites] = 14000;
  work.perPass = {pass, pass};
  const DepthAndWorkText cells = depthAndWorkText(work);
  EXPECT_EQ(cells.depth, "2 digit passes");
  EXPECT_EQ(cells.work, "26 histogram increments + 26 scatter writes");
  EXPECT_EQ(cells.widest, "13 scatter writes");
  EXPECT_EQ(workStatsLine(work).rfind("work (teaching schedule, one step per pass): 2 digit passes, 26 histogram "
                                      "increments + 26 scatter writes (widest pass 13 scatter writes), 42528 shared reads",
                                      0),
            0u)
      << workStatsLine(work);
  const std::string note = sharedTrafficNote(work);
  EXPECT_NE(note.find("21264 reads"), std::string::npos) << note;
  EXPECT_NE(note.find("13 keys"), std::string::npos) << note;
  EXPECT_NE(note.find("every slot of a block"), std::string::npos) << note;

  // Comparison sorts keep their terms and get no shared note.
  work.algorithm = "odd-even";
  work.digitPasses = 0;
  work.perPass = {comparisons(2), comparisons(1)};
  EXPECT_EQ(depthAndWorkText(work).work, "3 comparisons");
  EXPECT_EQ(sharedTrafficNote(work), "");
}

// The panel says that counting ran the teaching schedule, not the fused fast one; an algorithm
// with one schedule has no fast one to speak of.
TEST(WorkPanel, TheNoteSaysWhichScheduleWasCounted) {
  LaneWork work;
  work.algorithm = "bitonic";
  EXPECT_EQ(countedScheduleNote(work),
            "counted on the instrumented teaching schedule, one basic step per pass, not the fused fast one");
  work.algorithm = "frag-odd-even";
  work.hasFastSchedule = false;
  EXPECT_EQ(countedScheduleNote(work).find("fast"), std::string::npos);
  EXPECT_NE(countedScheduleNote(work).find("its only schedule"), std::string::npos);
}

TEST(WorkPanel, CountingOnlyForOneStepPassesOfSmallInputs) {
  SorterOptions teaching;
  teaching.teaching = true;
  const AlgorithmInfo& oddEven = findAlgorithm("odd-even");
  EXPECT_TRUE(countWorkInViewer(oddEven, teaching, kMaxCountedElements));
  EXPECT_FALSE(countWorkInViewer(oddEven, teaching, kMaxCountedElements + 1));
  EXPECT_FALSE(countWorkInViewer(oddEven, SorterOptions{}, 64));
  EXPECT_TRUE(countWorkInViewer(findAlgorithm("frag-odd-even"), SorterOptions{}, 64));
}

// 8 sequences of 8 keys: 4 + 3 pairs per even + odd round, 8 rounds: 28 per sequence.
TEST(WorkPanel, ViewStatsPrintsTheWorkOfEachCountingLane) {
  const std::string arguments = "view --offscreen --paused --pattern random --size 8x8 --algo odd-even --keys end --frames 8 --stats";
  const auto teaching = testing::runShadersort(arguments, "DISPLAY=");
  ASSERT_EQ(teaching.exitCode, 0) << teaching.err;
  EXPECT_NE(teaching.out.find("odd-even: work (teaching schedule, one step per pass): 8 passes, 224 comparisons (widest pass 32)"), std::string::npos)
      << teaching.out;
  EXPECT_NE(teaching.out.find("textbook n(n-1)/2 x 8 sequences = 224"), std::string::npos) << teaching.out;
  // The fast schedule is never counted.
  const auto fast = testing::runShadersort(arguments + " --fast", "DISPLAY=");
  ASSERT_EQ(fast.exitCode, 0) << fast.err;
  EXPECT_EQ(fast.out.find("work:"), std::string::npos) << fast.out;
}

}  // namespace
}  // namespace shadersort::ui
