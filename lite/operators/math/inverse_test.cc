#include <cmath>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(Inverse, BatchTimesInputIsIdentityOddSizesAndSingular) {
  for (int64_t n : {1, 3, 13}) {
    DDim d{2, n, n};
    auto x = RandomFloats(Numel(d), -1, 1, 5);
    for (int64_t m = 0; m < 2; ++m)
      for (int64_t i = 0; i < n; ++i) x[(m * n + i) * n + i] += 3.f;  // well conditioned
    OpRunner r("inverse");
    r.Input<float>("Input", "x", d, x);
    r.Output("Output", "y");
    r.Run();
    auto y = r.Values<float>("y");
    for (int64_t m = 0; m < 2; ++m)
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < n; ++j) {
          double s = 0;
          for (int64_t k = 0; k < n; ++k) s += double(x[(m * n + i) * n + k]) * y[(m * n + k) * n + j];
          EXPECT_NEAR(s, i == j ? 1.0 : 0.0, 1e-5) << "n " << n << " m " << m;
        }
  }
  OpRunner d("inverse");
  d.Input<double>("Input", "x", {2, 2}, {0, 2, 4, 0});
  d.Output("Output", "y");
  d.Run();
  EXPECT_EQ(d.Values<double>("y"), (std::vector<double>{0, 0.25, 0.5, 0}));
  OpRunner bad("inverse");
  bad.Input<float>("Input", "x", {2, 2}, {1, 2, 2, 4});
  bad.Output("Output", "y");
  ExpectErrorMentions(bad, {"inverse", "singular"});
}

TEST(CosSim, RowsBroadcastYAndNorms) {
  DDim d{3, 13};
  auto x = RandomFloats(Numel(d), -1, 1, 1);
  auto y = RandomFloats(Numel(d), -1, 1, 2);
  for (bool broadcast : {false, true}) {
    OpRunner r("cos_sim");
    r.Input<float>("X", "x", d, x);
    std::vector<float> yv(y.begin(), y.begin() + (broadcast ? 13 : 39));
    r.Input<float>("Y", "y", broadcast ? DDim{1, 13} : d, yv);
    r.Output("Out", "out");
    r.Output("XNorm", "xn");
    r.Output("YNorm", "yn");
    r.Run();
    auto out = r.Values<float>("out");
    for (int64_t i = 0; i < 3; ++i) {
      double xy = 0, xx = 0, yy = 0;
      for (int64_t j = 0; j < 13; ++j) {
        const double a = x[i * 13 + j], b = yv[(broadcast ? 0 : i) * 13 + j];
        xy += a * b, xx += a * a, yy += b * b;
      }
      EXPECT_NEAR(out[i], xy / std::sqrt(xx * yy), 1e-6);
      EXPECT_NEAR(r.Values<float>("xn")[i], std::sqrt(xx), 1e-6);
    }
    EXPECT_EQ(r.Get("yn")->dims(), (DDim{broadcast ? 1 : 3, 1}));
  }
  OpRunner bad("cos_sim");
  bad.Input<float>("X", "x", {3, 2}, RandomFloats(6));
  bad.Input<float>("Y", "y", {2, 2}, RandomFloats(4));
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"cos_sim", "Y"});
}

TEST(Axpy, PerChannelScaleAndShapeCheck) {
  DDim d{2, 3, 13};
  auto x = RandomFloats(Numel(d), -1, 1, 3), b = RandomFloats(Numel(d), -1, 1, 4);
  auto s = RandomFloats(6, -2, 2, 5);
  OpRunner r("axpy");
  r.Input<float>("Scale", "s", {2, 3}, s);
  r.Input<float>("X", "x", d, x);
  r.Input<float>("Bias", "b", d, b);
  r.Output("Out", "out");
  r.Run();
  auto o = r.Values<float>("out");
  for (size_t i = 0; i < o.size(); ++i) EXPECT_NEAR(o[i], s[i / 13] * x[i] + b[i], 1e-6);
  OpRunner bad("axpy");
  bad.Input<float>("Scale", "s", {2}, {1, 1});
  bad.Input<float>("X", "x", d, x);
  bad.Input<float>("Bias", "b", d, b);
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"axpy", "Scale"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
