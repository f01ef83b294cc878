#include "shape_inference.h"

#include "nnadapter/utility/api_model.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {
namespace google_xnnpack {

bool OperationHasKnownDimensions(const core::Operation& op) {
  for (const auto* list : {&op.input_operands, &op.output_operands}) {
    for (const auto* o : *list) {
      if (o && !nnadapter::HasKnownDimensions(o->type.dimensions)) return false;
    }
  }
  return true;
}

bool InferDimensions(
    const std::vector<const core::Operation*>& operations,
    const std::map<const core::Operand*, std::vector<int32_t>>& known,
    std::map<const core::Operand*, std::vector<int32_t>>* dims,
    std::string* error) {
  ApiModel m;
  for (const auto* op : operations) {
    if (!m.AddOperation(*op, known, error)) return false;
    for (const auto* o : op->output_operands) {
      if (!m.Dimensions(o, &(*dims)[o], error)) return false;
    }
  }
  return true;
}

}  // namespace google_xnnpack
}  // namespace nnadapter
