#include <cmath>
#include <limits>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Naive p-norm of x[a][b][c] along `axis`, as a flat [rest] vector.
std::vector<double> NaiveNorms(const std::vector<float>& x, const DDim& d, int axis, double p) {
  std::vector<double> out;
  const int64_t n = d[axis];
  for (int64_t i = 0; i < d[0]; ++i)
    for (int64_t j = 0; j < d[1]; ++j)
      for (int64_t k = 0; k < d[2]; ++k) {
        int64_t at[3] = {i, j, k};
        if (at[axis] != 0) continue;
        double s = std::isinf(p) && p < 0 ? INFINITY : 0;
        for (int64_t m = 0; m < n; ++m) {
          at[axis] = m;
          double v = std::fabs(x[(at[0] * d[1] + at[1]) * d[2] + at[2]]);
          if (std::isinf(p)) s = p > 0 ? std::max(s, v) : std::min(s, v);
          else if (p == 0) s += v != 0;
          else s += std::pow(v, p);
        }
        out.push_back(std::isinf(p) || p == 0 ? s : std::pow(s, 1 / p));
      }
  return out;
}

TEST(PNorm, OrdersAxesKeepdimAndAsvector) {
  DDim d{3, 13, 5};
  auto x = RandomFloats(Numel(d), -2, 2, 3);
  x[7] = 0.f;
  const float inf = std::numeric_limits<float>::infinity();
  for (float porder : {2.f, 1.f, 3.f, 0.f, inf, -inf}) {
    for (int axis : {0, 1, -1}) {
      for (bool keepdim : {false, true}) {
        const int a = axis < 0 ? axis + 3 : axis;
        OpRunner r("p_norm");
        r.Input<float>("X", "x", d, x);
        r.Output("Out", "out");
        r.Attr("porder", porder);
        r.Attr("axis", axis);
        r.Attr("keepdim", keepdim);
        r.Run();
        DDim od = d;
        if (keepdim) od[a] = 1; else od.erase(od.begin() + a);
        EXPECT_EQ(r.Get("out")->dims(), od);
        auto want = NaiveNorms(x, d, a, porder);
        auto got = r.Values<float>("out");
        ASSERT_EQ(got.size(), want.size());
        for (size_t i = 0; i < got.size(); ++i)
          EXPECT_NEAR(got[i], want[i], 1e-5 * (1 + want[i])) << porder << " axis " << axis;
      }
    }
  }
  OpRunner v("p_norm");
  v.Input<float>("X", "x", {2, 2}, {3, 0, 0, 4});
  v.Output("Out", "out");
  v.Attr("asvector", true);
  v.Run();
  EXPECT_EQ(v.Get("out")->dims(), DDim{});
  EXPECT_FLOAT_EQ(v.Values<float>("out")[0], 5.f);
  OpRunner bad("p_norm");
  bad.Input<float>("X", "x", {2, 2}, {3, 0, 0, 4});
  bad.Output("Out", "out");
  bad.Attr("axis", 2);
  ExpectErrorMentions(bad, {"p_norm", "axis"});
}

TEST(Norm, L2NormalizesAlongAxisWithNormOutput) {
  DDim d{2, 3, 13};
  auto x = RandomFloats(Numel(d), -2, 2, 5);
  for (int axis : {1, -1, 0}) {
    const int a = axis < 0 ? axis + 3 : axis;
    OpRunner r("norm");
    r.Input<float>("X", "x", d, x);
    r.Output("Out", "out");
    r.Output("Norm", "norm");
    r.Attr("axis", axis);
    r.Attr("epsilon", 1e-6f);
    r.Run();
    DDim nd = d;
    nd[a] = 1;
    EXPECT_EQ(r.Get("norm")->dims(), nd);
    auto out = r.Values<float>("out");
    auto norm = r.Values<float>("norm");
    for (int64_t i = 0; i < d[0]; ++i)
      for (int64_t j = 0; j < d[1]; ++j)
        for (int64_t k = 0; k < d[2]; ++k) {
          int64_t at[3] = {i, j, k};
          double s = 0;
          for (int64_t m = 0; m < d[a]; ++m) {
            int64_t o[3] = {i, j, k};
            o[a] = m;
            s += std::pow(x[(o[0] * d[1] + o[1]) * d[2] + o[2]], 2);
          }
          const double l2 = std::sqrt(s + 1e-6);
          const int64_t e = (i * d[1] + j) * d[2] + k;
          EXPECT_NEAR(out[e], x[e] / l2, 1e-6);
          at[a] = 0;
          const int64_t ne = (at[0] * nd[1] + at[1]) * nd[2] + at[2];
          EXPECT_NEAR(norm[ne], l2, 1e-5);
        }
  }
  OpRunner bad("norm");
  bad.Input<float>("X", "x", {2}, {1, 2});
  bad.Output("Out", "out");
  bad.Attr("axis", 3);
  ExpectErrorMentions(bad, {"norm", "axis"});
}

TEST(AffineChannel, NchwNhwcRanksAndChannelMismatch) {
  for (const auto& [d, layout] : {std::pair<DDim, std::string>{{2, 3, 13, 5}, "NCHW"},
                                  {{1, 127}, "AnyLayout"},
                                  {{2, 5, 3}, "NHWC"}}) {
    const int64_t C = layout == "NHWC" ? d.back() : d[1];
    auto x = RandomFloats(Numel(d), -2, 2, 1);
    auto s = RandomFloats(C, 0.5f, 2, 2), b = RandomFloats(C, -1, 1, 3);
    OpRunner r("affine_channel");
    r.Input<float>("X", "x", d, x);
    r.Input<float>("Scale", "s", {C}, s);
    r.Input<float>("Bias", "b", {C}, b);
    r.Output("Out", "out");
    r.Attr("data_layout", layout);
    r.Run();
    const int64_t inner = layout == "NHWC" ? 1 : DimsProduct(d, 2, d.size());
    std::vector<float> want(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      const int64_t c = (static_cast<int64_t>(i) / inner) % C;
      want[i] = x[i] * s[c] + b[c];
    }
    auto got = r.Values<float>("out");
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-6) << layout;
  }
  OpRunner bad("affine_channel");
  bad.Input<float>("X", "x", {1, 3, 2}, RandomFloats(6));
  bad.Input<float>("Scale", "s", {2}, {1, 1});
  bad.Input<float>("Bias", "b", {3}, {0, 0, 0});
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"affine_channel", "Scale"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
