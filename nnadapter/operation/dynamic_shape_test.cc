// Dynamic shapes: unknown extents, alternative shapes (dimensions'
// dynamic_data) and the execution-time re-inference entry points.
#include "operation/test_util.h"
#include "operation/shape_inference.h"

namespace nnadapter {
namespace operation {
namespace test {
namespace {

void SetDynamic(core::Operand* o, const std::vector<Dims>& shapes) {
  o->type.dimensions.dynamic_count = static_cast<uint32_t>(shapes.size());
  for (size_t k = 0; k < shapes.size(); k++) {
    for (size_t d = 0; d < shapes[k].size(); d++) {
      o->type.dimensions.dynamic_data[k][d] = shapes[k][d];
    }
  }
}

Dims DynamicOf(const core::Operand* o, uint32_t k) {
  const auto& d = o->type.dimensions;
  return Dims(d.dynamic_data[k], d.dynamic_data[k] + d.count);
}

std::vector<core::Operand*> Conv(Model* m, core::Operand* input) {
  // 16 x 3 x 3 x 3 filter, pads 1, stride 2
  return {input,          m->F32({16, 3, 3, 3}), m->F32({16}),
          m->I32(0),      m->I32s({1, 1, 1, 1}), m->I32s({2, 2}),
          m->I32(1),      m->I32s({1, 1}),       m->I32(0)};
}

TEST(DynamicShape, AlternativeShapesArePropagated) {
  Model m;
  core::Operand* input = m.F32({1, 3, U, U});
  SetDynamic(input, {{1, 3, 32, 32}, {1, 3, 64, 48}, {2, 3, 15, 15}});
  core::Operand* out = m.Out();
  std::string msg;
  ASSERT_EQ(RunOp(NNADAPTER_CONV_2D, Conv(&m, input), {out}, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(out), (Dims{1, 16, U, U}));
  ASSERT_EQ(out->type.dimensions.dynamic_count, 3u);
  // (32 + 2 - 3) / 2 + 1 = 16; (64 - 1) / 2 + 1 = 32; (48 - 1) / 2 + 1 = 24
  EXPECT_EQ(DynamicOf(out, 0), (Dims{1, 16, 16, 16}));
  EXPECT_EQ(DynamicOf(out, 1), (Dims{1, 16, 32, 24}));
  EXPECT_EQ(DynamicOf(out, 2), (Dims{2, 16, 8, 8}));

  // Chained: RELU keeps the alternatives, a binary op broadcasts them with a
  // static operand.
  core::Operand* relu = m.Out();
  ASSERT_EQ(RunOp(NNADAPTER_RELU, {out}, {relu}, &msg), NNADAPTER_NO_ERROR);
  EXPECT_EQ(relu->type.dimensions.dynamic_count, 3u);
  EXPECT_EQ(DynamicOf(relu, 1), (Dims{1, 16, 32, 24}));
  core::Operand* sum = m.Out();
  ASSERT_EQ(RunOp(NNADAPTER_ADD, {relu, m.F32({16, 1, 1}), m.I32(0)}, {sum},
                  &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DynamicOf(sum, 2), (Dims{2, 16, 8, 8}));
}

TEST(DynamicShape, InvalidAlternativeShapeIsReported) {
  Model m;
  core::Operand* input = m.F32({1, 3, U, U});
  SetDynamic(input, {{1, 3, 32, 32}, {1, 4, 32, 32}});
  EXPECT_INVALID(NNADAPTER_CONV_2D, Conv(&m, input), {m.Out()}, "CONV_2D",
                 "(dynamic shape 1)");
  core::Operand* a = m.F32({U, 4});
  core::Operand* b = m.F32({U, 4});
  SetDynamic(a, {{1, 4}, {2, 4}});
  SetDynamic(b, {{1, 4}});
  EXPECT_INVALID(NNADAPTER_ADD, {a, b, m.I32(0)}, {m.Out()}, "ADD",
                 "input 1: expected 2 dynamic shapes (as input 0), got 1");
  SetDynamic(b, {{1, 4}, {3, 4}});
  EXPECT_INVALID(NNADAPTER_ADD, {a, b, m.I32(0)}, {m.Out()}, "ADD",
                 "cannot be broadcast");
}

TEST(DynamicShape, ReinferOperationFromActualInputDims) {
  Model m;
  core::Operand* input = m.F32({1, 3, U, U});
  core::Operand* out = m.Out();
  core::Operation op;
  op.type = NNADAPTER_CONV_2D;
  op.input_operands = Conv(&m, input);
  op.output_operands = {out};
  std::string msg;
  ASSERT_EQ(ValidateAndInferOperation(&op, &msg), NNADAPTER_NO_ERROR) << msg;
  EXPECT_EQ(DimsOf(out), (Dims{1, 16, U, U}));
  // The driver learns the actual input dims at execution time.
  input->type.dimensions.data[2] = 100;
  input->type.dimensions.data[3] = 51;
  ASSERT_EQ(InferOperationOutputs(&op, &msg), NNADAPTER_NO_ERROR) << msg;
  EXPECT_EQ(DimsOf(out), (Dims{1, 16, 50, 26}));
  // Re-inference does not keep stale output extents.
  input->type.dimensions.data[2] = U;
  ASSERT_EQ(InferOperationOutputs(&op, &msg), NNADAPTER_NO_ERROR) << msg;
  EXPECT_EQ(DimsOf(out), (Dims{1, 16, U, 26}));
  // An actual shape the operation cannot take is an error naming it.
  input->type.dimensions.data[2] = 1;
  input->type.dimensions.data[3] = 1;
  input->type.dimensions.count = 3;
  EXPECT_EQ(InferOperationOutputs(&op, &msg), NNADAPTER_INVALID_PARAMETER);
  EXPECT_EQ(msg, "CONV_2D: input 0 (input): expected rank 4, got [1,3,1]");
}

TEST(DynamicShape, ReinferWholeModelInTopologicalOrder) {
  Model m;
  core::Model& model = m.model();
  int32_t perm[] = {1, 0};
  int32_t fuse = 0;
  core::Operand* x = m.Add(NNADAPTER_FLOAT32, {U, 4}, NNADAPTER_MODEL_INPUT);
  core::Operand* p = m.Add(NNADAPTER_INT32, {2}, NNADAPTER_CONSTANT_REFERENCE);
  p->buffer = perm;
  p->length = sizeof(perm);
  core::Operand* f = m.Add(NNADAPTER_INT32, {1}, NNADAPTER_CONSTANT_REFERENCE);
  f->buffer = &fuse;
  f->length = sizeof(fuse);
  core::Operand* t = m.Add(NNADAPTER_FLOAT32, {}, NNADAPTER_TEMPORARY_VARIABLE);
  core::Operand* y = m.Add(NNADAPTER_FLOAT32, {}, NNADAPTER_MODEL_OUTPUT);
  // Added consumer first: re-inference must sort.
  model.operations.push_back({NNADAPTER_ADD, {t, t, f}, {y}});
  model.operations.push_back({NNADAPTER_TRANSPOSE, {x, p}, {t}});
  model.input_operands = {x};
  model.output_operands = {y};
  x->type.dimensions.data[0] = 7;
  std::string msg;
  ASSERT_EQ(InferModelOutputs(&model, &msg), NNADAPTER_NO_ERROR) << msg;
  EXPECT_EQ(DimsOf(t), (Dims{4, 7}));
  EXPECT_EQ(DimsOf(y), (Dims{4, 7}));
  EXPECT_EQ(y->type.precision, NNADAPTER_FLOAT32);
  EXPECT_EQ(y->type.lifetime, NNADAPTER_MODEL_OUTPUT);
  // A failure names the operation's position in topological order.
  x->type.dimensions.count = 3;
  EXPECT_EQ(InferModelOutputs(&model, &msg), NNADAPTER_INVALID_PARAMETER);
  EXPECT_EQ(msg.rfind("operation 0: TRANSPOSE: input 1 (perm)", 0), 0u) << msg;
}

}  // namespace
}  // namespace test
}  // namespace operation
}  // namespace nnadapter
