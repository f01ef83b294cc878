// write_to_array / read_from_array / lod_array_length in block 0 and inside
// a while loop (the loop fills the array, block 0 reads it afterwards), run
// as the runtime runs them, before and after the passes.
#include <gtest/gtest.h>

#include "lite/core/op_test_util.h"
#include "lite/graph/pass.h"
#include "lite/model_parser/nb/nb_model.h"

namespace paddle {
namespace lite {
namespace {

using testing::ErrorOf;
using testing::MakeOp;
using testing::ProgramBuilder;


cpp::OpDesc FillInt64(const std::string& out, float value) {
  cpp::OpDesc f = MakeOp("fill_constant", {}, {{"Out", out}});
  f.SetAttr("dtype", static_cast<int32_t>(cpp::VarKind::INT64));
  f.SetAttr("shape", std::vector<int64_t>{1});
  f.SetAttr("value", value);
  return f;
}

// acc = x; i = 0; while (i < n) { arr[i] = acc; acc = acc + x; ++i; }
// then y = arr[k] (= (k + 1) x) and len = length(arr) (= n).
ProgramBuilder ArrayLoopProgram(float n, float k) {
  ProgramBuilder b;
  b.Feed("x", 0);
  b.block().ops.push_back(FillInt64("i", 0));
  b.block().ops.push_back(FillInt64("n", n));
  b.block().ops.push_back(FillInt64("k", k));
  b.Op("scale", {{"X", "x"}}, {{"Out", "acc"}}).SetAttr("scale", 1.0f);
  b.Op("less_than", {{"X", "i"}, {"Y", "n"}}, {{"Out", "cond"}});
  cpp::OpDesc& loop = b.Op("while");
  loop.SetInput("X", {"acc", "i", "n", "x"});
  loop.SetInput("Condition", {"cond"});
  loop.SetOutput("Out", {"acc", "i", "cond", "arr"});
  loop.SetAttribute("sub_block", cpp::Attribute{cpp::AttrType::BLOCK, int32_t{1}});
  b.Op("read_from_array", {{"X", "arr"}, {"I", "k"}}, {{"Out", "y"}});
  b.Op("lod_array_length", {{"X", "arr"}}, {{"Out", "len"}});
  b.Fetch("y", 0);
  b.Fetch("len", 1);
  cpp::VarDesc arr;
  arr.name = "arr";
  arr.type = cpp::VarKind::LOD_TENSOR_ARRAY;
  b.block().vars.push_back(arr);
  cpp::BlockDesc body;
  body.idx = 1;
  body.parent_idx = 0;
  body.ops.push_back(MakeOp("write_to_array", {{"X", "acc"}, {"I", "i"}}, {{"Out", "arr"}}));
  body.ops.push_back(MakeOp("elementwise_add", {{"X", "acc"}, {"Y", "x"}}, {{"Out", "t"}}));
  body.ops.push_back(MakeOp("assign", {{"X", "t"}}, {{"Out", "acc"}}));
  body.ops.push_back(MakeOp("increment", {{"X", "i"}}, {{"Out", "i"}}));
  body.ops.push_back(MakeOp("less_than", {{"X", "i"}, {"Y", "n"}}, {{"Out", "cond"}}));
  b.program.blocks.push_back(body);
  return b;
}

void CheckRun(const cpp::ProgramDesc& program, std::shared_ptr<Scope> weights, int64_t n,
              int64_t k, const std::string& what) {
  Scope scope(weights);
  RuntimeProgram rp(program, &scope, {Place(TargetType::kX86), Place(TargetType::kHost)});
  const std::vector<float> x = testing::RandomFloats(2 * 7, -1, 1, 9);
  for (int run = 0; run < 2; ++run) {  // arrays restart empty on every run
    Tensor* in = scope.GetVar("x");
    in->Resize({2, 7});
    std::copy(x.begin(), x.end(), in->mutable_data<float>());
    rp.Run(1);
    const Tensor* y = scope.GetVar(rp.fetch_names()[0]);
    const Tensor* len = scope.GetVar(rp.fetch_names()[1]);
    std::vector<float> want;
    for (float v : x) want.push_back(static_cast<float>(k + 1) * v);
    testing::ExpectAllClose(want, std::vector<float>(y->data<float>(), y->data<float>() + y->numel()),
                            1e-6f, 1e-6f, what);
    EXPECT_EQ(y->dims(), (DDim{2, 7})) << what;
    ASSERT_EQ(len->numel(), 1) << what;
    EXPECT_EQ(len->data<int64_t>()[0], n) << what << " run " << run;
  }
}

TEST(TensorArray, WhileLoopFillsAnArrayReadAfterwards) {
  for (auto [n, k] : {std::pair<int, int>{1, 0}, {4, 2}, {5, 4}}) {
    ProgramBuilder b = ArrayLoopProgram(static_cast<float>(n), static_cast<float>(k));
    CheckRun(b.program, b.weights, n, k, "n " + std::to_string(n));
    graph::RunPasses(&b.program, b.weights.get(), graph::PassOptions{});
    CheckRun(b.program, b.weights, n, k, "after passes, n " + std::to_string(n));
  }
}

TEST(TensorArray, ReadingASlotNeverWrittenIsAnError) {
  ProgramBuilder b = ArrayLoopProgram(3, 3);  // slots 0..2
  const std::string msg = b.RunError({1}, std::vector<float>(1, 1.f));
  EXPECT_NE(msg.find("read_from_array"), std::string::npos) << msg;
  EXPECT_NE(msg.find("slot 3 of array 'arr' (3 slots)"), std::string::npos) << msg;
}

TEST(TensorArray, WriteGrowsTheArrayAndCopies) {
  Scope scope;
  Tensor* x = scope.Var("x");
  x->Resize({3});
  float* px = x->mutable_data<float>();
  px[0] = 1, px[1] = 2, px[2] = 3;
  x->set_lod({{0, 1, 3}});
  Tensor* i = scope.Var("i");
  i->Resize({1});
  i->mutable_data<int64_t>()[0] = 2;
  cpp::OpDesc w = MakeOp("write_to_array", {{"X", "x"}, {"I", "i"}}, {{"Out", "arr"}});
  auto op = CreateOp("write_to_array");
  op->Attach(w, &scope);
  KernelKey key;
  ASSERT_TRUE(KernelKey::FromString("write_to_array/kHost/kAny/kNCHW/def", &key));
  auto kernel = CreateKernel(key);
  kernel->BindParam(op->param());
  op->InferShape();
  kernel->Run(RunContext{});
  TensorArray* arr = scope.FindArray("arr");
  ASSERT_NE(arr, nullptr);
  ASSERT_EQ(arr->size(), 3u);
  EXPECT_FALSE((*arr)[0].initialized());
  EXPECT_EQ((*arr)[2].lod(), x->lod());
  px[0] = 9;  // a copy, not a view
  EXPECT_EQ((*arr)[2].data<float>()[0], 1.f);
  // A tensor of the array's name is refused, and the other way round.
  EXPECT_NE(ErrorOf([&] { scope.Var("arr"); }).find("tensor array"), std::string::npos);
  EXPECT_NE(ErrorOf([&] { scope.ArrayVar("x"); }).find("is a tensor"), std::string::npos);
  // A negative index names the array.
  i->mutable_data<int64_t>()[0] = -1;
  EXPECT_NE(ErrorOf([&] { kernel->Run(RunContext{}); }).find("index -1 into array 'arr'"),
            std::string::npos);
}


// The optimized program through the .nb writer and reader, replayed with
// the stored kernel keys of every block (as MobileConfig does): the loop's
// block and the LOD_TENSOR_ARRAY declaration survive.
TEST(TensorArray, NbRoundTripReplaysTheLoopBlock) {
  ProgramBuilder b = ArrayLoopProgram(4, 3);
  graph::RunPasses(&b.program, b.weights.get(), graph::PassOptions{});
  nb::NbModel m;
  m.program = b.program;
  m.weights = b.weights;
  {
    Scope scope(b.weights);
    RuntimeProgram rp(b.program, &scope, {Place(TargetType::kX86), Place(TargetType::kHost)});
    size_t next = 0;
    for (const auto& op : b.program.blocks[0].ops) {
      KernelKey key;
      key.op_type = op.Type();
      if (op.Type() != "feed" && op.Type() != "fetch") key = rp.instructions()[next++].kernel->key();
      m.kernel_keys.push_back(key);
    }
    for (const auto& [blk, insts] : rp.sub_blocks()) {
      for (const auto& inst : insts) m.sub_block_kernel_keys[blk].push_back(inst.kernel->key());
    }
  }
  const std::string bytes = nb::SerializeNbModel(m);
  nb::NbModel back;
  nb::LoadNbModelBuffer(bytes.data(), bytes.size(), &back);
  ASSERT_EQ(back.program.blocks.size(), 2u);
  ASSERT_EQ(back.sub_block_kernel_keys.count(1), 1u);
  EXPECT_EQ(back.sub_block_kernel_keys[1].size(), back.program.blocks[1].ops.size());
  EXPECT_EQ(back.sub_block_kernel_keys[1][0].ToString(), "write_to_array/kHost/kAny/kNCHW/def");
  const cpp::VarDesc* arr = back.program.blocks[0].FindVar("arr");
  ASSERT_NE(arr, nullptr);
  EXPECT_EQ(arr->type, cpp::VarKind::LOD_TENSOR_ARRAY);
  Scope scope(back.weights);
  RuntimeProgram rp(back.program, &scope, {}, nullptr, &back.kernel_keys,
                    &back.sub_block_kernel_keys);
  Tensor* in = scope.GetVar("x");
  in->Resize({3});
  float* px = in->mutable_data<float>();
  px[0] = 1, px[1] = -2, px[2] = 0.5f;
  rp.Run(1);
  const Tensor* y = scope.GetVar(rp.fetch_names()[0]);
  EXPECT_EQ(std::vector<float>(y->data<float>(), y->data<float>() + 3),
            (std::vector<float>{4, -8, 2}));
  EXPECT_EQ(scope.GetVar(rp.fetch_names()[1])->data<int64_t>()[0], 4);
  // Without the block's keys (and no places to pick from) the error names
  // the block.
  std::map<int32_t, std::vector<KernelKey>> none;
  Scope scope2(back.weights);
  const std::string msg = ErrorOf([&] {
    RuntimeProgram bad(back.program, &scope2, {}, nullptr, &back.kernel_keys, &none);
  });
  EXPECT_NE(msg.find("of block 1"), std::string::npos) << msg;
}

}  // namespace
}  // namespace lite
}  // namespace paddle
