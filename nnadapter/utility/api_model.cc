#include "nnadapter/utility/api_model.h"


#include "nnadapter/utility/modeling.h"

namespace nnadapter {

ApiModel::ApiModel() {
  if (NNAdapterModel_create(&model_) != NNADAPTER_NO_ERROR) model_ = nullptr;
}

ApiModel::~ApiModel() {
  if (model_) NNAdapterModel_destroy(model_);
}

NNAdapterOperand* ApiModel::Find(const core::Operand* operand) const {
  auto it = mapped_.find(operand);
  return it != mapped_.end() ? it->second : nullptr;
}

NNAdapterOperand* ApiModel::Operand(
    const core::Operand* o,
    const std::map<const core::Operand*, std::vector<int32_t>>& dims,
    bool is_output, std::string* error) {
  if (NNAdapterOperand* found = Find(o)) return found;
  NNAdapterOperandType type = o->type;
  type.lifetime = NNADAPTER_TEMPORARY_VARIABLE;
  type.dimensions.dynamic_count = 0;
  auto k = dims.find(o);
  if (k != dims.end()) {
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
  if (NNAdapterModel_addOperand(model_, &type, &added) != NNADAPTER_NO_ERROR ||
      (IsConstantOperand(o) &&
       NNAdapterModel_setOperandValue(added, o->buffer, o->length, false) !=
           NNADAPTER_NO_ERROR)) {
    *error = NNAdapter_getLastErrorMessage();
    return nullptr;
  }
  mapped_[o] = added;
  return added;
}

bool ApiModel::AddOperation(
    const core::Operation& op,
    const std::map<const core::Operand*, std::vector<int32_t>>& dims,
    std::string* error) {
  if (!model_) {
    *error = "NNAdapterModel_create failed";
    return false;
  }
  std::vector<NNAdapterOperand*> ins, outs;
  for (const auto* o : op.input_operands) {
    NNAdapterOperand* x = o ? Operand(o, dims, false, error) : nullptr;
    if (o && !x) return false;
    ins.push_back(x);
  }
  for (const auto* o : op.output_operands) {
    NNAdapterOperand* x = o ? Operand(o, dims, true, error) : nullptr;
    if (!x) {
      if (error->empty()) *error = "missing output operand";
      return false;
    }
    outs.push_back(x);
  }
  if (NNAdapterModel_addOperation(model_, op.type, static_cast<uint32_t>(ins.size()),
                                  ins.data(), static_cast<uint32_t>(outs.size()),
                                  outs.data(), nullptr) != NNADAPTER_NO_ERROR) {
    *error = NNAdapter_getLastErrorMessage();
    return false;
  }
  return true;
}

bool ApiModel::Dimensions(const core::Operand* operand, std::vector<int32_t>* dims,
                          std::string* error) const {
  NNAdapterOperandType* type = nullptr;
  NNAdapterOperand* o = Find(operand);
  if (!o || NNAdapterModel_getOperandType(o, &type) != NNADAPTER_NO_ERROR || !type) {
    *error = o ? NNAdapter_getLastErrorMessage() : "operand not in the model";
    return false;
  }
  dims->assign(type->dimensions.data, type->dimensions.data + type->dimensions.count);
  return true;
}

namespace {

struct Output {
  NNAdapterOperandType type;
  std::vector<uint8_t> bytes;
  static void* Access(void* memory, NNAdapterOperandType* type) {
    auto* out = static_cast<Output*>(memory);
    out->type = *type;
    const int64_t length = GetOperandTypeBufferLength(*type);
    if (length < 0) return nullptr;
    out->bytes.assign(static_cast<size_t>(length) + 1, 0);  // never empty
    out->bytes.resize(static_cast<size_t>(length));
    return out->bytes.data();
  }
};

// builtin_device, a context on it, a compilation and an execution, released
// in reverse order.
struct BuiltinRun {
  NNAdapterDevice* device = nullptr;
  NNAdapterContext* context = nullptr;
  NNAdapterCompilation* compilation = nullptr;
  NNAdapterExecution* execution = nullptr;
  ~BuiltinRun() {
    NNAdapterExecution_destroy(execution);
    NNAdapterCompilation_destroy(compilation);
    NNAdapterContext_destroy(context);
    NNAdapterDevice_release(device);
  }
};

}  // namespace

bool EvaluateOnBuiltinDevice(const core::Operation& op,
                             std::vector<NNAdapterOperandType>* types,
                             std::vector<std::vector<uint8_t>>* values,
                             std::string* error) {
  ApiModel m;
  if (!m.AddOperation(op, {}, error)) return false;
  std::vector<NNAdapterOperand*> outs;
  for (const auto* o : op.output_operands) outs.push_back(m.Find(o));
  std::vector<Output> results(outs.size());
  BuiltinRun r;
  int code = NNAdapterModel_identifyInputsAndOutputs(
      m.model(), 0, nullptr, static_cast<uint32_t>(outs.size()), outs.data());
  if (code == NNADAPTER_NO_ERROR) code = NNAdapterModel_finish(m.model());
  if (code == NNADAPTER_NO_ERROR) code = NNAdapterDevice_acquire("builtin_device", &r.device);
  if (code == NNADAPTER_NO_ERROR) {
    code = NNAdapterContext_create(&r.device, 1, "", nullptr, &r.context);
  }
  if (code == NNADAPTER_NO_ERROR) {
    code = NNAdapterCompilation_create(m.model(), nullptr, nullptr, 0, nullptr,
                                       r.context, &r.compilation);
  }
  if (code == NNADAPTER_NO_ERROR) code = NNAdapterCompilation_finish(r.compilation);
  if (code == NNADAPTER_NO_ERROR) code = NNAdapterExecution_create(r.compilation, &r.execution);
  for (size_t i = 0; i < results.size() && code == NNADAPTER_NO_ERROR; i++) {
    code = NNAdapterExecution_setOutput(r.execution, static_cast<int32_t>(i),
                                        &results[i], Output::Access);
  }
  if (code == NNADAPTER_NO_ERROR) code = NNAdapterExecution_compute(r.execution);
  if (code != NNADAPTER_NO_ERROR) {
    *error = NNAdapter_getLastErrorMessage();
    return false;
  }
  types->clear();
  values->clear();
  for (auto& out : results) {
    types->push_back(out.type);
    values->push_back(std::move(out.bytes));
  }
  return true;
}

}  // namespace nnadapter
