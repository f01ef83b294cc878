#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {


TEST(Cast, FloatToEveryTypeAndBack) {
  std::vector<float> x{-2.7f, -1.f, 0.f, 0.5f, 1.9f, 3.f, 100.25f};
  DDim d{7};
  {
    OpRunner r("cast");
    r.Input<float>("X", "x", d, x);
    r.Output("Out", "out");
    r.Attr("in_dtype", 5);
    r.Attr("out_dtype", 3);
    r.Run();
    EXPECT_EQ(r.Get("out")->dtype(), DataType::kInt64);
    EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{-2, -1, 0, 0, 1, 3, 100}));
  }
  {
    OpRunner r("cast");
    r.Input<float>("X", "x", d, x);
    r.Output("Out", "out");
    r.Attr("in_dtype", 5);
    r.Attr("out_dtype", 2);
    r.Run();
    EXPECT_EQ(r.Values<int32_t>("out"), (std::vector<int32_t>{-2, -1, 0, 0, 1, 3, 100}));
  }
  {
    OpRunner r("cast");
    r.Input<float>("X", "x", d, x);
    r.Output("Out", "out");
    r.Attr("out_dtype", 0);
    r.Run();
    EXPECT_EQ(r.Values<bool>("out"),
              (std::vector<bool>{true, true, false, true, true, true, true}));
  }
  {
    OpRunner r("cast");
    r.Input<float>("X", "x", d, x);
    r.Output("Out", "out");
    r.Attr("out_dtype", 6);
    r.Run();
    auto v = r.Values<double>("out");
    for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(v[i], double(x[i]));
  }
  for (int code : {1, 20, 21}) {
    OpRunner r("cast");
    r.Input<float>("X", "x", {3}, {1.f, 2.f, 7.f});
    r.Output("Out", "out");
    r.Attr("out_dtype", code);
    r.Run();
    DataType want = code == 1 ? DataType::kInt16 : code == 20 ? DataType::kUInt8 : DataType::kInt8;
    EXPECT_EQ(r.Get("out")->dtype(), want);
    EXPECT_EQ(r.Get("out")->memory_size(), 3 * SizeOf(want));
  }
}

TEST(Cast, IntAndBoolToFloatAndDynamicShape) {
  OpRunner r("cast");
  r.Input<int64_t>("X", "x", {2, 2}, {-5, 0, 7, 123456});
  r.Output("Out", "out");
  r.Attr("in_dtype", 3);
  r.Attr("out_dtype", 5);
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{-5, 0, 7, 123456}));
  Tensor* xt = r.Get("x");
  xt->Resize({3});
  int64_t* p = xt->mutable_data<int64_t>();
  p[0] = 1; p[1] = 2; p[2] = 3;
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{3}));
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{1, 2, 3}));

  OpRunner b("cast");
  b.Input<bool>("X", "x", {3}, {true, false, true});
  b.Output("Out", "out");
  b.Attr("in_dtype", 0);
  b.Attr("out_dtype", 2);
  b.Run();
  EXPECT_EQ(b.Values<int32_t>("out"), (std::vector<int32_t>{1, 0, 1}));
}

TEST(Cast, BadInputsNameOp) {
  OpRunner r("cast");
  r.Input<float>("X", "x", {2}, {1, 2});
  r.Output("Out", "out");
  r.Attr("out_dtype", 4);
  ExpectErrorContains([&] { r.Run(); }, {"cast", "'out_dtype'", "4"});
  OpRunner s("cast");
  s.Input<float>("X", "x", {2}, {1, 2});
  s.Output("Out", "out");
  s.Attr("in_dtype", 3);
  s.Attr("out_dtype", 5);
  ExpectErrorContains([&] { s.Run(); }, {"cast", "'in_dtype'", "int64", "float32"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
