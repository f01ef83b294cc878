// RESHAPE, FLATTEN, SQUEEZE, UNSQUEEZE, TRANSPOSE, EXPAND, TILE, SHAPE,
// CONCAT, SPLIT, STACK, MESHGRID, GATHER, SLICE, PAD, ROLL, TOP_K: constant
// and non-constant shape operands, unknown extents, invalid attributes.
#include <climits>

#include "operation/test_util.h"

namespace nnadapter {
namespace operation {
namespace test {
namespace {

Dims Infer(NNAdapterOperationType type, Model* m,
           std::vector<core::Operand*> inputs, size_t outputs = 1) {
  std::vector<core::Operand*> outs;
  for (size_t j = 0; j < outputs; j++) outs.push_back(m->Out());
  std::string msg;
  EXPECT_EQ(RunOp(type, inputs, outs, &msg), NNADAPTER_NO_ERROR) << msg;
  return DimsOf(outs[0]);
}

TEST(Reshape, ZeroMinusOneAndUnknowns) {
  Model m;
  EXPECT_EQ(Infer(NNADAPTER_RESHAPE, &m, {m.F32({2, 3, 4}), m.I64s({-1})}),
            (Dims{24}));
  EXPECT_EQ(Infer(NNADAPTER_RESHAPE, &m, {m.F32({2, 3, 4}), m.I32s({4, 0, 2})}),
            (Dims{4, 3, 2}));
  // An unknown input extent makes -1 unknown; 0 copies the unknown.
  EXPECT_EQ(Infer(NNADAPTER_RESHAPE, &m, {m.F32({U, 3, 4}), m.I32s({0, -1})}),
            (Dims{U, U}));
  EXPECT_EQ(Infer(NNADAPTER_RESHAPE, &m, {m.F32({U, 3, 4}), m.I32s({-1, 12})}),
            (Dims{U, 12}));
  // Non-constant shape of known length: rank known, extents unknown.
  EXPECT_EQ(Infer(NNADAPTER_RESHAPE, &m,
                  {m.F32({2, 3}), m.Add(NNADAPTER_INT32, {3})}),
            (Dims{U, U, U}));
  EXPECT_INVALID(NNADAPTER_RESHAPE, {m.F32({2, 3, 4}), m.I32s({-1, -1})},
                 {m.Out()}, "RESHAPE", "input 1 (shape): more than one -1");
  EXPECT_INVALID(NNADAPTER_RESHAPE, {m.F32({2, 3, 4}), m.I32s({5, -1})},
                 {m.Out()}, "RESHAPE",
                 "input 1 (shape): cannot infer -1: 24 elements are not a "
                 "multiple of 5");
  EXPECT_INVALID(NNADAPTER_RESHAPE, {m.F32({2, 3, 4}), m.I32s({5, 5})},
                 {m.Out()}, "RESHAPE", "has 25 elements, input [2,3,4] has 24");
  EXPECT_INVALID(NNADAPTER_RESHAPE, {m.F32({2, 3, 4}), m.I32s({2, -3})},
                 {m.Out()}, "RESHAPE", "input 1 (shape): invalid value -3");
  EXPECT_INVALID(NNADAPTER_RESHAPE, {m.F32({2, 3, 4}), m.Fs({2, 12})},
                 {m.Out()}, "RESHAPE",
                 "input 1 (shape): expected precision INT32 or INT64, got "
                 "FLOAT32");
}

TEST(ShapeOps, HugeExtentsAreRejectedNotOverflowed) {
  Model m;
  EXPECT_INVALID(NNADAPTER_RESHAPE,
                 {m.F32({2}), m.I64s({int64_t{1} << 40, 1})}, {m.Out()},
                 "RESHAPE",
                 "input 1 (shape): the output extent 1099511627776 does not "
                 "fit in int32");
  EXPECT_INVALID(NNADAPTER_RESHAPE,
                 {m.F32({U}), m.I32s({1 << 30, 1 << 30, 1 << 30, -1})},
                 {m.Out()}, "RESHAPE",
                 "input 1 (shape): the shape has too many elements");
  EXPECT_INVALID(NNADAPTER_TILE, {m.F32({1 << 20}), m.I32s({1 << 20})},
                 {m.Out()}, "TILE",
                 "input 1 (repeats): the output extent 1099511627776 does not "
                 "fit in int32");
  EXPECT_INVALID(NNADAPTER_FLATTEN,
                 {m.F32({1 << 20, 1 << 20}), m.I32(0), m.I32(1)}, {m.Out()},
                 "FLATTEN", "does not fit in int32");
}

TEST(Reshape, KeepsKnownCallerExtentsWhenInferenceCannot) {
  Model m;
  core::Operand* out = m.Add(NNADAPTER_FLOAT32, {U, 6, 5},
                             NNADAPTER_TEMPORARY_VARIABLE);
  std::string msg;
  ASSERT_EQ(RunOp(NNADAPTER_RESHAPE,
                  {m.F32({2, 3, 5}), m.Add(NNADAPTER_INT64, {3})}, {out},
                  &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(out), (Dims{U, 6, 5}));
}

TEST(ShapeOps, FlattenSqueezeUnsqueezeTranspose) {
  Model m;
  EXPECT_EQ(Infer(NNADAPTER_FLATTEN, &m,
                  {m.F32({2, 3, 4, 5}), m.I32(0), m.I32(-1)}),
            (Dims{120}));
  EXPECT_EQ(Infer(NNADAPTER_FLATTEN, &m,
                  {m.F32({2, U, 4, 5}), m.I32(2), m.I32(3)}),
            (Dims{2, U, 20}));
  EXPECT_INVALID(NNADAPTER_FLATTEN, {m.F32({2, 3, 4}), m.I32(2), m.I32(1)},
                 {m.Out()}, "FLATTEN",
                 "input 2 (end_axis): expected end_axis >= start_axis");
  EXPECT_INVALID(NNADAPTER_FLATTEN, {m.F32({2, 3, 4}), m.I32(3), m.I32(1)},
                 {m.Out()}, "FLATTEN",
                 "input 1 (start_axis): expected an axis in [-3, 3), got 3");
  // Empty axes squeeze every extent of 1.
  EXPECT_EQ(Infer(NNADAPTER_SQUEEZE, &m, {m.F32({1, 3, 1, U}), m.I32s({})}),
            (Dims{3, U}));
  EXPECT_EQ(Infer(NNADAPTER_SQUEEZE, &m, {m.F32({1, 3, 1}), nullptr}),
            (Dims{3}));
  EXPECT_EQ(Infer(NNADAPTER_SQUEEZE, &m, {m.F32({1, 3, 1}), m.I32s({-1, 1})}),
            (Dims{1, 3}));
  EXPECT_INVALID(NNADAPTER_SQUEEZE, {m.F32({1, 3}), m.I32s({2})}, {m.Out()},
                 "SQUEEZE", "input 1 (axes): expected an axis in [-2, 2)");
  EXPECT_EQ(Infer(NNADAPTER_UNSQUEEZE, &m, {m.F32({3}), m.I32s({0, 2})}),
            (Dims{1, 3, 1}));
  EXPECT_INVALID(NNADAPTER_UNSQUEEZE, {m.F32({3}), m.I32s({0, -3})},
                 {m.Out()}, "UNSQUEEZE", "input 1 (axes): axis -3 appears twice");
  EXPECT_INVALID(NNADAPTER_UNSQUEEZE, {m.F32({3}), m.Add(NNADAPTER_INT32, {1})},
                 {m.Out()}, "UNSQUEEZE",
                 "input 1 (axes): expected a constant operand");
  EXPECT_EQ(Infer(NNADAPTER_TRANSPOSE, &m,
                  {m.F32({2, U, 4, 5}), m.I32s({0, 3, 1, 2})}),
            (Dims{2, 5, U, 4}));
  EXPECT_INVALID(NNADAPTER_TRANSPOSE, {m.F32({2, 3, 4}), m.I32s({0, 1, 1})},
                 {m.Out()}, "TRANSPOSE",
                 "input 1 (perm): not a permutation: 1 appears twice");
  EXPECT_INVALID(NNADAPTER_TRANSPOSE, {m.F32({2, 3, 4}), m.I32s({1, 0})},
                 {m.Out()}, "TRANSPOSE",
                 "input 1 (perm): expected 3 values (the rank of input 0), "
                 "got 2");
}

TEST(ShapeOps, ExpandTileShape) {
  Model m;
  EXPECT_EQ(Infer(NNADAPTER_EXPAND, &m, {m.F32({U, 1}), m.I64s({4, -1, 6})}),
            (Dims{4, U, 6}));
  EXPECT_EQ(Infer(NNADAPTER_EXPAND, &m,
                  {m.F32({3, 1}), m.Add(NNADAPTER_INT32, {3})}),
            (Dims{U, U, U}));
  EXPECT_INVALID(NNADAPTER_EXPAND, {m.F32({3, 2}), m.I32s({3, 4})}, {m.Out()},
                 "EXPAND",
                 "input 1 (shape): cannot expand dimension of size 2 to 4");
  EXPECT_INVALID(NNADAPTER_EXPAND, {m.F32({3, 2}), m.I32s({2})}, {m.Out()},
                 "EXPAND", "input 1 (shape): expected at least 2 values");
  EXPECT_EQ(Infer(NNADAPTER_TILE, &m, {m.F32({U, 3}), m.I32s({2, 2})}),
            (Dims{U, 6}));
  EXPECT_EQ(Infer(NNADAPTER_TILE, &m, {m.F32({2, 3}), m.I32s({4, 1, 2})}),
            (Dims{4, 2, 6}));
  EXPECT_EQ(Infer(NNADAPTER_TILE, &m,
                  {m.F32({2, 3}), m.Add(NNADAPTER_INT32, {2})}),
            (Dims{U, U}));
  EXPECT_INVALID(NNADAPTER_TILE, {m.F32({2, 3}), m.I32s({1, 0})}, {m.Out()},
                 "TILE", "input 1 (repeats): expected repeats >= 1, got 0");
  core::Operand* out = m.Out();
  std::string msg;
  ASSERT_EQ(RunOp(NNADAPTER_SHAPE, {m.F32({U, 3, U, 4}), m.I32(NNADAPTER_INT64)},
                  {out}, &msg),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(DimsOf(out), (Dims{4}));
  EXPECT_EQ(out->type.precision, NNADAPTER_INT64);
  EXPECT_INVALID(NNADAPTER_SHAPE, {m.F32({2}), m.I32(NNADAPTER_FLOAT32)},
                 {m.Out()}, "SHAPE",
                 "input 1 (dtype): expected NNADAPTER_INT32 or "
                 "NNADAPTER_INT64");
}

TEST(JoinSplit, ConcatSplitStackMeshgrid) {
  Model m;
  EXPECT_EQ(Infer(NNADAPTER_CONCAT, &m,
                  {m.F32({2, U}), m.F32({U, 3}), m.F32({2, 3}), m.I32(-1)}),
            (Dims{2, U}));
  EXPECT_EQ(Infer(NNADAPTER_CONCAT, &m,
                  {m.F32({2, 1}), m.F32({U, 1}), m.F32({3, 1}), m.I32(0)}),
            (Dims{U, 1}));
  EXPECT_INVALID(NNADAPTER_CONCAT, {m.F32({2, 3}), m.F32({3, 3}), m.I32(1)},
                 {m.Out()}, "CONCAT",
                 "input 1 (input1): dimension 0 is 3, expected 2");
  EXPECT_INVALID(NNADAPTER_CONCAT, {m.F32({2, 3}), m.F32({2, 3}), m.I32(2)},
                 {m.Out()}, "CONCAT",
                 "input 2 (axis): expected an axis in [-2, 2), got 2");
  EXPECT_INVALID(NNADAPTER_CONCAT, {m.F32({2, 3}), m.F32({2, 3, 1}), m.I32(0)},
                 {m.Out()}, "CONCAT", "input 1 (input1): expected rank 2");
  // SPLIT: one output per section.
  std::vector<core::Operand*> outs = {m.Out(), m.Out()};
  std::string msg;
  ASSERT_EQ(RunOp(NNADAPTER_SPLIT, {m.F32({U, 6}), m.I32(0), m.I32s({1, 2})},
                  outs, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(outs[0]), (Dims{1, 6}));
  EXPECT_EQ(DimsOf(outs[1]), (Dims{2, 6}));
  EXPECT_INVALID(NNADAPTER_SPLIT, {m.F32({4, 6}), m.I32(1), m.I32s({1, 2})},
                 {m.Out(), m.Out()}, "SPLIT",
                 "input 2 (split): sections sum to 3, expected dimension 1 of "
                 "input 0 = 6");
  EXPECT_INVALID(NNADAPTER_SPLIT, {m.F32({4, 6}), m.I32(1), m.I32s({3, 3})},
                 {m.Out()}, "SPLIT", "expected 2 output operands, got 1");
  EXPECT_EQ(Infer(NNADAPTER_STACK, &m,
                  {m.F32({U, 4}), m.F32({3, 4}), m.I32(-1)}),
            (Dims{3, 4, 2}));
  EXPECT_INVALID(NNADAPTER_STACK, {m.F32({3, 4}), m.F32({3, 5}), m.I32(0)},
                 {m.Out()}, "STACK", "input 1 (input1): shape [3,5] differs");
  outs = {m.Out(), m.Out(), m.Out()};
  ASSERT_EQ(RunOp(NNADAPTER_MESHGRID, {m.F32({2}), m.F32({U}), m.F32({5})},
                  outs, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  for (auto* o : outs) EXPECT_EQ(DimsOf(o), (Dims{2, U, 5}));
  EXPECT_INVALID(NNADAPTER_MESHGRID, {m.F32({2}), m.F32({2, 2})},
                 {m.Out(), m.Out()}, "MESHGRID",
                 "input 1 (input1): expected rank in [0, 1]");
}

TEST(Indexing, GatherSlicePadRollTopK) {
  Model m;
  EXPECT_EQ(Infer(NNADAPTER_GATHER, &m,
                  {m.F32({5, 6}), m.Const<int64_t>(NNADAPTER_INT64, {}, {2}),
                   m.I32(0)}),
            (Dims{6}));
  // Constant indices of rank 2.
  EXPECT_EQ(Infer(NNADAPTER_GATHER, &m,
                  {m.F32({5, 6}),
                   m.Const<int32_t>(NNADAPTER_INT32, {2, 2}, {0, 1, 2, 3}),
                   m.I32(-1)}),
            (Dims{5, 2, 2}));
  EXPECT_INVALID(NNADAPTER_GATHER, {m.F32({5, 6}), m.I32s({1, 6}), m.I32(1)},
                 {m.Out()}, "GATHER",
                 "input 1 (indices): index 6 is out of range for dimension 1 "
                 "of size 6");
  EXPECT_INVALID(NNADAPTER_GATHER, {m.F32({5, 6}), m.Fs({1}), m.I32(1)},
                 {m.Out()}, "GATHER", "input 1 (indices): expected precision");
  // Negative steps and clamping.
  EXPECT_EQ(Infer(NNADAPTER_SLICE, &m,
                  {m.F32({10, 7}), m.I32s({0, 1}), m.I32s({-1, 100}),
                   m.I32s({INT_MIN, 2}), m.I32s({-3, -1})}),
            (Dims{4, 4}));  // 9,6,3,0 ; 6,5,4,3
  // Without axes: [0, len(starts)); without steps: 1. Unknown extents stay.
  EXPECT_EQ(Infer(NNADAPTER_SLICE, &m,
                  {m.F32({U, 8, 3}), nullptr, m.I32s({1, 2}),
                   m.I32s({3, -2}), nullptr}),
            (Dims{U, 4, 3}));
  // Non-constant starts: the sliced extents are unknown.
  EXPECT_EQ(Infer(NNADAPTER_SLICE, &m,
                  {m.F32({4, 8}), m.I32s({1}), m.Add(NNADAPTER_INT32, {1}),
                   m.I32s({5}), m.I32s({1})}),
            (Dims{4, U}));
  EXPECT_INVALID(NNADAPTER_SLICE,
                 {m.F32({4, 8}), m.I32s({1}), m.I32s({0}), m.I32s({5}),
                  m.I32s({0})},
                 {m.Out()}, "SLICE", "input 4 (steps): step 0 at index 0");
  EXPECT_INVALID(NNADAPTER_SLICE,
                 {m.F32({4, 8}), m.I32s({1}), m.I32s({0, 1}), m.I32s({5}),
                  nullptr},
                 {m.Out()}, "SLICE",
                 "input 2 (starts): expected 1 values (one per axis), got 2");
  EXPECT_EQ(Infer(NNADAPTER_PAD, &m,
                  {m.F32({U, 3}), m.I32s({1, 2, 3, 4}),
                   m.I32(NNADAPTER_PAD_MODE_REFLECT), nullptr}),
            (Dims{U, 10}));
  EXPECT_INVALID(NNADAPTER_PAD,
                 {m.F32({2, 3}), m.I32s({1, 2}), m.I32(0), m.F(0)}, {m.Out()},
                 "PAD",
                 "input 1 (pads): expected 4 values (2 * rank of input 0), "
                 "got 2");
  EXPECT_INVALID(NNADAPTER_PAD,
                 {m.F32({2, 3}), m.I32s({1, 2, 0, 0}), m.I32(9), m.F(0)},
                 {m.Out()}, "PAD", "input 2 (mode)");
  EXPECT_INVALID(NNADAPTER_PAD,
                 {m.F32({2, 3}), m.I32s({1, 2, 0, 0}),
                  m.I32(NNADAPTER_PAD_MODE_CONSTANT), m.I32(0)},
                 {m.Out()}, "PAD", "input 3 (value): expected the precision");
  EXPECT_EQ(Infer(NNADAPTER_ROLL, &m, {m.F32({U, 4}), m.I32s({2}), nullptr}),
            (Dims{U, 4}));
  EXPECT_INVALID(NNADAPTER_ROLL, {m.F32({3, 4}), m.I32s({1}), m.I32s({0, 1})},
                 {m.Out()}, "ROLL",
                 "input 1 (shifts): expected 2 values (one per axis), got 1");
  EXPECT_INVALID(NNADAPTER_ROLL, {m.F32({3, 4}), m.I32s({1}), m.I32s({2})},
                 {m.Out()}, "ROLL", "input 2 (axes): expected an axis");
  std::vector<core::Operand*> outs = {m.Out(), m.Out()};
  std::string msg;
  ASSERT_EQ(RunOp(NNADAPTER_TOP_K,
                  {m.F32({U, 10}), m.Add(NNADAPTER_INT64, {1}), m.I32(-1),
                   m.B(false), m.B(true), m.I32(NNADAPTER_INT32)},
                  outs, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(outs[0]), (Dims{U, U}));
  EXPECT_EQ(outs[1]->type.precision, NNADAPTER_INT32);
  EXPECT_INVALID(NNADAPTER_TOP_K,
                 {m.F32({4, 10}), m.I32(11), m.I32(1), m.B(true), m.B(true),
                  m.I32(NNADAPTER_INT32)},
                 {m.Out(), m.Out()}, "TOP_K",
                 "input 1 (k): k = 11 exceeds dimension 1 of size 10");
}

}  // namespace
}  // namespace test
}  // namespace operation
}  // namespace nnadapter
