#include "shape_inference.h"

#include "nnadapter/nnadapter.h"
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

namespace {

struct ModelHandle {
  NNAdapterModel* model = nullptr;
  ~ModelHandle() {
    if (model) NNAdapterModel_destroy(model);
  }
};

}  // namespace

bool InferDimensions(
    const std::vector<const core::Operation*>& operations,
    const std::map<const core::Operand*, std::vector<int32_t>>& known,
    std::map<const core::Operand*, std::vector<int32_t>>* dims,
    std::string* error) {
  ModelHandle m;
  if (NNAdapterModel_create(&m.model) != NNADAPTER_NO_ERROR) {
    *error = "NNAdapterModel_create failed";
    return false;
  }
  std::map<const core::Operand*, NNAdapterOperand*> mapped;
  auto operand = [&](const core::Operand* o, bool is_output) -> NNAdapterOperand* {
    auto it = mapped.find(o);
    if (it != mapped.end()) return it->second;
    NNAdapterOperandType type = o->type;
    type.lifetime = NNADAPTER_TEMPORARY_VARIABLE;
    type.dimensions.dynamic_count = 0;
    auto k = known.find(o);
    if (k != known.end()) {
      type.dimensions.count = static_cast<uint32_t>(k->second.size());
      for (size_t i = 0; i < k->second.size(); i++) {
        type.dimensions.data[i] = k->second[i];
      }
    } else if (is_output) {
      for (uint32_t i = 0; i < type.dimensions.count; i++) {
        type.dimensions.data[i] = NNADAPTER_UNKNOWN;
      }
    }
    NNAdapterOperand* added = nullptr;
    if (NNAdapterModel_addOperand(m.model, &type, &added) != NNADAPTER_NO_ERROR) {
      *error = NNAdapter_getLastErrorMessage();
      return nullptr;
    }
    if (IsConstantOperand(o) &&
        NNAdapterModel_setOperandValue(added, o->buffer, o->length, false) !=
            NNADAPTER_NO_ERROR) {
      *error = NNAdapter_getLastErrorMessage();
      return nullptr;
    }
    mapped[o] = added;
    return added;
  };
  for (const auto* op : operations) {
    std::vector<NNAdapterOperand*> ins, outs;
    for (const auto* o : op->input_operands) {
      NNAdapterOperand* x = o ? operand(o, false) : nullptr;
      if (o && !x) return false;
      ins.push_back(x);
    }
    for (const auto* o : op->output_operands) {
      NNAdapterOperand* x = o ? operand(o, true) : nullptr;
      if (!x) {
        if (error->empty()) *error = "missing output operand";
        return false;
      }
      outs.push_back(x);
    }
    if (NNAdapterModel_addOperation(m.model, op->type,
                                    static_cast<uint32_t>(ins.size()),
                                    ins.data(),
                                    static_cast<uint32_t>(outs.size()),
                                    outs.data(), nullptr) != NNADAPTER_NO_ERROR) {
      *error = NNAdapter_getLastErrorMessage();
      return false;
    }
    for (size_t i = 0; i < outs.size(); i++) {
      NNAdapterOperandType* type = nullptr;
      if (NNAdapterModel_getOperandType(outs[i], &type) != NNADAPTER_NO_ERROR ||
          !type) {
        *error = NNAdapter_getLastErrorMessage();
        return false;
      }
      (*dims)[op->output_operands[i]].assign(
          type->dimensions.data, type->dimensions.data + type->dimensions.count);
    }
  }
  return true;
}

}  // namespace google_xnnpack
}  // namespace nnadapter
