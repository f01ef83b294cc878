// DepthwiseConvNchw (the direct NCHW depthwise kernel) against a naive
// double-precision loop on odd shapes: strides 1..4 (different per axis),
// asymmetric paddings, channel multiplier, kernels larger than the input,
// planes longer than its internal chunk, fused bias + activation, 1 and 2
// threads, with the AVX2 tiles (kAuto, where they run) and the portable
// loops. (The conv2d op uses it only where DepthwiseNchwPays, so the op
// tests reach it on large shapes only.)
#include "lite/operators/nn/depthwise_conv_nchw.h"

#include <gtest/gtest.h>

#include "lite/core/op_test_util.h"
#include "lite/operators/nn/gemm_6x16_avx2.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

using testing::RandomFloats;

struct Case {
  int64_t n, c, h, w, mult, kh, kw;
  int sh, sw, pt, pb, pl, pr;
  FusedActivation::Kind act;
};

void Check(const Case& k, int threads, DepthwiseKernel kernel) {
  DepthwiseShape s{k.n, k.c, k.h, k.w, k.c * k.mult, k.kh, k.kw,
                   (k.h + k.pt + k.pb - k.kh) / k.sh + 1, (k.w + k.pl + k.pr - k.kw) / k.sw + 1,
                   k.sh, k.sw, k.pt, k.pl};
  auto x = RandomFloats(s.n * s.c * s.h * s.w, -1, 1, 1);
  auto w = RandomFloats(s.m * s.kh * s.kw, -1, 1, 2);
  auto b = RandomFloats(s.m, -1, 1, 3);
  FusedActivation act;
  act.kind = k.act;
  std::vector<float> out(s.n * s.m * s.oh * s.ow, -7.f);
  DepthwiseConvNchw(s, x.data(), w.data(), b.data(), act, out.data(), threads, kernel);
  std::vector<float> ref(out.size());
  for (int64_t n = 0; n < s.n; ++n)
    for (int64_t m = 0; m < s.m; ++m)
      for (int64_t oh = 0; oh < s.oh; ++oh)
        for (int64_t ow = 0; ow < s.ow; ++ow) {
          double acc = b[m];
          for (int64_t i = 0; i < s.kh; ++i)
            for (int64_t j = 0; j < s.kw; ++j) {
              const int64_t ih = oh * s.sh - s.pt + i, iw = ow * s.sw - s.pl + j;
              if (ih < 0 || ih >= s.h || iw < 0 || iw >= s.w) continue;
              acc += static_cast<double>(x[((n * s.c + m / k.mult) * s.h + ih) * s.w + iw]) *
                     w[(m * s.kh + i) * s.kw + j];
            }
          ref[((n * s.m + m) * s.oh + oh) * s.ow + ow] = act.Apply(static_cast<float>(acc));
        }
  testing::ExpectAllClose(ref, out, 1e-5f, 1e-5f,
                          "dw " + std::to_string(k.h) + "x" + std::to_string(k.w) + " k" +
                              std::to_string(k.kh) + "x" + std::to_string(k.kw) + " s" +
                              std::to_string(k.sh) + "," + std::to_string(k.sw) +
                              " threads " + std::to_string(threads) +
                              (kernel == DepthwiseKernel::kAuto ? " auto" : " portable"));
}

TEST(DepthwiseConvNchw, MatchesNaiveOnOddShapes) {
  using A = FusedActivation;
  const std::vector<Case> cases = {
      {2, 5, 13, 17, 1, 3, 5, 1, 1, 0, 2, 3, 1, A::kRelu6},
      {1, 3, 9, 7, 2, 5, 5, 2, 1, 2, 2, 2, 2, A::kSigmoid},
      {1, 3, 9, 7, 2, 5, 5, 1, 3, 2, 2, 2, 2, A::kHardSwish},
      {1, 2, 1, 1, 1, 3, 3, 1, 1, 1, 1, 1, 1, A::kNone},
      {1, 4, 3, 2, 1, 5, 5, 2, 2, 2, 2, 2, 2, A::kLeakyRelu},
      {1, 3, 67, 61, 1, 3, 3, 4, 2, 1, 1, 1, 1, A::kRelu},
      {1, 3, 67, 61, 1, 3, 3, 1, 1, 1, 1, 1, 1, A::kSwish},  // > one 2048 chunk
      {2, 4, 31, 29, 1, 5, 5, 2, 2, 2, 2, 2, 2, A::kHardSigmoid},
      {1, 2, 10, 11, 1, 3, 3, 2, 2, 0, 0, 1, 0, A::kNone},  // odd left pad, stride 2
      {1, 2, 8, 9, 1, 1, 1, 2, 2, 3, 0, 5, 0, A::kNone},    // pads beyond the kernel
      // the AVX2 tiles: 4-row blocks plus leftover rows, 16-column tiles
      // plus a masked tail, 3x5 / 5x3, stride 2 phases, right padding of 0
      {1, 3, 12, 80, 1, 5, 5, 1, 1, 2, 2, 2, 2, A::kHardSwish},
      {1, 3, 14, 37, 2, 3, 3, 1, 1, 1, 1, 1, 1, A::kRelu},
      {1, 2, 11, 16, 1, 3, 5, 1, 1, 1, 1, 2, 2, A::kNone},
      {1, 2, 9, 23, 1, 5, 3, 1, 1, 0, 0, 1, 0, A::kRelu6},
      {1, 3, 21, 41, 1, 3, 3, 2, 2, 1, 1, 1, 1, A::kRelu},
      {1, 2, 24, 80, 1, 5, 5, 2, 1, 2, 2, 2, 2, A::kNone},
  };
  for (const Case& k : cases) {
    for (DepthwiseKernel kernel : {DepthwiseKernel::kAuto, DepthwiseKernel::kPortable}) {
      Check(k, 1, kernel);
      Check(k, 2, kernel);
    }
  }
}

// Where conv2d takes this kernel instead of oneDNN's (measured rules,
// depthwise_conv_nchw.h): planes of >= 1024 outputs on every CPU; with the
// AVX2 tiles also the recognizer's 3x80 planes, not the classifier's 2x96.
TEST(DepthwiseConvNchw, PaysOnLargePlanesAndWithTilesOnPlanesOfThreeRows) {
  EXPECT_TRUE(DepthwiseNchwPays(3, 3, 32, 32));
  EXPECT_TRUE(DepthwiseNchwPays(7, 7, 8, 128));
  EXPECT_FALSE(DepthwiseNchwPays(5, 5, 2, 96));
  EXPECT_FALSE(DepthwiseNchwPays(7, 7, 3, 80));  // no tile for 7x7
  EXPECT_FALSE(DepthwiseNchwPays(5, 5, 3, 79));  // 237 outputs
  EXPECT_EQ(HandKernelsRun(), DepthwiseNchwPays(5, 5, 3, 80));
  EXPECT_EQ(HandKernelsRun(), DepthwiseNchwPays(3, 3, 4, 64));
}

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle
