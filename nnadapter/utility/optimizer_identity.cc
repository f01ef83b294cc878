#include <algorithm>
#include <cstring>

#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/optimizer.h"

namespace nnadapter {

namespace {

bool SameType(const core::Operand* a, const core::Operand* b) {
  const auto& x = a->type.dimensions;
  const auto& y = b->type.dimensions;
  return a->type.precision == b->type.precision && x.count == y.count &&
         HasKnownDimensions(x) &&
         std::equal(x.data, x.data + x.count, y.data);
}

// The copied operand of an identity operation, or null.
core::Operand* IdentityInput(const core::Operation& op) {
  if (op.input_operands.empty() || op.output_operands.size() != 1) return nullptr;
  core::Operand* in = op.input_operands[0];
  const core::Operand* out = op.output_operands[0];
  // A constant input would turn a consumer's tensor operand into a
  // constant, which a driver may treat differently: kept.
  if (!in || !out || IsModelOutputOperand(out) || IsConstantOperand(in)) {
    return nullptr;
  }
  switch (op.type) {
    case NNADAPTER_ASSIGN:
    case NNADAPTER_RESHAPE:
    case NNADAPTER_FLATTEN:
    case NNADAPTER_SQUEEZE:
    case NNADAPTER_UNSQUEEZE:
      return SameType(in, out) ? in : nullptr;
    default:
      return nullptr;
  }
}

}  // namespace

size_t RemoveIdentityOperations(core::Model* model) {
  size_t removed = 0;
  for (auto it = model->operations.begin(); it != model->operations.end();) {
    core::Operand* in = IdentityInput(*it);
    if (!in) {
      ++it;
      continue;
    }
    const core::Operand* out = it->output_operands[0];
    for (auto& op : model->operations) {
      std::replace(op.input_operands.begin(), op.input_operands.end(),
                   const_cast<core::Operand*>(out), in);
    }
    it = model->operations.erase(it);
    model->operands.remove_if(
        [out](const core::Operand& o) { return &o == out; });
    removed++;
  }
  return removed;
}

}  // namespace nnadapter
