#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(FillConstant, DtypesValuesAndStrValue) {
  {
    OpRunner r("fill_constant");
    r.Output("Out", "out");
    r.Attr("shape", std::vector<int64_t>{3, 1, 13});
    r.Attr("dtype", 5);
    r.Attr("value", 2.5f);
    r.Run();
    EXPECT_EQ(r.Get("out")->dims(), (DDim{3, 1, 13}));
    EXPECT_EQ(r.Values<float>("out"), std::vector<float>(39, 2.5f));
  }
  {
    OpRunner r("fill_constant");
    r.Output("Out", "out");
    r.Attr("shape", std::vector<int32_t>{2});
    r.Attr("dtype", 3);
    r.Attr("value", 0.f);
    r.Attr("str_value", "123456789012");
    r.Run();
    EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{123456789012LL, 123456789012LL}));
  }
  {
    OpRunner r("fill_constant");
    r.Output("Out", "out");
    r.Attr("shape", std::vector<int32_t>{1});
    r.Attr("dtype", 2);
    r.Attr("value", -7.f);
    r.Run();
    EXPECT_EQ(r.Values<int32_t>("out"), (std::vector<int32_t>{-7}));
  }
  {
    OpRunner r("fill_constant");
    r.Output("Out", "out");
    r.Attr("shape", std::vector<int32_t>{2});
    r.Attr("dtype", 0);
    r.Attr("value", 1.f);
    r.Run();
    EXPECT_EQ(r.Values<bool>("out"), (std::vector<bool>{true, true}));
  }
  {
    OpRunner r("fill_constant");
    r.Output("Out", "out");
    r.Attr("shape", std::vector<int32_t>{1});
    r.Attr("dtype", 5);
    r.Attr("str_value", "-inf");
    r.Run();
    EXPECT_TRUE(std::isinf(r.Values<float>("out")[0]) && r.Values<float>("out")[0] < 0);
  }
}

TEST(FillConstant, ShapeTensorsValueTensorAndDynamic) {
  OpRunner r("fill_constant");
  r.Input<int32_t>("ShapeTensor", "shape", {2}, {2, 3});
  r.Input<float>("ValueTensor", "v", {1}, {4.f});
  r.Output("Out", "out");
  r.Attr("shape", std::vector<int32_t>{9});
  r.Attr("dtype", 5);
  r.Attr("value", 1.f);
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{2, 3}));
  EXPECT_EQ(r.Values<float>("out"), std::vector<float>(6, 4.f));
  r.Get("shape")->mutable_data<int32_t>()[1] = 5;
  r.Get("v")->mutable_data<float>()[0] = -1.f;
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), std::vector<float>(10, -1.f));

  OpRunner l("fill_constant");
  l.Input<int64_t>("ShapeTensorList", "a", {1}, {3});
  l.Input<int32_t>("ShapeTensorList", "b", {1}, {1});
  l.Output("Out", "out");
  l.Attr("dtype", 3);
  l.Attr("value", 9.f);
  l.Run();
  EXPECT_EQ(l.Get("out")->dims(), (DDim{3, 1}));
  EXPECT_EQ(l.Values<int64_t>("out"), (std::vector<int64_t>{9, 9, 9}));
}

TEST(FillConstant, BadDtypeAndStrValueNameTheOp) {
  OpRunner r("fill_constant");
  r.Output("Out", "out");
  r.Attr("shape", std::vector<int32_t>{1});
  r.Attr("dtype", 17);
  ExpectErrorMentions(r, {"fill_constant", "'dtype'"});
  OpRunner s("fill_constant");
  s.Output("Out", "out");
  s.Attr("shape", std::vector<int32_t>{1});
  s.Attr("str_value", "abc");
  ExpectErrorMentions(s, {"str_value"});
}

TEST(FillConstantBatchSizeLike, CopiesTheBatchDim) {
  OpRunner r("fill_constant_batch_size_like");
  r.Input<float>("Input", "x", {7, 2}, RandomFloats(14));
  r.Output("Out", "out");
  r.Attr("shape", std::vector<int32_t>{-1, 3});
  r.Attr("dtype", 5);
  r.Attr("value", 0.25f);
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{7, 3}));
  EXPECT_EQ(r.Values<float>("out"), std::vector<float>(21, 0.25f));
  OpRunner r2("fill_constant_batch_size_like");
  r2.Input<float>("Input", "x", {7, 2}, RandomFloats(14));
  r2.Output("Out", "out");
  r2.Attr("shape", std::vector<int32_t>{4, -1, 1});
  r2.Attr("input_dim_idx", 1);
  r2.Attr("output_dim_idx", 1);
  r2.Attr("dtype", 2);
  r2.Attr("value", 3.f);
  r2.Run();
  EXPECT_EQ(r2.Get("out")->dims(), (DDim{4, 2, 1}));
  EXPECT_EQ(r2.Values<int32_t>("out"), std::vector<int32_t>(8, 3));
}

TEST(AssignValue, TypedValueLists) {
  OpRunner r("assign_value");
  r.Output("Out", "out");
  r.Attr("shape", std::vector<int32_t>{2, 2});
  r.Attr("dtype", 5);
  r.Attr("fp32_values", std::vector<float>{1.5f, -2.f, 3.f, 0.f});
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{1.5f, -2.f, 3.f, 0.f}));
  OpRunner i("assign_value");
  i.Output("Out", "out");
  i.Attr("shape", std::vector<int32_t>{3});
  i.Attr("dtype", 2);
  i.Attr("int32_values", std::vector<int32_t>{4, -5, 6});
  i.Run();
  EXPECT_EQ(i.Values<int32_t>("out"), (std::vector<int32_t>{4, -5, 6}));
  OpRunner bad("assign_value");
  bad.Output("Out", "out");
  bad.Attr("shape", std::vector<int32_t>{3});
  bad.Attr("dtype", 2);
  bad.Attr("int32_values", std::vector<int32_t>{4});
  ExpectErrorMentions(bad, {"assign_value"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
