// FusedActivation::ApplySerial (its AVX2 pass of act_avx2.h where the CPU
// has AVX2, its scalar loops for the tail and elsewhere) against
// FusedActivation::Apply, the plain per-element formula, bit for bit: every
// activation the AVX2 pass takes,
// with and without the post affine, on lengths around the vector width,
// over random values and the special ones (NaN, infinities, signed zeros,
// subnormals, the clamps' bounds).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "lite/core/op_test_util.h"
#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

using testing::RandomFloats;

bool SameFloat(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::memcmp(&a, &b, sizeof a) == 0;
}

std::vector<FusedActivation> Activations() {
  std::vector<FusedActivation> acts;
  for (auto kind : {FusedActivation::kNone, FusedActivation::kRelu, FusedActivation::kRelu6,
                    FusedActivation::kLeakyRelu, FusedActivation::kHardSwish,
                    FusedActivation::kHardSigmoid}) {
    FusedActivation a;
    a.kind = kind;
    a.params.leaky_relu_alpha = 0.15f;
    acts.push_back(a);
  }
  FusedActivation custom;  // hard_swish with parameters of its own
  custom.kind = FusedActivation::kHardSwish;
  custom.params.hard_swish_threshold = 5.f;
  custom.params.hard_swish_scale = 7.f;
  custom.params.hard_swish_offset = 2.5f;
  acts.push_back(custom);
  return acts;
}

TEST(FusedActivation, ApplySerialIsApplyBitForBit) {
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> special = {std::nanf(""), inf, -inf, 0.f, -0.f, 1e-40f, -1e-40f,
                                      3.f, -3.f, 6.f, -2.5f, 2.5f, 3.4e38f, -3.4e38f};
  const float scales[][2] = {{1.f, 0.f}, {0.75f, 0.f}, {1.f, -0.3f}, {1.3f, 0.1f}};
  int checked = 0;
  for (FusedActivation act : Activations()) {
    for (const auto& affine : scales) {
      act.post_scale = affine[0];
      act.post_shift = affine[1];
      for (int64_t n : {0, 1, 7, 8, 9, 16, 37, 1000}) {
        std::vector<float> x = RandomFloats(static_cast<size_t>(n), -8.f, 8.f, 11);
        for (size_t i = 0; i < x.size() && i < special.size(); ++i) {
          x[(i * 7) % x.size()] = special[i];
        }
        std::vector<float> y = x;
        act.ApplySerial(y.data(), n);
        for (int64_t i = 0; i < n; ++i) {
          const float want = act.Apply(x[i]);
          ASSERT_TRUE(SameFloat(want, y[i]))
              << "activation " << static_cast<int>(act.kind) << " post " << act.post_scale
              << " x + " << act.post_shift << ", n " << n << ", element " << i << " of x "
              << x[i] << ": " << y[i] << " instead of " << want;
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 30000);
}

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle
