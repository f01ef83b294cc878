// Reproducible random test data (std::mt19937, fixed seeds).
#ifndef NNADAPTER_TESTING_RANDOM_H_
#define NNADAPTER_TESTING_RANDOM_H_

#include <cstdint>
#include <random>
#include <vector>

namespace nnadapter_test {

// `n` floats uniform in [lo, hi) drawn from `rng`.
inline std::vector<float> Random(std::mt19937* rng, size_t n, float lo = -1.0f,
                                 float hi = 1.0f) {
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(*rng);
  return v;
}
inline std::vector<float> Random(size_t n, float lo, float hi, unsigned seed) {
  std::mt19937 rng(seed);
  return Random(&rng, n, lo, hi);
}
// `n` int8 values in [-127, 127].
inline std::vector<int8_t> RandomInt8(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(-127, 127);
  std::vector<int8_t> v(n);
  for (auto& x : v) x = static_cast<int8_t>(dist(rng));
  return v;
}
// `n` int32 values in [-range, range].
inline std::vector<int32_t> RandomInt32(size_t n, int32_t range, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int32_t> dist(-range, range);
  std::vector<int32_t> v(n);
  for (auto& x : v) x = dist(rng);
  return v;
}

}  // namespace nnadapter_test

#endif  // NNADAPTER_TESTING_RANDOM_H_
