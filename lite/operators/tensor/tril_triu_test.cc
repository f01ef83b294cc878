#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(TrilTriu, DiagonalsBothTrianglesBatchedAndRankCheck) {
  for (DDim d : {DDim{1, 3}, DDim{3, 13}, DDim{2, 13, 3}, DDim{1, 127, 13}}) {
    auto x = RandomFloats(Numel(d), -1, 1, 3);
    const int64_t rows = d[d.size() - 2], cols = d.back();
    for (bool lower : {true, false}) {
      for (int diagonal : {-2, 0, 1, 5}) {
        OpRunner r("tril_triu");
        r.Input<float>("X", "x", d, x);
        r.Output("Out", "out");
        r.Attr("lower", lower);
        r.Attr("diagonal", diagonal);
        r.Run();
        std::vector<float> want(x.size());
        for (size_t e = 0; e < x.size(); ++e) {
          const int64_t j = static_cast<int64_t>(e) % cols, i = (static_cast<int64_t>(e) / cols) % rows;
          want[e] = (lower ? j - i <= diagonal : j - i >= diagonal) ? x[e] : 0.f;
        }
        EXPECT_EQ(r.Values<float>("out"), want)
            << DimsToString(d) << " lower " << lower << " diagonal " << diagonal;
      }
    }
  }
  OpRunner i("tril_triu");
  i.Input<int64_t>("X", "x", {2, 2}, {1, 2, 3, 4});
  i.Output("Out", "out");
  i.Attr("lower", false);
  i.Attr("diagonal", 0);
  i.Run();
  EXPECT_EQ(i.Values<int64_t>("out"), (std::vector<int64_t>{1, 2, 0, 4}));
  OpRunner bad("tril_triu");
  bad.Input<float>("X", "x", {3}, {1, 2, 3});
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"tril_triu", "rank"});
}

TEST(Linspace, CountsTypesExactEndsAndBadNum) {
  OpRunner r("linspace");
  r.Input<float>("Start", "a", {1}, {-1.f});
  r.Input<float>("Stop", "b", {1}, {1.f});
  r.Input<int32_t>("Num", "n", {1}, {5});
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{-1, -0.5f, 0, 0.5f, 1}));
  r.Refill<int32_t>("n", {1}, {1});
  r.Run();
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{-1}));
  // 0.1 .. 0.7 in 13 steps: both ends exact, values within float rounding.
  OpRunner f("linspace");
  f.Input<double>("Start", "a", {1}, {0.1});
  f.Input<double>("Stop", "b", {1}, {0.7});
  f.Input<int32_t>("Num", "n", {1}, {13});
  f.Output("Out", "out");
  f.Attr("dtype", 6);
  f.Run();
  auto v = f.Values<double>("out");
  ASSERT_EQ(v.size(), 13u);
  EXPECT_EQ(v.front(), 0.1);
  EXPECT_EQ(v.back(), 0.7);
  for (int i = 0; i < 13; ++i) EXPECT_NEAR(v[i], 0.1 + 0.05 * i, 1e-15);
  OpRunner n("linspace");
  n.Input<int32_t>("Start", "a", {1}, {0});
  n.Input<int32_t>("Stop", "b", {1}, {10});
  n.Input<int32_t>("Num", "n", {1}, {4});
  n.Output("Out", "out");
  n.Attr("dtype", 3);
  n.Run();
  EXPECT_EQ(n.Values<int64_t>("out"), (std::vector<int64_t>{0, 3, 6, 10}));
  OpRunner bad("linspace");
  bad.Input<float>("Start", "a", {1}, {0.f});
  bad.Input<float>("Stop", "b", {1}, {1.f});
  bad.Input<int32_t>("Num", "n", {1}, {0});
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"linspace", "Num"});
}

TEST(Empty, ShapeFromAttributeTensorAndListZeroFilled) {
  OpRunner r("empty");
  r.Output("Out", "out");
  r.Attr("shape", std::vector<int64_t>{2, 3});
  r.Attr("dtype", 2);
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{2, 3}));
  EXPECT_EQ(r.Values<int32_t>("out"), std::vector<int32_t>(6, 0));
  OpRunner t("empty");
  t.Input<int64_t>("ShapeTensor", "s", {3}, {1, 3, 13});
  t.Output("Out", "out");
  t.Run();
  EXPECT_EQ(t.Get("out")->dims(), (DDim{1, 3, 13}));
  OpRunner l("empty");
  l.Input<int32_t>("ShapeTensorList", "a", {1}, {4});
  l.Input<int64_t>("ShapeTensorList", "b", {1}, {127});
  l.Output("Out", "out");
  l.Run();
  EXPECT_EQ(l.Get("out")->dims(), (DDim{4, 127}));
  OpRunner bad("empty");
  bad.Output("Out", "out");
  bad.Attr("shape", std::vector<int64_t>{2, -3});
  ExpectErrorMentions(bad, {"empty", "negative"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
