// Shape manipulation, data movement and generators.
#include "drivers/builtin_device/test_util.h"

using namespace nnadapter_test;  // NOLINT

OP_TEST(RESHAPE, InferAndCopyDims) {
  auto r = Exec(NNADAPTER_RESHAPE,
               {V(F32({2, 3}, {1, 2, 3, 4, 5, 6})), cis({3, -1})}, {{}});
  ExpectF32(r[0], {3, 2}, {1, 2, 3, 4, 5, 6});
  r = Exec(NNADAPTER_RESHAPE, {V(F32({2, 3}, {1, 2, 3, 4, 5, 6})), cis({0, 3, 1})},
          {{}});
  ExpectF32(r[0], {2, 3, 1}, {1, 2, 3, 4, 5, 6});
}
OP_TEST(RESHAPE, Int64ShapeAndInt64Data) {
  int64_t big = (int64_t(1) << 55) + 1;
  auto r = Exec(NNADAPTER_RESHAPE,
               {V(I64({2, 2}, {big, 2, 3, -big})), C(I64({1}, {4}))},
               {{NNADAPTER_INT64}});
  ExpectI64(r[0], {4}, {big, 2, 3, -big});
}
OP_TEST(FLATTEN, MiddleAxes) {
  auto r = Exec(NNADAPTER_FLATTEN,
               {V(F32({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8})), ci(1), ci(2)},
               {{}});
  ExpectF32(r[0], {2, 4}, {1, 2, 3, 4, 5, 6, 7, 8});
}
OP_TEST(SQUEEZE, GivenAxis) {
  auto r = Exec(NNADAPTER_SQUEEZE, {V(F32({1, 3, 1}, {1, 2, 3})), cis({0})}, {{}});
  ExpectF32(r[0], {3, 1}, {1, 2, 3});
}
OP_TEST(UNSQUEEZE, TwoAxes) {
  auto r = Exec(NNADAPTER_UNSQUEEZE, {V(F32({3}, {1, 2, 3})), cis({0, 2})}, {{}});
  ExpectF32(r[0], {1, 3, 1}, {1, 2, 3});
}
OP_TEST(TRANSPOSE, TwoD) {
  auto r = Exec(NNADAPTER_TRANSPOSE,
               {V(F32({2, 3}, {1, 2, 3, 4, 5, 6})), cis({1, 0})}, {{}});
  ExpectF32(r[0], {3, 2}, {1, 4, 2, 5, 3, 6});
}
OP_TEST(TRANSPOSE, ThreeDInt8) {
  // [1,2,2] -> perm [2,0,1] -> [2,1,2]: out[k][0][i] = in[0][i][k]
  auto r = Exec(NNADAPTER_TRANSPOSE,
               {V(Q8({1, 2, 2}, {1, 2, 3, 4}, 0.5f)), cis({2, 0, 1})},
               {{NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, 0.5f}});
  ExpectQ8(r[0], {2, 1, 2}, {1, 3, 2, 4});
}
OP_TEST(CONCAT, Axis0And1) {
  auto r = Exec(NNADAPTER_CONCAT,
               {V(F32({1, 2}, {1, 2})), V(F32({1, 2}, {3, 4})), ci(0)}, {{}});
  ExpectF32(r[0], {2, 2}, {1, 2, 3, 4});
  r = Exec(NNADAPTER_CONCAT,
          {V(F32({2, 1}, {1, 2})), V(F32({2, 2}, {3, 4, 5, 6})), ci(1)}, {{}});
  ExpectF32(r[0], {2, 3}, {1, 3, 4, 2, 5, 6});
}
OP_TEST(CONCAT, Int8DifferentScales) {
  // real 1.0 and 2.0 requantized to scale 0.1
  auto r = Exec(NNADAPTER_CONCAT,
               {V(Q8({1}, {10}, 0.1f)), V(Q8({1}, {10}, 0.2f)), ci(0)},
               {{NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, 0.1f}});
  ExpectQ8(r[0], {2}, {10, 20});
}
OP_TEST(SPLIT, UnevenParts) {
  auto r = Exec(NNADAPTER_SPLIT,
               {V(F32({6}, {1, 2, 3, 4, 5, 6})), ci(0), cis({2, 4})}, {{}, {}});
  ExpectF32(r[0], {2}, {1, 2});
  ExpectF32(r[1], {4}, {3, 4, 5, 6});
}
OP_TEST(STACK, Axis0And1) {
  auto r = Exec(NNADAPTER_STACK, {V(F32({2}, {1, 2})), V(F32({2}, {3, 4})), ci(0)},
               {{}});
  ExpectF32(r[0], {2, 2}, {1, 2, 3, 4});
  r = Exec(NNADAPTER_STACK, {V(F32({2}, {1, 2})), V(F32({2}, {3, 4})), ci(1)},
          {{}});
  ExpectF32(r[0], {2, 2}, {1, 3, 2, 4});
}
OP_TEST(UNSTACK, MiddleAxisAndInt32) {
  auto r = Exec(NNADAPTER_UNSTACK, {V(F32({2, 2, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})),
                                    ci(1), ci(2)},
                {{}, {}});
  ExpectF32(r[0], {2, 3}, {1, 2, 3, 7, 8, 9});
  ExpectF32(r[1], {2, 3}, {4, 5, 6, 10, 11, 12});
  r = Exec(NNADAPTER_UNSTACK, {V(I32({3}, {7, 8, 9})), ci(0), ci(3)}, {{}, {}, {}});
  ExpectI32(r[2], {}, {9});
}
OP_TEST(SLICE, StepsAndNegativeStart) {
  std::vector<float> v;
  for (int i = 0; i < 12; i++) v.push_back(static_cast<float>(i));
  auto r = Exec(NNADAPTER_SLICE,
               {V(F32({3, 4}, v)), cis({0, 1}), cis({1, -3}), cis({3, 100}),
                cis({1, 2})},
               {{}});
  ExpectF32(r[0], {2, 2}, {5, 7, 9, 11});
}
OP_TEST(SLICE, NegativeStep) {
  auto r = Exec(NNADAPTER_SLICE,
               {V(F32({4}, {0, 1, 2, 3})), cis({0}), cis({3}), cis({0}),
                cis({-1})},
               {{}});
  ExpectF32(r[0], {3}, {3, 2, 1});
}
OP_TEST(GATHER, Axis0Int32AndNegativeInt64) {
  auto r = Exec(NNADAPTER_GATHER,
               {V(F32({3, 2}, {1, 2, 3, 4, 5, 6})), V(I32({2}, {2, 0})), ci(0)},
               {{}});
  ExpectF32(r[0], {2, 2}, {5, 6, 1, 2});
  r = Exec(NNADAPTER_GATHER,
          {V(F32({3, 2}, {1, 2, 3, 4, 5, 6})), V(I64({1}, {-1})), ci(1)}, {{}});
  ExpectF32(r[0], {3, 1}, {2, 4, 6});
}
OP_TEST(EXPAND, Broadcast) {
  auto r = Exec(NNADAPTER_EXPAND, {V(F32({3, 1}, {1, 2, 3})), cis({2, 3, 2})},
               {{}});
  ExpectF32(r[0], {2, 3, 2}, {1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3});
}
OP_TEST(TILE, Repeats) {
  auto r = Exec(NNADAPTER_TILE, {V(F32({1, 2}, {1, 2})), cis({2, 2})}, {{}});
  ExpectF32(r[0], {2, 4}, {1, 2, 1, 2, 1, 2, 1, 2});
}
OP_TEST(PAD, ConstantReflectEdge) {
  auto r = Exec(NNADAPTER_PAD,
               {V(F32({2}, {1, 2})), cis({1, 2}), ci(NNADAPTER_PAD_MODE_CONSTANT),
                cf(9)},
               {{}});
  ExpectF32(r[0], {5}, {9, 1, 2, 9, 9});
  r = Exec(NNADAPTER_PAD,
          {V(F32({3}, {1, 2, 3})), cis({2, 1}), ci(NNADAPTER_PAD_MODE_REFLECT),
           cf(0)},
          {{}});
  ExpectF32(r[0], {6}, {3, 2, 1, 2, 3, 2});
  r = Exec(NNADAPTER_PAD,
          {V(F32({3}, {1, 2, 3})), cis({2, 1}), ci(NNADAPTER_PAD_MODE_EDGE),
           cf(0)},
          {{}});
  ExpectF32(r[0], {6}, {1, 1, 1, 2, 3, 3});
}
OP_TEST(ROLL, AxisAndFlattened) {
  auto r = Exec(NNADAPTER_ROLL, {V(F32({5}, {1, 2, 3, 4, 5})), cis({2}), cis({0})},
               {{}});
  ExpectF32(r[0], {5}, {4, 5, 1, 2, 3});
  r = Exec(NNADAPTER_ROLL, {V(F32({2, 2}, {1, 2, 3, 4})), cis({1}), None()}, {{}});
  ExpectF32(r[0], {2, 2}, {4, 1, 2, 3});
}
OP_TEST(SHAPE, Int32AndInt64) {
  auto r = Exec(NNADAPTER_SHAPE,
               {V(F32({2, 3, 1}, {1, 2, 3, 4, 5, 6})), ci(NNADAPTER_INT32)},
               {{NNADAPTER_INT32}});
  ExpectI32(r[0], {3}, {2, 3, 1});
  r = Exec(NNADAPTER_SHAPE, {V(F32({4}, {1, 2, 3, 4})), ci(NNADAPTER_INT64)},
          {{NNADAPTER_INT64}});
  ExpectI64(r[0], {1}, {4});
}
OP_TEST(FILL, FloatAndInt64) {
  auto r = Exec(NNADAPTER_FILL, {cis({2, 2}), cf(3.5f)}, {{}});
  ExpectF32(r[0], {2, 2}, {3.5f, 3.5f, 3.5f, 3.5f});
  int64_t big = (int64_t(1) << 58) + 7;
  r = Exec(NNADAPTER_FILL, {C(I64({1}, {3})), C(I64({1}, {big}))},
          {{NNADAPTER_INT64}});
  ExpectI64(r[0], {3}, {big, big, big});
}
OP_TEST(RANGE, FloatAndInt) {
  auto r = Exec(NNADAPTER_RANGE, {cf(1), cf(2), cf(0.25f)}, {{}});
  ExpectF32(r[0], {4}, {1, 1.25f, 1.5f, 1.75f});
  r = Exec(NNADAPTER_RANGE, {ci(0), ci(10), ci(3)}, {{NNADAPTER_INT32}});
  ExpectI32(r[0], {4}, {0, 3, 6, 9});
}
OP_TEST(MESHGRID, TwoVectors) {
  auto r = Exec(NNADAPTER_MESHGRID, {V(F32({2}, {1, 2})), V(F32({3}, {3, 4, 5}))},
               {{}, {}});
  ExpectF32(r[0], {2, 3}, {1, 1, 1, 2, 2, 2});
  ExpectF32(r[1], {2, 3}, {3, 4, 5, 3, 4, 5});
}
OP_TEST(CHANNEL_SHUFFLE, Group2) {
  auto r = Exec(NNADAPTER_CHANNEL_SHUFFLE,
               {V(F32({1, 4, 1, 1}, {0, 1, 2, 3})), ci(2)}, {{}});
  ExpectF32(r[0], {1, 4, 1, 1}, {0, 2, 1, 3});
}
OP_TEST(FILL, HugeShapeIsAnErrorNotACrash) {
  RunResult r = RunOp(NNADAPTER_FILL, {cis({1 << 20, 1 << 20}), cf(1)}, {{}});
  EXPECT_FALSE(r.ok());
}
OP_TEST(RANGE, NonFiniteLengthIsAnError) {
  RunResult r = RunOp(NNADAPTER_RANGE, {cf(0), cf(1e30f), cf(1e-30f)}, {{}});
  EXPECT_FALSE(r.ok());
}
