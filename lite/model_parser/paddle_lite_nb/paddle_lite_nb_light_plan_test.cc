// PlanForLightRuntime on small programs shaped like Paddle Lite's x86 opt
// output: conv -> activation, x + x * s and upsample + add fuse,
// activations share memory, the numbers stay the unplanned program's; what
// must not change (a conv output read twice, an older value of a name the
// file writes again read before the fused write, a scale whose shape the
// VarDescs do not give, feed/fetch/weight names, multi-block programs)
// does not.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "lite/core/op_test_util.h"
#include "lite/model_parser/paddle_lite_nb/paddle_lite_nb.h"

namespace paddle {
namespace lite {
namespace plnb {
namespace {

using testing::RandomFloats;

constexpr int64_t kC = 6;

struct Net : testing::ProgramBuilder {
  // An activation's VarDesc, as Paddle Lite's files carry them.
  void Var(const std::string& name, std::vector<int64_t> dims) {
    cpp::VarDesc v;
    v.name = name;
    v.dims = std::move(dims);
    program.blocks[0].vars.push_back(v);
  }
};

// x -> global avg pool -> 1x1 conv -> hard_sigmoid = s; y = x + x * s;
// conv(y) -> sigmoid -> relu -> fetch (Paddle Lite's x86 opt leaves these).
Net SeBlock(std::vector<int64_t> s_dims = {-1, kC, 1, 1}) {
  Net n;
  n.Feed("x", 0);
  cpp::OpDesc& pool = n.Op("pool2d", {{"X", "x"}}, {{"Out", "p"}});
  pool.SetAttr("pooling_type", std::string("avg"));
  pool.SetAttr("global_pooling", true);
  pool.SetAttr("ksize", std::vector<int32_t>{1, 1});
  n.RandomWeight("w", {kC, kC, 1, 1}, -1, 1, 1);
  n.Conv("conv2d", "p", "w", "c", {1, 1}, {0, 0}, 1);
  cpp::OpDesc& hs = n.Op("hard_sigmoid", {{"X", "c"}}, {{"Out", "s"}});
  hs.SetAttr("slope", 0.3f);
  hs.SetAttr("offset", 0.4f);
  n.Op("elementwise_mul", {{"X", "x"}, {"Y", "s"}}, {{"Out", "m"}});
  n.Op("elementwise_add", {{"X", "x"}, {"Y", "m"}}, {{"Out", "y"}});
  n.RandomWeight("w2", {kC, kC, 3, 3}, -0.5, 0.5, 2);
  n.Conv("conv2d", "y", "w2", "c2", {1, 1}, {1, 1}, 1);
  n.Op("sigmoid", {{"X", "c2"}}, {{"Out", "g"}});
  n.Op("relu", {{"X", "g"}}, {{"Out", "q"}});
  n.Fetch("q", 0);
  const std::vector<int64_t> act = {-1, kC, -1, -1};
  for (const char* v : {"x", "m", "y", "c2", "g", "q"}) n.Var(v, act);
  for (const char* v : {"p", "c"}) n.Var(v, {-1, kC, 1, 1});
  n.Var("s", s_dims);
  return n;
}

// max |a - b| (infinity when the sizes differ).
double MaxDiff(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return HUGE_VAL;
  double worst = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    worst = std::max(worst, std::fabs(static_cast<double>(a[i]) - b[i]));
  }
  return worst;
}

size_t Count(const Net& n, const std::string& type) {
  const auto t = n.OpTypes();
  return static_cast<size_t>(std::count(t.begin(), t.end(), type));
}

TEST(PaddleLiteNbLightPlan, FusesAndSharesMemoryWithTheUnplannedNumbers) {
  Net n = SeBlock();
  const DDim dims{2, kC, 9, 7};
  const auto x = RandomFloats(Numel(dims), -3, 3, 5);
  const auto before = n.Run(dims, x);
  MappingReport report;
  PlanForLightRuntime(&n.program, *n.weights, &report);
  EXPECT_EQ(report.rules["light runtime: activation fused into the conv before it"], 2)
      << report.Summary();
  EXPECT_EQ(report.rules["light runtime: x * s + x fused into elementwise_mul (plus_x)"], 1);
  EXPECT_GE(report.rules["light runtime: activations sharing memory"], 1);
  EXPECT_EQ(Count(n, "hard_sigmoid") + Count(n, "sigmoid") + Count(n, "elementwise_add"), 0u);
  EXPECT_EQ(Count(n, "relu"), 1u);  // after a sigmoid, not after a conv
  const auto& ops = n.program.blocks[0].ops;
  // The first conv carries hard_sigmoid with its attributes under the
  // fused names; the multiply writes what the add wrote.
  const cpp::OpDesc& conv = ops[2];
  ASSERT_EQ(conv.Type(), "conv2d");
  EXPECT_EQ(conv.GetAttr<std::string>("act_type"), "hard_sigmoid");
  EXPECT_FLOAT_EQ(conv.GetAttr<float>("hard_sigmoid_slope"), 0.3f);
  EXPECT_FLOAT_EQ(conv.GetAttr<float>("hard_sigmoid_offset"), 0.4f);
  ASSERT_EQ(ops[3].Type(), "elementwise_mul");
  EXPECT_TRUE(ops[3].GetAttr<bool>("plus_x", false));
  // Feed, fetch and weight names are the file's.
  EXPECT_EQ(ops.front().Output("Out")[0], "x");
  EXPECT_EQ(ops.back().Input("X")[0], "q");
  EXPECT_EQ(conv.Input("Filter")[0], "w");
  // Fewer distinct activation names than before (p, c/s, m/y, c2/g, q).
  std::set<std::string> names;
  for (const auto& op : ops) {
    for (const auto& v : op.OutputArgumentNames()) names.insert(v);
  }
  EXPECT_LT(names.size(), 6u) << "outputs: " << names.size();
  const double worst = MaxDiff(n.Run(dims, x), before);
  std::printf("planned vs as stored: max |diff| %.3g\n", worst);
  EXPECT_LE(worst, 1e-6);
}

// x -> upsample x2 -> relu = r; up = upsample x2 (x); y = up + r (or
// r + up) -> fetch: the add becomes the second upsample's Addend.
Net UpsampleAdd(bool up_first, std::vector<int64_t> r_dims = {-1, kC, -1, -1}) {
  Net n;
  n.Feed("x", 0);
  auto upsample = [&](const std::string& in, const std::string& out) {
    cpp::OpDesc& op = n.Op("nearest_interp_v2", {{"X", in}}, {{"Out", out}});
    op.SetAttr("scale", std::vector<float>{2.f, 2.f});
    op.SetAttr("out_h", -1);
    op.SetAttr("out_w", -1);
    op.SetAttr("interp_method", std::string("nearest"));
    op.SetAttr("align_corners", false);
    op.SetAttr("data_layout", std::string("NCHW"));
  };
  upsample("x", "u1");
  n.Op("relu", {{"X", "u1"}}, {{"Out", "r"}});
  upsample("x", "up");
  if (up_first) {
    n.Op("elementwise_add", {{"X", "up"}, {"Y", "r"}}, {{"Out", "y"}});
  } else {
    n.Op("elementwise_add", {{"X", "r"}, {"Y", "up"}}, {{"Out", "y"}});
  }
  n.Op("tanh", {{"X", "y"}}, {{"Out", "q"}});
  n.Fetch("q", 0);
  for (const char* v : {"x", "u1", "up", "y", "q"}) n.Var(v, {-1, kC, -1, -1});
  n.Var("r", r_dims);
  return n;
}

TEST(PaddleLiteNbLightPlan, UpsampleThenAddBecomesTheUpsamplesAddend) {
  for (bool up_first : {true, false}) {
    Net n = UpsampleAdd(up_first);
    const DDim dims{2, kC, 5, 3};
    const auto x = RandomFloats(Numel(dims), -2, 2, 7);
    const auto before = n.Run(dims, x);
    MappingReport report;
    PlanForLightRuntime(&n.program, *n.weights, &report);
    EXPECT_EQ(
        report.rules["light runtime: elementwise_add fused into the nearest_interp before it"], 1)
        << report.Summary();
    EXPECT_EQ(Count(n, "elementwise_add"), 0u);
    const auto after = n.Run(dims, x);
    ASSERT_EQ(after.size(), before.size());
    for (size_t i = 0; i < after.size(); ++i) ASSERT_EQ(after[i], before[i]) << i;
  }
  // r declared an [N, C, 1, 1] vector: the add stays (as in our opt).
  Net v = UpsampleAdd(true, {-1, kC, 1, 1});
  PlanForLightRuntime(&v.program, *v.weights, nullptr);
  EXPECT_EQ(Count(v, "elementwise_add"), 1u);
}

TEST(PaddleLiteNbLightPlan, WhatTheNamesOrShapesDoNotProveStays) {
  // The conv's output is also fetched: its activation stays.
  {
    Net n = SeBlock();
    n.Fetch("c2", 1);
    PlanForLightRuntime(&n.program, *n.weights, nullptr);
    EXPECT_EQ(Count(n, "sigmoid"), 1u);
    EXPECT_EQ(Count(n, "hard_sigmoid"), 0u);
  }
  // Paddle Lite's own memory reuse writes a name again and again: the
  // sigmoid's output name is written again later; its write may still move
  // to the conv (nothing reads an older value of the name in between).
  {
    Net n = SeBlock();
    n.program.blocks[0].ops.insert(n.program.blocks[0].ops.end() - 1,
                                   testing::MakeOp("relu", {{"X", "q"}}, {{"Out", "g"}}));
    const DDim dims{1, kC, 5, 4};
    const auto x = RandomFloats(Numel(dims), -1, 1, 3);
    const auto before = n.Run(dims, x);
    PlanForLightRuntime(&n.program, *n.weights, nullptr);
    EXPECT_EQ(Count(n, "sigmoid"), 0u);
    EXPECT_LE(MaxDiff(n.Run(dims, x), before), 1e-6);  // fused activations: ulps
  }
  // An older value of that name is read between the conv and the
  // activation: the conv would overwrite it first, so the activation's
  // value gets a name of its own ("g@plnb<k>") and then fuses; when that
  // value is a fetched output (its name is the user's), it stays.
  for (bool fetched : {false, true}) {
    Net n;
    n.Feed("x", 0);
    n.Op("tanh", {{"X", "x"}}, {{"Out", "g"}});
    n.RandomWeight("w", {kC, kC, 3, 3}, -0.5, 0.5, 4);
    n.Conv("conv2d", "x", "w", "c", {1, 1}, {1, 1}, 1);
    n.Op("relu", {{"X", "g"}}, {{"Out", "r"}});
    n.Op("sigmoid", {{"X", "c"}}, {{"Out", "g"}});
    n.Op("elementwise_add", {{"X", "g"}, {"Y", "r"}}, {{"Out", "y"}});
    n.Fetch("y", 0);
    if (fetched) n.Fetch("g", 1);
    for (const char* v : {"x", "g", "c", "r", "y"}) n.Var(v, {-1, kC, -1, -1});
    const DDim dims{1, kC, 5, 4};
    const auto x = RandomFloats(Numel(dims), -1, 1, 6);
    const auto before = n.Run(dims, x);
    MappingReport report;
    PlanForLightRuntime(&n.program, *n.weights, &report);
    EXPECT_EQ(Count(n, "sigmoid"), fetched ? 1u : 0u) << report.Summary();
    EXPECT_EQ(report.rules.count(
                  "light runtime: a reused name split so that a fusion could move its write"),
              fetched ? 0u : 1u);
    EXPECT_LE(MaxDiff(n.Run(dims, x), before), 1e-6);
  }
  // The product is also fetched: the add stays.
  {
    Net n = SeBlock();
    n.Fetch("m", 1);
    PlanForLightRuntime(&n.program, *n.weights, nullptr);
    EXPECT_EQ(Count(n, "elementwise_add"), 1u);
  }
  // The scale's VarDesc does not say it broadcasts into x: no plus_x.
  for (std::vector<int64_t> s : {std::vector<int64_t>{-1, kC, -1, -1},
                                 std::vector<int64_t>{kC, 1, 1}, std::vector<int64_t>{}}) {
    Net n = SeBlock(s);
    PlanForLightRuntime(&n.program, *n.weights, nullptr);
    EXPECT_EQ(Count(n, "elementwise_add"), 1u) << s.size();
    const DDim dims{1, kC, 5, 4};
    EXPECT_EQ(n.Run(dims, RandomFloats(Numel(dims), -1, 1, 3)).size(),
              static_cast<size_t>(Numel(dims)));
  }
  // A multi-block program is run as stored.
  {
    Net n = SeBlock();
    n.program.blocks.emplace_back();
    const auto ops_before = n.OpTypes();
    MappingReport report;
    PlanForLightRuntime(&n.program, *n.weights, &report);
    EXPECT_EQ(n.OpTypes(), ops_before);
    EXPECT_EQ(report.rules.count("light runtime plan skipped (a multi-block program)"), 1u);
  }
}

}  // namespace
}  // namespace plnb
}  // namespace lite
}  // namespace paddle
