// A squeeze-excitation multiply feeding an FPN upsample + add, on NCHW data
// or on NHWC data (the attributes int8_nhwc_chain_pass sets), becomes one
// nearest_interp_v2 with inputs Addend and AddendScale and gives the
// unfused program's numbers bit for bit, with and without plus_x; a
// product read elsewhere, a multiply with a fused activation, or a
// multiply on NHWC data into an NCHW interpolation stays unfused.
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

struct SeTopDownNet : testing::ProgramBuilder {
  // s = global average pool(x) ([N, C, 1, 1]); a = mul(x, s) (plus_x when
  // asked); lo = max pool 2x2 of x; y = nearest_interp_v2(lo, scale 2,
  // Addend a) -> fetch. With nhwc_data the data are read as NHWC, as in an
  // int8 chain.
  SeTopDownNet(bool plus_x, bool nhwc_data) {
    Feed("x", 0);
    cpp::OpDesc& gap = Op("pool2d", {{"X", "x"}}, {{"Out", "s"}});
    gap.SetAttr("pooling_type", std::string("avg"));
    gap.SetAttr("global_pooling", true);
    gap.SetAttr("ksize", std::vector<int32_t>{1, 1});
    cpp::OpDesc& mul = Op("elementwise_mul", {{"X", "x"}, {"Y", "s"}}, {{"Out", "a"}});
    mul.SetAttr("axis", -1);
    if (plus_x) mul.SetAttr("plus_x", true);
    cpp::OpDesc& pool = Op("pool2d", {{"X", "x"}}, {{"Out", "lo"}});
    pool.SetAttr("pooling_type", std::string("max"));
    pool.SetAttr("ksize", std::vector<int32_t>{2, 2});
    pool.SetAttr("strides", std::vector<int32_t>{2, 2});
    pool.SetAttr("paddings", std::vector<int32_t>{0, 0});
    cpp::OpDesc& up = Op("nearest_interp_v2", {{"X", "lo"}, {"Addend", "a"}}, {{"Out", "y"}});
    up.SetAttr("align_corners", false);
    up.SetAttr("scale", std::vector<float>{2.f, 2.f});
    if (nhwc_data) {
      for (auto& op : block().ops) {
        if (op.Type() == "elementwise_mul" || op.Type() == "nearest_interp_v2") {
          op.SetAttr("nhwc_data", true);
        }
      }
    }
    Fetch("y", 0);
  }
  int Muls() {
    const auto types = OpTypes();
    return static_cast<int>(std::count(types.begin(), types.end(), "elementwise_mul"));
  }
};

void CheckFuses(bool plus_x, bool nhwc_data, const DDim& dims) {
  SCOPED_TRACE(std::string(plus_x ? "plus_x" : "product only") +
               (nhwc_data ? ", NHWC data" : ", NCHW"));
  SeTopDownNet net(plus_x, nhwc_data);
  auto x = RandomFloats(Numel(dims), -3, 3, 9);
  auto before = net.Run(dims, x);
  RunPasses(&net.program, net.weights.get(), PassOptions{});
  EXPECT_EQ(net.Muls(), 0);
  const cpp::OpDesc* interp = net.OpWithOutput("y");
  ASSERT_NE(interp, nullptr);
  EXPECT_EQ(interp->Input("Addend"), std::vector<std::string>{"x"});
  EXPECT_EQ(interp->Input("AddendScale"), std::vector<std::string>{"s"});
  EXPECT_EQ(interp->GetAttr<bool>("addend_plus_x", !plus_x), plus_x);
  auto after = net.Run(dims, x);
  ASSERT_EQ(after.size(), before.size());
  ASSERT_FALSE(after.empty());
  for (size_t i = 0; i < after.size(); ++i) {
    ASSERT_EQ(before[i], after[i]) << "element " << i;
  }
}

TEST(InterpAddendScaleFuse, SeMultiplyFoldsIntoTheUpsampleAdd) {
  for (bool nhwc_data : {true, false}) {
    CheckFuses(true, nhwc_data, {2, 24, 6, 8});
    CheckFuses(false, nhwc_data, {1, 13, 4, 10});
  }
}

TEST(InterpAddendScaleFuse, SharedProductActivatedMultiplyOrMixedLayoutsStay) {
  SeTopDownNet shared(true, true);
  shared.Fetch("a", 1);
  RunPasses(&shared.program, shared.weights.get(), PassOptions{});
  EXPECT_EQ(shared.Muls(), 1);
  SeTopDownNet activated(false, true);
  for (auto& op : activated.block().ops) {
    if (op.Type() == "elementwise_mul") op.SetAttr("act_type", std::string("relu"));
  }
  RunPasses(&activated.program, activated.weights.get(), PassOptions{});
  EXPECT_EQ(activated.Muls(), 1);
  SeTopDownNet mixed(true, false);  // NHWC data into an NCHW interpolation
  for (auto& op : mixed.block().ops) {
    if (op.Type() == "elementwise_mul") op.SetAttr("nhwc_data", true);
  }
  RunPasses(&mixed.program, mixed.weights.get(), PassOptions{});
  EXPECT_EQ(mixed.Muls(), 1);
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
