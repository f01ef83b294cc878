#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// X (element type T) and Out of a cast to `out_dtype`; `in_dtype` is set
// unless it is -1 (the op then takes X's type).
template <typename T>
void SetUpCast(OpRunner* r, const DDim& dims, const std::vector<T>& x, int out_dtype,
               int in_dtype = -1) {
  r->Input<T>("X", "x", dims, x);
  r->Output("Out", "out");
  if (in_dtype != -1) r->Attr("in_dtype", in_dtype);
  r->Attr("out_dtype", out_dtype);
}

TEST(Cast, FloatToEveryTypeAndBack) {
  std::vector<float> x{-2.7f, -1.f, 0.f, 0.5f, 1.9f, 3.f, 100.25f};
  DDim d{7};
  {
    OpRunner r("cast");
    SetUpCast(&r, d, x, 3, 5);
    r.Run();
    EXPECT_EQ(r.Get("out")->dtype(), DataType::kInt64);
    EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{-2, -1, 0, 0, 1, 3, 100}));
  }
  {
    OpRunner r("cast");
    SetUpCast(&r, d, x, 2, 5);
    r.Run();
    EXPECT_EQ(r.Values<int32_t>("out"), (std::vector<int32_t>{-2, -1, 0, 0, 1, 3, 100}));
  }
  {
    OpRunner r("cast");
    SetUpCast(&r, d, x, 0);
    r.Run();
    EXPECT_EQ(r.Values<bool>("out"),
              (std::vector<bool>{true, true, false, true, true, true, true}));
  }
  {
    OpRunner r("cast");
    SetUpCast(&r, d, x, 6);
    r.Run();
    auto v = r.Values<double>("out");
    for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(v[i], double(x[i]));
  }
  for (int code : {1, 20, 21}) {
    OpRunner r("cast");
    SetUpCast(&r, DDim{3}, std::vector<float>{1.f, 2.f, 7.f}, code);
    r.Run();
    DataType want = code == 1 ? DataType::kInt16 : code == 20 ? DataType::kUInt8 : DataType::kInt8;
    EXPECT_EQ(r.Get("out")->dtype(), want);
    EXPECT_EQ(r.Get("out")->memory_size(), 3 * SizeOf(want));
  }
}

TEST(Cast, IntAndBoolToFloatAndDynamicShape) {
  OpRunner r("cast");
  SetUpCast(&r, DDim{2, 2}, std::vector<int64_t>{-5, 0, 7, 123456}, 5, 3);
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
  SetUpCast(&b, DDim{3}, std::vector<bool>{true, false, true}, 2, 0);
  b.Run();
  EXPECT_EQ(b.Values<int32_t>("out"), (std::vector<int32_t>{1, 0, 1}));
}

TEST(Cast, BadInputsNameOp) {
  OpRunner r("cast");
  SetUpCast(&r, DDim{2}, std::vector<float>{1, 2}, 4);
  ExpectErrorContains([&] { r.Run(); }, {"cast", "'out_dtype'", "4"});
  OpRunner s("cast");
  SetUpCast(&s, DDim{2}, std::vector<float>{1, 2}, 5, 3);
  ExpectErrorContains([&] { s.Run(); }, {"cast", "'in_dtype'", "int64", "float32"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
