#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Naive reference on [a, b, c]: sums in double along `axis`.
std::vector<double> NaiveCumsum(const std::vector<float>& x, const DDim& d, int axis,
                                bool exclusive, bool reverse) {
  std::vector<double> out(x.size());
  for (int64_t i = 0; i < d[0]; ++i)
    for (int64_t j = 0; j < d[1]; ++j)
      for (int64_t k = 0; k < d[2]; ++k) {
        const int64_t at[3] = {i, j, k};
        double s = 0;
        for (int64_t m = 0; m < d[axis]; ++m) {
          int64_t src[3] = {i, j, k};
          src[axis] = m;
          const bool take = reverse ? (exclusive ? m > at[axis] : m >= at[axis])
                                    : (exclusive ? m < at[axis] : m <= at[axis]);
          if (take) s += x[(src[0] * d[1] + src[1]) * d[2] + src[2]];
        }
        out[(i * d[1] + j) * d[2] + k] = s;
      }
  return out;
}

TEST(Cumsum, EveryAxisExclusiveReverseOnOddShapes) {
  for (DDim d : {DDim{1, 3, 13}, DDim{3, 13, 127}}) {
    auto x = RandomFloats(Numel(d), -1, 1, 8);
    for (int axis : {0, 1, 2, -1}) {
      for (int flags = 0; flags < 4; ++flags) {
        const bool exclusive = flags & 1, reverse = flags & 2;
        OpRunner r("cumsum");
        r.Input<float>("X", "x", d, x);
        r.Output("Out", "out");
        r.Attr("axis", axis);
        r.Attr("exclusive", exclusive);
        r.Attr("reverse", reverse);
        r.Run();
        auto want = NaiveCumsum(x, d, axis < 0 ? axis + 3 : axis, exclusive, reverse);
        auto got = r.Values<float>("out");
        ASSERT_EQ(got.size(), want.size());
        for (size_t i = 0; i < got.size(); ++i)
          ASSERT_NEAR(got[i], want[i], 2e-5 * (1 + std::abs(want[i]))) << "axis " << axis
              << " flags " << flags << " at " << i;
      }
    }
  }
}

TEST(Cumsum, FlattenIntegersDefaultsRerunAndBadAxis) {
  OpRunner r("cumsum");
  r.Input<int64_t>("X", "x", {2, 3}, {1, 2, 3, 4, 5, 6});
  r.Output("Out", "out");
  r.Attr("flatten", true);
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{6}));
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{1, 3, 6, 10, 15, 21}));
  r.Refill<int64_t>("x", {1, 1, 2}, {7, -9});
  r.Run();
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{7, -2}));
  // Default axis -1, int32.
  OpRunner d("cumsum");
  d.Input<int32_t>("X", "x", {2, 2}, {1, 2, 3, 4});
  d.Output("Out", "out");
  d.Run();
  EXPECT_EQ(d.Values<int32_t>("out"), (std::vector<int32_t>{1, 3, 3, 7}));
  OpRunner bad("cumsum");
  bad.Input<float>("X", "x", {2, 2}, {1, 2, 3, 4});
  bad.Output("Out", "out");
  bad.Attr("axis", 2);
  ExpectErrorMentions(bad, {"cumsum", "axis"});
}

TEST(Mean, AllElementsToAScalarAndEmptyInput) {
  for (DDim d : {DDim{1}, DDim{3, 13}, DDim{2, 3, 127}}) {
    auto x = RandomFloats(Numel(d), -1, 3, 4);
    OpRunner r("mean");
    r.Input<float>("X", "x", d, x);
    r.Output("Out", "out");
    r.Run();
    double s = 0;
    for (float v : x) s += v;
    EXPECT_EQ(r.Get("out")->dims(), DDim{});
    EXPECT_NEAR(r.Values<float>("out")[0], s / x.size(), 1e-6);
  }
  OpRunner bad("mean");
  bad.Input<float>("X", "x", {0, 3}, {});
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"mean", "no elements"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
