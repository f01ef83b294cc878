// PointwiseDepthwiseNchw (a 1x1 conv and the depthwise conv after it, band
// by band) against a naive double-precision loop of the two convs, and, on
// CPUs where our 1x1 kernel runs, bit for bit against PointwiseConvNchw +
// DepthwiseConvNchw: strides 1 and 2, 3x3 and 5x5, paddings, channel counts
// that are no multiple of the 6-channel block, planes of several bands
// (first, inner and a short last band), relu or no activation on the 1x1
// conv, a post affine after it, activations on the depthwise one, batch 2,
// 1 and 2 threads; maps computed in bands and maps below
// PointwiseDepthwiseFusedPays, computed by the two convs one after the
// other.
#include "lite/operators/nn/pointwise_depthwise_nchw.h"

#include <gtest/gtest.h>

#include "lite/core/op_test_util.h"
#include "lite/operators/nn/pointwise_conv_nchw.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

using testing::RandomFloats;

struct Case {
  int64_t n, c, m, h, w, k;
  int s, pad;
  bool pw_relu;
  FusedActivation::Kind dw_act;
  float pw_scale = 1.f, pw_shift = 0.f;  // the 1x1 conv's post affine
};

void Check(const Case& k, int threads) {
  const int64_t oh = (k.h + 2 * k.pad - k.k) / k.s + 1, ow = (k.w + 2 * k.pad - k.k) / k.s + 1;
  PointwiseDepthwiseShape s{k.c, {k.n, k.m, k.h, k.w, k.m, k.k, k.k, oh, ow, k.s, k.s, k.pad, k.pad}};
  const auto x = RandomFloats(k.n * k.c * k.h * k.w, -1, 1, 1);
  const auto pw = RandomFloats(k.m * k.c, -1, 1, 2);
  const auto pb = RandomFloats(k.m, -1, 1, 3);
  const auto dw = RandomFloats(k.m * k.k * k.k, -1, 1, 4);
  const auto db = RandomFloats(k.m, -1, 1, 5);
  FusedActivation pw_act, dw_act;
  pw_act.kind = k.pw_relu ? FusedActivation::kRelu : FusedActivation::kNone;
  pw_act.post_scale = k.pw_scale;
  pw_act.post_shift = k.pw_shift;
  dw_act.kind = k.dw_act;
  const std::vector<float> packed = PointwisePackFilter(pw.data(), k.m, k.c);
  std::vector<float> out(k.n * k.m * oh * ow, -7.f);
  PointwiseDepthwiseNchw(s, x.data(), packed.data(), pb.data(), pw_act, dw.data(), db.data(),
                         dw_act, out.data(), threads);
  const std::string what = std::string(PointwiseDepthwiseFusedPays(s) ? "bands " : "two convs ") +
                           "c" + std::to_string(k.c) + " m" + std::to_string(k.m) + " " +
                           std::to_string(k.h) + "x" + std::to_string(k.w) + " k" +
                           std::to_string(k.k) + " s" + std::to_string(k.s) + " threads " +
                           std::to_string(threads);
  // naive: mid = pw_act(1x1 conv + bias), then the depthwise conv
  const int64_t hw = k.h * k.w;
  std::vector<double> mid(k.n * k.m * hw);
  for (int64_t n = 0; n < k.n; ++n)
    for (int64_t m = 0; m < k.m; ++m)
      for (int64_t p = 0; p < hw; ++p) {
        double acc = pb[m];
        for (int64_t c = 0; c < k.c; ++c) acc += double(pw[m * k.c + c]) * x[(n * k.c + c) * hw + p];
        mid[(n * k.m + m) * hw + p] = (k.pw_relu && acc < 0 ? 0 : acc) * k.pw_scale + k.pw_shift;
      }
  std::vector<float> ref(out.size());
  for (int64_t n = 0; n < k.n; ++n)
    for (int64_t m = 0; m < k.m; ++m)
      for (int64_t y = 0; y < oh; ++y)
        for (int64_t xo = 0; xo < ow; ++xo) {
          double acc = db[m];
          for (int64_t i = 0; i < k.k; ++i)
            for (int64_t j = 0; j < k.k; ++j) {
              const int64_t iy = y * k.s - k.pad + i, ix = xo * k.s - k.pad + j;
              if (iy < 0 || iy >= k.h || ix < 0 || ix >= k.w) continue;
              acc += mid[(n * k.m + m) * hw + iy * k.w + ix] * dw[(m * k.k + i) * k.k + j];
            }
          ref[((n * k.m + m) * oh + y) * ow + xo] = dw_act.Apply(static_cast<float>(acc));
        }
  testing::ExpectAllClose(ref, out, 2e-5f, 2e-5f, what);
  if (!PointwiseKernelsAvailable()) return;
  // the two kernels one after the other: the same float operations
  std::vector<float> mid_f(k.n * k.m * hw), two(out.size());
  PointwiseConvNchw({k.n, k.c, hw, k.m}, x.data(), packed.data(), pb.data(), pw_act,
                    mid_f.data(), 1);
  DepthwiseConvNchw(s.dw, mid_f.data(), dw.data(), db.data(), dw_act, two.data(), 1);
  for (size_t i = 0; i < out.size(); ++i) ASSERT_EQ(two[i], out[i]) << what << " [" << i << "]";
}

TEST(PointwiseDepthwiseNchw, MatchesTheTwoConvs) {
  using A = FusedActivation;
  const std::vector<Case> cases = {
      // 8 -> 32 @ 64x600, 3x3 stride 2: bands of a few rows, a short last band
      {1, 8, 32, 64, 600, 3, 2, 1, true, A::kRelu},
      // 16 -> 40, 3x3 stride 1, odd sizes, 2 images
      {2, 16, 40, 37, 203, 3, 1, 1, true, A::kRelu},
      // 5x5 stride 2, channels no multiple of 6, no 1x1 activation
      {1, 3, 7, 29, 700, 5, 2, 2, false, A::kHardSwish},
      // 5x5 stride 1 with a plane smaller than one band
      {1, 8, 8, 9, 21, 5, 1, 2, true, A::kNone},
      // unpadded 3x3: every band's input rows inside the plane
      {1, 6, 12, 40, 310, 3, 1, 0, false, A::kRelu6},
      // a post affine after the 1x1 activation, on a map computed in bands
      // (24 x 160 x 200) and on one computed by the two convs (24 x 30 x 50)
      {1, 8, 24, 160, 200, 3, 1, 1, true, A::kHardSwish, 0.75f, -0.25f},
      {1, 8, 24, 30, 50, 3, 2, 1, true, A::kNone, 1.5f, 0.5f},
  };
  // Both ways of PointwiseDepthwiseNchw are among the cases.
  int bands = 0;
  for (const Case& k : cases) {
    bands += PointwiseDepthwiseFusedPays({k.c, {k.n, k.m, k.h, k.w, k.m, k.k, k.k, 1, 1, k.s, k.s,
                                                k.pad, k.pad}});
  }
  EXPECT_GT(bands, 0);
  EXPECT_LT(bands, static_cast<int>(cases.size()));
  for (const Case& k : cases) {
    Check(k, 1);
    Check(k, 2);
  }
}

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle
