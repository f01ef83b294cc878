// Test helpers of the nn family: reference activations and attribute setup
// for fused activations, and error capture.
#pragma once
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

// Fused activations the conv/fc kernels support; "hard_swish_custom" is
// hard_swish with non-default parameters (threshold 5, scale 7, offset 2.5),
// "leaky_relu" uses alpha 0.15, "relu6" threshold 6.
inline std::vector<std::string> AllActivations() {
  return {"", "relu", "relu6", "leaky_relu", "hard_swish", "hard_swish_custom",
          "hard_sigmoid", "sigmoid", "tanh", "swish"};
}

inline float RefActivation(const std::string& act, float x) {
  if (act.empty()) return x;
  if (act == "relu") return std::max(x, 0.f);
  if (act == "relu6") return std::min(std::max(x, 0.f), 6.f);
  if (act == "leaky_relu") return x > 0 ? x : 0.15f * x;
  if (act == "hard_swish") return x * std::min(std::max(x + 3.f, 0.f), 6.f) / 6.f;
  if (act == "hard_swish_custom") return x * std::min(std::max(x + 2.5f, 0.f), 5.f) / 7.f;
  if (act == "hard_sigmoid") return std::min(std::max(0.2f * x + 0.5f, 0.f), 1.f);
  if (act == "sigmoid") return 1.f / (1.f + std::exp(-x));
  if (act == "tanh") return std::tanh(x);
  if (act == "swish") return x / (1.f + std::exp(-x));
  ADD_FAILURE() << "unknown activation " << act;
  return x;
}

// The padding of a 2-D window op as Paddle resolves it: explicit
// `paddings` ([h, w] or [top, bottom, left, right]); "VALID": none; "SAME":
// output = ceil(input / stride), the total split with the smaller half on
// top/left. `kh`, `kw` are the kernel extents (undilated for SAME).
struct Pads2d {
  int top, bottom, left, right;
};
inline Pads2d ResolvePads(const std::vector<int>& paddings, const std::string& algo,
                          int64_t H, int64_t W, int64_t kh, int64_t kw, int sh, int sw) {
  Pads2d p;
  if (paddings.size() == 2) {
    p.top = p.bottom = paddings[0];
    p.left = p.right = paddings[1];
  } else {
    p = {paddings[0], paddings[1], paddings[2], paddings[3]};
  }
  if (algo == "VALID") p = {0, 0, 0, 0};
  if (algo == "SAME") {
    int64_t oh = (H + sh - 1) / sh, ow = (W + sw - 1) / sw;
    int64_t th = std::max<int64_t>((oh - 1) * sh + kh - H, 0);
    int64_t tw = std::max<int64_t>((ow - 1) * sw + kw - W, 0);
    p.top = static_cast<int>(th / 2);
    p.bottom = static_cast<int>(th - p.top);
    p.left = static_cast<int>(tw / 2);
    p.right = static_cast<int>(tw - p.left);
  }
  return p;
}

// What a naive 2-D convolution reference loops with: strides, dilations
// (SAME resets them to 1, as Paddle does) and the pads ResolvePads gives.
struct ConvWindow2d {
  int sh, sw, dh, dw, pt, pb, pl, pr;
};
inline ConvWindow2d ResolveConvWindow(const std::vector<int>& strides,
                                      const std::vector<int>& paddings,
                                      const std::vector<int>& dilations,
                                      const std::string& algo, int64_t H, int64_t W,
                                      int64_t kh, int64_t kw) {
  const Pads2d p = ResolvePads(paddings, algo, H, W, kh, kw, strides[0], strides[1]);
  const bool same = algo == "SAME";
  return {strides[0], strides[1], same ? 1 : dilations[0], same ? 1 : dilations[1],
          p.top, p.bottom, p.left, p.right};
}

// The exact int32 sums of a quantized convolution: s8 input qx [N, C, H, W]
// (NCHW), s8 filter qw [M, C / groups, KH, KW], the window w (zero
// padding); *od gets the output dims [N, M, OH, OW].
inline std::vector<int32_t> ConvS32Sums(const std::vector<int8_t>& qx, const DDim& in,
                                        const std::vector<int8_t>& qw, const DDim& filter,
                                        int64_t groups, const ConvWindow2d& w, DDim* od) {
  const int64_t N = in[0], C = in[1], H = in[2], W = in[3];
  const int64_t M = filter[0], KH = filter[2], KW = filter[3];
  const int64_t OH = (H + w.pt + w.pb - (w.dh * (KH - 1) + 1)) / w.sh + 1;
  const int64_t OW = (W + w.pl + w.pr - (w.dw * (KW - 1) + 1)) / w.sw + 1;
  *od = {N, M, OH, OW};
  const int64_t Cg = C / groups, Mg = M / groups;
  std::vector<int32_t> out(N * M * OH * OW);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m)
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          int32_t acc = 0;
          const int64_t g = m / Mg;
          for (int64_t ci = 0; ci < Cg; ++ci)
            for (int64_t kh = 0; kh < KH; ++kh)
              for (int64_t kw = 0; kw < KW; ++kw) {
                const int64_t ih = oh * w.sh - w.pt + kh * w.dh;
                const int64_t iw = ow * w.sw - w.pl + kw * w.dw;
                if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                acc += int32_t(qx[((n * C + g * Cg + ci) * H + ih) * W + iw]) *
                       qw[((m * Cg + ci) * KH + kh) * KW + kw];
              }
          out[((n * M + m) * OH + oh) * OW + ow] = acc;
        }
  return out;
}

// The window attributes of a conv2d-family runner.
inline void SetConvWindowAttrs(OpRunner* r, const std::vector<int>& strides,
                               const std::vector<int>& paddings,
                               const std::vector<int>& dilations, int groups,
                               const std::string& algo) {
  r->Attr("strides", strides);
  r->Attr("paddings", paddings);
  r->Attr("dilations", dilations);
  r->Attr("groups", groups);
  r->Attr("padding_algorithm", algo);
}

inline void SetActAttrs(OpRunner* r, const std::string& act,
                        const std::string& attr = "act_type") {
  if (act.empty()) return;
  if (act == "hard_swish_custom") {
    r->Attr(attr, std::string("hard_swish"));
    r->Attr("hard_swish_threshold", 5.f);
    r->Attr("hard_swish_scale", 7.f);
    r->Attr("hard_swish_offset", 2.5f);
    return;
  }
  r->Attr(attr, act);
  r->Attr("with_act", true);
  if (act == "leaky_relu") r->Attr("leaky_relu_alpha", 0.15f);
  if (act == "relu6") r->Attr("fuse_brelu_threshold", 6.f);
}

// ExpectAllClose where NaN is expected exactly where the reference has NaN
// (e.g. Paddle's 0/0 average of a pooling window lying in the padding).
inline void ExpectAllCloseOrBothNan(std::vector<float> expected, std::vector<float> actual,
                                    float atol, float rtol, const std::string& what) {
  ASSERT_EQ(expected.size(), actual.size()) << what;
  for (size_t i = 0; i < expected.size(); ++i) {
    if (std::isnan(expected[i])) {
      EXPECT_TRUE(std::isnan(actual[i])) << what << " [" << i << "] expected NaN";
      expected[i] = actual[i] = 0.f;
    }
  }
  ExpectAllClose(expected, actual, atol, rtol, what);
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
