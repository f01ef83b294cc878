// conditional_block + select_input on a hand-built three-block program (the
// shape paddle.static.nn.cond exports: one conditional_block per branch,
// select_input picking the branch that ran), before and after the passes;
// select_output and the condition rules on their own.
#include <gtest/gtest.h>

#include "lite/core/op_test_util.h"
#include "lite/graph/pass.h"

namespace paddle {
namespace lite {
namespace {

using testing::ErrorOf;
using testing::MakeOp;
using testing::ProgramBuilder;


cpp::OpDesc Scale(const std::string& x, const std::string& out, float scale, float bias) {
  cpp::OpDesc s = MakeOp("scale", {{"X", x}}, {{"Out", out}});
  s.SetAttr("scale", scale);
  s.SetAttr("bias", bias);
  return s;
}

cpp::OpDesc& CondBlock(ProgramBuilder& b, const std::string& cond, const std::string& out,
                       int32_t block, const std::string& type = "conditional_block") {
  cpp::OpDesc& op = b.Op(type);
  op.SetInput("Cond", {cond});
  op.SetInput("Input", {"x"});
  op.SetOutput("Out", {out});
  op.SetOutput("Scope", {"scope_" + out});
  op.SetAttribute("sub_block", cpp::Attribute{cpp::AttrType::BLOCK, block});
  op.SetAttr("is_scalar_condition", true);
  return op;
}

// out = c ? 2x + 1 : -x, with c = (sum(x) > 0) computed in block 0.
ProgramBuilder CondProgram(const std::string& type = "conditional_block") {
  ProgramBuilder b;
  b.Feed("x", 0);
  cpp::OpDesc& sum = b.Op("reduce_sum", {{"X", "x"}}, {{"Out", "s"}});
  sum.SetAttr("reduce_all", true);
  cpp::OpDesc& zero = b.Op("fill_constant", {}, {{"Out", "zero"}});
  zero.SetAttr("dtype", static_cast<int32_t>(cpp::VarKind::FP32));
  zero.SetAttr("shape", std::vector<int64_t>{1});
  zero.SetAttr("value", 0.0f);
  b.Op("greater_than", {{"X", "s"}, {"Y", "zero"}}, {{"Out", "c"}});
  b.Op("logical_not", {{"X", "c"}}, {{"Out", "nc"}});
  CondBlock(b, "c", "a", 1, type);
  CondBlock(b, "nc", "bneg", 2, type);
  cpp::OpDesc& cast = b.Op("cast", {{"X", "c"}}, {{"Out", "mask"}});
  cast.SetAttr("in_dtype", static_cast<int32_t>(cpp::VarKind::BOOL));
  cast.SetAttr("out_dtype", static_cast<int32_t>(cpp::VarKind::INT32));
  cpp::OpDesc& sel = b.Op("select_input");
  sel.SetInput("X", {"bneg", "a"});
  sel.SetInput("Mask", {"mask"});
  sel.SetOutput("Out", {"y"});
  b.Op("scale", {{"X", "y"}}, {{"Out", "z"}}).SetAttr("scale", 3.0f);
  b.Fetch("z");
  for (int32_t idx : {1, 2}) {
    cpp::BlockDesc blk;
    blk.idx = idx;
    blk.parent_idx = 0;
    if (idx == 1) {
      blk.ops.push_back(Scale("x", "t", 2, 0));
      blk.ops.push_back(Scale("t", "a", 1, 1));
    } else {
      blk.ops.push_back(Scale("x", "bneg", -1, 0));
    }
    b.program.blocks.push_back(blk);
  }
  return b;
}

std::vector<float> Expected(const std::vector<float>& x) {
  float s = 0;
  for (float v : x) s += v;
  std::vector<float> z;
  for (float v : x) z.push_back(3 * (s > 0 ? 2 * v + 1 : -v));
  return z;
}

TEST(ConditionalBlock, RunsTheBranchWhoseConditionHolds) {
  for (const char* type : {"conditional_block", "conditional_block_infer"}) {
    ProgramBuilder b = CondProgram(type);
    for (uint32_t seed : {1u, 2u, 3u, 4u}) {
      auto x = testing::RandomFloats(3 * 7, -1, 1, seed);
      testing::ExpectAllClose(Expected(x), b.Run({3, 7}, x), 1e-6f, 1e-6f, type);
      for (float& v : x) v = -v;  // the other branch
      testing::ExpectAllClose(Expected(x), b.Run({3, 7}, x), 1e-6f, 1e-6f, type);
    }
  }
}

TEST(ConditionalBlock, PassesKeepTheBranchOutputs) {
  ProgramBuilder b = CondProgram();
  graph::RunPasses(&b.program, b.weights.get(), graph::PassOptions{});
  ASSERT_EQ(b.program.blocks.size(), 3u);
  // One predictor runs both branches over successive inputs.
  Scope scope(b.weights);
  RuntimeProgram rp(b.program, &scope, {Place(TargetType::kX86), Place(TargetType::kHost)});
  for (uint32_t seed : {5u, 6u, 7u}) {
    for (float sign : {1.f, -1.f}) {
      auto x = testing::RandomFloats(2 * 5, -1, 1, seed);
      for (float& v : x) v *= sign;
      Tensor* in = scope.GetVar("x");
      in->Resize({2, 5});
      std::copy(x.begin(), x.end(), in->mutable_data<float>());
      rp.Run(1);
      const Tensor* out = scope.GetVar(rp.fetch_names()[0]);
      testing::ExpectAllClose(Expected(x),
                              std::vector<float>(out->data<float>(),
                                                 out->data<float>() + out->numel()),
                              1e-6f, 1e-6f, "after passes");
    }
  }
}

TEST(ConditionalBlock, NonScalarConditionRunsWhenEveryCondIsNonEmpty) {
  // Cond = x itself: runs for a non-empty x, not for an empty one.
  ProgramBuilder b;
  b.Feed("x", 0);
  cpp::OpDesc& init = b.Op("fill_constant", {}, {{"Out", "flag"}});
  init.SetAttr("dtype", static_cast<int32_t>(cpp::VarKind::FP32));
  init.SetAttr("shape", std::vector<int64_t>{1});
  init.SetAttr("value", 0.0f);
  CondBlock(b, "x", "flag", 1).SetAttr("is_scalar_condition", false);
  b.Fetch("flag");
  cpp::BlockDesc blk;
  blk.idx = 1;
  blk.parent_idx = 0;
  cpp::OpDesc one = MakeOp("fill_constant", {}, {{"Out", "flag"}});
  one.SetAttr("dtype", static_cast<int32_t>(cpp::VarKind::FP32));
  one.SetAttr("shape", std::vector<int64_t>{1});
  one.SetAttr("value", 1.0f);
  blk.ops.push_back(one);
  b.program.blocks.push_back(blk);
  EXPECT_EQ(b.Run({2}, {1.f, 2.f}), (std::vector<float>{1.f}));
  EXPECT_EQ(b.Run({0}, {}), (std::vector<float>{0.f}));
}

TEST(ConditionalBlock, ScalarConditionMustBeABoolScalar) {
  ProgramBuilder b = CondProgram();
  for (auto& op : b.program.blocks[0].ops) {
    if (op.Type() == "conditional_block" && op.Input("Cond")[0] == "c") {
      op.SetInput("Cond", {"s"});
    }
  }
  const std::string msg = b.RunError({2}, std::vector<float>(2, 1.f));
  EXPECT_NE(msg.find("'Cond'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("'s'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("sub-block 1"), std::string::npos) << msg;
  EXPECT_NE(msg.find("float32"), std::string::npos) << msg;
}

TEST(ConditionalBlock, SubBlockOutOfRangeIsRefusedAtLoad) {
  ProgramBuilder b = CondProgram();
  for (auto& op : b.program.blocks[0].ops) {
    if (op.Type() == "conditional_block") {
      op.SetAttribute("sub_block", cpp::Attribute{cpp::AttrType::BLOCK, int32_t{9}});
      break;
    }
  }
  const std::string msg = ErrorOf([&] { ValidateOps(b.program, b.weights); });
  EXPECT_NE(msg.find("'conditional_block' of block 0"), std::string::npos) << msg;
  EXPECT_NE(msg.find("'sub_block' = 9"), std::string::npos) << msg;
}

TEST(SelectOutput, WritesTheMaskedOutputOnly) {
  testing::OpRunner r("select_output");
  r.Input<float>("X", "x", {2, 3}, {1, 2, 3, 4, 5, 6});
  r.Input<int32_t>("Mask", "m", {1}, {1});
  r.Output("Out", "o0");
  r.Output("Out", "o1");
  r.Output("Out", "o2");
  r.Run();
  EXPECT_EQ(r.Values<float>("o1"), (std::vector<float>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(r.Get("o1")->dims(), (DDim{2, 3}));
  EXPECT_FALSE(r.Get("o0")->initialized());
  EXPECT_FALSE(r.Get("o2")->initialized());
  r.Refill<int32_t>("m", {1}, {2});
  r.Run();
  EXPECT_EQ(r.Values<float>("o2"), (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

TEST(SelectInput, PicksTheMaskedBranchWithItsLod) {
  testing::OpRunner r("select_input");
  r.Input<int64_t>("X", "a", {2}, {7, 8});
  Tensor* b = r.Input<int64_t>("X", "b", {3}, {1, 2, 3});
  b->set_lod({{0, 1, 3}});
  r.Input<int32_t>("Mask", "m", {1}, {1});
  r.Output("Out", "y");
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("y"), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_EQ(r.Get("y")->lod(), b->lod());
  r.Refill<int32_t>("m", {1}, {0});
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("y"), (std::vector<int64_t>{7, 8}));
}

TEST(SelectInput, MaskOutOfRangeIsAnError) {
  testing::OpRunner r("select_input");
  r.Input<float>("X", "a", {1}, {1});
  r.Input<float>("X", "b", {1}, {2});
  r.Input<int32_t>("Mask", "m", {1}, {2});
  r.Output("Out", "y");
  testing::ExpectErrorMentions(r, {"select_input", "Mask 2", "2 branches"});
}

}  // namespace
}  // namespace lite
}  // namespace paddle
