// Tests that iterate operation_types.inc: every standard operation has a
// definition, a valid case with hand-computed outputs, and rejects a wrong
// operand count, a wrong input precision and missing outputs with a message
// that names the operation and the operand.
#include "nnadapter/operation_layout.h"
#include "nnadapter/utility/modeling.h"
#include "operation/test_util.h"
#include "operation/shape_inference.h"

namespace nnadapter {
namespace operation {
namespace test {
namespace {

TEST(OperationCoverage, EveryOperationHasADefinitionAndAValidCase) {
  EXPECT_EQ(sizeof(kOperations) / sizeof(kOperations[0]),
            static_cast<size_t>(kOperationCount));
  for (const OpInfo& op : kOperations) {
    EXPECT_TRUE(HasOperationDefinition(op.type)) << op.name;
    EXPECT_EQ(ValidCases().count(op.type), 1u)
        << op.name << " has no valid case in valid_cases.cc";
  }
  EXPECT_EQ(ValidCases().size(), static_cast<size_t>(kOperationCount));
}

TEST(OperationCoverage, ValidCasesInferHandComputedOutputs) {
  for (const OpInfo& op : kOperations) {
    SCOPED_TRACE(op.name);
    auto it = ValidCases().find(op.type);
    ASSERT_NE(it, ValidCases().end());
    Model m;
    Case c = it->second(&m);
    ASSERT_EQ(c.type, op.type);
    std::string msg;
    ASSERT_EQ(RunOp(c.type, c.inputs, c.outputs, &msg), NNADAPTER_NO_ERROR)
        << msg;
    ASSERT_EQ(c.outputs.size(), c.dims.size());
    for (size_t j = 0; j < c.outputs.size(); j++) {
      EXPECT_EQ(DimsOf(c.outputs[j]), c.dims[j]) << "output " << j;
      EXPECT_EQ(c.outputs[j]->type.precision, c.precisions[j])
          << "output " << j;
      EXPECT_EQ(c.outputs[j]->type.lifetime, NNADAPTER_TEMPORARY_VARIABLE);
      EXPECT_EQ(c.outputs[j]->type.dimensions.dynamic_count, 0u);
    }
  }
}

TEST(OperationCoverage, ReinferenceGivesTheSameOutputs) {
  for (const OpInfo& op : kOperations) {
    SCOPED_TRACE(op.name);
    Model m;
    Case c = ValidCases().at(op.type)(&m);
    core::Operation operation;
    operation.type = c.type;
    operation.input_operands = c.inputs;
    operation.output_operands = c.outputs;
    std::string msg;
    ASSERT_EQ(InferOperationOutputs(&operation, &msg), NNADAPTER_NO_ERROR)
        << msg;
    for (size_t j = 0; j < c.outputs.size(); j++) {
      EXPECT_EQ(DimsOf(c.outputs[j]), c.dims[j]) << "output " << j;
    }
  }
}

TEST(OperationCoverage, EveryOperationRejectsAnExtraInput) {
  for (const OpInfo& op : kOperations) {
    SCOPED_TRACE(op.name);
    Model m;
    Case c = ValidCases().at(op.type)(&m);
    c.inputs.push_back(nullptr);
    EXPECT_INVALID(c.type, c.inputs, c.outputs, op.name, "input");
  }
}

TEST(OperationCoverage, EveryOperationRejectsNoInputs) {
  for (const OpInfo& op : kOperations) {
    SCOPED_TRACE(op.name);
    Model m;
    Case c = ValidCases().at(op.type)(&m);
    EXPECT_INVALID(c.type, {}, c.outputs, op.name, "input");
  }
}

TEST(OperationCoverage, EveryOperationRejectsMissingOutputs) {
  for (const OpInfo& op : kOperations) {
    SCOPED_TRACE(op.name);
    Model m;
    Case c = ValidCases().at(op.type)(&m);
    EXPECT_INVALID(c.type, c.inputs, {}, op.name, "output");
  }
}

TEST(OperationCoverage, EveryOperationRejectsAWrongInputPrecision) {
  for (const OpInfo& op : kOperations) {
    SCOPED_TRACE(op.name);
    Model m;
    Case c = ValidCases().at(op.type)(&m);
    c.inputs[0]->type.precision = NNADAPTER_UINT16;
    EXPECT_INVALID(c.type, c.inputs, c.outputs, op.name,
                   "input 0 (" );
    // The message says what was expected and what it got.
    std::string msg;
    RunOp(c.type, c.inputs, c.outputs, &msg);
    EXPECT_NE(msg.find("expected"), std::string::npos) << msg;
    EXPECT_NE(msg.find("UINT16"), std::string::npos) << msg;
  }
}

TEST(OperationCoverage, FailureRestoresTheOutputTypes) {
  for (const OpInfo& op : kOperations) {
    SCOPED_TRACE(op.name);
    Model m;
    Case c = ValidCases().at(op.type)(&m);
    std::vector<NNAdapterOperandType> before;
    for (auto* o : c.outputs) before.push_back(o->type);
    c.inputs[0]->type.precision = NNADAPTER_UINT16;
    std::string msg;
    ASSERT_NE(RunOp(c.type, c.inputs, c.outputs, &msg), NNADAPTER_NO_ERROR);
    for (size_t j = 0; j < c.outputs.size(); j++) {
      EXPECT_EQ(c.outputs[j]->type.precision, before[j].precision);
      EXPECT_EQ(c.outputs[j]->type.dimensions.count,
                before[j].dimensions.count);
    }
  }
}

TEST(OperationCoverage, UnknownOperationTypeIsNotSupported) {
  Model m;
  std::string msg;
  EXPECT_EQ(RunOp(0, {m.F32({1})}, {m.Out()}, &msg),
            NNADAPTER_FEATURE_NOT_SUPPORTED);
  EXPECT_NE(msg.find("unknown operation type 0"), std::string::npos) << msg;
  EXPECT_EQ(RunOp(1000, {m.F32({1})}, {m.Out()}, &msg),
            NNADAPTER_FEATURE_NOT_SUPPORTED);
  EXPECT_EQ(ValidateAndInferOperation(nullptr, &msg),
            NNADAPTER_INVALID_PARAMETER);
}

TEST(OperationCoverage, ConstantOutputIsRejected) {
  Model m;
  core::Operand* out = m.Fs({1, 2});
  EXPECT_INVALID(NNADAPTER_RELU, {m.F32({2})}, {out}, "RELU",
                 "output 0: must not be a constant");
}

}  // namespace
}  // namespace test
}  // namespace operation
}  // namespace nnadapter
