#include <cmath>

#include "lite/core/op_test_util.h"
#include "lite/operators/nn/nn_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct Dcn {
  DDim x, f;
  int stride, pad, dilation, groups, dgroups;
  bool mask, bias;
};

// Direct definition, in double.
std::vector<float> NaiveDcn(const Dcn& c, const std::vector<float>& x, const std::vector<float>& off,
                            const std::vector<float>& mask, const std::vector<float>& f,
                            const std::vector<float>& bias, int64_t OH, int64_t OW) {
  const int64_t N = c.x[0], C = c.x[1], H = c.x[2], W = c.x[3];
  const int64_t M = c.f[0], CI = c.f[1], KH = c.f[2], KW = c.f[3], K = KH * KW;
  std::vector<float> out;
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m)
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          double s = c.bias ? bias[m] : 0.0;
          const int64_t g = m / (M / c.groups);
          for (int64_t ic = 0; ic < CI; ++ic) {
            const int64_t ch = g * CI + ic, d = ch / (C / c.dgroups);
            for (int64_t i = 0; i < KH; ++i)
              for (int64_t j = 0; j < KW; ++j) {
                const int64_t tap = i * KW + j;
                auto o = [&](int64_t channel) {
                  return off[((n * 2 * c.dgroups * K + channel) * OH + oh) * OW + ow];
                };
                const double ph = oh * c.stride - c.pad + i * c.dilation + o(d * 2 * K + 2 * tap);
                const double pw = ow * c.stride - c.pad + j * c.dilation + o(d * 2 * K + 2 * tap + 1);
                double v = 0;
                if (ph > -1 && pw > -1 && ph < H && pw < W) {
                  const int64_t h0 = std::floor(ph), w0 = std::floor(pw);
                  for (int dh = 0; dh < 2; ++dh)
                    for (int dw = 0; dw < 2; ++dw) {
                      const int64_t hh = h0 + dh, ww = w0 + dw;
                      if (hh < 0 || hh >= H || ww < 0 || ww >= W) continue;
                      v += (dh ? ph - h0 : 1 - (ph - h0)) * (dw ? pw - w0 : 1 - (pw - w0)) *
                           x[((n * C + ch) * H + hh) * W + ww];
                    }
                }
                if (c.mask) v *= mask[((n * c.dgroups * K + d * K + tap) * OH + oh) * OW + ow];
                s += v * f[((m * CI + ic) * KH + i) * KW + j];
              }
          }
          out.push_back(static_cast<float>(s));
        }
  return out;
}

TEST(DeformableConv, MatchesTheDefinitionOnOddShapesGroupsAndOptions) {
  for (const Dcn& c : {Dcn{{1, 3, 13, 7}, {5, 3, 3, 3}, 1, 1, 1, 1, 1, true, false},
                       Dcn{{2, 4, 7, 13}, {6, 2, 3, 2}, 2, 2, 2, 2, 2, true, true},
                       Dcn{{1, 2, 5, 5}, {1, 2, 1, 1}, 1, 0, 1, 1, 2, false, true}}) {
    const int64_t K = c.f[2] * c.f[3];
    const int64_t OH = (c.x[2] + 2 * c.pad - (c.dilation * (c.f[2] - 1) + 1)) / c.stride + 1;
    const int64_t OW = (c.x[3] + 2 * c.pad - (c.dilation * (c.f[3] - 1) + 1)) / c.stride + 1;
    auto x = RandomFloats(Numel(c.x), -1, 1, 1);
    auto f = RandomFloats(Numel(c.f), -1, 1, 2);
    DDim od{c.x[0], 2 * c.dgroups * K, OH, OW}, md{c.x[0], c.dgroups * K, OH, OW};
    auto off = RandomFloats(Numel(od), -2.5f, 2.5f, 3);
    auto mask = RandomFloats(Numel(md), 0, 1, 4);
    auto bias = RandomFloats(c.f[0], -1, 1, 5);
    OpRunner r("deformable_conv");
    r.Input<float>("Input", "x", c.x, x);
    r.Input<float>("Offset", "off", od, off);
    if (c.mask) r.Input<float>("Mask", "mask", md, mask);
    r.Input<float>("Filter", "f", c.f, f)->set_persistable(true);
    if (c.bias) r.Input<float>("Bias", "b", {c.f[0]}, bias);
    r.Output("Output", "y");
    r.Attr("strides", std::vector<int32_t>{c.stride, c.stride});
    r.Attr("paddings", std::vector<int32_t>{c.pad, c.pad});
    r.Attr("dilations", std::vector<int32_t>{c.dilation, c.dilation});
    r.Attr("groups", c.groups);
    r.Attr("deformable_groups", c.dgroups);
    r.Attr("im2col_step", 1);
    r.Run();
    EXPECT_EQ(r.Get("y")->dims(), (DDim{c.x[0], c.f[0], OH, OW}));
    ExpectAllClose(NaiveDcn(c, x, off, mask, f, bias, OH, OW), r.Values<float>("y"), 1e-4f, 1e-4f,
                   "deformable_conv " + DimsToString(c.x));
  }
  OpRunner bad("deformable_conv");
  bad.Input<float>("Input", "x", {1, 2, 4, 4}, RandomFloats(32));
  bad.Input<float>("Offset", "off", {1, 2, 4, 4}, RandomFloats(32));
  bad.Input<float>("Filter", "f", {1, 2, 3, 3}, RandomFloats(18));
  bad.Output("Output", "y");
  bad.Attr("paddings", std::vector<int32_t>{1, 1});
  ExpectErrorMentions(bad, {"deformable_conv", "Offset"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
