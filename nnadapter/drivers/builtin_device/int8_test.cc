// int8 (QUANT_INT8_SYMM_PER_LAYER) variants: inputs are dequantized, the
// result is requantized with the output scale, round half away from zero,
// saturated to [-128, 127]. Values computed by hand in the comments.
#include "drivers/builtin_device/test_util.h"

using namespace nnadapter_test;  // NOLINT

static const NNAdapterOperandPrecision kQ = NNADAPTER_QUANT_INT8_SYMM_PER_LAYER;

OP_TEST(SUB, Int8Saturates) {
  // real [10, -10] - [-60, 60] = [70, -70] -> / 0.5 = [140 -> 127, -140 -> -128]
  auto r = Exec(NNADAPTER_SUB,
                {V(Q8({2}, {20, -20}, 0.5f)), V(Q8({2}, {-120, 120}, 0.5f)),
                 ci(0)},
                {{kQ, 0.5f}});
  ExpectQ8(r[0], {2}, {127, -128});
}
OP_TEST(MUL, Int8RoundHalfAway) {
  // real [1.5, -1.5] * [0.5] = [0.75, -0.75] -> / 0.5 = [1.5 -> 2, -1.5 -> -2]
  auto r = Exec(NNADAPTER_MUL,
                {V(Q8({2}, {3, -3}, 0.5f)), V(Q8({1}, {1}, 0.5f)), ci(0)},
                {{kQ, 0.5f}});
  ExpectQ8(r[0], {2}, {2, -2});
}
OP_TEST(DIV, Int8) {
  // real [3, -2] / [0.5] = [6, -4] -> / 0.25 = [24, -16]
  auto r = Exec(NNADAPTER_DIV,
                {V(Q8({2}, {6, -4}, 0.5f)), V(Q8({1}, {1}, 0.5f)), ci(0)},
                {{kQ, 0.25f}});
  ExpectQ8(r[0], {2}, {24, -16});
}
OP_TEST(MAX_POOL_2D, Int8) {
  auto r = Exec(NNADAPTER_MAX_POOL_2D,
                {V(Q8({1, 1, 2, 2}, {-5, 7, 3, -1}, 0.5f)), ci(0),
                 cis({0, 0, 0, 0}), cis({2, 2}), cis({1, 1}), cb(false),
                 cb(false), ci(NNADAPTER_INT64), ci(0)},
                {{kQ, 0.5f}});
  ExpectQ8(r[0], {1, 1, 1, 1}, {7});
}
OP_TEST(RESHAPE, Int8) {
  auto r = Exec(NNADAPTER_RESHAPE,
                {V(Q8({2, 2}, {1, -2, 3, -4}, 0.5f)), cis({4})}, {{kQ, 0.5f}});
  ExpectQ8(r[0], {4}, {1, -2, 3, -4});
}
OP_TEST(SOFTMAX, Int8) {
  // real [0, 0] -> [0.5, 0.5] -> / (1/128) = 64
  auto r = Exec(NNADAPTER_SOFTMAX, {V(Q8({2}, {0, 0}, 0.1f)), ci(0)},
                {{kQ, 1.0f / 128}});
  ExpectQ8(r[0], {2}, {64, 64});
}
OP_TEST(TANH, Int8) {
  // real [0, 10] -> [0, ~1] -> / (1/127) = [0, 127]
  auto r = Exec(NNADAPTER_TANH, {V(Q8({2}, {0, 100}, 0.1f))},
                {{kQ, 1.0f / 127}});
  ExpectQ8(r[0], {2}, {0, 127});
}
OP_TEST(LEAKY_RELU, Int8) {
  // real [-2, 1] -> [-0.2, 1] -> / 0.1 = [-2, 10]
  auto r = Exec(NNADAPTER_LEAKY_RELU, {V(Q8({2}, {-4, 2}, 0.5f)), cf(0.1f)},
                {{kQ, 0.1f}});
  ExpectQ8(r[0], {2}, {-2, 10});
}
OP_TEST(HARD_SWISH, Int8) {
  // real [3, -3] -> [3 * 1, 0] -> / 0.5 = [6, 0]
  auto r = Exec(NNADAPTER_HARD_SWISH,
                {V(Q8({2}, {6, -6}, 0.5f)), cf(1.0f / 6), cf(0.5f)},
                {{kQ, 0.5f}});
  ExpectQ8(r[0], {2}, {6, 0});
}
OP_TEST(REDUCE_MEAN, Int8) {
  // real [1, 2, 3, 4] (scale 0.5) -> mean 2.5 -> / 0.5 = 5
  auto r = Exec(NNADAPTER_REDUCE_MEAN,
                {V(Q8({4}, {2, 4, 6, 8}, 0.5f)), cis({0}), cb(false)},
                {{kQ, 0.5f}});
  ExpectQ8(r[0], {}, {5});
}
OP_TEST(SLICE, Int8) {
  auto r = Exec(NNADAPTER_SLICE,
                {V(Q8({4}, {1, 2, 3, 4}, 0.5f)), cis({0}), cis({1}), cis({3}),
                 cis({1})},
                {{kQ, 0.5f}});
  ExpectQ8(r[0], {2}, {2, 3});
}
OP_TEST(GATHER, Int8) {
  auto r = Exec(NNADAPTER_GATHER,
                {V(Q8({3}, {5, 6, 7}, 0.5f)), V(I32({2}, {2, 2})), ci(0)},
                {{kQ, 0.5f}});
  ExpectQ8(r[0], {2}, {7, 7});
}
OP_TEST(PAD, Int8Constant) {
  // pad value is real 1.0 -> q 2 at scale 0.5
  auto r = Exec(NNADAPTER_PAD,
                {V(Q8({1}, {4}, 0.5f)), cis({1, 1}),
                 ci(NNADAPTER_PAD_MODE_CONSTANT), C(Q8({1}, {2}, 0.5f))},
                {{kQ, 0.5f}});
  ExpectQ8(r[0], {3}, {2, 4, 2});
}
OP_TEST(RESIZE_NEAREST, Int8) {
  auto r = Exec(NNADAPTER_RESIZE_NEAREST,
                {V(Q8({1, 1, 1, 2}, {-3, 9}, 0.5f)), cis({1, 4}), None(),
                 cb(false)},
                {{kQ, 0.5f}});
  ExpectQ8(r[0], {1, 1, 1, 4}, {-3, -3, 9, 9});
}
OP_TEST(BATCH_NORMALIZATION, Int8) {
  // real [1, 2] (scale 0.5): (x - 1) / sqrt(4) * 2 + 1 = [1, 2] -> / 0.25
  auto r = Exec(NNADAPTER_BATCH_NORMALIZATION,
                {V(Q8({1, 1, 1, 2}, {2, 4}, 0.5f)), cfs({2}), cfs({1}),
                 cfs({1}), cfs({4}), cf(0)},
                {{kQ, 0.25f}});
  ExpectQ8(r[0], {1, 1, 1, 2}, {4, 8});
}
OP_TEST(CONV_2D_TRANSPOSE, Int8) {
  // x real [1, 2] (1x1x1x2), filter real [0.5, 0.5] (1x1x1x2), stride 1:
  // out = [0.5, 1.5, 1.0] -> / 0.25 = [2, 6, 4]
  auto r = Exec(NNADAPTER_CONV_2D_TRANSPOSE,
                {V(Q8({1, 1, 1, 2}, {2, 4}, 0.5f)),
                 C(Q8({1, 1, 1, 2}, {1, 1}, 0.5f)), C(Q32({1}, {0}, 0.25f)),
                 ci(0), cis({0, 0, 0, 0}), cis({1, 1}), ci(1), cis({1, 1}),
                 None(), None(), ci(0)},
                {{kQ, 0.25f}});
  ExpectQ8(r[0], {1, 1, 1, 3}, {2, 6, 4});
}
