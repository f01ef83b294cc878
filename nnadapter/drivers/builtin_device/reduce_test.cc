// Reductions, arg max/min, cumulative sum, softmax, normalization by norm,
// top-k.
#include "drivers/builtin_device/test_util.h"

using namespace nnadapter_test;  // NOLINT

static Tensor M23() { return F32({2, 3}, {1, 2, 3, 4, 5, 6}); }

OP_TEST(REDUCE_SUM, Axis1NoKeep) {
  auto r = Exec(NNADAPTER_REDUCE_SUM, {V(M23()), cis({1}), cb(false)}, {{}});
  ExpectF32(r[0], {2}, {6, 15});
}
OP_TEST(REDUCE_MEAN, Axis0Keep) {
  auto r = Exec(NNADAPTER_REDUCE_MEAN, {V(M23()), cis({0}), cb(true)}, {{}});
  ExpectF32(r[0], {1, 3}, {2.5f, 3.5f, 4.5f});
}
OP_TEST(REDUCE_MAX, NegativeAxisKeep) {
  auto r = Exec(NNADAPTER_REDUCE_MAX, {V(M23()), cis({-1}), cb(true)}, {{}});
  ExpectF32(r[0], {2, 1}, {3, 6});
}
OP_TEST(REDUCE_SUM, AllAxes) {
  auto r = Exec(NNADAPTER_REDUCE_SUM, {V(M23()), cis({0, 1}), cb(false)}, {{}});
  ExpectF32(r[0], {}, {21});
}
OP_TEST(ARG_MAX, FirstMaxWins) {
  auto r = Exec(NNADAPTER_ARG_MAX,
               {V(F32({2, 3}, {1, 5, 3, 9, 2, 9})), ci(1), cb(false),
                ci(NNADAPTER_INT64)},
               {{NNADAPTER_INT64}});
  ExpectI64(r[0], {2}, {1, 0});
}
OP_TEST(ARG_MIN, Int32Keepdim) {
  auto r = Exec(NNADAPTER_ARG_MIN,
               {V(F32({2, 3}, {1, 5, 3, 9, 2, 9})), ci(1), cb(true),
                ci(NNADAPTER_INT32)},
               {{NNADAPTER_INT32}});
  ExpectI32(r[0], {2, 1}, {0, 1});
}
OP_TEST(CUM_SUM, ForwardAndReverseExclusive) {
  auto r = Exec(NNADAPTER_CUM_SUM,
               {V(F32({3}, {1, 2, 3})), ci(0), cb(false), cb(false)}, {{}});
  ExpectF32(r[0], {3}, {1, 3, 6});
  r = Exec(NNADAPTER_CUM_SUM, {V(F32({3}, {1, 2, 3})), ci(0), cb(true), cb(true)},
          {{}});
  ExpectF32(r[0], {3}, {5, 3, 0});
}
OP_TEST(SOFTMAX, LastAxis) {
  // e / (1 + e) = 0.7310586
  auto r = Exec(NNADAPTER_SOFTMAX, {V(F32({2, 2}, {1, 2, 5, 5})), ci(-1)}, {{}});
  ExpectF32(r[0], {2, 2}, {0.2689414f, 0.7310586f, 0.5f, 0.5f});
}
OP_TEST(LOG_SOFTMAX, LastAxis) {
  auto r = Exec(NNADAPTER_LOG_SOFTMAX, {V(F32({2}, {1, 2})), ci(0)}, {{}});
  ExpectF32(r[0], {2}, {-1.3132617f, -0.3132617f});
}
OP_TEST(LP_NORMALIZATION, P2AndP1) {
  auto r = Exec(NNADAPTER_LP_NORMALIZATION,
               {V(F32({2}, {3, 4})), ci(0), ci(2), cf(1e-10f)}, {{}});
  ExpectF32(r[0], {2}, {0.6f, 0.8f});
  r = Exec(NNADAPTER_LP_NORMALIZATION,
          {V(F32({2}, {3, -4})), ci(0), ci(1), cf(1e-10f)}, {{}});
  ExpectF32(r[0], {2}, {3.0f / 7, -4.0f / 7});
}
OP_TEST(TOP_K, LargestWithIndices) {
  auto r = Exec(NNADAPTER_TOP_K,
               {V(F32({4}, {1, 3, 2, 5})), ci(2), ci(-1), cb(true), cb(true),
                ci(NNADAPTER_INT32)},
               {{}, {NNADAPTER_INT32}});
  ExpectF32(r[0], {2}, {5, 3});
  ExpectI32(r[1], {2}, {3, 1});
}
OP_TEST(TOP_K, Smallest) {
  auto r = Exec(NNADAPTER_TOP_K,
               {V(F32({2, 3}, {4, 1, 3, 0, 8, 7})), ci(1), ci(1), cb(false),
                cb(true), ci(NNADAPTER_INT64)},
               {{}, {NNADAPTER_INT64}});
  ExpectF32(r[0], {2, 1}, {1, 0});
  ExpectI64(r[1], {2, 1}, {1, 0});
}
