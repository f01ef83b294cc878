// StemConvNchw (3x3 stride-2 convs with few channels, NCHW) against a naive
// double-precision loop: odd and even input sizes (partial 16-pixel pieces),
// symmetric, asymmetric and zero paddings, 1-4 input and 1-32 output
// channels (the 8-, 4- and 1-channel register blocks), batch 2, bias or
// none, activations, 1 and 2 threads. The conv2d op takes this path where
// oneDNN runs AVX-512 kernels (StemConvApplies); the kernel itself runs on
// any CPU.
#include "lite/operators/nn/stem_conv_nchw.h"

#include <gtest/gtest.h>

#include <cmath>

#include "lite/core/op_test_util.h"
#include "lite/operators/math/blocked_layout.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

using testing::RandomFloats;

struct Case {
  int64_t n, c, h, w, m;
  int pt, pb, pl, pr;
  FusedActivation::Kind act;
  bool bias;
};

void Check(const Case& k, int threads) {
  const StemConvShape s{k.n, k.c, k.h, k.w, k.m, (k.h + k.pt + k.pb - 3) / 2 + 1,
                        (k.w + k.pl + k.pr - 3) / 2 + 1, k.pt, k.pl};
  const auto x = RandomFloats(s.n * s.c * s.h * s.w, -1, 1, 1);
  const auto w = RandomFloats(s.m * s.c * 9, -1, 1, 2);
  const auto b = RandomFloats(s.m, -1, 1, 3);
  FusedActivation act;
  act.kind = k.act;
  std::vector<float> out(static_cast<size_t>(s.n * s.m * s.oh * s.ow), -7.f);
  StemConvNchw(s, x.data(), w.data(), k.bias ? b.data() : nullptr, act, out.data(), threads);
  double max_err = 0;
  for (int64_t n = 0; n < s.n; ++n)
    for (int64_t m = 0; m < s.m; ++m)
      for (int64_t oh = 0; oh < s.oh; ++oh)
        for (int64_t ow = 0; ow < s.ow; ++ow) {
          double acc = k.bias ? b[m] : 0.0;
          for (int64_t c = 0; c < s.c; ++c)
            for (int64_t i = 0; i < 3; ++i)
              for (int64_t j = 0; j < 3; ++j) {
                const int64_t ih = oh * 2 - s.pt + i, iw = ow * 2 - s.pl + j;
                if (ih < 0 || ih >= s.h || iw < 0 || iw >= s.w) continue;
                acc += static_cast<double>(x[((n * s.c + c) * s.h + ih) * s.w + iw]) *
                       w[((m * s.c + c) * 3 + i) * 3 + j];
              }
          const float ref = act.Apply(static_cast<float>(acc));
          const float got = out[static_cast<size_t>(((n * s.m + m) * s.oh + oh) * s.ow + ow)];
          max_err = std::max(max_err, std::fabs(double(got) - ref));
        }
  // 37 products of values in [-1, 1]: float rounding stays far below 1e-5;
  // a wrong tap, column or channel is off by ~1e-1.
  EXPECT_LE(max_err, 1e-5) << "c " << s.c << " m " << s.m << " " << s.h << "x" << s.w
                           << " pads " << k.pt << k.pb << k.pl << k.pr << " threads " << threads;
}

TEST(StemConvNchw, MatchesNaive) {
  using A = FusedActivation;
  const std::vector<Case> cases = {
      {1, 3, 64, 64, 8, 1, 1, 1, 1, A::kHardSwish, true},  // the detectors' stem, small
      {2, 3, 17, 33, 12, 1, 1, 1, 1, A::kRelu, true},      // odd sizes; 8 + 4 channels
      {1, 1, 20, 50, 5, 0, 0, 0, 0, A::kNone, false},      // no padding; 4 + 1 channels
      {1, 4, 9, 40, 32, 1, 0, 0, 1, A::kSigmoid, true},    // asymmetric pads; 32 channels
      {1, 2, 6, 7, 1, 2, 2, 2, 2, A::kRelu6, false},       // pads beyond the kernel
  };
  for (const Case& k : cases) {
    Check(k, 1);
    Check(k, 2);
  }
}

TEST(StemConvNchw, AppliesToStride2ThreeByThreeWithFewChannels) {
  const std::vector<int> one{1, 1}, two{2, 2}, pads{1, 1, 1, 1};
  EXPECT_EQ(StemConvApplies(1, {8, 3, 3, 3}, two, one, pads), OneDnnUsesAvx512());
  EXPECT_FALSE(StemConvApplies(1, {8, 5, 3, 3}, two, one, pads));   // 5 input channels
  EXPECT_FALSE(StemConvApplies(1, {33, 3, 3, 3}, two, one, pads));  // 33 output channels
  EXPECT_FALSE(StemConvApplies(1, {8, 3, 3, 3}, one, one, pads));   // stride 1
  EXPECT_FALSE(StemConvApplies(1, {8, 3, 3, 3}, two, two, pads));   // dilated
  EXPECT_FALSE(StemConvApplies(1, {8, 3, 5, 5}, two, one, pads));   // 5x5
  EXPECT_FALSE(StemConvApplies(3, {9, 1, 3, 3}, two, one, pads));   // grouped
}

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle
