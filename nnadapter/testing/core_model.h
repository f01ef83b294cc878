// Builds a core::Model directly (the HAL's view of a model), for tests of
// operations and drivers below the C API. Operand values and per-channel
// scales are owned by the model (nnadapter::OwnedModel).
#ifndef NNADAPTER_TESTING_CORE_MODEL_H_
#define NNADAPTER_TESTING_CORE_MODEL_H_

#include <cstring>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter_test {

class CoreModel {
 public:
  nnadapter::core::Model& model() { return owned_.model; }
  // The model with the storage of its constants (what toolkit passes take).
  nnadapter::OwnedModel& owned() { return owned_; }

  nnadapter::core::Operand* Add(NNAdapterOperandPrecision precision,
                                const std::vector<int32_t>& dims,
                                NNAdapterOperandLifetime lifetime) {
    owned_.model.operands.emplace_back();
    nnadapter::core::Operand* o = &owned_.model.operands.back();
    std::memset(&o->type, 0, sizeof(o->type));
    o->type.precision = precision;
    o->type.lifetime = lifetime;
    o->type.dimensions.count = static_cast<uint32_t>(dims.size());
    for (size_t i = 0; i < dims.size(); i++) o->type.dimensions.data[i] = dims[i];
    return o;
  }
  // A CONSTANT_COPY operand holding a copy of `values` (no buffer if empty).
  template <typename T>
  nnadapter::core::Operand* Const(NNAdapterOperandPrecision precision,
                                  const std::vector<int32_t>& dims,
                                  const std::vector<T>& values) {
    nnadapter::core::Operand* o =
        Add(precision, dims, NNADAPTER_CONSTANT_COPY);
    const size_t length = values.size() * sizeof(T);
    if (length) o->buffer = owned_.Own(values.data(), length);
    o->length = static_cast<uint32_t>(length);
    return o;
  }
  // Symmetric per-channel operand (int8 or int32) with the given scales.
  nnadapter::core::Operand* PerChannel(NNAdapterOperandPrecision precision,
                                       const std::vector<int32_t>& dims,
                                       uint32_t channel_dim,
                                       const std::vector<float>& scales,
                                       NNAdapterOperandLifetime lifetime) {
    nnadapter::core::Operand* o = Add(precision, dims, lifetime);
    auto& p = o->type.symm_per_channel_params;
    p.channel_dim = channel_dim;
    p.scale_count = static_cast<uint32_t>(scales.size());
    p.scales = static_cast<float*>(
        owned_.Own(scales.data(), scales.size() * sizeof(float)));
    return o;
  }
  nnadapter::core::Operation* Op(NNAdapterOperationType type,
                                 std::vector<nnadapter::core::Operand*> ins,
                                 std::vector<nnadapter::core::Operand*> outs) {
    owned_.model.operations.emplace_back();
    nnadapter::core::Operation* op = &owned_.model.operations.back();
    op->type = type;
    op->input_operands = std::move(ins);
    op->output_operands = std::move(outs);
    return op;
  }

 private:
  nnadapter::OwnedModel owned_;
};

}  // namespace nnadapter_test

#endif  // NNADAPTER_TESTING_CORE_MODEL_H_
