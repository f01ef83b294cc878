#include <cmath>

#include "lite/core/op_test_util.h"
#include "lite/operators/nn/nn_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(GroupNorm, GroupsOnOddShapesWithAndWithoutScaleBias) {
  for (DDim d : {DDim{1, 3, 13}, DDim{2, 6, 3, 7}, DDim{1, 4, 127}}) {
    const int64_t C = d[1], inner = DimsProduct(d, 2, d.size());
    auto x = RandomFloats(Numel(d), -3, 3, 6);
    for (int groups : {1, static_cast<int>(C)}) {
      for (bool affine : {false, true}) {
        auto scale = RandomFloats(C, 0.5f, 2, 7), bias = RandomFloats(C, -1, 1, 8);
        OpRunner r("group_norm");
        r.Input<float>("X", "x", d, x);
        if (affine) {
          r.Input<float>("Scale", "s", {C}, scale);
          r.Input<float>("Bias", "b", {C}, bias);
        }
        r.Output("Y", "y");
        r.Output("Mean", "m");
        r.Output("Variance", "v");
        r.Attr("groups", groups);
        r.Attr("epsilon", 1e-4f);
        r.Run();
        const int64_t G = groups, len = C / G * inner;
        std::vector<float> want(x.size()), mean, var;
        for (int64_t g = 0; g < d[0] * G; ++g) {
          double m = 0, v = 0;
          for (int64_t i = 0; i < len; ++i) m += x[g * len + i];
          m /= len;
          for (int64_t i = 0; i < len; ++i) v += std::pow(x[g * len + i] - m, 2);
          v /= len;
          mean.push_back(m);
          var.push_back(v);
          for (int64_t i = 0; i < len; ++i) {
            const int64_t c = (g % G) * (C / G) + i / inner;
            double y = (x[g * len + i] - m) / std::sqrt(v + 1e-4);
            want[g * len + i] = affine ? y * scale[c] + bias[c] : y;
          }
        }
        ExpectAllClose(want, r.Values<float>("y"), 1e-5f, 1e-5f, "group_norm y");
        ExpectAllClose(mean, r.Values<float>("m"), 1e-6f, 1e-6f, "group_norm mean");
        ExpectAllClose(var, r.Values<float>("v"), 1e-5f, 1e-5f, "group_norm variance");
        EXPECT_EQ(r.Get("m")->dims(), (DDim{d[0], G}));
      }
    }
  }
  OpRunner bad("group_norm");
  bad.Input<float>("X", "x", {1, 6, 2}, RandomFloats(12));
  bad.Output("Y", "y");
  bad.Attr("groups", 4);
  ExpectErrorMentions(bad, {"group_norm", "groups"});
}

TEST(Lrn, WindowSizesAttributesAndMidOut) {
  DDim d{2, 7, 3, 13};
  auto x = RandomFloats(Numel(d), -2, 2, 9);
  for (int n : {1, 4, 5}) {
    OpRunner r("lrn");
    r.Input<float>("X", "x", d, x);
    r.Output("Out", "out");
    r.Output("MidOut", "mid");
    r.Attr("n", n);
    r.Attr("k", 1.5f);
    r.Attr("alpha", 0.01f);
    r.Attr("beta", 0.6f);
    r.Run();
    const int64_t C = d[1], hw = d[2] * d[3];
    std::vector<float> want(x.size()), mid(x.size());
    for (int64_t b = 0; b < d[0]; ++b)
      for (int64_t c = 0; c < C; ++c)
        for (int64_t i = 0; i < hw; ++i) {
          double s = 0;
          // Paddle: channels c - (n - 1) / 2 .. c - (n - 1) / 2 + n - 1.
          for (int64_t cc = c - (n - 1) / 2; cc < c - (n - 1) / 2 + n; ++cc)
            if (cc >= 0 && cc < C) s += std::pow(x[(b * C + cc) * hw + i], 2);
          const int64_t at = (b * C + c) * hw + i;
          mid[at] = 1.5 + 0.01 * s;
          want[at] = x[at] / std::pow(1.5 + 0.01 * s, 0.6);
        }
    ExpectAllClose(want, r.Values<float>("out"), 1e-6f, 1e-5f, "lrn out");
    ExpectAllClose(mid, r.Values<float>("mid"), 1e-6f, 1e-6f, "lrn mid");
  }
  OpRunner bad("lrn");
  bad.Input<float>("X", "x", {2, 3}, RandomFloats(6));
  bad.Output("Out", "out");
  ExpectErrorMentions(bad, {"lrn", "4-D"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
