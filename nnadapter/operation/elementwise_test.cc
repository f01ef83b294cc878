// Broadcasting, precisions and quantization of the element-wise families.
#include "nnadapter/utility/debug.h"
#include "operation/test_util.h"

namespace nnadapter {
namespace operation {
namespace test {
namespace {

Dims Broadcast(NNAdapterOperationType type, Dims a, Dims b) {
  Model m;
  core::Operand* out = m.Out();
  std::string msg;
  EXPECT_EQ(RunOp(type, {m.F32(a), m.F32(b), m.I32(0)}, {out}, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  return DimsOf(out);
}

TEST(Elementwise, NumpyBroadcasting) {
  EXPECT_EQ(Broadcast(NNADAPTER_ADD, {8, 1, 6, 1}, {7, 1, 5}),
            (Dims{8, 7, 6, 5}));
  EXPECT_EQ(Broadcast(NNADAPTER_SUB, {5, 4}, {1}), (Dims{5, 4}));
  EXPECT_EQ(Broadcast(NNADAPTER_MUL, {}, {2, 3}), (Dims{2, 3}));
  EXPECT_EQ(Broadcast(NNADAPTER_DIV, {15, 3, 5}, {15, 1, 5}),
            (Dims{15, 3, 5}));
  EXPECT_EQ(Broadcast(NNADAPTER_POW, {3, 1}, {1, 0}), (Dims{3, 0}));
}

TEST(Elementwise, UnknownExtentsInBroadcasting) {
  // unknown vs 4 -> 4 (the unknown must be 1 or 4); unknown vs 1 -> unknown
  EXPECT_EQ(Broadcast(NNADAPTER_ADD, {U, 3}, {4, 1}), (Dims{4, 3}));
  EXPECT_EQ(Broadcast(NNADAPTER_ADD, {U, 3}, {1, 3}), (Dims{U, 3}));
  EXPECT_EQ(Broadcast(NNADAPTER_MAX, {U}, {U}), (Dims{U}));
  EXPECT_EQ(Broadcast(NNADAPTER_MIN, {2, U, 1}, {5}), (Dims{2, U, 5}));
}

TEST(Elementwise, IncompatibleShapesAreRejected) {
  Model m;
  EXPECT_INVALID(NNADAPTER_ADD, {m.F32({2, 3}), m.F32({4}), m.I32(0)},
                 {m.Out()}, "ADD",
                 "input 1 (input1): shape [4] cannot be broadcast with [2,3] "
                 "(output axis 1)");
  EXPECT_INVALID(NNADAPTER_FLOOR_DIV,
                 {m.F32({2, 3}), m.Q8({2, 3}, 1.f), m.I32(0)}, {m.Out()},
                 "FLOOR_DIV",
                 "input 1 (input1): expected the precision of input 0 "
                 "(input0) (FLOAT32), got QUANT_INT8_SYMM_PER_LAYER");
  EXPECT_INVALID(NNADAPTER_ADD, {m.F32({2}), m.F32({2}), m.I32(-1)},
                 {m.Out()}, "ADD", "input 2 (fuse_code)");
  EXPECT_INVALID(NNADAPTER_ADD,
                 {m.Bool8({2}), m.Bool8({2}), m.I32(0)}, {m.Out()}, "ADD",
                 "input 0 (input0): expected precision FLOAT32 or "
                 "QUANT_INT8_SYMM_PER_LAYER");
}

TEST(Elementwise, QuantizedOutputScale) {
  Model m;
  std::string msg;
  core::Operand* out = m.Out();
  ASSERT_EQ(RunOp(NNADAPTER_ADD, {m.Q8({4}, 0.5f), m.Q8({4}, 0.25f), m.I32(0)},
                  {out}, &msg),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(out->type.precision, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
  EXPECT_FLOAT_EQ(out->type.symm_per_layer_params.scale, 0.5f);
  core::Operand* own = m.Q8({}, 0.125f);
  own->type.lifetime = NNADAPTER_TEMPORARY_VARIABLE;
  ASSERT_EQ(RunOp(NNADAPTER_ADD, {m.Q8({4}, 0.5f), m.Q8({4}, 0.25f), m.I32(0)},
                  {own}, &msg),
            NNADAPTER_NO_ERROR);
  EXPECT_FLOAT_EQ(own->type.symm_per_layer_params.scale, 0.125f);
  EXPECT_EQ(DimsOf(own), (Dims{4}));
  EXPECT_INVALID(NNADAPTER_ADD, {m.Q8({4}, -1.f), m.Q8({4}, 0.25f), m.I32(0)},
                 {m.Out()}, "ADD",
                 "input 0 (input0): expected a positive quantization scale");
}

TEST(Elementwise, ComparisonsGiveBool) {
  const NNAdapterOperationType types[] = {
      NNADAPTER_EQUAL, NNADAPTER_NOT_EQUAL, NNADAPTER_GREATER,
      NNADAPTER_GREATER_EQUAL, NNADAPTER_LESS, NNADAPTER_LESS_EQUAL};
  for (auto type : types) {
    Model m;
    core::Operand* out = m.Out();
    std::string msg;
    ASSERT_EQ(RunOp(type, {m.Add(NNADAPTER_INT64, {U, 1, 3}),
                           m.Add(NNADAPTER_INT64, {4, 1})},
                    {out}, &msg),
              NNADAPTER_NO_ERROR)
        << msg;
    EXPECT_EQ(DimsOf(out), (Dims{U, 4, 3}));
    EXPECT_EQ(out->type.precision, NNADAPTER_BOOL8);
  }
  Model m;
  EXPECT_INVALID(NNADAPTER_LESS, {m.F32({2}), m.Add(NNADAPTER_INT32, {2})},
                 {m.Out()}, "LESS", "input 1 (input1)");
  EXPECT_INVALID(NNADAPTER_GREATER, {m.F32({3}), m.F32({2})}, {m.Out()},
                 "GREATER", "cannot be broadcast");
}

TEST(Elementwise, LogicalSumWhere) {
  Model m;
  std::string msg;
  EXPECT_INVALID(NNADAPTER_AND, {m.F32({2}), m.F32({2})}, {m.Out()}, "AND",
                 "input 0 (input0): expected precision BOOL8, got FLOAT32");
  EXPECT_INVALID(NNADAPTER_NOT, {m.F32({2})}, {m.Out()}, "NOT",
                 "input 0 (input): expected precision BOOL8");
  core::Operand* out = m.Out();
  ASSERT_EQ(RunOp(NNADAPTER_SUM, {m.F32({4, 1}), m.F32({3}), m.F32({1}),
                                  m.F32({U, 1, 1})},
                  {out}, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(out), (Dims{U, 4, 3}));
  EXPECT_INVALID(NNADAPTER_SUM, {m.F32({4}), m.F32({4}), m.F32({3})},
                 {m.Out()}, "SUM", "input 2 (input2): shape [3]");
  out = m.Out();
  ASSERT_EQ(RunOp(NNADAPTER_WHERE,
                  {m.Bool8({3, 1, 1}), m.Add(NNADAPTER_INT32, {4, 1}),
                   m.Add(NNADAPTER_INT32, {5})},
                  {out}, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(out), (Dims{3, 4, 5}));
  EXPECT_EQ(out->type.precision, NNADAPTER_INT32);
  EXPECT_INVALID(NNADAPTER_WHERE, {m.F32({3}), m.F32({3}), m.F32({3})},
                 {m.Out()}, "WHERE",
                 "input 0 (condition): expected precision BOOL8");
  EXPECT_INVALID(NNADAPTER_WHERE, {m.Bool8({3}), m.F32({3}), m.F32({2})},
                 {m.Out()}, "WHERE", "input 2 (input1)");
}

TEST(Unary, KeepShapeTypeAndQuantization) {
  const NNAdapterOperationType types[] = {
      NNADAPTER_ABS,  NNADAPTER_ASSIGN,  NNADAPTER_COS,   NNADAPTER_EXP,
      NNADAPTER_FLOOR, NNADAPTER_LOG,    NNADAPTER_RELU,  NNADAPTER_RELU6,
      NNADAPTER_RSQRT, NNADAPTER_SIGMOID, NNADAPTER_SIN,  NNADAPTER_SQUARE,
      NNADAPTER_SWISH, NNADAPTER_TANH};
  for (auto type : types) {
    Model m;
    core::Operand* out = m.Out();
    std::string msg;
    ASSERT_EQ(RunOp(type, {m.Q8({U, 3, 5}, 0.02f)}, {out}, &msg),
              NNADAPTER_NO_ERROR)
        << msg;
    EXPECT_EQ(DimsOf(out), (Dims{U, 3, 5}));
    EXPECT_EQ(out->type.precision, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
    EXPECT_FLOAT_EQ(out->type.symm_per_layer_params.scale, 0.02f);
    EXPECT_INVALID(type, {m.Add(NNADAPTER_INT32, {3})}, {m.Out()},
                   OperationTypeName(type),
                   "input 0 (input): expected precision FLOAT32 or "
                   "QUANT_INT8_SYMM_PER_LAYER, got INT32");
  }
}

TEST(Unary, ActivationAttributes) {
  Model m;
  EXPECT_INVALID(NNADAPTER_LEAKY_RELU, {m.F32({3}), m.I32(1)}, {m.Out()},
                 "LEAKY_RELU",
                 "input 1 (alpha): expected precision FLOAT32, got INT32");
  EXPECT_INVALID(NNADAPTER_HARD_SIGMOID, {m.F32({3}), m.F(0.2f), m.F32({1})},
                 {m.Out()}, "HARD_SIGMOID",
                 "input 2 (beta): expected a constant operand");
  EXPECT_INVALID(NNADAPTER_GELU, {m.F32({3}), m.I32(1)}, {m.Out()}, "GELU",
                 "input 1 (approximate): expected precision BOOL8");
  EXPECT_INVALID(NNADAPTER_SOFTPLUS, {m.F32({3}), m.F(0.f)}, {m.Out()},
                 "SOFTPLUS", "input 1 (alpha): expected a non-zero value");
  EXPECT_INVALID(NNADAPTER_PRELU, {m.F32({1, 3, 4}), m.Fs({1, 2})}, {m.Out()},
                 "PRELU", "input 1 (alpha): expected shape [1] or [3]");
  EXPECT_INVALID(NNADAPTER_CLIP, {m.F32({3}), m.F(2), m.F(1)}, {m.Out()},
                 "CLIP", "input 1 (min): expected min <= max");
  EXPECT_INVALID(NNADAPTER_CLIP, {m.F32({3}), m.F(0), m.Fs({1, 2})},
                 {m.Out()}, "CLIP", "input 2 (max): expected shape [1]");
  // Non-constant clip bounds are accepted.
  core::Operand* out = m.Out();
  std::string msg;
  ASSERT_EQ(RunOp(NNADAPTER_CLIP, {m.F32({3}), m.F32({1}), m.F32({1})},
                  {out}, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(out), (Dims{3}));
}

}  // namespace
}  // namespace test
}  // namespace operation
}  // namespace nnadapter
