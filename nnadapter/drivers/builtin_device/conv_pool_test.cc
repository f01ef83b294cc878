// Convolutions, fully connected, matmul and poolings.
#include "drivers/builtin_device/test_util.h"

using namespace nnadapter_test;  // NOLINT

static Tensor Img3x3() { return F32({1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}); }

// CONV_2D operands: input, filter, bias, auto_pad, pads, strides, group,
// dilations, fuse_code.
OP_TEST(CONV_2D, DiagonalFilter) {
  // out[h][w] = x[h][w] + x[h+1][w+1] + 1
  auto r = Exec(NNADAPTER_CONV_2D,
               {V(Img3x3()), C(F32({1, 1, 2, 2}, {1, 0, 0, 1})), C(F32({1}, {1})),
                ci(NNADAPTER_AUTO_PAD_NONE), cis({0, 0, 0, 0}), cis({1, 1}),
                ci(1), cis({1, 1}), ci(0)},
               {{}});
  ExpectF32(r[0], {1, 1, 2, 2}, {7, 9, 13, 15});
}
OP_TEST(CONV_2D, AutoPadSameExtraAtEnd) {
  auto r = Exec(NNADAPTER_CONV_2D,
               {V(Img3x3()), C(F32({1, 1, 2, 2}, {1, 0, 0, 1})), C(F32({1}, {1})),
                ci(NNADAPTER_AUTO_PAD_SAME), cis({0, 0, 0, 0}), cis({1, 1}),
                ci(1), cis({1, 1}), ci(0)},
               {{}});
  ExpectF32(r[0], {1, 1, 3, 3}, {7, 9, 4, 13, 15, 7, 8, 9, 10});
}
OP_TEST(CONV_2D, StrideDilationPadsRelu6) {
  // 1x1x3x3, filter 1x1x2x2 of ones, dilation 2 -> taps at (0,0),(0,2),(2,0),(2,2)
  // with pads 0: single output 1+3+7+9 = 20 -> relu6 -> 6
  auto r = Exec(NNADAPTER_CONV_2D,
               {V(Img3x3()), C(F32({1, 1, 2, 2}, {1, 1, 1, 1})), C(F32({1}, {0})),
                ci(NNADAPTER_AUTO_PAD_NONE), cis({0, 0, 0, 0}), cis({2, 2}),
                ci(1), cis({2, 2}), ci(NNADAPTER_FUSED_RELU6)},
               {{}});
  ExpectF32(r[0], {1, 1, 1, 1}, {6});
  // pads 1 + stride 2, 1x1 filter of 2: picks x at (-1..)
  r = Exec(NNADAPTER_CONV_2D,
          {V(Img3x3()), C(F32({1, 1, 1, 1}, {2})), C(F32({1}, {0})),
           ci(NNADAPTER_AUTO_PAD_NONE), cis({1, 1, 1, 1}), cis({2, 2}), ci(1),
           cis({1, 1}), ci(0)},
          {{}});
  // output 3x3 over padded 5x5 at rows/cols -1, 1, 3: only (1,1) is inside
  ExpectF32(r[0], {1, 1, 3, 3}, {0, 0, 0, 0, 10, 0, 0, 0, 0});
}
OP_TEST(CONV_2D, Depthwise) {
  auto r = Exec(NNADAPTER_CONV_2D,
               {V(F32({1, 2, 1, 1}, {2, 3})), C(F32({2, 1, 1, 1}, {10, 100})),
                C(F32({2}, {0, 1})), ci(0), cis({0, 0, 0, 0}), cis({1, 1}),
                ci(2), cis({1, 1}), ci(0)},
               {{}});
  ExpectF32(r[0], {1, 2, 1, 1}, {20, 301});
}
OP_TEST(CONV_2D, Int8PerChannelWithInt32Bias) {
  // input real [0.5, 1, 1.5, 2]; filter real [0.5, 2]; bias real [0.5, -2]
  // oc0 = 0.5 x + 0.5 = [0.75, 1, 1.25, 1.5] -> /0.25 = [3, 4, 5, 6]
  // oc1 = 2 x - 2 = [-1, 0, 1, 2] -> /0.25 = [-4, 0, 4, 8]
  auto r = Exec(NNADAPTER_CONV_2D,
               {V(Q8({1, 1, 2, 2}, {1, 2, 3, 4}, 0.5f)),
                C(Q8PerChannel({2, 1, 1, 1}, {2, 4}, {0.25f, 0.5f}, 0)),
                C(Q32PerChannel({2}, {4, -8}, {0.125f, 0.25f}, 0)), ci(0),
                cis({0, 0, 0, 0}), cis({1, 1}), ci(1), cis({1, 1}), ci(0)},
               {{NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, 0.25f}});
  ExpectQ8(r[0], {1, 2, 2, 2}, {3, 4, 5, 6, -4, 0, 4, 8});
}
// CONV_2D_TRANSPOSE operands: input, filter, bias, auto_pad, pads, strides,
// group, dilations, output_padding, output_shape, fuse_code.
OP_TEST(CONV_2D_TRANSPOSE, Stride1And2) {
  Tensor x = F32({1, 1, 2, 2}, {1, 2, 3, 4});
  Tensor ones = F32({1, 1, 2, 2}, {1, 1, 1, 1});
  auto r = Exec(NNADAPTER_CONV_2D_TRANSPOSE,
               {V(x), C(ones), C(F32({1}, {0})), ci(0), cis({0, 0, 0, 0}),
                cis({1, 1}), ci(1), cis({1, 1}), None(), None(), ci(0)},
               {{}});
  ExpectF32(r[0], {1, 1, 3, 3}, {1, 3, 2, 4, 10, 6, 3, 7, 4});
  r = Exec(NNADAPTER_CONV_2D_TRANSPOSE,
          {V(x), C(ones), C(F32({1}, {0.5f})), ci(0), cis({0, 0, 0, 0}),
           cis({2, 2}), ci(1), cis({1, 1}), cis({0, 0}), None(), ci(0)},
          {{}});
  ExpectF32(r[0], {1, 1, 4, 4},
            {1.5f, 1.5f, 2.5f, 2.5f, 1.5f, 1.5f, 2.5f, 2.5f, 3.5f, 3.5f, 4.5f,
             4.5f, 3.5f, 3.5f, 4.5f, 4.5f});
}
// DEFORMABLE_CONV_2D operands: input, offset, mask, filter, bias, pads,
// strides, group, deformable_group, dilations, fuse_code.
OP_TEST(DEFORMABLE_CONV_2D, ZeroAndShiftedOffsets) {
  std::vector<float> off(8 * 4, 0.0f), mask(4 * 4, 1.0f);
  auto run = [&](const std::vector<float>& o) {
    return Exec(NNADAPTER_DEFORMABLE_CONV_2D,
               {V(Img3x3()), V(F32({1, 8, 2, 2}, o)), V(F32({1, 4, 2, 2}, mask)),
                C(F32({1, 1, 2, 2}, {1, 0, 0, 1})), C(F32({1}, {0})),
                cis({0, 0, 0, 0}), cis({1, 1}), ci(1), ci(1), cis({1, 1}), ci(0)},
               {{}});
  };
  auto r = run(off);
  ExpectF32(r[0], {1, 1, 2, 2}, {6, 8, 12, 14});
  // Tap 0 (i=0, j=0) shifted by +1 along w: x[h][w+1] + x[h+1][w+1]
  for (int i = 0; i < 4; i++) off[1 * 4 + i] = 1.0f;
  r = run(off);
  ExpectF32(r[0], {1, 1, 2, 2}, {7, 9, 13, 15});
  // Half-pixel shift: bilinear mean of x[h][w] and x[h][w+1]
  for (int i = 0; i < 4; i++) off[1 * 4 + i] = 0.5f;
  r = run(off);
  ExpectF32(r[0], {1, 1, 2, 2}, {1.5f + 5, 2.5f + 6, 4.5f + 8, 5.5f + 9});
}
OP_TEST(FULLY_CONNECTED, FloatWithRelu) {
  auto r = Exec(NNADAPTER_FULLY_CONNECTED,
               {V(F32({2, 3}, {1, 2, 3, 4, 5, 6})),
                C(F32({2, 3}, {1, 0, -1, 1, 1, 1})), C(F32({2}, {0.5f, -1})),
                ci(0)},
               {{}});
  ExpectF32(r[0], {2, 2}, {-1.5f, 5, -1.5f, 14});
  r = Exec(NNADAPTER_FULLY_CONNECTED,
          {V(F32({2, 3}, {1, 2, 3, 4, 5, 6})),
           C(F32({2, 3}, {1, 0, -1, 1, 1, 1})), C(F32({2}, {0.5f, -1})),
           ci(NNADAPTER_FUSED_RELU)},
          {{}});
  ExpectF32(r[0], {2, 2}, {0, 5, 0, 14});
}
OP_TEST(FULLY_CONNECTED, Int8) {
  // x [1, 2], w [1.5, 0.5], b 1.0 -> 3.5 -> /0.5 = 7
  auto r = Exec(NNADAPTER_FULLY_CONNECTED,
               {V(Q8({1, 2}, {2, 4}, 0.5f)), C(Q8({1, 2}, {3, 1}, 0.5f)),
                C(Q32({1}, {4}, 0.25f)), ci(0)},
               {{NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, 0.5f}});
  ExpectQ8(r[0], {1, 1}, {7});
}
OP_TEST(MAT_MUL, PlainTransposedBroadcast) {
  auto r = Exec(NNADAPTER_MAT_MUL,
               {V(F32({2, 3}, {1, 2, 3, 4, 5, 6})),
                V(F32({3, 2}, {1, 0, 0, 1, 1, 1})), cb(false), cb(false)},
               {{}});
  ExpectF32(r[0], {2, 2}, {4, 5, 10, 11});
  r = Exec(NNADAPTER_MAT_MUL,
          {V(F32({2, 3}, {1, 2, 3, 4, 5, 6})),
           V(F32({2, 3}, {1, 0, 1, 0, 1, 1})), cb(false), cb(true)},
          {{}});
  ExpectF32(r[0], {2, 2}, {4, 5, 10, 11});
  r = Exec(NNADAPTER_MAT_MUL,
          {V(F32({2, 1, 2}, {1, 2, 3, 4})), V(F32({2, 1}, {1, 1})), cb(false),
           cb(false)},
          {{}});
  ExpectF32(r[0], {2, 1, 1}, {3, 7});
}
OP_TEST(MAT_MUL, Int8) {
  // [1, 2] . [[1], [0.5]] = 2 -> /0.25 = 8
  auto r = Exec(NNADAPTER_MAT_MUL,
               {V(Q8({1, 2}, {2, 4}, 0.5f)), C(Q8({2, 1}, {4, 2}, 0.25f)),
                cb(false), cb(false)},
               {{NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, 0.25f}});
  ExpectQ8(r[0], {1, 1}, {8});
}
// POOL operands: input, auto_pad, pads, kernel_shape, strides, ceil_mode,
// count_include_pad (avg) / return_indices, return_indices_dtype (max),
// fuse_code.
OP_TEST(AVERAGE_POOL_2D, PadsAndCountIncludePad) {
  auto r = Exec(NNADAPTER_AVERAGE_POOL_2D,
               {V(Img3x3()), ci(0), cis({0, 0, 0, 0}), cis({2, 2}), cis({1, 1}),
                cb(false), cb(false), ci(0)},
               {{}});
  ExpectF32(r[0], {1, 1, 2, 2}, {3, 4, 6, 7});
  r = Exec(NNADAPTER_AVERAGE_POOL_2D,
          {V(Img3x3()), ci(0), cis({1, 1, 1, 1}), cis({2, 2}), cis({2, 2}),
           cb(false), cb(false), ci(0)},
          {{}});
  ExpectF32(r[0], {1, 1, 2, 2}, {1, 2.5f, 5.5f, 7});
  r = Exec(NNADAPTER_AVERAGE_POOL_2D,
          {V(Img3x3()), ci(0), cis({1, 1, 1, 1}), cis({2, 2}), cis({2, 2}),
           cb(false), cb(true), ci(0)},
          {{}});
  ExpectF32(r[0], {1, 1, 2, 2}, {0.25f, 1.25f, 2.75f, 7});
}
OP_TEST(AVERAGE_POOL_2D, Int8) {
  // real [2, 4, 6, 8] * 0.25 = [0.5, 1, 1.5, 2] -> mean 1.25 -> /0.25 = 5
  auto r = Exec(NNADAPTER_AVERAGE_POOL_2D,
               {V(Q8({1, 1, 2, 2}, {2, 4, 6, 8}, 0.25f)), ci(0),
                cis({0, 0, 0, 0}), cis({2, 2}), cis({1, 1}), cb(false),
                cb(false), ci(0)},
               {{NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, 0.25f}});
  ExpectQ8(r[0], {1, 1, 1, 1}, {5});
}
OP_TEST(MAX_POOL_2D, IndicesAndCeilMode) {
  auto r = Exec(NNADAPTER_MAX_POOL_2D,
               {V(Img3x3()), ci(0), cis({0, 0, 0, 0}), cis({2, 2}), cis({1, 1}),
                cb(false), cb(true), ci(NNADAPTER_INT32), ci(0)},
               {{}, {NNADAPTER_INT32}});
  ExpectF32(r[0], {1, 1, 2, 2}, {5, 6, 8, 9});
  ExpectI32(r[1], {1, 1, 2, 2}, {4, 5, 7, 8});
  r = Exec(NNADAPTER_MAX_POOL_2D,
          {V(Img3x3()), ci(0), cis({0, 0, 0, 0}), cis({2, 2}), cis({2, 2}),
           cb(true), cb(false), ci(NNADAPTER_INT64), ci(0)},
          {{}});
  ExpectF32(r[0], {1, 1, 2, 2}, {5, 6, 8, 9});
  r = Exec(NNADAPTER_MAX_POOL_2D,
          {V(Img3x3()), ci(0), cis({0, 0, 0, 0}), cis({2, 2}), cis({2, 2}),
           cb(false), cb(false), ci(NNADAPTER_INT64), ci(NNADAPTER_FUSED_RELU6)},
          {{}});
  ExpectF32(r[0], {1, 1, 1, 1}, {5});
}
OP_TEST(MAX_POOL_2D, AutoPadSame) {
  // 3x3, k2 s2 SAME -> out 2x2, pad bottom/right 1
  auto r = Exec(NNADAPTER_MAX_POOL_2D,
               {V(Img3x3()), ci(NNADAPTER_AUTO_PAD_SAME), None(), cis({2, 2}),
                cis({2, 2}), cb(false), cb(false), ci(NNADAPTER_INT64), ci(0)},
               {{}});
  ExpectF32(r[0], {1, 1, 2, 2}, {5, 6, 8, 9});
}
OP_TEST(ADAPTIVE_AVERAGE_POOL_2D, ThreeToTwo) {
  auto r = Exec(NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, {V(Img3x3()), cis({2, 2})},
               {{}});
  ExpectF32(r[0], {1, 1, 2, 2}, {3, 4, 6, 7});
}
OP_TEST(ADAPTIVE_MAX_POOL_2D, ThreeToTwoWithIndices) {
  auto r = Exec(NNADAPTER_ADAPTIVE_MAX_POOL_2D,
               {V(Img3x3()), cis({2, 2}), cb(true), ci(NNADAPTER_INT64)},
               {{}, {NNADAPTER_INT64}});
  ExpectF32(r[0], {1, 1, 2, 2}, {5, 6, 8, 9});
  ExpectI64(r[1], {1, 1, 2, 2}, {4, 5, 7, 8});
}
