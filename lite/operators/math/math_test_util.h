// Naive references shared by the math family tests (written plainly,
// independent of the kernels' loop plans).
#pragma once
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "lite/core/op_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

// A binary op's operands broadcast along `axis` (-1: trailing) and, where a
// test states it, the output dims.
struct BroadcastCase {
  DDim x, y;
  int axis;
  DDim expected_out = {};  // empty: not stated
};

// Paddle's elementwise broadcast, spelled out: the operand with fewer dims
// is placed at `axis` (-1: trailing) after trimming its trailing 1s if they
// would stick out; equal ranks use numpy rules. Returns the padded dims of
// both operands through xp/yp and the output dims.
inline DDim RefBroadcast(const DDim& x, const DDim& y, int axis, DDim* xp,
                         DDim* yp) {
  *xp = x;
  *yp = y;
  if (x.size() != y.size()) {
    bool x_big = x.size() > y.size();
    DDim big = x_big ? x : y;
    DDim small = x_big ? y : x;
    int a = axis == -1 ? static_cast<int>(big.size() - small.size()) : axis;
    while (!small.empty() && small.back() == 1 && a + small.size() > big.size())
      small.pop_back();
    DDim padded(big.size(), 1);
    for (size_t i = 0; i < small.size(); ++i) padded[a + i] = small[i];
    if (x_big) *yp = padded; else *xp = padded;
  }
  DDim out(xp->size());
  for (size_t i = 0; i < out.size(); ++i)
    out[i] = (*xp)[i] == 1 ? (*yp)[i] : (*xp)[i];
  return out;
}

// Offset into a tensor of padded dims `d` for output multi-index `idx`.
inline int64_t RefOffset(const DDim& d, const std::vector<int64_t>& idx) {
  int64_t off = 0;
  for (size_t i = 0; i < d.size(); ++i) off = off * d[i] + (d[i] == 1 ? 0 : idx[i]);
  return off;
}

// out[idx] = f(x[idx'], y[idx'']) with naive multi-index iteration.
template <typename T, typename O, typename F>
std::vector<O> RefBinary(const DDim& xd, const DDim& yd, int axis,
                         const std::vector<T>& x, const std::vector<T>& y,
                         F f, DDim* out_dims) {
  DDim xp, yp;
  DDim od = RefBroadcast(xd, yd, axis, &xp, &yp);
  *out_dims = od;
  std::vector<O> out(Numel(od));
  std::vector<int64_t> idx(od.size(), 0);
  for (int64_t i = 0; i < Numel(od); ++i) {
    int64_t r = i;
    for (size_t j = od.size(); j-- > 0;) {
      idx[j] = r % od[j];
      r /= od[j];
    }
    out[i] = f(x[RefOffset(xp, idx)], y[RefOffset(yp, idx)]);
  }
  return out;
}

inline std::vector<int32_t> RandomInts(size_t n, int lo, int hi, uint32_t seed = 7,
                                       bool nonzero = false) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> dist(lo, hi);
  std::vector<int32_t> v(n);
  for (auto& e : v) {
    do {
      e = dist(gen);
    } while (nonzero && e == 0);
  }
  return v;
}

template <typename T>
std::vector<T> Cast(const std::vector<int32_t>& v) {
  return std::vector<T>(v.begin(), v.end());
}

// Runs `fn` expecting an Error whose message contains every one of `parts`.
template <typename Fn>
void ExpectErrorContains(Fn&& fn, const std::vector<std::string>& parts) {
  try {
    fn();
    ADD_FAILURE() << "expected an error containing '" << parts[0] << "'";
  } catch (const Error& e) {
    std::string msg = e.what();
    for (const auto& p : parts)
      EXPECT_NE(msg.find(p), std::string::npos) << "'" << p << "' not in: " << msg;
  }
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
