// write_back: tensors and tensor arrays copied onto the enclosing block's
// variable, inside a while loop as Paddle Lite's SSA conversion writes it,
// and its refusals.
#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(WriteBack, CopiesTensorWithDimsLodAndTypeAndReruns) {
  for (const DDim& d : {DDim{1}, DDim{3, 13}, DDim{127, 1}}) {
    OpRunner r("write_back");
    const auto x = RandomFloats(Numel(d), -2, 2, 7);
    Tensor* src = r.Input<float>("Src_LoDTensor", "src", d, x);
    src->set_lod({{0, static_cast<uint64_t>(d[0])}});
    r.Input<int64_t>("Dst_LoDTensor", "dst", {2}, {5, 6});
    r.Input<float>("Dep_LoDTensor", "dep", {1}, {0.f});
    r.Run();
    Tensor* dst = r.Get("dst");
    EXPECT_EQ(dst->dims(), d);
    EXPECT_EQ(dst->lod(), src->lod());
    EXPECT_EQ(r.Values<float>("dst"), x);
    EXPECT_NE(dst->raw_data(), src->raw_data());  // a copy, not a view
    r.Refill<float>("src", {2}, {1.5f, -4.f});    // dynamic shape
    src->set_lod({});
    r.Run();
    EXPECT_EQ(dst->dims(), (DDim{2}));
    EXPECT_TRUE(dst->lod().empty());
    EXPECT_EQ(r.Values<float>("dst"), (std::vector<float>{1.5f, -4.f}));
  }
}

TEST(WriteBack, ArrayCopyFillsTheSlotsDstLacks) {
  OpRunner r("write_back");
  TensorArray* src = r.scope().ArrayVar("src");
  TensorArray* dst = r.scope().ArrayVar("dst");
  src->resize(3);
  for (int i = 0; i < 3; ++i) {
    (*src)[i].Resize({i + 1});
    float* p = (*src)[i].mutable_data<float>();
    for (int j = 0; j <= i; ++j) p[j] = 10.f * i + j;
  }
  dst->resize(1);
  dst->at(0).Resize({1});
  dst->at(0).mutable_data<float>()[0] = -1.f;
  r.desc().SetInput("Src_LoDTensorArray", {"src"});
  r.desc().SetInput("Dst_LoDTensorArray", {"dst"});
  r.Attr("tensor_array_copy", true);
  r.Run();
  ASSERT_EQ(dst->size(), 3u);
  EXPECT_EQ(dst->at(0).data<float>()[0], -1.f);  // Paddle Lite keeps Dst's slot
  for (int i = 1; i < 3; ++i) {
    EXPECT_EQ(dst->at(i).dims(), (DDim{i + 1}));
    for (int j = 0; j <= i; ++j) EXPECT_EQ(dst->at(i).data<float>()[j], 10.f * i + j);
  }
}

// acc = x; while (i < 3) { acc_next = 2 * acc; write_back(acc_next -> acc) }
TEST(WriteBack, WritesALoopBodysValueBackOntoTheParentVariable) {
  ProgramBuilder b;
  b.Feed("x", 0);
  b.Op("scale", {{"X", "x"}}, {{"Out", "acc"}}).SetAttr("scale", 1.f);
  b.BeginCounterLoop(3, {"acc"}, {"acc"});
  b.Op("scale", {{"X", "acc"}}, {{"Out", "acc_next"}}).SetAttr("scale", 2.f);
  b.Op("write_back", {{"Src_LoDTensor", "acc_next"}, {"Dst_LoDTensor", "acc"}}, {});
  b.EndCounterLoop();
  b.Fetch("acc");
  EXPECT_EQ(b.Run({3}, {1.f, -0.5f, 3.f}), (std::vector<float>{8.f, -4.f, 24.f}));
}

TEST(WriteBack, RefusalsNameTheOpAndSlot) {
  OpRunner w("write_back");
  w.Input<float>("Src_LoDTensor", "src", {1}, {1.f});
  w.Input<float>("Dst_LoDTensor", "w", {1}, {2.f})->set_persistable(true);
  ExpectErrorMentions(w, {"op 'write_back'", "'Dst_LoDTensor'", "'w'", "weight"});
  OpRunner mixed("write_back");
  mixed.Input<float>("Src_LoDTensor", "src", {1}, {1.f});
  mixed.Input<float>("Dst_LoDTensor", "dst", {1}, {2.f});
  mixed.scope().ArrayVar("arr");
  mixed.desc().SetInput("Src_LoDTensorArray", {"arr"});
  ExpectErrorMentions(mixed, {"op 'write_back'", "'Src_LoDTensorArray'", "tensor_array_copy"});
  OpRunner dep("write_back");
  dep.Input<float>("Src_LoDTensor", "src", {1}, {1.f});
  dep.Input<float>("Dst_LoDTensor", "dst", {1}, {2.f});
  dep.desc().SetInput("Dep_LoDTensor", {"missing"});
  ExpectErrorMentions(dep, {"op 'write_back'", "'Dep_LoDTensor'", "'missing'"});
  OpRunner arr("write_back");
  arr.Attr("tensor_array_copy", true);
  arr.desc().SetInput("Src_LoDTensorArray", {"nowhere"});
  arr.desc().SetInput("Dst_LoDTensorArray", {"nowhere2"});
  ExpectErrorMentions(arr, {"op 'write_back'", "'Src_LoDTensorArray'", "'nowhere'"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
