// The GPU-resident display: states painted on the GPU (render::StatePainter into a
// render::DisplayTexture) must equal the pictures the CPU makes from a read-back state, bit for
// bit (integer operations only: no tolerance); GpuOrderCheck must tell sorted from unsorted and
// complete from tampered states without a read-back; and playback must make no read-back.

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>

#include "cli_support.h"
#include "core/error.h"
#include "data/image_sequences.h"
#include "gl/compute.h"
#include "render/array_reference.h"
#include "render/gpu_order_check.h"
#include "render/state_painter.h"
#include "sort/state_readback.h"
#include "sort/verify.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

// `count` sequences of `length` random keys below `keyLimit` (0: any 32-bit key), with random
// packed colours as values when `withValues`.
SortData randomData(std::uint32_t count, std::uint32_t length, std::uint32_t keyLimit, bool withValues,
                    std::uint32_t seed) {
  SortData data;
  data.sequenceCount = count;
  data.sequenceLength = length;
  std::mt19937 random(seed);
  for (std::uint64_t i = 0; i < std::uint64_t{count} * length; ++i) {
    const auto word = static_cast<std::uint32_t>(random());
    data.keys.push_back(keyLimit == 0 ? word : word % keyLimit);
    if (withValues) data.values.push_back(static_cast<std::uint32_t>(random()));
  }
  return data;
}

std::unique_ptr<Sorter> loadedSorter(const Schedule& schedule, const SortData& input) {
  const std::string why = schedule.algorithm->whyCannotSort(input.shape(), testLimits());
  EXPECT_TRUE(why.empty()) << why;
  auto sorter = schedule.algorithm->create(testSortContext(), optionsFor(schedule));
  sorter->load(input);
  return sorter;
}

// Passes 0, 1, a middle one and all of them (fewer when the sort has fewer).
std::vector<std::uint32_t> chosenPasses(std::uint32_t passCount) {
  std::vector<std::uint32_t> passes{0};
  for (std::uint32_t pass : {1u, passCount / 2, passCount})
    if (pass > passes.back() && pass <= passCount) passes.push_back(pass);
  return passes;
}

// The oldest check in flight, once the GPU has finished everything queued: its fence has then
// signalled, so the first poll answers (no clock, no retries).
std::optional<render::OrderCheckResult> waitForCheck(render::GpuOrderCheck& check) {
  glFinish();
  return check.poll();
}

std::uint32_t minKey(const SortData& data) {
  return data.keys.empty() ? 0 : *std::min_element(data.keys.begin(), data.keys.end());
}
std::uint32_t maxKey(const SortData& data) {
  return data.keys.empty() ? 0 : *std::max_element(data.keys.begin(), data.keys.end());
}

// Level `level` of `texture`, top row first.
Image downloadLevel(GLuint texture, int level) {
  GLint width = 0, height = 0;
  glBindTexture(GL_TEXTURE_2D, texture);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_WIDTH, &width);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_HEIGHT, &height);
  Image picture(width, height);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D, level, GL_RGBA, GL_UNSIGNED_BYTE, picture.rgba.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  return picture;
}

// A state in storage buffers made by the test itself, for the cases no sorter needs to run.
struct OwnState {
  gl::Buffer keys, values;
  SortShape shape;
  explicit OwnState(const SortData& data)
      : keys(gl::makeStorageBuffer("test: keys", data.keys)),
        values(gl::makeStorageBuffer("test: values", data.values)),
        shape(data.shape()) {}
  GpuStateView view() const { return {.storage = GpuStateView::Storage::Buffers, .keys = keys.id(), .values = values.id()}; }
};

// Overwrites one 32-bit word of the state on the GPU: element `at`'s key (word 0) or value (1).
void tamper(const GpuStateView& state, const SortShape& shape, std::size_t at, int word, std::uint32_t newWord) {
  if (state.storage == GpuStateView::Storage::Texture) {
    // The texture holds key and value together: read the texel, change one half, write it back.
    std::vector<std::uint32_t> texels(shape.elementCount() * 2);
    glBindTexture(GL_TEXTURE_2D, state.texture);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RG_INTEGER, GL_UNSIGNED_INT, texels.data());
    texels[2 * at + static_cast<std::size_t>(word)] = newWord;
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(at % shape.sequenceLength),
                    static_cast<GLint>(at / shape.sequenceLength), 1, 1, GL_RG_INTEGER, GL_UNSIGNED_INT, &texels[2 * at]);
    glBindTexture(GL_TEXTURE_2D, 0);
    return;
  }
  // The sorters' buffers have immutable storage without CPU writes; a clear of one word still works.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, word == 0 ? state.keys : state.values);
  glClearBufferSubData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, static_cast<GLintptr>(at * 4), 4, GL_RED_INTEGER,
                       GL_UNSIGNED_INT, &newWord);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

// [SECTION] image layout

class DisplayImageLayout : public ::testing::TestWithParam<Schedule> {};

TEST_P(DisplayImageLayout, PaintedPictureEqualsTheReadBackStateAfterChosenPasses) {
  render::StatePainter painter;
  render::DisplayTexture target;
  const Image image = randomImage(13, 7, 5);
  for (Axis axis : {Axis::Columns, Axis::Rows}) {
    for (bool descending : {false, true}) {
      const SortOrder order{PixelKey::Luminance, axis, descending};
      const SortData input = imageToSortData(image, order);
      auto sorter = loadedSorter(GetParam(), input);
      for (std::uint32_t pass : chosenPasses(sorter->passCount())) {
        SCOPED_TRACE(std::string(axis == Axis::Columns ? "columns" : "rows") + (descending ? " descending" : "") +
                     ", pass " + std::to_string(pass));
        sorter->seek(pass);
        painter.paint(sorter->gpuState(), input.shape(), render::ImageLayout{axis}, target);
        const Image painted = target.download();
        const Image expected = sortDataToImage(sorter->read(), axis);
        ASSERT_EQ(painted.width, 13);
        ASSERT_EQ(painted.height, 7);
        EXPECT_TRUE(painted.rgba == expected.rgba) << "the painted picture differs from sortDataToImage(read())";
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllAlgorithms, DisplayImageLayout, ::testing::ValuesIn(allSchedules()), scheduleName);

// [SECTION] array layout

TEST(ArrayReference, HandMadePictures) {
  // Keys 0, 5, 10 over [0, 10] in 3 rows: bars of 1, 2 and 3 rows standing on the bottom row.
  const SortData data = singleSequence({0, 5, 10}, {0x000000FFu, 0x0000FF00u, 0x00FF0000u});
  const Image ascending = render::renderArrayOnCpu(data, {.minKey = 0, .maxKey = 10, .height = 3});
  ASSERT_EQ(ascending.width, 3);
  ASSERT_EQ(ascending.height, 3);
  const std::uint32_t back = render::kArrayBackground, red = 0xFF0000FFu, green = 0xFF00FF00u, blue = 0xFFFF0000u;
  const std::uint32_t expectedAscending[3][3] = {{back, back, blue}, {back, green, blue}, {red, green, blue}};
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x) EXPECT_EQ(ascending.pixel(x, y), expectedAscending[y][x]) << x << "," << y;
  // Descending: the stored keys are inverted, so the largest stored key is the user's smallest.
  const Image descending = render::renderArrayOnCpu(data, {.minKey = 0, .maxKey = 10, .descending = true, .height = 3});
  const std::uint32_t expectedDescending[3][3] = {{red, back, back}, {red, green, back}, {red, green, blue}};
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x) EXPECT_EQ(descending.pixel(x, y), expectedDescending[y][x]) << x << "," << y;
  // Equal bounds: every bar full height; keys only: the default bar colour.
  const Image flat = render::renderArrayOnCpu(singleSequence({7, 7}), {.minKey = 7, .maxKey = 7, .height = 2});
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 2; ++x) EXPECT_EQ(flat.pixel(x, y), render::kArrayBarColour);
}

TEST(ArrayReference, ScaleKeepsTheWholeKeyRangeWithinThirtyTwoBits) {
  const render::ArrayScale full = render::arrayScale({.minKey = 0, .maxKey = 0xFFFFFFFFu, .height = 65536});
  EXPECT_EQ(render::arrayBarHeight(full, 0), 1u);
  EXPECT_EQ(render::arrayBarHeight(full, 0xFFFFFFFFu), 65536u);
  EXPECT_EQ(render::arrayBarHeight(full, 0x80000000u), 1u + 32768u * 65535u / 65535u);
  // Keys outside the range are clamped to it.
  const render::ArrayScale narrow = render::arrayScale({.minKey = 10, .maxKey = 20, .height = 11});
  EXPECT_EQ(render::arrayBarHeight(narrow, 0), 1u);
  EXPECT_EQ(render::arrayBarHeight(narrow, 100), 11u);
  EXPECT_EQ(render::arrayBarHeight(narrow, 15), 6u);
}

class DisplayArrayLayout : public ::testing::TestWithParam<Schedule> {};

TEST_P(DisplayArrayLayout, PaintedPictureEqualsTheCpuReference) {
  render::StatePainter painter;
  render::DisplayTexture target;
  struct Case {
    std::uint32_t length, keyLimit;
    bool withValues;
  };
  // Short and long sequences; narrow key ranges (shift 0), full 32-bit ones (shifted) and keys only.
  const Case cases[] = {{1, 100, true}, {2, 3, true}, {5, 0, true}, {64, 1000, false}, {300, 0, true}, {4096, 70000, true}};
  for (const Case& c : cases) {
    const SortData input = randomData(3, c.length, c.keyLimit, c.withValues, c.length);
    auto sorter = loadedSorter(GetParam(), input);
    // A state part way through the sort, as the viewer shows it.
    sorter->seek(std::min<std::uint32_t>(sorter->passCount(), 2));
    const SortData state = sorter->read();
    for (bool descending : {false, true}) {
      for (std::uint32_t height : {1u, 37u, 256u}) {
        const render::ArrayLayout layout{
            .sequence = 1, .minKey = minKey(input), .maxKey = maxKey(input), .descending = descending, .height = height};
        SCOPED_TRACE("N = " + std::to_string(c.length) + ", height " + std::to_string(height) +
                     (descending ? ", descending" : "") + (c.withValues ? "" : ", keys only"));
        painter.paint(sorter->gpuState(), input.shape(), layout, target);
        const Image painted = target.download();
        const Image expected = render::renderArrayOnCpu(state, layout);
        ASSERT_EQ(painted.width, static_cast<int>(c.length));
        ASSERT_EQ(painted.height, static_cast<int>(height));
        EXPECT_TRUE(painted.rgba == expected.rgba) << "the painted array differs from the CPU reference";
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllAlgorithms, DisplayArrayLayout, ::testing::ValuesIn(allSchedules()), scheduleName);

class Display : public ::testing::Test {};

TEST_F(Display, ArrayPictureBeyondOneRowOfWorkgroups) {
  // 4096 x 4097 pixels are 65552 workgroups of 256: more than the 65535 one grid row holds on
  // llvmpipe, so the dispatch wraps into a second, mostly surplus row that must write nothing.
  // (A GPU with longer grid rows dispatches them in one.)
  const SortData state = randomData(1, 4096, 0, true, 99);
  const OwnState own(state);
  const render::ArrayLayout layout{.minKey = minKey(state), .maxKey = maxKey(state), .height = 4097};
  render::StatePainter painter;
  render::DisplayTexture target;
  painter.paint(own.view(), own.shape, layout, target);
  const Image painted = target.download();
  EXPECT_TRUE(painted.rgba == render::renderArrayOnCpu(state, layout).rgba);
}

TEST_F(Display, SequenceOutOfRangeIsRefused) {
  const SortData state = randomData(2, 8, 0, true, 1);
  const OwnState own(state);
  render::StatePainter painter;
  render::DisplayTexture target;
  EXPECT_THROW(painter.paint(own.view(), own.shape, render::ArrayLayout{.sequence = 2}, target), UserError);
  EXPECT_THROW(render::renderArrayOnCpu(state, {.sequence = 2}), UserError);
}

// [SECTION] the display texture

TEST_F(Display, TextureHasAFullMipChainMinifiedLinearlyAndEnlargedNearest) {
  const SortData state = randomData(13, 7, 0, true, 3);
  const OwnState own(state);
  render::StatePainter painter;
  render::DisplayTexture target;
  painter.paint(own.view(), own.shape, render::ImageLayout{}, target);
  ASSERT_EQ(target.width(), 13);
  ASSERT_EQ(target.height(), 7);
  EXPECT_EQ(target.levels(), 4);  // 13x7, 6x3, 3x1, 1x1
  glBindTexture(GL_TEXTURE_2D, target.id());
  GLint minFilter = 0, magFilter = 0, immutableLevels = 0, width1 = 0, height1 = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &minFilter);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, &magFilter);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_LEVELS, &immutableLevels);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &width1);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_HEIGHT, &height1);
  glBindTexture(GL_TEXTURE_2D, 0);
  EXPECT_EQ(minFilter, GL_LINEAR_MIPMAP_LINEAR);
  EXPECT_EQ(magFilter, GL_NEAREST);
  EXPECT_EQ(immutableLevels, 4);
  EXPECT_EQ(width1, 6);
  EXPECT_EQ(height1, 3);
}

TEST_F(Display, MipmapsAreRebuiltAfterEveryPaint) {
  // A 2x2 picture of one colour has that colour at its 1x1 level: after painting a second
  // colour, the 1x1 level must show the second one.
  render::StatePainter painter;
  render::DisplayTexture target;
  for (std::uint32_t colour : {0xFF3366CCu, 0x80C08040u}) {
    const SortData state = {.sequenceCount = 2, .sequenceLength = 2, .keys = {0, 1, 2, 3}, .values = {colour, colour, colour, colour}};
    const OwnState own(state);
    painter.paint(own.view(), own.shape, render::ImageLayout{}, target);
    ASSERT_EQ(target.levels(), 2);
    const Image smallest = downloadLevel(target.id(), 1);
    ASSERT_EQ(smallest.width, 1);
    EXPECT_EQ(smallest.pixel(0, 0), colour);
  }
}

TEST_F(Display, EmptyStateGivesOneClearPixel) {
  render::StatePainter painter;
  render::DisplayTexture target;
  // A picture first, so that the clear has something to clear.
  const OwnState own(randomData(3, 3, 0, true, 8));
  painter.paint(own.view(), own.shape, render::ImageLayout{}, target);
  for (const render::DisplayLayout& layout : {render::DisplayLayout{render::ImageLayout{}},
                                              render::DisplayLayout{render::ArrayLayout{.sequence = 5}}}) {
    painter.paint(GpuStateView{}, SortShape{.sequenceCount = 1, .sequenceLength = 0}, layout, target);
    const Image painted = target.download();
    ASSERT_EQ(painted.width, 1);
    ASSERT_EQ(painted.height, 1);
    EXPECT_EQ(painted.pixel(0, 0), 0u);
  }
}

TEST_F(Display, PaintingLeavesNoProgramOrImageBoundAndKeepsTheCallersTexture) {
  const OwnState own(randomData(4, 4, 0, true, 2));
  render::StatePainter painter;
  render::DisplayTexture target;
  const gl::Texture callers = gl::makeNearestTexture("test: the caller's texture", GL_RGBA8, 1, 1);
  glBindTexture(GL_TEXTURE_2D, callers.id());
  painter.paint(own.view(), own.shape, render::ArrayLayout{.maxKey = 100, .height = 5}, target);
  (void)target.download();
  GLint program = -1, texture = -1, image0 = -1, image1 = -1;
  glGetIntegerv(GL_CURRENT_PROGRAM, &program);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture);
  glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 0, &image0);
  glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 1, &image1);
  glBindTexture(GL_TEXTURE_2D, 0);
  EXPECT_EQ(program, 0);
  EXPECT_EQ(static_cast<GLuint>(texture), callers.id());
  EXPECT_EQ(image0, 0);
  EXPECT_EQ(image1, 0);
}

// [SECTION] no read-back during playback

TEST_F(Display, ReadbackCounterCountsReadAndNotPaintingOrChecking) {
  render::StatePainter painter;
  render::DisplayTexture target;
  render::GpuOrderCheck check;
  const SortData input = randomData(4, 16, 0, true, 4);
  for (const Schedule& schedule : allSchedules()) {
    SCOPED_TRACE(schedule.name);
    auto sorter = loadedSorter(schedule, input);
    check.expect(render::expectedFingerprint(input));
    const std::uint64_t before = stateReadbackCount();
    (void)sorter->read();
    EXPECT_EQ(stateReadbackCount(), before + 1) << "read() was not counted";
    // Playback as the viewer does it: a pass, its picture in both views, a check.
    while (!sorter->finished()) {
      sorter->runPass();
      painter.paint(sorter->gpuState(), input.shape(), render::ImageLayout{}, target);
      painter.paint(sorter->gpuState(), input.shape(), render::ArrayLayout{.maxKey = 0xFFFFFFFFu}, target);
      // Four checks may be in flight; a refused start only means the ring is full for now.
      if (!check.start(sorter->gpuState(), input.shape(), sorter->passesRun())) {
        ASSERT_TRUE(waitForCheck(check));
      }
      while (check.poll()) {
      }
    }
    while (check.inFlight() > 0) ASSERT_TRUE(waitForCheck(check));
    EXPECT_EQ(stateReadbackCount(), before + 1) << "playback read the state back";
  }
}

// [SECTION] the GPU order check

TEST(OrderFingerprint, SeesElementsChangeSequenceButNotOrderWithinOne) {
  const SortData input = randomData(2, 5, 0, true, 6);
  const std::uint64_t original = render::expectedFingerprint(input);
  SortData reordered = input;
  std::swap(reordered.keys[0], reordered.keys[4]);
  std::swap(reordered.values[0], reordered.values[4]);
  EXPECT_EQ(render::expectedFingerprint(reordered), original);
  SortData moved = input;
  std::swap(moved.keys[0], moved.keys[5]);
  std::swap(moved.values[0], moved.values[5]);
  EXPECT_NE(render::expectedFingerprint(moved), original);
  // One sequence: exactly the CPU quick check's sum of pair fingerprints.
  const SortData single = singleSequence({1, 2, 3}, {4, 5, 6});
  EXPECT_EQ(render::expectedFingerprint(single), pairFingerprint(1, 4) + pairFingerprint(2, 5) + pairFingerprint(3, 6));
}

class DisplayOrderCheck : public ::testing::TestWithParam<Schedule> {};

TEST_P(DisplayOrderCheck, TellsUnsortedSortedAndTamperedStatesApart) {
  const SortData input = randomData(3, 37, 1000, true, 12);
  ASSERT_NE(verifySorted(input, input), "") << "the input must start unsorted";
  auto sorter = loadedSorter(GetParam(), input);
  render::GpuOrderCheck check;
  check.expect(render::expectedFingerprint(input));

  ASSERT_TRUE(check.start(sorter->gpuState(), input.shape(), 0));
  const auto before = waitForCheck(check);
  ASSERT_TRUE(before);
  EXPECT_EQ(before->pass, 0u);
  EXPECT_FALSE(before->ordered);
  EXPECT_GT(before->inversions, 0u);
  EXPECT_TRUE(before->conserved);
  EXPECT_EQ(before->fingerprint, render::expectedFingerprint(input));

  sorter->runAll();
  ASSERT_TRUE(check.start(sorter->gpuState(), input.shape(), sorter->passesRun()));
  const auto after = waitForCheck(check);
  ASSERT_TRUE(after);
  EXPECT_EQ(after->pass, sorter->passesRun());
  EXPECT_TRUE(after->ordered);
  EXPECT_EQ(after->inversions, 0u);
  EXPECT_TRUE(after->conserved);

  // A changed value keeps the order but loses an element.
  const SortData sorted = sorter->read();
  tamper(sorter->gpuState(), input.shape(), 40, 1, sorted.values[40] ^ 1u);
  ASSERT_TRUE(check.start(sorter->gpuState(), input.shape(), 1000));
  const auto tampered = waitForCheck(check);
  ASSERT_TRUE(tampered);
  EXPECT_TRUE(tampered->ordered);
  EXPECT_FALSE(tampered->conserved);
  // A key too large for its place breaks the order too (element 37 starts sequence 1).
  tamper(sorter->gpuState(), input.shape(), 37, 0, 0xFFFFFFFFu);
  ASSERT_TRUE(check.start(sorter->gpuState(), input.shape(), 1001));
  const auto broken = waitForCheck(check);
  ASSERT_TRUE(broken);
  EXPECT_FALSE(broken->ordered);
  EXPECT_EQ(broken->inversions, 1u);
  EXPECT_FALSE(broken->conserved);
}

INSTANTIATE_TEST_SUITE_P(AllAlgorithms, DisplayOrderCheck, ::testing::ValuesIn(allSchedules()), scheduleName);

TEST_F(Display, OrderChecksComeBackInOrderAndTheRingRefusesAFifth) {
  const SortData input = randomData(2, 9, 0, true, 21);
  const OwnState own(input);
  render::GpuOrderCheck check;
  EXPECT_FALSE(check.poll()) << "nothing was started";
  for (std::uint32_t pass = 0; pass < render::GpuOrderCheck::kRingSize; ++pass)
    ASSERT_TRUE(check.start(own.view(), own.shape, pass));
  EXPECT_FALSE(check.start(own.view(), own.shape, 99)) << "a fifth check while four are in flight";
  for (std::uint32_t pass = 0; pass < render::GpuOrderCheck::kRingSize; ++pass) {
    const auto result = waitForCheck(check);
    ASSERT_TRUE(result);
    EXPECT_EQ(result->pass, pass);
    EXPECT_FALSE(result->conserved) << "no expectation was set";
    EXPECT_EQ(result->fingerprint, render::expectedFingerprint(input));
  }
  EXPECT_EQ(check.inFlight(), 0u);
  GLint program = -1;
  glGetIntegerv(GL_CURRENT_PROGRAM, &program);
  EXPECT_EQ(program, 0);
}

TEST_F(Display, OrderCheckOfAnEmptyState) {
  render::GpuOrderCheck check;
  check.expect(render::expectedFingerprint(SortData{}));
  ASSERT_TRUE(check.start(GpuStateView{}, SortShape{}, 0));
  const auto result = waitForCheck(check);
  ASSERT_TRUE(result);
  EXPECT_TRUE(result->ordered);
  EXPECT_TRUE(result->conserved);
}

// [SECTION] `run --out` draws through the painter

class DisplayRun : public ::testing::Test {};

TEST_F(DisplayRun, OutputIsThePaintedStateOfEveryAlgorithm) {
  ScratchFolder folder;
  const Image image = randomImage(13, 7, 17);
  savePng(image, folder.path("in.png"));
  for (const AlgorithmInfo& algorithm : algorithms()) {
    for (const char* axis : {"columns", "rows"}) {
      SCOPED_TRACE(std::string(algorithm.name) + " " + axis);
      const auto result = runShadersort("run --no-tune-cache --algo " + std::string(algorithm.name) + " --image " +
                                        folder.path("in.png") + " --axis " + axis + " --passes 2 --out " +
                                        folder.path("out.png"));
      ASSERT_EQ(result.exitCode, 0) << result.err;
      // The same sort in this process, read back and drawn on the CPU.
      const SortOrder order{PixelKey::Luminance, *parseAxis(axis), false};
      const SortData input = imageToSortData(image, order);
      auto sorter = algorithm.create(testSortContext(), SorterOptions{});
      sorter->load(input);
      sorter->seek(2);
      EXPECT_TRUE(loadImage(folder.path("out.png")).rgba == sortDataToImage(sorter->read(), order.axis).rgba);
    }
  }
}

}  // namespace
}  // namespace shadersort::testing
