// PointwiseConvNchw (1x1 convs with few input channels on NCHW) against a
// naive double-precision loop: output channels not multiples of the 6-row
// block, planes not multiples of 16 or 8 pixels (the scalar tail) and
// longer than one 512-pixel chunk, batch 2, with and without bias, fused
// activations, 1 and 2 threads; the block's bias and activation in
// registers against the row passes. Conv2d.SmallChannelPointwiseMatchesNaive
// runs the conv2d op on such shapes.
#include "lite/operators/nn/pointwise_conv_nchw.h"

#include <gtest/gtest.h>

#include <cstring>

#include "lite/core/op_test_util.h"
#include "lite/operators/nn/gemm_6x16_avx2.h"  // kGemmRows

namespace paddle {
namespace lite {
namespace operators {
namespace {

using testing::RandomFloats;

struct Case {
  int64_t n, c, hw, m;
  bool bias;
  FusedActivation::Kind act;
};

void Check(const Case& k, int threads) {
  const PointwiseShape s{k.n, k.c, k.hw, k.m};
  auto x = RandomFloats(s.n * s.c * s.hw, -1, 1, 1);
  auto w = RandomFloats(s.m * s.c, -1, 1, 2);
  auto b = RandomFloats(s.m, -1, 1, 3);
  FusedActivation act;
  act.kind = k.act;
  std::vector<float> out(static_cast<size_t>(s.n * s.m * s.hw), -7.f);
  const std::vector<float> packed = PointwisePackFilter(w.data(), s.m, s.c);
  PointwiseConvNchw(s, x.data(), packed.data(), k.bias ? b.data() : nullptr, act, out.data(),
                    threads);
  std::vector<float> ref(out.size());
  for (int64_t n = 0; n < s.n; ++n)
    for (int64_t m = 0; m < s.m; ++m)
      for (int64_t p = 0; p < s.hw; ++p) {
        double acc = k.bias ? b[m] : 0.0;
        for (int64_t c = 0; c < s.c; ++c) {
          acc += static_cast<double>(x[(n * s.c + c) * s.hw + p]) * w[m * s.c + c];
        }
        ref[static_cast<size_t>((n * s.m + m) * s.hw + p)] = act.Apply(static_cast<float>(acc));
      }
  testing::ExpectAllClose(ref, out, 1e-5f, 1e-5f,
                          "pointwise c " + std::to_string(k.c) + " m " + std::to_string(k.m) +
                              " hw " + std::to_string(k.hw) + " threads " +
                              std::to_string(threads));
}

TEST(PointwiseConvNchw, MatchesNaiveOnOddShapes) {
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
    // The kernel cannot run here, so conv2d must not choose it.
    EXPECT_FALSE(PointwiseKernelsAvailable());
    EXPECT_FALSE(PointwiseNchwApplies(1, {32, 8, 1, 1}, {1, 1}, {0, 0, 0, 0}, 4096));
    return;
  }
  using A = FusedActivation;
  const std::vector<Case> cases = {
      {1, 8, 1031, 32, true, A::kRelu},       // 2 chunks + 7, tail of 7 pixels
      {2, 16, 1100, 13, false, A::kNone},     // partial block of 1 channel
      {1, 3, 24, 5, true, A::kHardSwish},     // one 16 + one 8, 5 channels
      {1, 64, 2048, 48, true, A::kSigmoid},   // whole chunks
      {1, 1, 17, 1, false, A::kRelu6},
  };
  for (const Case& k : cases) {
    Check(k, 1);
    Check(k, 2);
  }
}

// Bias and activation in the block's registers give what the block's rows
// give with the bias added and FusedActivation::ApplySerial run afterwards,
// bit for bit: every activation act_avx2.h computes (with and without a post
// affine) and one it does not (swish: the rows afterwards), rows of 16 and 8
// pixels and the scalar tail.
TEST(PointwiseConvNchw, BiasAndActivationInRegistersAreTheRowPasses) {
  using A = FusedActivation;
  const int64_t c = 13, ldx = 50;
  const auto x = RandomFloats(c * ldx, -4, 4, 1);
  const auto w = RandomFloats(kGemmRows * c, -1, 1, 2);
  const auto bias = RandomFloats(kGemmRows, -2, 2, 3);
  const std::vector<float> packed = PointwisePackFilter(w.data(), kGemmRows, c);
  for (A::Kind kind : {A::kNone, A::kRelu, A::kRelu6, A::kLeakyRelu, A::kHardSwish,
                       A::kHardSigmoid, A::kSwish}) {
    for (bool affine : {false, true}) {
      for (bool with_bias : {false, true}) {
        A act;
        act.kind = kind;
        act.params.type = kind;
        act.params.leaky_relu_alpha = 0.1f;
        if (affine) {
          act.post_scale = 0.75f;
          act.post_shift = -0.25f;
        }
        for (int64_t len : {0, 7, 8, 16, 37, 50}) {
          const std::string what = "kind " + std::to_string(static_cast<int>(kind)) +
                                   (affine ? " affine" : "") + (with_bias ? " bias" : "") +
                                   " len " + std::to_string(len);
          std::vector<float> fused(kGemmRows * ldx, -7.f), rows(fused);
          const float* b = with_bias ? bias.data() : nullptr;
          PointwiseGemmBlock(packed.data(), c, x.data(), ldx, len, fused.data(), ldx, b, &act);
          PointwiseGemmBlock(packed.data(), c, x.data(), ldx, len, rows.data(), ldx);
          for (int64_t r = 0; r < kGemmRows; ++r) {
            float* row = rows.data() + r * ldx;
            for (int64_t i = 0; i < len && b; ++i) row[i] += b[r];
            act.ApplySerial(row, len);
          }
          for (size_t i = 0; i < fused.size(); ++i) {
            ASSERT_EQ(std::memcmp(&fused[i], &rows[i], sizeof(float)), 0)
                << what << " [" << i << "] " << fused[i] << " vs " << rows[i];
          }
        }
      }
    }
  }
}

TEST(PointwiseConvNchw, AppliesOnlyToSmallChannelUnpaddedStride1) {
  const std::vector<int> one{1, 1}, two{2, 2}, none{0, 0, 0, 0}, pad{0, 1, 0, 0};
  EXPECT_FALSE(PointwiseNchwApplies(2, {32, 8, 1, 1}, one, none, 4096));
  EXPECT_FALSE(PointwiseNchwApplies(1, {32, 8, 1, 1}, two, none, 4096));
  EXPECT_FALSE(PointwiseNchwApplies(1, {32, 8, 1, 1}, one, pad, 4096));
  EXPECT_FALSE(PointwiseNchwApplies(1, {32, 8, 3, 3}, one, none, 4096));
  EXPECT_FALSE(PointwiseNchwApplies(1, {32, 65, 1, 1}, one, none, 4096));
  EXPECT_FALSE(PointwiseNchwApplies(1, {32, 8, 1, 1}, one, none, 1023));
}

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle
