// conv2d_transpose → elementwise_add (bias) → batch_norm → relu folds into
// one conv2d_transpose with Bias and act_type (PP-OCR's DB head), for
// ungrouped and grouped filters, with the numbers of the unfused program;
// also with the bias as the ONNX importer writes it ([1, M, 1, 1], axis -1,
// PP-OCRv4 det's head).
#include <gtest/gtest.h>

#include "lite/core/op_test_util.h"
#include "lite/core/program.h"
#include "lite/graph/pass.h"

namespace paddle {
namespace lite {
namespace graph {
namespace {

using testing::RandomFloats;

// x [N, C, H, W] -> conv2d_transpose (C -> M, 2x2 stride 2, groups) ->
// + bias (axis 1) -> batch_norm -> relu -> fetch.
struct Net : testing::ProgramBuilder {
  Net(int64_t C, int64_t M, int groups, bool onnx_bias) {
    Feed("x", 0);
    RandomWeight("w", {C, M / groups, 2, 2}, -1, 1, 1);
    RandomWeight("b", onnx_bias ? DDim{1, M, 1, 1} : DDim{M}, -1, 1, 2);
    Conv("conv2d_transpose", "x", "w", "c", {2, 2}, {0, 0}, groups);
    Op("elementwise_add", {{"X", "c"}, {"Y", "b"}}, {{"Out", "a"}})
        .SetAttr("axis", onnx_bias ? -1 : 1);
    BatchNorm("a", "y", M, 3);
    Op("relu", {{"X", "y"}}, {{"Out", "r"}});
    Fetch("r", 0);
  }
};

void CheckFolds(int64_t C, int64_t M, int groups, bool onnx_bias = false) {
  Net net(C, M, groups, onnx_bias);
  const DDim dims{2, C, 7, 5};
  auto x = RandomFloats(Numel(dims), -1, 1, 9);
  auto before = net.Run(dims, x);
  RunPasses(&net.program, net.weights.get(), PassOptions{});
  ASSERT_EQ(net.OpTypes(), (std::vector<std::string>{"feed", "conv2d_transpose", "fetch"}));
  const cpp::OpDesc& conv = net.program.blocks[0].ops[1];
  EXPECT_TRUE(conv.HasInput("Bias"));
  EXPECT_EQ(conv.GetAttr<std::string>("act_type"), "relu");
  EXPECT_EQ(conv.Output("Output")[0], "r");
  EXPECT_NE(conv.Input("Filter")[0], "w");  // folded into a new weight
  auto after = net.Run(dims, x);
  ASSERT_EQ(before.size(), static_cast<size_t>(2 * M * 14 * 10));
  testing::ExpectAllClose(before, after, 1e-5f, 1e-5f,
                          "groups=" + std::to_string(groups));
}

TEST(ConvTransposeFuse, BiasBatchNormReluFoldIntoOneOp) { CheckFolds(6, 10, 1); }

TEST(ConvTransposeFuse, GroupedFilterFoldsPerOutputChannel) { CheckFolds(6, 10, 2); }

TEST(ConvTransposeFuse, OnnxShapedBiasFoldsBeforeTheBatchNorm) { CheckFolds(6, 10, 2, true); }

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
