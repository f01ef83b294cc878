// The FPN output concat of upsampled levels, concat(x, up2(pool2(x)),
// up4(pool4(x)), up3(pool3(x))), reads the pooled maps and upsamples them as
// it writes (nearest_upsample) and gives the unfused program's numbers bit
// for bit; a factor that is not a power of two, an upsampled map read
// elsewhere, and programs with int8 ops keep their nearest_interp_v2.
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

struct FpnConcat : testing::ProgramBuilder {
  FpnConcat() {
    Feed("x", 0);
    Level(2, "u2");
    Level(4, "u4");
    Level(3, "u3");
    Op("concat", {{"X", "x"}}, {{"Out", "y"}}).SetInput("X", {"x", "u2", "u4", "u3"});
    block().ops.back().SetAttr("axis", 1);
    Fetch("y", 0);
  }
  // x -> max pool k x k stride k -> nearest_interp_v2 scale k -> out.
  void Level(int32_t k, const std::string& out) {
    cpp::OpDesc& pool = Op("pool2d", {{"X", "x"}}, {{"Out", out + "_lo"}});
    pool.SetAttr("pooling_type", std::string("max"));
    pool.SetAttr("ksize", std::vector<int32_t>{k, k});
    pool.SetAttr("strides", std::vector<int32_t>{k, k});
    pool.SetAttr("paddings", std::vector<int32_t>{0, 0});
    cpp::OpDesc& up = Op("nearest_interp_v2", {{"X", out + "_lo"}}, {{"Out", out}});
    up.SetAttr("align_corners", false);
    up.SetAttr("interp_method", std::string("nearest"));
    up.SetAttr("scale", std::vector<float>{static_cast<float>(k), static_cast<float>(k)});
  }
  int64_t Interps() const {
    const auto types = OpTypes();
    return std::count(types.begin(), types.end(), "nearest_interp_v2");
  }
};

TEST(UpsampleConcatFuse, PowerOfTwoUpsamplingsWriteIntoTheConcat) {
  FpnConcat net;
  const DDim dims{2, 3, 12, 24};
  auto x = RandomFloats(Numel(dims), -3, 3, 9);
  auto before = net.Run(dims, x);
  RunPasses(&net.program, net.weights.get(), PassOptions{});
  EXPECT_EQ(net.Interps(), 1);  // the factor-3 one stays
  const cpp::OpDesc* concat = net.OpWithOutput("y");
  ASSERT_NE(concat, nullptr);
  EXPECT_EQ(concat->Input("X"), (std::vector<std::string>{"x", "u2_lo", "u4_lo", "u3"}));
  EXPECT_EQ(concat->GetAttr<std::vector<int32_t>>("nearest_upsample"),
            (std::vector<int32_t>{1, 1, 2, 2, 4, 4, 1, 1}));
  auto after = net.Run(dims, x);
  ASSERT_EQ(after.size(), static_cast<size_t>(2 * 12 * 12 * 24));
  ASSERT_EQ(after.size(), before.size());
  for (size_t i = 0; i < after.size(); ++i) {
    ASSERT_EQ(before[i], after[i]) << "element " << i;
  }
}

TEST(UpsampleConcatFuse, SharedUpsamplingStaysInt8ProgramsFuseToo) {
  FpnConcat shared;
  shared.Fetch("u2", 1);
  RunPasses(&shared.program, shared.weights.get(), PassOptions{});
  EXPECT_EQ(shared.Interps(), 2);  // u2 (fetched) and u3
  // A program with int8 ops (as quant_dequant_fold_pass marks them) fuses
  // as well: int8_nhwc_chain_pass may then make the concat NHWC, which
  // upsamples NHWC rows (tensor/concat.cc).
  FpnConcat int8;
  int8.block().ops.at(1).SetAttr("enable_int8", true);
  PassOptions options;
  options.int8 = true;
  RunPasses(&int8.program, int8.weights.get(), options);
  EXPECT_EQ(int8.Interps(), 1);
  EXPECT_TRUE(int8.OpWithOutput("y")->HasAttr("nearest_upsample"));
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
