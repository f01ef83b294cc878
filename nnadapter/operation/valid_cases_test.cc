// One valid case per standard operation, with output dimensions and
// precisions computed by hand (the arithmetic is in the comments). The
// coverage test runs them all and fails for any operation without one.
#include <climits>

#include "operation/test_util.h"

namespace nnadapter {
namespace operation {
namespace test {

std::map<NNAdapterOperationType, CaseBuilder>& ValidCases() {
  static std::map<NNAdapterOperationType, CaseBuilder> cases;
  return cases;
}

bool RegisterValidCase(NNAdapterOperationType type, CaseBuilder builder) {
  return ValidCases().emplace(type, builder).second;
}

namespace {

constexpr NNAdapterOperandPrecision kF32 = NNADAPTER_FLOAT32;
constexpr NNAdapterOperandPrecision kQ8 = NNADAPTER_QUANT_INT8_SYMM_PER_LAYER;
constexpr NNAdapterOperandPrecision kBool = NNADAPTER_BOOL8;
constexpr NNAdapterOperandPrecision kI32 = NNADAPTER_INT32;
constexpr NNAdapterOperandPrecision kI64 = NNADAPTER_INT64;

Case Make(Model* m, NNAdapterOperationType type,
          std::vector<core::Operand*> inputs, std::vector<Dims> dims,
          std::vector<NNAdapterOperandPrecision> precisions) {
  Case c;
  c.type = type;
  c.inputs = std::move(inputs);
  for (size_t j = 0; j < dims.size(); j++) c.outputs.push_back(m->Out());
  c.dims = std::move(dims);
  c.precisions = std::move(precisions);
  return c;
}

Case Unary(Model* m, NNAdapterOperationType type) {
  return Make(m, type, {m->F32({2, 3, 4})}, {{2, 3, 4}}, {kF32});
}

Case Comparison(Model* m, NNAdapterOperationType type) {
  // [2,1] vs [1,3] -> [2,3]
  return Make(m, type, {m->F32({2, 1}), m->F32({1, 3})}, {{2, 3}}, {kBool});
}

Case Binary(Model* m, NNAdapterOperationType type) {
  // [2,1,4] + [3,1] -> [2,3,4]
  return Make(m, type, {m->F32({2, 1, 4}), m->F32({3, 1}), m->I32(0)},
              {{2, 3, 4}}, {kF32});
}

}  // namespace

VALID_CASE(ABS) { return Unary(m, NNADAPTER_ABS); }
VALID_CASE(COS) { return Unary(m, NNADAPTER_COS); }
VALID_CASE(EXP) { return Unary(m, NNADAPTER_EXP); }
VALID_CASE(FLOOR) { return Unary(m, NNADAPTER_FLOOR); }
VALID_CASE(LOG) { return Unary(m, NNADAPTER_LOG); }
VALID_CASE(RELU6) { return Unary(m, NNADAPTER_RELU6); }
VALID_CASE(RSQRT) { return Unary(m, NNADAPTER_RSQRT); }
VALID_CASE(SIGMOID) { return Unary(m, NNADAPTER_SIGMOID); }
VALID_CASE(SIN) { return Unary(m, NNADAPTER_SIN); }
VALID_CASE(SQUARE) { return Unary(m, NNADAPTER_SQUARE); }
VALID_CASE(SWISH) { return Unary(m, NNADAPTER_SWISH); }
VALID_CASE(TANH) { return Unary(m, NNADAPTER_TANH); }
VALID_CASE(RELU) {
  return Make(m, NNADAPTER_RELU, {m->Q8({1, 3}, 0.5f)}, {{1, 3}}, {kQ8});
}
VALID_CASE(ASSIGN) {
  return Make(m, NNADAPTER_ASSIGN, {m->Q8({5}, 0.25f)}, {{5}}, {kQ8});
}
VALID_CASE(NOT) {
  return Make(m, NNADAPTER_NOT, {m->Bool8({2, 2})}, {{2, 2}}, {kBool});
}
VALID_CASE(GELU) {
  return Make(m, NNADAPTER_GELU, {m->F32({3}), m->B(false)}, {{3}}, {kF32});
}
VALID_CASE(HARD_SIGMOID) {
  return Make(m, NNADAPTER_HARD_SIGMOID, {m->F32({3}), m->F(0.2f), m->F(0.5f)},
              {{3}}, {kF32});
}
VALID_CASE(HARD_SWISH) {
  return Make(m, NNADAPTER_HARD_SWISH,
              {m->F32({1, 3}), m->F(1.f / 6), m->F(0.5f)}, {{1, 3}}, {kF32});
}
VALID_CASE(LEAKY_RELU) {
  return Make(m, NNADAPTER_LEAKY_RELU, {m->F32({4, 1}), m->F(0.1f)},
              {{4, 1}}, {kF32});
}
VALID_CASE(SOFTPLUS) {
  return Make(m, NNADAPTER_SOFTPLUS, {m->F32({6}), m->F(1.f)}, {{6}}, {kF32});
}
VALID_CASE(PRELU) {
  return Make(m, NNADAPTER_PRELU, {m->F32({1, 3, 4, 4}), m->Fs({.1f, .2f, .3f})},
              {{1, 3, 4, 4}}, {kF32});
}
VALID_CASE(CLIP) {
  return Make(m, NNADAPTER_CLIP, {m->F32({3, 4}), m->F(-1), m->F(1)},
              {{3, 4}}, {kF32});
}

VALID_CASE(ADD) { return Binary(m, NNADAPTER_ADD); }
VALID_CASE(SUB) { return Binary(m, NNADAPTER_SUB); }
VALID_CASE(DIV) { return Binary(m, NNADAPTER_DIV); }
VALID_CASE(MAX) { return Binary(m, NNADAPTER_MAX); }
VALID_CASE(MIN) { return Binary(m, NNADAPTER_MIN); }
VALID_CASE(POW) { return Binary(m, NNADAPTER_POW); }
VALID_CASE(FLOOR_DIV) { return Binary(m, NNADAPTER_FLOOR_DIV); }
VALID_CASE(MUL) {
  // Quantized: the output takes input 0's scale when the caller set none.
  return Make(m, NNADAPTER_MUL,
              {m->Q8({2, 3}, 0.5f), m->Q8({3}, 0.25f), m->I32(1)}, {{2, 3}},
              {kQ8});
}
VALID_CASE(AND) {
  return Make(m, NNADAPTER_AND, {m->Bool8({4, 1}), m->Bool8({1, 5})}, {{4, 5}},
              {kBool});
}
VALID_CASE(XOR) {
  return Make(m, NNADAPTER_XOR, {m->Bool8({3, 1}), m->Bool8({1, 4})}, {{3, 4}},
              {kBool});
}
VALID_CASE(OR) {
  return Make(m, NNADAPTER_OR, {m->Bool8({5}), m->Bool8({2, 1})}, {{2, 5}},
              {kBool});
}
VALID_CASE(EQUAL) {
  return Make(m, NNADAPTER_EQUAL,
              {m->Add(kI32, {2, 3}), m->Add(kI32, {3})}, {{2, 3}}, {kBool});
}
VALID_CASE(NOT_EQUAL) { return Comparison(m, NNADAPTER_NOT_EQUAL); }
VALID_CASE(GREATER) { return Comparison(m, NNADAPTER_GREATER); }
VALID_CASE(GREATER_EQUAL) { return Comparison(m, NNADAPTER_GREATER_EQUAL); }
VALID_CASE(LESS) { return Comparison(m, NNADAPTER_LESS); }
VALID_CASE(LESS_EQUAL) { return Comparison(m, NNADAPTER_LESS_EQUAL); }
VALID_CASE(SUM) {
  // [2,3] + [3] + [2,1] -> [2,3]
  return Make(m, NNADAPTER_SUM, {m->F32({2, 3}), m->F32({3}), m->F32({2, 1})},
              {{2, 3}}, {kF32});
}
VALID_CASE(WHERE) {
  // [2,1], [1,3], [2,3] -> [2,3]
  return Make(m, NNADAPTER_WHERE,
              {m->Bool8({2, 1}), m->F32({1, 3}), m->F32({2, 3})}, {{2, 3}},
              {kF32});
}

VALID_CASE(ADAPTIVE_AVERAGE_POOL_2D) {
  return Make(m, NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D,
              {m->F32({1, 3, 32, 32}), m->I32s({7, 7})}, {{1, 3, 7, 7}},
              {kF32});
}
VALID_CASE(ADAPTIVE_MAX_POOL_2D) {
  return Make(m, NNADAPTER_ADAPTIVE_MAX_POOL_2D,
              {m->F32({2, 8, 20, 10}), m->I64s({5, 5}), m->B(true),
               m->I32(NNADAPTER_INT64)},
              {{2, 8, 5, 5}, {2, 8, 5, 5}}, {kF32, kI64});
}
VALID_CASE(AVERAGE_POOL_2D) {
  // (224 + 1 + 1 - 3) / 2 + 1 = 112
  return Make(m, NNADAPTER_AVERAGE_POOL_2D,
              {m->F32({1, 3, 224, 224}), m->I32(NNADAPTER_AUTO_PAD_NONE),
               m->I32s({1, 1, 1, 1}), m->I32s({3, 3}), m->I32s({2, 2}),
               m->B(false), m->B(false), m->I32(0)},
              {{1, 3, 112, 112}}, {kF32});
}
VALID_CASE(MAX_POOL_2D) {
  // ceil_mode: ceil((5 - 2) / 2) + 1 = 3
  return Make(m, NNADAPTER_MAX_POOL_2D,
              {m->F32({1, 2, 5, 5}), m->I32(NNADAPTER_AUTO_PAD_NONE),
               m->I32s({0, 0, 0, 0}), m->I32s({2, 2}), m->I32s({2, 2}),
               m->B(true), m->B(false), m->I32(NNADAPTER_INT32), m->I32(0)},
              {{1, 2, 3, 3}}, {kF32});
}

VALID_CASE(ARG_MAX) {
  return Make(m, NNADAPTER_ARG_MAX,
              {m->F32({2, 3, 4}), m->I32(1), m->B(false),
               m->I32(NNADAPTER_INT32)},
              {{2, 4}}, {kI32});
}
VALID_CASE(ARG_MIN) {
  return Make(m, NNADAPTER_ARG_MIN,
              {m->F32({2, 3, 4}), m->I32(-1), m->B(true),
               m->I32(NNADAPTER_INT64)},
              {{2, 3, 1}}, {kI64});
}
VALID_CASE(REDUCE_MAX) {
  return Make(m, NNADAPTER_REDUCE_MAX,
              {m->F32({2, 3, 4}), m->I32s({1}), m->B(false)}, {{2, 4}},
              {kF32});
}
VALID_CASE(REDUCE_MEAN) {
  return Make(m, NNADAPTER_REDUCE_MEAN,
              {m->F32({2, 3, 4}), m->I32s({0, -1}), m->B(true)}, {{1, 3, 1}},
              {kF32});
}
VALID_CASE(REDUCE_SUM) {
  // Empty axes: every axis, [1] without keepdim.
  return Make(m, NNADAPTER_REDUCE_SUM,
              {m->F32({2, 3, 4}), m->I32s({}), m->B(false)}, {{1}}, {kF32});
}

VALID_CASE(BATCH_NORMALIZATION) {
  return Make(m, NNADAPTER_BATCH_NORMALIZATION,
              {m->F32({2, 4, 5, 5}), m->Fs({1, 1, 1, 1}), m->Fs({0, 0, 0, 0}),
               m->Fs({0, 0, 0, 0}), m->Fs({1, 1, 1, 1}), m->F(1e-5f)},
              {{2, 4, 5, 5}}, {kF32});
}
VALID_CASE(GROUP_NORMALIZATION) {
  return Make(m, NNADAPTER_GROUP_NORMALIZATION,
              {m->F32({2, 8, 4, 4}), m->Fs(std::vector<float>(8, 1.f)),
               m->Fs(std::vector<float>(8, 0.f)), m->F(1e-5f), m->I32(4)},
              {{2, 8, 4, 4}}, {kF32});
}
VALID_CASE(INSTANCE_NORMALIZATION) {
  return Make(m, NNADAPTER_INSTANCE_NORMALIZATION,
              {m->F32({2, 3, 4, 4}), m->Fs({1, 1, 1}), m->Fs({0, 0, 0}),
               m->F(1e-5f)},
              {{2, 3, 4, 4}}, {kF32});
}
VALID_CASE(LAYER_NORMALIZATION) {
  // scale/bias cover dims [1:] = 3 * 4 = 12 elements.
  return Make(m, NNADAPTER_LAYER_NORMALIZATION,
              {m->F32({2, 3, 4}), m->Fs(std::vector<float>(12, 1.f)),
               m->Fs(std::vector<float>(12, 0.f)), m->I32(1), m->F(1e-5f)},
              {{2, 3, 4}}, {kF32});
}
VALID_CASE(LP_NORMALIZATION) {
  return Make(m, NNADAPTER_LP_NORMALIZATION,
              {m->F32({2, 5}), m->I32(1), m->I32(2), m->F(1e-10f)}, {{2, 5}},
              {kF32});
}
VALID_CASE(LRN) {
  return Make(m, NNADAPTER_LRN,
              {m->F32({1, 8, 5, 5}), m->I32(5), m->F(1.f), m->F(1e-4f),
               m->F(0.75f)},
              {{1, 8, 5, 5}}, {kF32});
}
VALID_CASE(CHANNEL_SHUFFLE) {
  return Make(m, NNADAPTER_CHANNEL_SHUFFLE, {m->F32({1, 6, 4, 4}), m->I32(3)},
              {{1, 6, 4, 4}}, {kF32});
}
VALID_CASE(SOFTMAX) {
  return Make(m, NNADAPTER_SOFTMAX, {m->F32({2, 3}), m->I32(-1)}, {{2, 3}},
              {kF32});
}
VALID_CASE(LOG_SOFTMAX) {
  return Make(m, NNADAPTER_LOG_SOFTMAX, {m->F32({2, 5}), m->I32(1)}, {{2, 5}},
              {kF32});
}
VALID_CASE(CUM_SUM) {
  return Make(m, NNADAPTER_CUM_SUM,
              {m->F32({3, 4}), m->I32(-1), m->B(false), m->B(true)}, {{3, 4}},
              {kF32});
}

VALID_CASE(CONV_2D) {
  // (32 + 1 + 1 - 3) / 2 + 1 = 16; C_out = 16
  return Make(m, NNADAPTER_CONV_2D,
              {m->F32({1, 3, 32, 32}), m->F32({16, 3, 3, 3}), m->F32({16}),
               m->I32(NNADAPTER_AUTO_PAD_NONE), m->I32s({1, 1, 1, 1}),
               m->I32s({2, 2}), m->I32(1), m->I32s({1, 1}),
               m->I32(NNADAPTER_FUSED_RELU)},
              {{1, 16, 16, 16}}, {kF32});
}
VALID_CASE(CONV_2D_TRANSPOSE) {
  // (10 - 1) * 2 - 1 - 1 + 1 * (3 - 1) + 1 + 1 = 20; C_out = 4 * group 1
  return Make(m, NNADAPTER_CONV_2D_TRANSPOSE,
              {m->F32({1, 8, 10, 10}), m->F32({8, 4, 3, 3}), m->F32({4}),
               m->I32(NNADAPTER_AUTO_PAD_NONE), m->I32s({1, 1, 1, 1}),
               m->I32s({2, 2}), m->I32(1), m->I32s({1, 1}), m->I32s({1, 1}),
               nullptr, m->I32(0)},
              {{1, 4, 20, 20}}, {kF32});
}
VALID_CASE(DEFORMABLE_CONV_2D) {
  // offset channels 2 * 1 * 3 * 3 = 18, mask 9; (8 + 2 - 3) / 1 + 1 = 8
  return Make(m, NNADAPTER_DEFORMABLE_CONV_2D,
              {m->F32({1, 4, 8, 8}), m->F32({1, 18, 8, 8}),
               m->F32({1, 9, 8, 8}), m->F32({6, 4, 3, 3}), m->F32({6}),
               m->I32s({1, 1, 1, 1}), m->I32s({1, 1}), m->I32(1), m->I32(1),
               m->I32s({1, 1}), m->I32(0)},
              {{1, 6, 8, 8}}, {kF32});
}
VALID_CASE(FULLY_CONNECTED) {
  // 2 * 3 * 4 = 24 elements / input_size 12 = batch 2
  return Make(m, NNADAPTER_FULLY_CONNECTED,
              {m->F32({2, 3, 4}), m->F32({10, 12}), m->F32({10}), m->I32(0)},
              {{2, 10}}, {kF32});
}
VALID_CASE(MAT_MUL) {
  // x [2,1,3,4], y [5,5,4]^T = [5,4,5]: batch [2,1] x [5] -> [2,5]
  return Make(m, NNADAPTER_MAT_MUL,
              {m->F32({2, 1, 3, 4}), m->F32({5, 5, 4}), m->B(false),
               m->B(true)},
              {{2, 5, 3, 5}}, {kF32});
}

VALID_CASE(CAST) {
  return Make(m, NNADAPTER_CAST, {m->F32({2, 3}), m->I32(NNADAPTER_INT64)},
              {{2, 3}}, {kI64});
}
VALID_CASE(QUANTIZE) {
  return Make(m, NNADAPTER_QUANTIZE,
              {m->F32({2, 3}), m->I32(1), m->Fs({0.5f}),
               m->Const<int32_t>(kI32, {1}, {0})},
              {{2, 3}}, {kQ8});
}
VALID_CASE(DEQUANTIZE) {
  return Make(m, NNADAPTER_DEQUANTIZE, {m->Q8({2, 3}, 0.1f)}, {{2, 3}},
              {kF32});
}
VALID_CASE(FILL) {
  return Make(m, NNADAPTER_FILL, {m->I64s({2, 3}), m->F(1.5f)}, {{2, 3}},
              {kF32});
}
VALID_CASE(FILL_LIKE) {
  return Make(m, NNADAPTER_FILL_LIKE,
              {m->F32({4, 5}), m->Const<int64_t>(kI64, {1}, {7})}, {{4, 5}},
              {kI64});
}
VALID_CASE(RANGE) {
  // ceil((10 - 0) / 3) = 4
  return Make(m, NNADAPTER_RANGE, {m->F(0), m->F(10), m->F(3)}, {{4}}, {kF32});
}
VALID_CASE(SHAPE) {
  return Make(m, NNADAPTER_SHAPE, {m->F32({2, 3, 4}), m->I32(NNADAPTER_INT32)},
              {{3}}, {kI32});
}

VALID_CASE(CONCAT) {
  return Make(m, NNADAPTER_CONCAT,
              {m->F32({2, 3, 4}), m->F32({2, 5, 4}), m->I32(1)}, {{2, 8, 4}},
              {kF32});
}
VALID_CASE(SPLIT) {
  // 10 = 3 + (-1 -> 5) + 2
  return Make(m, NNADAPTER_SPLIT,
              {m->F32({2, 10}), m->I32(1), m->I32s({3, -1, 2})},
              {{2, 3}, {2, 5}, {2, 2}}, {kF32, kF32, kF32});
}
VALID_CASE(STACK) {
  return Make(m, NNADAPTER_STACK,
              {m->F32({3, 4}), m->F32({3, 4}), m->F32({3, 4}), m->I32(1)},
              {{3, 3, 4}}, {kF32});
}
VALID_CASE(UNSTACK) {
  return Make(m, NNADAPTER_UNSTACK, {m->F32({2, 3, 4}), m->I32(-2), m->I32(3)},
              {{2, 4}, {2, 4}, {2, 4}}, {kF32, kF32, kF32});
}
VALID_CASE(MESHGRID) {
  return Make(m, NNADAPTER_MESHGRID, {m->F32({3}), m->F32({4})},
              {{3, 4}, {3, 4}}, {kF32, kF32});
}

VALID_CASE(RESHAPE) {
  // 0 copies 2, -1 = 24 / (2 * 2) = 6
  return Make(m, NNADAPTER_RESHAPE, {m->F32({2, 3, 4}), m->I32s({0, -1, 2})},
              {{2, 6, 2}}, {kF32});
}
VALID_CASE(FLATTEN) {
  return Make(m, NNADAPTER_FLATTEN,
              {m->F32({2, 3, 4, 5}), m->I32(1), m->I32(2)}, {{2, 12, 5}},
              {kF32});
}
VALID_CASE(SQUEEZE) {
  return Make(m, NNADAPTER_SQUEEZE, {m->F32({1, 3, 1, 4}), m->I32s({0})},
              {{3, 1, 4}}, {kF32});
}
VALID_CASE(UNSQUEEZE) {
  // output rank 4: axes 0 and -1 -> 3
  return Make(m, NNADAPTER_UNSQUEEZE, {m->F32({3, 4}), m->I32s({0, -1})},
              {{1, 3, 4, 1}}, {kF32});
}
VALID_CASE(TRANSPOSE) {
  return Make(m, NNADAPTER_TRANSPOSE, {m->F32({2, 3, 4}), m->I32s({2, 0, 1})},
              {{4, 2, 3}}, {kF32});
}
VALID_CASE(EXPAND) {
  return Make(m, NNADAPTER_EXPAND, {m->F32({3, 1}), m->I32s({2, -1, 4})},
              {{2, 3, 4}}, {kF32});
}
VALID_CASE(TILE) {
  return Make(m, NNADAPTER_TILE, {m->F32({2, 3}), m->I32s({2, 3})}, {{4, 9}},
              {kF32});
}

VALID_CASE(GATHER) {
  // [5,6,7] gather [2,3] indices on axis 1 -> [5,2,3,7]
  return Make(m, NNADAPTER_GATHER,
              {m->F32({5, 6, 7}), m->Add(kI32, {2, 3}), m->I32(1)},
              {{5, 2, 3, 7}}, {kF32});
}
VALID_CASE(SLICE) {
  // axis 0: [2, 8) step 2 -> 3; axis 2: [-10 + 30, INT_MAX -> 30) -> 10
  return Make(m, NNADAPTER_SLICE,
              {m->F32({10, 20, 30}), m->I32s({0, 2}), m->I32s({2, -10}),
               m->I32s({8, INT_MAX}), m->I32s({2, 1})},
              {{3, 20, 10}}, {kF32});
}
VALID_CASE(PAD) {
  // [2 + 1 + 1, 3 + 0 + 2]
  return Make(m, NNADAPTER_PAD,
              {m->F32({2, 3}), m->I32s({1, 1, 0, 2}),
               m->I32(NNADAPTER_PAD_MODE_CONSTANT), m->F(0)},
              {{4, 5}}, {kF32});
}
VALID_CASE(ROLL) {
  return Make(m, NNADAPTER_ROLL, {m->F32({3, 4}), m->I32s({1, -1}),
                                  m->I32s({0, 1})},
              {{3, 4}}, {kF32});
}
VALID_CASE(TOP_K) {
  return Make(m, NNADAPTER_TOP_K,
              {m->F32({4, 10}), m->I32(3), m->I32(1), m->B(true), m->B(true),
               m->I32(NNADAPTER_INT64)},
              {{4, 3}, {4, 3}}, {kF32, kI64});
}

VALID_CASE(RESIZE_NEAREST) {
  // floor(10 * 2) = 20, floor(20 * 1.5) = 30
  return Make(m, NNADAPTER_RESIZE_NEAREST,
              {m->F32({1, 3, 10, 20}), nullptr, m->Fs({2.f, 1.5f}),
               m->B(false)},
              {{1, 3, 20, 30}}, {kF32});
}
VALID_CASE(RESIZE_LINEAR) {
  return Make(m, NNADAPTER_RESIZE_LINEAR,
              {m->F32({1, 3, 10, 20}), m->I32s({15, 25}), nullptr, m->B(true),
               m->I32(1)},
              {{1, 3, 15, 25}}, {kF32});
}
VALID_CASE(GRID_SAMPLE) {
  return Make(m, NNADAPTER_GRID_SAMPLE,
              {m->F32({1, 3, 10, 10}), m->F32({1, 5, 6, 2}), m->B(true),
               m->I32(NNADAPTER_INTERPOLATE_MODE_BILINEAR),
               m->I32(NNADAPTER_PAD_MODE_CONSTANT)},
              {{1, 3, 5, 6}}, {kF32});
}
VALID_CASE(ROI_ALIGN) {
  return Make(m, NNADAPTER_ROI_ALIGN,
              {m->F32({2, 16, 32, 32}), m->F32({5, 4}), m->Add(kI32, {5}),
               m->I32(7), m->I32(7), m->I32(2), m->F(0.25f), m->B(true)},
              {{5, 16, 7, 7}}, {kF32});
}

VALID_CASE(PRIOR_BOX) {
  // ratios {1, 2, 1/2} * 1 min size + 1 max size = 4 priors
  return Make(m, NNADAPTER_PRIOR_BOX,
              {m->F32({1, 8, 10, 10}), m->F32({1, 3, 300, 300}), m->Fs({30}),
               m->Fs({60}), m->Fs({2}), m->Fs({.1f, .1f, .2f, .2f}),
               m->B(true), m->B(false), m->F(0), m->F(0), m->F(0.5f),
               m->B(false)},
              {{10, 10, 4, 4}, {10, 10, 4, 4}}, {kF32, kF32});
}
VALID_CASE(YOLO_BOX) {
  // 3 anchors, C = 3 * (5 + 80) = 255; boxes 3 * 13 * 13 = 507
  return Make(m, NNADAPTER_YOLO_BOX,
              {m->F32({1, 255, 13, 13}), m->Add(kI32, {1, 2}),
               m->I32s({10, 13, 16, 30, 33, 23}), m->I32(80), m->F(0.01f),
               m->I32(32), m->B(true), m->F(1.f), m->B(false), m->F(0.5f)},
              {{1, 507, 4}, {1, 507, 80}}, {kF32, kF32});
}
VALID_CASE(NON_MAX_SUPPRESSION) {
  // [B=2, M=100, 4] boxes, [2, 80, 100] scores: the kept count is known
  // only at run time; out_rois_num has one count per image.
  return Make(m, NNADAPTER_NON_MAX_SUPPRESSION,
              {m->F32({2, 100, 4}), m->F32({2, 80, 100}), nullptr, m->I32(0),
               m->F(0.01f), m->I32(1000), m->F(0.45f), m->F(1.f), m->I32(100),
               m->B(true), m->B(true)},
              {{-1, 6}, {2}, {-1}}, {kF32, kI32, kI32});
}

}  // namespace test
}  // namespace operation
}  // namespace nnadapter
