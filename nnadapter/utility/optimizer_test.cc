// The driver optimizer toolkit (utility/optimizer.h) on hand-built models.
#include <gtest/gtest.h>

#include "nnadapter/utility/optimizer.h"
#include "testing/core_model.h"

namespace nnadapter_test {
namespace {

using nnadapter::core::Operand;

std::vector<NNAdapterOperationType> Types(const nnadapter::core::Model& m) {
  std::vector<NNAdapterOperationType> types;
  for (const auto& op : m.operations) types.push_back(op.type);
  return types;
}

TEST(RemoveIdentityOperations, RewiresConsumersAndKeepsRealReshapesAndOutputs) {
  CoreModel m;
  auto t = [&](std::vector<int32_t> dims, NNAdapterOperandLifetime l =
                                              NNADAPTER_TEMPORARY_VARIABLE) {
    return m.Add(NNADAPTER_FLOAT32, dims, l);
  };
  Operand* x = t({2, 6}, NNADAPTER_MODEL_INPUT);
  Operand* a = t({2, 6});
  Operand* b = t({2, 6});               // ASSIGN copy of a
  Operand* c = t({2, 6});               // RESHAPE to the same dims
  Operand* d = t({3, 4});               // a real RESHAPE
  Operand* y = t({3, 4}, NNADAPTER_MODEL_OUTPUT);  // ASSIGN into the output
  Operand* shape_same = m.Const<int32_t>(NNADAPTER_INT32, {2}, {2, 6});
  Operand* shape_34 = m.Const<int32_t>(NNADAPTER_INT32, {2}, {3, 4});
  m.Op(NNADAPTER_RELU, {x}, {a});
  m.Op(NNADAPTER_ASSIGN, {a}, {b});
  m.Op(NNADAPTER_RESHAPE, {b, shape_same}, {c});
  auto* real_reshape = m.Op(NNADAPTER_RESHAPE, {c, shape_34}, {d});
  m.Op(NNADAPTER_ASSIGN, {d}, {y});
  m.model().input_operands = {x};
  m.model().output_operands = {y};
  const size_t operands_before = m.model().operands.size();

  EXPECT_EQ(nnadapter::RemoveIdentityOperations(&m.model()), 2u);
  EXPECT_EQ(Types(m.model()),
            (std::vector<NNAdapterOperationType>{NNADAPTER_RELU, NNADAPTER_RESHAPE,
                                                 NNADAPTER_ASSIGN}));
  // The real reshape now reads the RELU output directly.
  EXPECT_EQ(real_reshape->input_operands[0], a);
  EXPECT_EQ(m.model().operands.size(), operands_before - 2);
  EXPECT_EQ(m.model().output_operands[0], y);
  // Nothing left to remove.
  EXPECT_EQ(nnadapter::RemoveIdentityOperations(&m.model()), 0u);
}

TEST(RemoveIdentityOperations, KeepsCopiesWithUnknownDimsOrOfConstants) {
  CoreModel m;
  Operand* x = m.Add(NNADAPTER_FLOAT32, {-1, 4}, NNADAPTER_MODEL_INPUT);
  Operand* a = m.Add(NNADAPTER_FLOAT32, {-1, 4}, NNADAPTER_TEMPORARY_VARIABLE);
  Operand* y = m.Add(NNADAPTER_FLOAT32, {-1, 4}, NNADAPTER_MODEL_OUTPUT);
  m.Op(NNADAPTER_ASSIGN, {x}, {a});
  m.Op(NNADAPTER_RELU, {a}, {y});
  // A copy of a constant: its consumer keeps a tensor operand.
  Operand* k = m.Const<float>(NNADAPTER_FLOAT32, {4}, {1, 2, 3, 4});
  Operand* kc = m.Add(NNADAPTER_FLOAT32, {4}, NNADAPTER_TEMPORARY_VARIABLE);
  Operand* z = m.Add(NNADAPTER_FLOAT32, {4}, NNADAPTER_MODEL_OUTPUT);
  m.Op(NNADAPTER_ASSIGN, {k}, {kc});
  m.Op(NNADAPTER_RELU, {kc}, {z});
  EXPECT_EQ(nnadapter::RemoveIdentityOperations(&m.model()), 0u);
  EXPECT_EQ(m.model().operations.size(), 4u);
}

}  // namespace
}  // namespace nnadapter_test
