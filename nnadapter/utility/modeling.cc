#include "nnadapter/utility/modeling.h"

#include <cstring>
#include <limits>
#include <queue>
#include <set>
#include <unordered_map>

#include "nnadapter/utility/precision.h"

namespace nnadapter {

uint32_t GetOperandPrecisionDataLength(NNAdapterOperandPrecision precision) {
  return PrecisionByteSize(precision);
}

bool IsValidPrecision(NNAdapterOperandPrecision precision) {
  return GetOperandPrecisionDataLength(precision) != 0;
}

bool IsQuantizedPrecision(NNAdapterOperandPrecision precision) {
  return precision >= NNADAPTER_QUANT_INT8_SYMM_PER_LAYER &&
         precision <= NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER;
}

bool IsPerChannelQuantizedPrecision(NNAdapterOperandPrecision precision) {
  return precision == NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL ||
         precision == NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL ||
         precision == NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL;
}

int64_t GetElementCount(const int32_t* dims, uint32_t count) {
  if (count > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) return -1;
  int64_t n = 1;
  for (uint32_t i = 0; i < count; i++) {
    if (dims[i] < 0) return -1;
    if (dims[i] != 0 &&
        n > std::numeric_limits<int64_t>::max() / 16 / dims[i]) {
      return -1;
    }
    n *= dims[i];
  }
  return n;
}

int64_t GetElementCount(const NNAdapterOperandDimensionType& dims) {
  return GetElementCount(dims.data, dims.count);
}

bool HasKnownDimensions(const NNAdapterOperandDimensionType& dims) {
  return GetElementCount(dims) >= 0;
}

int64_t GetOperandTypeBufferLength(const NNAdapterOperandType& type) {
  const int64_t n = GetElementCount(type.dimensions);
  const uint32_t size = GetOperandPrecisionDataLength(type.precision);
  if (n < 0 || size == 0) return -1;
  return n * size;
}

template <typename T>
static bool GetConstantScalar(const core::Operand* operand, T* value) {
  if (!operand || !IsConstantOperand(operand) || !operand->buffer ||
      operand->length != sizeof(T)) {
    return false;
  }
  std::memcpy(value, operand->buffer, sizeof(T));
  return true;
}

bool GetConstantInt32(const core::Operand* operand, int32_t* value) {
  return GetConstantScalar(operand, value);
}
bool GetConstantFloat(const core::Operand* operand, float* value) {
  return GetConstantScalar(operand, value);
}
bool GetConstantBool(const core::Operand* operand, bool* value) {
  int8_t v = 0;
  if (!GetConstantScalar(operand, &v)) return false;
  *value = v != 0;
  return true;
}

bool SortOperationsInTopologicalOrder(
    const core::Model* model, std::vector<const core::Operation*>* operations) {
  operations->clear();
  std::unordered_map<const core::Operand*, size_t> producer;
  std::vector<const core::Operation*> ops;
  for (const auto& op : model->operations) {
    for (const auto* out : op.output_operands) {
      if (out) producer[out] = ops.size();
    }
    ops.push_back(&op);
  }
  // Edges producer -> consumer, counted once per (producer, consumer) pair.
  std::vector<std::vector<size_t>> consumers(ops.size());
  std::vector<size_t> pending(ops.size(), 0);
  for (size_t i = 0; i < ops.size(); i++) {
    std::set<size_t> deps;
    for (const auto* in : ops[i]->input_operands) {
      auto it = in ? producer.find(in) : producer.end();
      if (it != producer.end()) deps.insert(it->second);
    }
    for (size_t d : deps) {
      consumers[d].push_back(i);
      pending[i]++;
    }
  }
  // Kahn's algorithm; the ready set is ordered by model position.
  std::priority_queue<size_t, std::vector<size_t>, std::greater<size_t>> ready;
  for (size_t i = 0; i < ops.size(); i++) {
    if (pending[i] == 0) ready.push(i);
  }
  while (!ready.empty()) {
    size_t i = ready.top();
    ready.pop();
    operations->push_back(ops[i]);
    for (size_t c : consumers[i]) {
      if (--pending[c] == 0) ready.push(c);
    }
  }
  if (operations->size() != ops.size()) {
    operations->clear();
    return false;
  }
  return true;
}

std::vector<core::Operation*> SortOperationsInTopologicalOrder(
    core::Model* model) {
  std::vector<const core::Operation*> sorted;
  SortOperationsInTopologicalOrder(model, &sorted);
  std::vector<core::Operation*> result;
  for (auto* op : sorted) result.push_back(const_cast<core::Operation*>(op));
  return result;
}

core::Operation* GetOperandProducer(core::Model* model,
                                    const core::Operand* operand) {
  for (auto& op : model->operations) {
    for (auto* out : op.output_operands) {
      if (out == operand) return &op;
    }
  }
  return nullptr;
}

std::vector<core::Operation*> GetOperandConsumers(
    core::Model* model, const core::Operand* operand) {
  std::vector<core::Operation*> result;
  for (auto& op : model->operations) {
    for (auto* in : op.input_operands) {
      if (in == operand) {
        result.push_back(&op);
        break;
      }
    }
  }
  return result;
}

static void* OwnBytes(std::list<std::vector<uint8_t>>* storage,
                      const void* data, size_t length) {
  storage->emplace_back(length);
  if (length) std::memcpy(storage->back().data(), data, length);
  return storage->back().data();
}

void CopyQuantParams(NNAdapterOperandType* type,
                     std::list<std::vector<uint8_t>>* storage) {
  if (type->precision == NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL ||
      type->precision == NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL) {
    auto& p = type->symm_per_channel_params;
    p.scales = p.scales && p.scale_count
                   ? static_cast<float*>(OwnBytes(
                         storage, p.scales, p.scale_count * sizeof(float)))
                   : nullptr;
  } else if (type->precision == NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL) {
    auto& p = type->asymm_per_channel_params;
    p.scales = p.scales && p.scale_count
                   ? static_cast<float*>(OwnBytes(
                         storage, p.scales, p.scale_count * sizeof(float)))
                   : nullptr;
    p.zero_points =
        p.zero_points && p.zero_point_count
            ? static_cast<int32_t*>(OwnBytes(
                  storage, p.zero_points, p.zero_point_count * sizeof(int32_t)))
            : nullptr;
  }
}

void* OwnedModel::Own(const void* data, size_t length) {
  return OwnBytes(&storage, data, length);
}

void ExtractSubModel(const std::vector<const core::Operation*>& operations,
                     const std::vector<const core::Operand*>& inputs,
                     const std::vector<const core::Operand*>& outputs,
                     bool copy_constants, OwnedModel* out,
                     std::map<const core::Operand*, core::Operand*>* mapping) {
  std::map<const core::Operand*, core::Operand*> local;
  auto map_operand = [&](const core::Operand* src) -> core::Operand* {
    if (!src) return nullptr;
    auto it = local.find(src);
    if (it != local.end()) return it->second;
    out->model.operands.emplace_back(*src);
    core::Operand* dst = &out->model.operands.back();
    CopyQuantParams(&dst->type, &out->storage);
    if (IsConstantOperand(src)) {
      if (copy_constants && src->buffer) {
        dst->buffer = out->Own(src->buffer, src->length);
        dst->type.lifetime = NNADAPTER_CONSTANT_COPY;
      }
    } else {
      dst->type.lifetime = NNADAPTER_TEMPORARY_VARIABLE;
      dst->buffer = nullptr;
      dst->length = 0;
    }
    local[src] = dst;
    return dst;
  };
  for (const auto* in : inputs) {
    core::Operand* dst = map_operand(in);
    dst->type.lifetime = NNADAPTER_MODEL_INPUT;
    out->model.input_operands.push_back(dst);
  }
  for (const auto* op : operations) {
    core::Operation copy;
    copy.type = op->type;
    for (const auto* in : op->input_operands) {
      copy.input_operands.push_back(map_operand(in));
    }
    for (const auto* o : op->output_operands) {
      copy.output_operands.push_back(map_operand(o));
    }
    out->model.operations.push_back(std::move(copy));
  }
  for (const auto* o : outputs) {
    core::Operand* dst = map_operand(o);
    dst->type.lifetime = NNADAPTER_MODEL_OUTPUT;
    out->model.output_operands.push_back(dst);
  }
  if (mapping) *mapping = local;
}

}  // namespace nnadapter
