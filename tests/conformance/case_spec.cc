#include "case_spec.h"

namespace conformance {

int CaseSpec::Input(const Tensor& value) {
  OperandSpec o;
  o.kind = OperandSpec::kInput;
  o.tensor = value;
  operands.push_back(std::move(o));
  const int index = static_cast<int>(operands.size()) - 1;
  inputs.push_back(index);
  return index;
}

int CaseSpec::Const(const Tensor& value) {
  OperandSpec o;
  o.kind = OperandSpec::kConstant;
  o.tensor = value;
  operands.push_back(std::move(o));
  return static_cast<int>(operands.size()) - 1;
}

int CaseSpec::Temp(int32_t precision) {
  OperandSpec o;
  o.kind = OperandSpec::kTemporary;
  o.tensor.precision = precision;
  operands.push_back(std::move(o));
  return static_cast<int>(operands.size()) - 1;
}

int CaseSpec::TempLike(const Tensor& like) {
  OperandSpec o;
  o.kind = OperandSpec::kTemporary;
  o.tensor.precision = like.precision;
  o.tensor.scale = like.scale;
  o.tensor.scales = like.scales;
  o.tensor.channel_dim = like.channel_dim;
  operands.push_back(std::move(o));
  return static_cast<int>(operands.size()) - 1;
}

void CaseSpec::Op(NNAdapterOperationType type, std::vector<int> in,
                  std::vector<int> out) {
  OperationSpec op;
  op.type = type;
  op.inputs = std::move(in);
  op.outputs = std::move(out);
  operations.push_back(std::move(op));
}

void CaseSpec::Output(int operand, const Tensor& value, double atol) {
  outputs.push_back(operand);
  expected.push_back(value);
  extra_atol.push_back(atol);
  // The output's declared type: precision + quantization of the expectation.
  Tensor& t = operands[static_cast<size_t>(operand)].tensor;
  t.precision = value.precision;
  t.scale = value.scale;
  t.scales = value.scales;
  t.channel_dim = value.channel_dim;
}

}  // namespace conformance
