#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(Assign, CopiesEveryTypeWithoutAliasing) {
  OpRunner r("assign");
  auto x = RandomFloats(3 * 13, -1, 1, 2);
  r.Input<float>("X", "x", {3, 13}, x);
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), x);
  r.Get("out")->mutable_data<float>()[0] = 42.f;  // writing Out leaves X alone
  EXPECT_EQ(r.Values<float>("x")[0], x[0]);
  OpRunner s("assign");
  s.Input<int64_t>("X", "x", {2}, {5, -6});
  s.Output("Out", "out");
  s.Run();
  EXPECT_EQ(s.Values<int64_t>("out"), (std::vector<int64_t>{5, -6}));
  Tensor* xt = s.Get("x");
  xt->Resize({1});
  xt->mutable_data<int64_t>()[0] = 9;
  s.Run();
  EXPECT_EQ(s.Values<int64_t>("out"), (std::vector<int64_t>{9}));
}

TEST(FillLike, ValueAndDtypeCombinations) {
  for (int dtype : {-1, 5, 2, 3, 0}) {
    OpRunner r("fill_any_like");
    r.Input<float>("X", "x", {3, 13}, std::vector<float>(39, 0.5f));
    r.Output("Out", "out");
    r.Attr("value", 2.f);
    r.Attr("dtype", dtype);
    r.Run();
    EXPECT_EQ(r.Get("out")->dims(), (DDim{3, 13}));
    if (dtype == -1 || dtype == 5) {
      EXPECT_EQ(r.Values<float>("out"), std::vector<float>(39, 2.f));
    }
    if (dtype == 2) {
      EXPECT_EQ(r.Values<int32_t>("out"), std::vector<int32_t>(39, 2));
    }
    if (dtype == 3) {
      EXPECT_EQ(r.Values<int64_t>("out"), std::vector<int64_t>(39, 2));
    }
    if (dtype == 0) {
      EXPECT_EQ(r.Values<bool>("out"), std::vector<bool>(39, true));
    }
  }
  OpRunner z("fill_zeros_like");
  z.Input<int32_t>("X", "x", {4}, {1, 2, 3, 4});
  z.Output("Out", "out");
  z.Run();
  EXPECT_EQ(z.Values<int32_t>("out"), std::vector<int32_t>(4, 0));
  Tensor* xt = z.Get("x");
  xt->Resize({2, 3});
  xt->mutable_data<int32_t>();
  z.Run();
  EXPECT_EQ(z.Get("out")->dims(), (DDim{2, 3}));
  EXPECT_EQ(z.Values<int32_t>("out"), std::vector<int32_t>(6, 0));
}

TEST(FillLike, BadInputsNameOp) {
  OpRunner r("fill_any_like");
  r.Input<float>("X", "x", {2}, {1, 2});
  r.Output("Out", "out");
  r.Attr("dtype", 99);
  ExpectErrorContains([&] { r.Run(); }, {"fill_any_like", "'dtype'", "99"});
  OpRunner s("assign");
  s.Output("Out", "out");
  ExpectErrorContains([&] { s.Run(); }, {"assign", "'X'"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
