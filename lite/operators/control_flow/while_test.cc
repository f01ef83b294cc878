// while + increment on small hand-built two-block programs, run through
// RuntimeProgram exactly as a predictor runs them, before and after the
// graph passes (which must keep what the sub-block uses by name).
#include <gtest/gtest.h>

#include "lite/core/op_test_util.h"
#include "lite/graph/pass.h"

namespace paddle {
namespace lite {
namespace {

using testing::ErrorOf;
using testing::MakeOp;
using testing::ProgramBuilder;


cpp::OpDesc& FillInt64(ProgramBuilder& b, const std::string& out, float value) {
  cpp::OpDesc& f = b.Op("fill_constant", {}, {{"Out", out}});
  f.SetAttr("dtype", static_cast<int32_t>(cpp::VarKind::INT64));
  f.SetAttr("shape", std::vector<int64_t>{1});
  f.SetAttr("value", value);
  return f;
}

cpp::OpDesc& Scale(ProgramBuilder& b, const std::string& x, const std::string& out, float scale,
                   float bias) {
  cpp::OpDesc& s = b.Op("scale", {{"X", x}}, {{"Out", out}});
  s.SetAttr("scale", scale);
  s.SetAttr("bias", bias);
  return s;
}

// acc = 3x + 1; z = 2x; i = 0; while (i < n) { acc = acc + z; ++i; } with
// n = `trips`: acc = (3 + 2n) x + 1, and the output q = 2 acc - 1. z is read only by the sub-block and
// deliberately left out of the while's X (the memory-reuse pass must not
// hand its buffer to w); i and n come from fill_constant (constant folding
// must not turn the loop counter into a weight); acc passes through an
// identity scale whose output the sub-block writes.
ProgramBuilder LoopProgram(float trips) {
  ProgramBuilder b;
  b.Feed("x", 0);
  FillInt64(b, "i", 0);
  FillInt64(b, "n", trips);
  b.Op("less_than", {{"X", "i"}, {"Y", "n"}}, {{"Out", "cond"}});
  // z = 2x through two temporaries: `pre` dies before z is produced, so
  // memory reuse would hand its name to z if it ignored the sub-block.
  Scale(b, "x", "pre", 4, 0);
  Scale(b, "pre", "pre2", 0.25f, 0);
  Scale(b, "pre2", "z", 2, 0);
  Scale(b, "x", "w", 3, 0);
  Scale(b, "w", "acc0", 1, 1);
  Scale(b, "acc0", "acc", 1, 0);
  cpp::OpDesc& loop = b.Op("while");
  loop.SetInput("X", {"acc", "i", "n"});
  loop.SetInput("Condition", {"cond"});
  loop.SetOutput("Out", {"acc", "i", "cond"});
  loop.SetOutput("StepScopes", {"step_scopes"});
  loop.SetAttribute("sub_block", cpp::Attribute{cpp::AttrType::BLOCK, int32_t{1}});
  loop.SetAttr("is_test", true);
  Scale(b, "acc", "p", 2, 0);
  Scale(b, "p", "q", 1, -1);
  b.Fetch("q");
  cpp::BlockDesc body;
  body.idx = 1;
  body.parent_idx = 0;
  body.ops.push_back(MakeOp("elementwise_add", {{"X", "acc"}, {"Y", "z"}}, {{"Out", "t"}}));
  body.ops.push_back(MakeOp("assign", {{"X", "t"}}, {{"Out", "acc"}}));
  body.ops.push_back(MakeOp("increment", {{"X", "i"}}, {{"Out", "i"}}));
  body.ops.back().SetAttr("step", 1.0f);
  body.ops.push_back(MakeOp("less_than", {{"X", "i"}, {"Y", "n"}}, {{"Out", "cond"}}));
  b.program.blocks.push_back(body);
  return b;
}

std::vector<float> Expected(const std::vector<float>& x, int trips) {
  std::vector<float> y;
  for (float v : x) {
    float acc = 3 * v + 1;
    for (int k = 0; k < trips; ++k) acc += 2 * v;
    y.push_back(2 * acc - 1);
  }
  return y;
}

TEST(While, RunsItsSubBlockUntilTheConditionIsFalse) {
  const std::vector<float> x = testing::RandomFloats(2 * 13, -1, 1, 3);
  for (int trips : {0, 1, 3, 7}) {
    ProgramBuilder b = LoopProgram(static_cast<float>(trips));
    testing::ExpectAllClose(Expected(x, trips), b.Run({2, 13}, x), 1e-5f, 1e-6f,
                            "trips " + std::to_string(trips));
  }
}

TEST(While, PassesKeepWhatTheSubBlockUsesByName) {
  const std::vector<float> x = testing::RandomFloats(3 * 5, -1, 1, 4);
  ProgramBuilder b = LoopProgram(4);
  auto applied = graph::RunPasses(&b.program, b.weights.get(), graph::PassOptions{});
  int renamed = 0, folded = 0;
  for (const auto& [name, n] : applied) {
    if (name == "memory_optimize_pass") renamed = n;
    if (name == "constant_fold_pass") folded = n;
  }
  EXPECT_GT(renamed, 0) << "the program should give memory reuse something to do";
  EXPECT_EQ(folded, 0) << "the loop counter and bound must stay activations";
  ASSERT_EQ(b.program.blocks.size(), 2u);
  EXPECT_EQ(b.program.blocks[1].ops.size(), 4u);
  testing::ExpectAllClose(Expected(x, 4), b.Run({3, 5}, x), 1e-5f, 1e-6f, "after passes");
  // Still correct on the next run (the loop counter restarts from block 0).
  testing::ExpectAllClose(Expected(x, 4), b.Run({3, 5}, x), 1e-5f, 1e-6f, "second run");
}

TEST(While, SecondRunOfTheSameProgramRestartsTheLoop) {
  ProgramBuilder b = LoopProgram(2);
  Scope scope(b.weights);
  RuntimeProgram rp(b.program, &scope, {Place(TargetType::kX86), Place(TargetType::kHost)});
  ASSERT_EQ(rp.block_instructions(1).size(), 4u);
  Tensor* in = scope.GetVar("x");
  in->Resize({1});
  in->mutable_data<float>()[0] = 1.f;
  for (int run = 0; run < 3; ++run) {
    rp.Run(1);
    EXPECT_FLOAT_EQ(scope.GetVar("acc")->data<float>()[0], 8.f) << "run " << run;
  }
}

// The loop body's own temporary `t` (no op of block 0 names it) gives its
// buffer back once the while op has run, so loops one after another do not
// add up their temporaries; what block 0 names (acc, z) stays readable, and
// the next run allocates `t` again.
TEST(While, LoopTemporariesAreReleasedAfterTheLoop) {
  ProgramBuilder b = LoopProgram(3);
  Scope scope(b.weights);
  RuntimeProgram rp(b.program, &scope, {Place(TargetType::kX86), Place(TargetType::kHost)});
  Tensor* in = scope.GetVar("x");
  in->Resize({4});
  std::fill_n(in->mutable_data<float>(), 4, 1.f);
  for (int run = 0; run < 2; ++run) {
    rp.Run(1);
    const Tensor* t = scope.FindVar("t");
    ASSERT_NE(t, nullptr);
    EXPECT_FALSE(t->initialized()) << "run " << run << ": the body's temporary kept its buffer";
    EXPECT_EQ(t->dims(), (DDim{4}));
    EXPECT_TRUE(scope.GetVar("acc")->initialized());
    EXPECT_TRUE(scope.GetVar("z")->initialized());
    EXPECT_FLOAT_EQ(scope.GetVar(rp.fetch_names()[0])->data<float>()[0], 2 * (3 + 2 * 3 + 1) - 1)
        << "run " << run;
  }
}

TEST(While, IterationLimitStopsALoopThatWouldNotEnd) {
  ProgramBuilder b = LoopProgram(1000);
  Scope scope(b.weights);
  RuntimeProgram rp(b.program, &scope, {Place(TargetType::kX86), Place(TargetType::kHost)});
  Tensor* in = scope.GetVar("x");
  in->Resize({1});
  in->mutable_data<float>()[0] = 1.f;
  rp.set_max_loop_iterations(10);
  const std::string msg = ErrorOf([&] { rp.Run(1); });
  EXPECT_NE(msg.find("while"), std::string::npos) << msg;
  EXPECT_NE(msg.find("sub-block 1"), std::string::npos) << msg;
  EXPECT_NE(msg.find("'cond'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("after 10 iterations"), std::string::npos) << msg;
  EXPECT_EQ(scope.GetVar("i")->data<int64_t>()[0], 10);
  // Off again (the default): the loop finishes.
  rp.set_max_loop_iterations(0);
  rp.Run(1);
  EXPECT_EQ(scope.GetVar("i")->data<int64_t>()[0], 1000);
  EXPECT_FLOAT_EQ(scope.GetVar("acc")->data<float>()[0], 2004.f);
}

TEST(While, ConditionMustBeABoolScalar) {
  ProgramBuilder b = LoopProgram(2);
  // The condition becomes the int64 counter itself.
  for (auto& op : b.program.blocks[0].ops) {
    if (op.Type() == "while") op.SetInput("Condition", {"n"});
  }
  const std::string msg = b.RunError({1}, std::vector<float>(1, 1.f));
  EXPECT_NE(msg.find("'Condition'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("'n'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("sub-block 1"), std::string::npos) << msg;
  EXPECT_NE(msg.find("int64"), std::string::npos) << msg;
}

TEST(While, SubBlockIndexOutOfRangeIsAnErrorNamingOpAndBlock) {
  for (int32_t bad : {0, 2, 7, -1}) {
    ProgramBuilder b = LoopProgram(2);
    for (auto& op : b.program.blocks[0].ops) {
      if (op.Type() == "while") {
        op.SetAttribute("sub_block", cpp::Attribute{cpp::AttrType::BLOCK, bad});
      }
    }
    const std::string msg = ErrorOf([&] { ValidateOps(b.program, b.weights); });
    EXPECT_NE(msg.find("'while' of block 0"), std::string::npos) << msg;
    EXPECT_NE(msg.find("'sub_block' = " + std::to_string(bad)), std::string::npos) << msg;
    Scope scope(b.weights);
    const std::string msg2 = ErrorOf([&] {
      RuntimeProgram rp(b.program, &scope, {Place(TargetType::kX86)});
    });
    EXPECT_NE(msg2.find("sub_block"), std::string::npos) << msg2;
  }
}

TEST(While, SubBlockWithAnotherParentIsRefused) {
  ProgramBuilder b = LoopProgram(2);
  b.program.blocks[1].parent_idx = 1;
  const std::string msg = ErrorOf([&] { ValidateOps(b.program, b.weights); });
  EXPECT_NE(msg.find("parent_idx 1, expected 0"), std::string::npos) << msg;
}

TEST(While, ErrorInsideTheSubBlockNamesTheBlockAndOp) {
  ProgramBuilder b = LoopProgram(2);
  // The body adds a tensor of another shape.
  b.program.blocks[1].ops[0].SetInput("Y", {"bad"});
  cpp::OpDesc& bad = b.Op("fill_constant", {}, {{"Out", "bad"}});
  bad.SetAttr("dtype", static_cast<int32_t>(cpp::VarKind::FP32));
  bad.SetAttr("shape", std::vector<int64_t>{7});
  bad.SetAttr("value", 1.0f);
  // Move it before the while.
  auto& ops = b.program.blocks[0].ops;
  std::rotate(ops.begin() + 1, ops.end() - 1, ops.end());
  const std::string msg = b.RunError({2}, std::vector<float>(2, 1.f));
  EXPECT_NE(msg.find("while"), std::string::npos) << msg;
  EXPECT_NE(msg.find("of block 1"), std::string::npos) << msg;
  EXPECT_NE(msg.find("elementwise_add"), std::string::npos) << msg;
}

TEST(While, ControlFlowNestedTooDeepIsRefused) {
  // Block k (k >= 1) holds a while running block k + 1: 70 levels.
  ProgramBuilder b = LoopProgram(1);
  const int32_t levels = 70;
  for (int32_t k = 2; k <= levels; ++k) {
    cpp::OpDesc inner("while");
    inner.SetInput("Condition", {"cond"});
    inner.SetAttribute("sub_block", cpp::Attribute{cpp::AttrType::BLOCK, k});
    b.program.blocks[k - 1].ops.push_back(inner);
    cpp::BlockDesc blk;
    blk.idx = k;
    blk.parent_idx = k - 1;
    b.program.blocks.push_back(blk);
  }
  const std::string msg = ErrorOf([&] { ValidateOps(b.program, b.weights); });
  EXPECT_NE(msg.find("nested more than 64 blocks deep"), std::string::npos) << msg;
}

TEST(Increment, AddsStepInPlaceForEveryNumberType) {
  testing::OpRunner r("increment");
  r.Input<int64_t>("X", "i", {1}, {41});
  r.Output("Out", "i");
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("i")[0], 42);
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("i")[0], 43);

  testing::OpRunner f("increment");
  f.Input<float>("X", "x", {1}, {1.5f});
  f.Output("Out", "y");
  f.Attr("step", -2.0f);
  f.Run();
  EXPECT_FLOAT_EQ(f.Values<float>("y")[0], -0.5f);
  EXPECT_FLOAT_EQ(f.Values<float>("x")[0], 1.5f);

  testing::OpRunner i32("increment");
  i32.Input<int32_t>("X", "x", {1}, {7});
  i32.Output("Out", "y");
  i32.Attr("step", 3.0f);
  i32.Run();
  EXPECT_EQ(i32.Values<int32_t>("y")[0], 10);
}

TEST(Increment, MoreThanOneElementIsAnError) {
  testing::OpRunner r("increment");
  r.Input<int64_t>("X", "i", {2}, {1, 2});
  r.Output("Out", "i");
  testing::ExpectErrorMentions(r, {"increment", "'X'", "[2]"});
}

}  // namespace
}  // namespace lite
}  // namespace paddle
