// Winograd3x3Nchw (F(4x4, 3x3) on NCHW) against a naive double-precision
// loop: output sizes not multiples of the 4x4 tile, asymmetric and zero
// paddings, output channels not multiples of the 6-row block, tile blocks
// that end inside the image, batch 2, bias + activation, 1 and 2 threads.
// On CPUs with AVX-512 the products run on Gemm6x32 (the 40x40 and 5x70
// cases' blocks are 48 tiles wide). The conv2d op takes this path on CPUs
// with AVX2, and where oneDNN runs AVX-512 kernels on planes of 64x64 or
// more (Winograd3x3Applies); Conv2d.WinogradShapesMatchNaive runs the op.
#include "lite/operators/nn/winograd_conv3x3.h"

#include <gtest/gtest.h>

#include <cmath>

#include "lite/core/op_test_util.h"
#include "lite/operators/nn/gemm_6x16_avx2.h"  // HandKernelsRun

namespace paddle {
namespace lite {
namespace operators {
namespace {

using testing::RandomFloats;

struct Case {
  int64_t n, c, h, w, m;
  int pt, pb, pl, pr;
  FusedActivation::Kind act;
};

void Check(const Case& k, int threads) {
  const Winograd3x3Shape s{k.n, k.c, k.h, k.w, k.m, k.h + k.pt + k.pb - 2,
                           k.w + k.pl + k.pr - 2, k.pt, k.pl};
  auto x = RandomFloats(s.n * s.c * s.h * s.w, -1, 1, 1);
  auto w = RandomFloats(s.m * s.c * 9, -1, 1, 2);
  auto b = RandomFloats(s.m, -1, 1, 3);
  FusedActivation act;
  act.kind = k.act;
  std::vector<float> out(static_cast<size_t>(s.n * s.m * s.oh * s.ow), -7.f);
  const std::vector<float> packed = Winograd3x3Filter(w.data(), s.m, s.c);
  Winograd3x3Nchw(s, x.data(), packed.data(), b.data(), act, out.data(), threads);
  std::vector<float> ref(out.size());
  double max_err = 0, max_scale = 0;
  for (int64_t n = 0; n < s.n; ++n)
    for (int64_t m = 0; m < s.m; ++m)
      for (int64_t oh = 0; oh < s.oh; ++oh)
        for (int64_t ow = 0; ow < s.ow; ++ow) {
          double acc = b[m], scale = std::fabs(b[m]);
          for (int64_t c = 0; c < s.c; ++c)
            for (int64_t i = 0; i < 3; ++i)
              for (int64_t j = 0; j < 3; ++j) {
                const int64_t ih = oh - s.pt + i, iw = ow - s.pl + j;
                if (ih < 0 || ih >= s.h || iw < 0 || iw >= s.w) continue;
                const double p = static_cast<double>(x[((n * s.c + c) * s.h + ih) * s.w + iw]) *
                                 w[((m * s.c + c) * 3 + i) * 3 + j];
                acc += p;
                scale += std::fabs(p);
              }
          const size_t at = static_cast<size_t>(((n * s.m + m) * s.oh + oh) * s.ow + ow);
          ref[at] = act.Apply(static_cast<float>(acc));
          max_err = std::max(max_err, std::fabs(double(out[at]) - ref[at]));
          max_scale = std::max(max_scale, scale);
        }
  // Winograd's rounding grows with the number of products (the transforms
  // scale values by up to 8 x 5): the bound is relative to the largest sum of
  // |products| of an output, 2e-6 of it (measured: 1.5e-6 for 96 channels
  // of values in [-1, 1]; a wrong tap or tile is off by ~1e-1 of it).
  // Activations here are 1-Lipschitz or less, except hard_swish's ~1.5.
  EXPECT_LE(max_err, 2e-6 * max_scale)
      << "c " << s.c << " m " << s.m << " " << s.h << "x" << s.w << " threads " << threads;
  EXPECT_GT(max_scale, 0.0);
}

TEST(Winograd3x3Nchw, MatchesNaiveOnOddShapes) {
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
    // The kernel cannot run here, so conv2d must not choose it.
    EXPECT_FALSE(Winograd3x3Applies(1, {24, 96, 3, 3}, {1, 1}, {1, 1}, 160, 160));
    return;
  }
  using A = FusedActivation;
  const std::vector<Case> cases = {
      {1, 16, 17, 19, 8, 1, 1, 1, 1, A::kNone},       // 17x19 out: partial tiles
      {2, 24, 13, 9, 13, 0, 2, 1, 0, A::kRelu},       // asymmetric pads, 13 = 2 x 6 + 1
      {1, 96, 40, 40, 24, 1, 1, 1, 1, A::kRelu},      // the detectors' head shape
      {1, 32, 5, 70, 7, 1, 1, 1, 1, A::kHardSwish},   // one tile row of 18 tiles
      {1, 20, 30, 6, 6, 0, 0, 0, 0, A::kSigmoid},     // no padding, 2 tiles wide
      {1, 17, 3, 3, 9, 2, 2, 2, 2, A::kRelu6},        // pads beyond the kernel
  };
  for (const Case& k : cases) {
    Check(k, 1);
    Check(k, 2);
  }
}

TEST(Winograd3x3Nchw, AppliesOnlyToUngroupedStride1Undilated3x3) {
  const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  const std::vector<int> one{1, 1}, two{2, 2};
  // The detectors' shape: yes with AVX2 (also where oneDNN runs AVX-512
  // kernels: 160x160 is large enough there, 40x40 is not); every other case
  // is no everywhere.
  EXPECT_EQ(Winograd3x3Applies(1, {24, 96, 3, 3}, one, one, 160, 160), avx2);
  EXPECT_EQ(Winograd3x3Applies(1, {24, 96, 3, 3}, one, one, 40, 40), avx2 && HandKernelsRun());
  EXPECT_FALSE(Winograd3x3Applies(2, {24, 48, 3, 3}, one, one, 160, 160));
  EXPECT_FALSE(Winograd3x3Applies(1, {24, 96, 3, 3}, two, one, 160, 160));
  EXPECT_FALSE(Winograd3x3Applies(1, {24, 96, 3, 3}, one, two, 160, 160));
  EXPECT_FALSE(Winograd3x3Applies(1, {24, 96, 5, 5}, one, one, 160, 160));
  EXPECT_FALSE(Winograd3x3Applies(1, {24, 8, 3, 3}, one, one, 160, 160));
  EXPECT_FALSE(Winograd3x3Applies(1, {24, 96, 3, 3}, one, one, 8, 8));
}

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle
