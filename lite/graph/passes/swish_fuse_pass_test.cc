// Decomposed swish (x * sigmoid(beta * x), beta a scalar constant, as
// paddle2onnx writes it; x * sigmoid(x) for silu) becomes one swish op, fused
// into the conv producing x, with the decomposed program's numbers within a
// few ulp; a sigmoid read elsewhere stays.
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

constexpr int64_t kC = 4;

// x -> [conv] -> c; [c * beta ->] sigmoid -> s; s * c -> y
struct SwishNet : testing::ProgramBuilder {
  SwishNet(bool conv, bool scaled) {
    Feed("x", 0);
    const char* c = "x";
    if (conv) {
      RandomWeight("w", {kC, kC, 3, 3}, -1, 1, 1);
      Conv("conv2d", "x", "w", "c", {1, 1}, {1, 1}, 1);
      c = "c";
    }
    const char* z = c;
    if (scaled) {
      Weight("beta", {1}, {1.5f});
      Op("elementwise_mul", {{"X", c}, {"Y", "beta"}}, {{"Out", "z"}});
      z = "z";
    }
    Op("sigmoid", {{"X", z}}, {{"Out", "s"}});
    Op("elementwise_mul", {{"X", "s"}, {"Y", c}}, {{"Out", "y"}});
    Fetch("y", 0);
  }
};

void CheckFuses(bool conv, bool scaled, const std::vector<std::string>& ops) {
  SwishNet net(conv, scaled);
  const DDim dims{2, kC, 5, 7};
  auto x = RandomFloats(Numel(dims), -6, 6, 9);
  auto before = net.Run(dims, x);
  RunPasses(&net.program, net.weights.get(), PassOptions{});
  EXPECT_EQ(net.OpTypes(), ops);
  const cpp::OpDesc* op = net.OpWithOutput("y");
  ASSERT_NE(op, nullptr);
  if (conv) {
    EXPECT_EQ(op->GetAttr<std::string>("act_type"), "swish");
    EXPECT_FLOAT_EQ(op->GetAttr<float>("swish_beta"), scaled ? 1.5f : 1.f);
  } else {
    EXPECT_FLOAT_EQ(op->GetAttr<float>("beta"), scaled ? 1.5f : 1.f);
  }
  auto after = net.Run(dims, x);
  testing::ExpectAllClose(before, after, 1e-5f, 1e-5f, "swish");
}

TEST(SwishFuse, ScaledSigmoidProductBecomesSwishFusedIntoConv) {
  CheckFuses(true, true, {"feed", "conv2d", "fetch"});
}

TEST(SwishFuse, SiluFormBecomesOneSwishOp) { CheckFuses(false, false, {"feed", "swish", "fetch"}); }

TEST(SwishFuse, SigmoidReadElsewhereStays) {
  SwishNet net(false, true);
  net.Fetch("s", 1);
  RunPasses(&net.program, net.weights.get(), PassOptions{});
  auto types = net.OpTypes();
  EXPECT_EQ(std::count(types.begin(), types.end(), "swish"), 0);
  // (the sigmoid itself may fuse into the multiply by beta as its act_type)
  EXPECT_NE(net.OpWithOutput("s"), nullptr);
  EXPECT_EQ(std::count(types.begin(), types.end(), "elementwise_mul"), 2);
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
