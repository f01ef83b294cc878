// The vectorized per-tensor fake quantization against the scalar formulas of
// quant.cc (std::round / std::nearbyint), bit for bit: exact ties k + 0.5,
// the floats right below and above them, clipping, odd lengths (scalar
// tail) and several threads.
#include "lite/operators/tensor/quant_per_tensor.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace paddle {
namespace lite {
namespace operators {
namespace {

float ScalarQuant(float x, float s, float bin, int round_type, bool dq) {
  const float inv = 1.f / s;
  float q;
  if (round_type == 0) {
    q = std::min(std::max(std::nearbyint(bin * (x * inv)), -bin - 1.f), bin);
  } else {
    q = std::round(bin * inv * std::min(std::max(x, -s), s));
  }
  return dq ? q * s / bin : q;
}

// Inputs whose scaled value lands on, just below and just above every tie
// k + 0.5 for |k| < bin + 2, plus a dense sweep.
std::vector<float> TieInputs(float s, float bin) {
  std::vector<float> x;
  for (int k = -static_cast<int>(bin) - 2; k <= static_cast<int>(bin) + 2; ++k) {
    const float t = (k + 0.5f) * s / bin;
    x.insert(x.end(), {t, std::nextafter(t, -1e9f), std::nextafter(t, 1e9f)});
  }
  for (int i = -5000; i <= 5000; ++i) x.push_back(i * s / 3000.f);
  x.push_back(0.49999997f * s / bin);
  return x;
}

TEST(QuantPerTensor, BitIdenticalToScalarFormulas) {
  for (float s : {1.f, 0.7310f, 6.25f}) {
    for (float bin : {127.f, 7.f, 1.f}) {
      const std::vector<float> x = TieInputs(s, bin);
      for (int rt : {0, 1}) {
        for (bool dq : {false, true}) {
          for (int threads : {1, 2}) {
            std::vector<float> got(x.size());
            QuantPerTensor(x.data(), got.data(), static_cast<int64_t>(x.size()), s, 1.f / s, bin,
                           rt, dq, threads);
            for (size_t i = 0; i < x.size(); ++i) {
              ASSERT_EQ(got[i], ScalarQuant(x[i], s, bin, rt, dq))
                  << "x = " << x[i] << ", s = " << s << ", bin = " << bin
                  << ", round_type = " << rt << ", dequant = " << dq << ", i = " << i;
            }
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle
