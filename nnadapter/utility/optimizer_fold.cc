// FoldConstantOperations and ConvertQuantizationSymmToAsymm
// (utility/optimizer.h).
#include <cstring>

#include "nnadapter/utility/api_model.h"
#include "nnadapter/utility/logging.h"
#include "nnadapter/utility/optimizer.h"
#include "optimizer_graph.h"

namespace nnadapter {

namespace {

bool AllInputsConstant(const core::Operation& op) {
  if (op.input_operands.empty()) return false;
  for (const auto* o : op.input_operands) {
    if (o && !IsConstantOperand(o)) return false;
  }
  for (const auto* o : op.output_operands) {
    if (!o || IsModelOutputOperand(o)) return false;  // outputs stay computed
  }
  return true;
}

}  // namespace

size_t FoldConstantOperations(OwnedModel* model) {
  size_t folded = 0;
  for (auto* op : SortOperationsInTopologicalOrder(&model->model)) {
    if (!AllInputsConstant(*op)) continue;
    std::vector<NNAdapterOperandType> types;
    std::vector<std::vector<uint8_t>> values;
    std::string error;
    if (!EvaluateOnBuiltinDevice(*op, &types, &values, &error)) {
      NNADAPTER_VLOG(3) << "constant folding: operation type " << op->type
                        << " kept: " << error;
      continue;
    }
    for (size_t i = 0; i < values.size(); i++) {
      core::Operand* out = op->output_operands[i];
      NNAdapterOperandType type = types[i];
      type.layout = out->type.layout;
      core::Operand* constant =
          optimizer::AddConstant(model, type, values[i].data(), values[i].size());
      optimizer::ReplaceInput(&model->model, out, constant);
    }
    optimizer::RemoveOperation(&model->model, op);
    folded++;
  }
  optimizer::RemoveUnusedOperands(&model->model);
  return folded;
}

size_t ConvertQuantizationSymmToAsymm(OwnedModel* model) {
  size_t converted = 0;
  for (auto& o : model->model.operands) {
    if (o.type.precision != NNADAPTER_QUANT_INT8_SYMM_PER_LAYER) continue;
    const float scale = o.type.symm_per_layer_params.scale;
    o.type.precision = NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER;
    o.type.asymm_per_layer_params.scale = scale;
    o.type.asymm_per_layer_params.zero_point = 128;
    if (IsConstantOperand(&o) && o.buffer) {
      // q + 128 in [0, 255]: the same real values. The caller's buffer
      // (CONSTANT_REFERENCE) is never written: the model gets its own copy.
      std::vector<uint8_t> shifted(o.length);
      const auto* q = static_cast<const int8_t*>(o.buffer);
      for (uint32_t i = 0; i < o.length; i++) {
        shifted[i] = static_cast<uint8_t>(static_cast<int32_t>(q[i]) + 128);
      }
      o.buffer = model->Own(shifted.data(), shifted.size());
      o.type.lifetime = NNADAPTER_CONSTANT_COPY;
    }
    converted++;
  }
  return converted;
}

}  // namespace nnadapter
