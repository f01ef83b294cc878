// conv → constant multiply → constant add (PP-OCRv4's learnable affine
// blocks as the ONNX importer writes them: the constant as X or Y, scalar or
// per channel; Paddle's scale op) folds into the conv's Filter and Bias, and
// the activation behind it then fuses into the conv: one op, the unfused
// program's numbers within float rounding. A full-tensor constant or a
// product read elsewhere stays. The same affine before a conv (after an
// activation) folds into the conv it feeds: all of it into an unpadded
// conv, the scale alone into a padded one (the shift stays as an add).
#include <gtest/gtest.h>

#include <algorithm>

#include "lite/core/op_test_util.h"
#include "lite/core/program.h"
#include "lite/graph/pass.h"

namespace paddle {
namespace lite {
namespace graph {
namespace {

using testing::RandomFloats;

constexpr int64_t kC = 5, kM = 7;

// How the affine after the conv is written.
enum class Affine { kScalarConstFirst, kPerChannelConstSecond, kScaleOp };

// x [N, kC, H, W] -> conv (`type`, 3x3 pad 1, bias) -> affine -> hard_swish -> fetch
struct Net : testing::ProgramBuilder {
  Net(const std::string& type, Affine affine) {
    Feed("x", 0);
    const int groups = type == "depthwise_conv2d" ? kC : 1;
    const int64_t m = groups > 1 ? kC : kM;
    if (type == "conv2d_transpose") {
      RandomWeight("w", {kC, m, 3, 3}, -1, 1, 1);
    } else {
      RandomWeight("w", {m, kC / groups, 3, 3}, -1, 1, 1);
    }
    RandomWeight("b", {m}, -1, 1, 2);
    Conv(type, "x", "w", "c", {1, 1}, {1, 1}, groups).SetInput("Bias", {"b"});
    switch (affine) {
      case Affine::kScalarConstFirst:
        Weight("s", {1}, {0.75f});
        Weight("t", {1}, {-0.5f});
        Op("elementwise_mul", {{"X", "s"}, {"Y", "c"}}, {{"Out", "m"}});
        Op("elementwise_add", {{"X", "m"}, {"Y", "t"}}, {{"Out", "a"}});
        break;
      case Affine::kPerChannelConstSecond:
        RandomWeight("s", {1, m, 1, 1}, 0.5, 1.5, 3);
        RandomWeight("t", {m, 1, 1}, -1, 1, 4);
        Op("elementwise_mul", {{"X", "c"}, {"Y", "s"}}, {{"Out", "m"}});
        Op("elementwise_add", {{"X", "t"}, {"Y", "m"}}, {{"Out", "a"}});
        break;
      case Affine::kScaleOp: {
        cpp::OpDesc& s = Op("scale", {{"X", "c"}}, {{"Out", "a"}});
        s.SetAttr("scale", 1.25f);
        s.SetAttr("bias", 0.375f);
        s.SetAttr("bias_after_scale", false);
        break;
      }
    }
    Op("hard_swish", {{"X", "a"}}, {{"Out", "y"}});
    Fetch("y", 0);
  }
};

void CheckFolds(const std::string& type, Affine affine) {
  Net net(type, affine);
  const DDim dims{2, kC, 9, 6};
  auto x = RandomFloats(Numel(dims), -2, 2, 9);
  auto before = net.Run(dims, x);
  RunPasses(&net.program, net.weights.get(), PassOptions{});
  ASSERT_EQ(net.OpTypes(), (std::vector<std::string>{"feed", type, "fetch"}));
  const cpp::OpDesc& conv = net.program.blocks[0].ops[1];
  EXPECT_EQ(conv.GetAttr<std::string>("act_type"), "hard_swish");
  EXPECT_EQ(conv.Output("Output")[0], "y");
  EXPECT_NE(conv.Input("Bias")[0], "b");  // new weights; the originals stay as they were
  auto after = net.Run(dims, x);
  ASSERT_EQ(after.size(), before.size());
  // Folding reorders two roundings per output (s * sum(w x) vs sum((s w) x)).
  testing::ExpectAllClose(before, after, 1e-5f, 1e-5f, type);
}

TEST(ConvAffineFuse, ScalarConstantAsXFoldsIntoConv2d) {
  CheckFolds("conv2d", Affine::kScalarConstFirst);
}

TEST(ConvAffineFuse, PerChannelConstantsFoldIntoDepthwiseConv) {
  CheckFolds("depthwise_conv2d", Affine::kPerChannelConstSecond);
}

TEST(ConvAffineFuse, PaddleScaleOpFoldsIntoConvTranspose) {
  CheckFolds("conv2d_transpose", Affine::kScaleOp);
  CheckFolds("conv2d", Affine::kScaleOp);
}

TEST(ConvAffineFuse, FullTensorConstantOrSharedProductStays) {
  // A [1, M, H, W] constant is no per-channel affine.
  testing::ProgramBuilder full;
  full.Feed("x", 0);
  full.RandomWeight("w", {kM, kC, 1, 1}, -1, 1, 1);
  full.Conv("conv2d", "x", "w", "c", {1, 1}, {0, 0}, 1);
  full.RandomWeight("s", {1, kM, 4, 4}, -1, 1, 2);
  full.Op("elementwise_mul", {{"X", "c"}, {"Y", "s"}}, {{"Out", "y"}});
  full.Fetch("y", 0);
  RunPasses(&full.program, full.weights.get(), PassOptions{});
  auto types = full.OpTypes();
  EXPECT_EQ(std::count(types.begin(), types.end(), "elementwise_mul"), 1);
  // The conv's output is also fetched: the multiply stays.
  Net shared("conv2d", Affine::kScalarConstFirst);
  shared.Fetch("c", 1);
  RunPasses(&shared.program, shared.weights.get(), PassOptions{});
  types = shared.OpTypes();
  EXPECT_EQ(std::count(types.begin(), types.end(), "elementwise_mul"), 1);
}

// x -> hard_swish -> s * h (s as X, per input channel) [-> + t] -> conv -> fetch
struct InputAffineNet : testing::ProgramBuilder {
  InputAffineNet(int groups, bool padded, bool shift) {
    Feed("x", 0);
    Op("hard_swish", {{"X", "x"}}, {{"Out", "h"}});
    RandomWeight("s", {1, kC * 2, 1, 1}, 0.5, 1.5, 3);
    Op("elementwise_mul", {{"X", "s"}, {"Y", "h"}}, {{"Out", shift ? "m" : "a"}});
    if (shift) {
      Weight("t", {1}, {0.25f});
      Op("elementwise_add", {{"X", "m"}, {"Y", "t"}}, {{"Out", "a"}});
    }
    const int k = padded ? 3 : 1;
    RandomWeight("w", {kM * groups, kC * 2 / groups, k, k}, -1, 1, 1);
    Conv("conv2d", "a", "w", "y", {1, 1}, {k / 2, k / 2}, groups);
    Fetch("y", 0);
  }
};

void CheckInputAffine(int groups, bool padded, bool shift, const std::vector<std::string>& ops) {
  InputAffineNet net(groups, padded, shift);
  const DDim dims{2, kC * 2, 7, 6};
  auto x = RandomFloats(Numel(dims), -4, 4, 9);
  auto before = net.Run(dims, x);
  RunPasses(&net.program, net.weights.get(), PassOptions{});
  EXPECT_EQ(net.OpTypes(), ops);
  auto after = net.Run(dims, x);
  testing::ExpectAllClose(before, after, 1e-5f, 1e-5f,
                          "groups " + std::to_string(groups) + (padded ? " padded" : ""));
}

TEST(ConvInputAffineFuse, ScaleAndShiftFoldIntoUnpaddedGroupedConv) {
  CheckInputAffine(1, false, true, {"feed", "hard_swish", "conv2d", "fetch"});
  CheckInputAffine(2, false, true, {"feed", "hard_swish", "conv2d", "fetch"});
}

TEST(ConvInputAffineFuse, PaddedConvTakesTheScaleButNotTheShift) {
  CheckInputAffine(2, true, false, {"feed", "hard_swish", "conv2d", "fetch"});
  // s * h + t = s * (h + t / s): the add stays, reading h.
  CheckInputAffine(2, true, true, {"feed", "hard_swish", "elementwise_add", "conv2d", "fetch"});
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
