// Unary elementwise operations and activations (values computed by hand).
#include <cmath>

#include "drivers/builtin_device/test_util.h"

using namespace nnadapter_test;  // NOLINT

static const float kPi = 3.14159265358979f;

OP_TEST(ABS, Float) {
  auto r = Exec(NNADAPTER_ABS, {V(F32({3}, {-1.5f, 2, 0}))}, {{}});
  ExpectF32(r[0], {3}, {1.5f, 2, 0});
}
OP_TEST(ABS, Int8) {
  auto r = Exec(NNADAPTER_ABS, {V(Q8({2}, {-3, 4}, 0.5f))},
               {{NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, 0.5f}});
  ExpectQ8(r[0], {2}, {3, 4});
}
OP_TEST(COS, Float) {
  auto r = Exec(NNADAPTER_COS, {V(F32({2}, {0, kPi}))}, {{}});
  ExpectF32(r[0], {2}, {1, -1});
}
OP_TEST(SIN, Float) {
  auto r = Exec(NNADAPTER_SIN, {V(F32({2}, {0, kPi / 2}))}, {{}});
  ExpectF32(r[0], {2}, {0, 1});
}
OP_TEST(EXP, Float) {
  auto r = Exec(NNADAPTER_EXP, {V(F32({2}, {0, 1}))}, {{}});
  ExpectF32(r[0], {2}, {1, 2.7182818f});
}
OP_TEST(FLOOR, Float) {
  auto r = Exec(NNADAPTER_FLOOR, {V(F32({3}, {-1.5f, 2.7f, 3}))}, {{}});
  ExpectF32(r[0], {3}, {-2, 2, 3});
}
OP_TEST(LOG, Float) {
  auto r = Exec(NNADAPTER_LOG, {V(F32({2}, {1, 2.7182818f}))}, {{}});
  ExpectF32(r[0], {2}, {0, 1});
}
OP_TEST(RSQRT, Float) {
  auto r = Exec(NNADAPTER_RSQRT, {V(F32({2}, {4, 0.25f}))}, {{}});
  ExpectF32(r[0], {2}, {0.5f, 2});
}
OP_TEST(SQUARE, Float) {
  auto r = Exec(NNADAPTER_SQUARE, {V(F32({2}, {-3, 2}))}, {{}});
  ExpectF32(r[0], {2}, {9, 4});
}
OP_TEST(RELU, Float) {
  auto r = Exec(NNADAPTER_RELU, {V(F32({2, 2}, {-1, 2, 0, -0.5f}))}, {{}});
  ExpectF32(r[0], {2, 2}, {0, 2, 0, 0});
}
OP_TEST(RELU, Int8Requantize) {
  // real [-1, 2.5, 3] -> relu [0, 2.5, 3] -> /0.5 = [0, 5, 6]
  auto r = Exec(NNADAPTER_RELU, {V(Q8({3}, {-4, 10, 12}, 0.25f))},
               {{NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, 0.5f}});
  ExpectQ8(r[0], {3}, {0, 5, 6});
}
OP_TEST(RELU6, Float) {
  auto r = Exec(NNADAPTER_RELU6, {V(F32({3}, {-1, 3, 7}))}, {{}});
  ExpectF32(r[0], {3}, {0, 3, 6});
}
OP_TEST(SIGMOID, Float) {
  // sigmoid(ln 3) = 1 / (1 + 1/3) = 0.75
  auto r = Exec(NNADAPTER_SIGMOID, {V(F32({2}, {0, std::log(3.0f)}))}, {{}});
  ExpectF32(r[0], {2}, {0.5f, 0.75f});
}
OP_TEST(SIGMOID, Int8) {
  // real 0 -> 0.5 -> q = 0.5 / (1/128) = 64
  auto r = Exec(NNADAPTER_SIGMOID, {V(Q8({1}, {0}, 0.1f))},
               {{NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, 1.0f / 128}});
  ExpectQ8(r[0], {1}, {64});
}
OP_TEST(TANH, Float) {
  // tanh(ln 2) = (2 - 1/2) / (2 + 1/2) = 0.6
  auto r = Exec(NNADAPTER_TANH, {V(F32({2}, {0, std::log(2.0f)}))}, {{}});
  ExpectF32(r[0], {2}, {0, 0.6f});
}
OP_TEST(SWISH, Float) {
  float l3 = std::log(3.0f);
  auto r = Exec(NNADAPTER_SWISH, {V(F32({2}, {0, l3}))}, {{}});
  ExpectF32(r[0], {2}, {0, 0.75f * l3});
}
OP_TEST(NOT, Bool) {
  auto r = Exec(NNADAPTER_NOT, {V(Bool8({3}, {1, 0, 1}))}, {{NNADAPTER_BOOL8}});
  ExpectB8(r[0], {3}, {0, 1, 0});
}
OP_TEST(ASSIGN, Int8KeepsBytes) {
  auto r = Exec(NNADAPTER_ASSIGN, {V(Q8({3}, {-128, 5, 127}, 0.3f))},
                {{NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, 0.3f}});
  ExpectQ8(r[0], {3}, {-128, 5, 127});
}
OP_TEST(ASSIGN, Float) {
  auto r = Exec(NNADAPTER_ASSIGN, {V(F32({2}, {1.5f, -2}))}, {{}});
  ExpectF32(r[0], {2}, {1.5f, -2});
}
OP_TEST(GELU, ExactAndApproximate) {
  // Published values: gelu(1) = 0.8413447, gelu(-1) = -0.1586553,
  // tanh approximation gelu(1) = 0.8411920.
  auto r = Exec(NNADAPTER_GELU, {V(F32({3}, {0, 1, -1})), cb(false)}, {{}});
  ExpectF32(r[0], {3}, {0, 0.8413447f, -0.1586553f});
  r = Exec(NNADAPTER_GELU, {V(F32({1}, {1})), cb(true)}, {{}});
  ExpectF32(r[0], {1}, {0.8411920f});
}
OP_TEST(HARD_SIGMOID, Float) {
  auto r = Exec(NNADAPTER_HARD_SIGMOID,
               {V(F32({4}, {-5, 0, 1, 5})), cf(0.2f), cf(0.5f)}, {{}});
  ExpectF32(r[0], {4}, {0, 0.5f, 0.7f, 1});
}
OP_TEST(HARD_SWISH, Float) {
  auto r = Exec(NNADAPTER_HARD_SWISH,
               {V(F32({4}, {-4, 0, 1, 4})), cf(1.0f / 6), cf(0.5f)}, {{}});
  ExpectF32(r[0], {4}, {0, 0, 2.0f / 3, 4});
}
OP_TEST(LEAKY_RELU, Float) {
  auto r = Exec(NNADAPTER_LEAKY_RELU, {V(F32({2}, {-2, 3})), cf(0.1f)}, {{}});
  ExpectF32(r[0], {2}, {-0.2f, 3});
}
OP_TEST(SOFTPLUS, Float) {
  auto r = Exec(NNADAPTER_SOFTPLUS, {V(F32({2}, {0, 30})), cf(1.0f)}, {{}});
  ExpectF32(r[0], {2}, {0.6931472f, 30});
}
OP_TEST(SOFTPLUS, Threshold) {
  // threshold 5: 6 is past it (linear), 4 is not: log(1 + e^4).
  auto r = Exec(NNADAPTER_SOFTPLUS, {V(F32({2}, {6, 4})), cf(1.0f), cf(5.0f)}, {{}});
  ExpectF32(r[0], {2}, {6, 4.0181499f});
}
OP_TEST(CLIP, Float) {
  auto r = Exec(NNADAPTER_CLIP, {V(F32({3}, {-3, 0.5f, 5})), cf(-1), cf(2)},
               {{}});
  ExpectF32(r[0], {3}, {-1, 0.5f, 2});
}
OP_TEST(PRELU, PerChannel) {
  auto r = Exec(NNADAPTER_PRELU,
               {V(F32({1, 2, 1, 2}, {-1, 2, -3, 4})), cfs({0.1f, 0.2f})},
               {{}});
  ExpectF32(r[0], {1, 2, 1, 2}, {-0.1f, 2, -0.6f, 4});
}
OP_TEST(FILL_LIKE, Int32Value) {
  auto r = Exec(NNADAPTER_FILL_LIKE, {V(F32({2, 2}, {1, 2, 3, 4})), ci(7)},
               {{NNADAPTER_INT32}});
  ExpectI32(r[0], {2, 2}, {7, 7, 7, 7});
}
OP_TEST(CAST, FloatToIntAndBool) {
  auto r = Exec(NNADAPTER_CAST, {V(F32({3}, {1.7f, -1.7f, 0})),
                                ci(NNADAPTER_INT32)},
               {{NNADAPTER_INT32}});
  ExpectI32(r[0], {3}, {1, -1, 0});
  r = Exec(NNADAPTER_CAST, {V(F32({3}, {1.7f, -1.7f, 0})), ci(NNADAPTER_BOOL8)},
          {{NNADAPTER_BOOL8}});
  ExpectB8(r[0], {3}, {1, 1, 0});
  r = Exec(NNADAPTER_CAST, {V(I32({2}, {3, -4})), ci(NNADAPTER_FLOAT32)}, {{}});
  ExpectF32(r[0], {2}, {3, -4});
}
OP_TEST(CAST, Float16BothWays) {
  // binary16: 1 = 0x3c00, 0.1 -> 0x2e66, 65504 = 0x7bff (max), 70000 -> inf,
  // 1e-8 -> 0 (below half the smallest subnormal 2^-24)
  auto r = Exec(NNADAPTER_CAST,
                {V(F32({5}, {1, 0.1f, 65504, 70000, 1e-8f})),
                 ci(NNADAPTER_FLOAT16)},
                {{NNADAPTER_FLOAT16}});
  EXPECT_EQ(r[0].precision, NNADAPTER_FLOAT16);
  EXPECT_EQ(r[0].as<uint16_t>(),
            (std::vector<uint16_t>{0x3c00, 0x2e66, 0x7bff, 0x7c00, 0x0000}));
  // 0x3555 = 1.0101010101b * 2^-2 = 0.333251953125; 0x0001 = 2^-24;
  // 0xc000 = -2
  r = Exec(NNADAPTER_CAST,
           {V(MakeTensor(NNADAPTER_FLOAT16, {3},
                   std::vector<uint16_t>{0x3555, 0x0001, 0xc000})),
            ci(NNADAPTER_FLOAT32)},
           {{}});
  ExpectF32(r[0], {3}, {0.333251953125f, 5.9604645e-8f, -2}, 0);
}
OP_TEST(DEQUANTIZE, PerLayer) {
  auto r = Exec(NNADAPTER_DEQUANTIZE, {V(Q8({2}, {-2, 3}, 0.25f))}, {{}});
  ExpectF32(r[0], {2}, {-0.5f, 0.75f});
}
OP_TEST(QUANTIZE, RoundHalfAwayAndSaturate) {
  // 0.75 / 0.5 = 1.5 -> 2; -1.25 / 0.5 = -2.5 -> -3; 100 / 0.5 -> 127.
  auto r = Exec(NNADAPTER_QUANTIZE,
               {V(F32({4}, {0.75f, -1.25f, 100, -100})), ci(0), cfs({0.5f}),
                cfs({0})},
               {{NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, 0.5f}});
  ExpectQ8(r[0], {4}, {2, -3, 127, -128});
}
