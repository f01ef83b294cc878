#include "optimizer_graph.h"

#include "nnadapter/utility/optimizer.h"

#include <algorithm>
#include <cstring>
#include <set>

namespace nnadapter {
namespace optimizer {

Permutation IdentityPermutation(uint32_t rank) {
  Permutation p(rank);
  for (uint32_t i = 0; i < rank; i++) p[i] = static_cast<int32_t>(i);
  return p;
}

bool IsIdentity(const Permutation& p) {
  for (size_t i = 0; i < p.size(); i++) {
    if (p[i] != static_cast<int32_t>(i)) return false;
  }
  return true;
}

Permutation Inverse(const Permutation& p) {
  Permutation q(p.size());
  for (size_t i = 0; i < p.size(); i++) q[p[i]] = static_cast<int32_t>(i);
  return q;
}

// Stored with `from`: s[i] = orig[from[i]]. Wanted: t[i] = orig[to[i]] =
// s[inv_from[to[i]]].
Permutation Between(const Permutation& from, const Permutation& to) {
  const Permutation inv = Inverse(from);
  Permutation q(to.size());
  for (size_t i = 0; i < to.size(); i++) q[i] = inv[to[i]];
  return q;
}

void PermuteDimensions(NNAdapterOperandDimensionType* dims, const Permutation& p) {
  auto permute = [&](int32_t* d) {
    int32_t old[NNADAPTER_MAX_SIZE_OF_DIMENSIONS];
    std::memcpy(old, d, sizeof(old));
    for (size_t i = 0; i < p.size(); i++) d[i] = old[p[i]];
  };
  permute(dims->data);
  for (uint32_t k = 0; k < dims->dynamic_count; k++) permute(dims->dynamic_data[k]);
}

core::Operand* AddOperand(OwnedModel* model, const NNAdapterOperandType& type) {
  model->model.operands.emplace_back();
  core::Operand* o = &model->model.operands.back();
  o->type = type;
  o->type.lifetime = NNADAPTER_TEMPORARY_VARIABLE;
  return o;
}

core::Operand* AddConstant(OwnedModel* model, NNAdapterOperandType type,
                           const void* bytes, size_t length) {
  type.lifetime = NNADAPTER_CONSTANT_COPY;
  type.dimensions.dynamic_count = 0;
  model->model.operands.emplace_back();
  core::Operand* o = &model->model.operands.back();
  o->type = type;
  o->buffer = length ? model->Own(bytes, length) : nullptr;
  o->length = static_cast<uint32_t>(length);
  CopyQuantParams(&o->type, &model->storage);
  return o;
}

core::Operand* AddInt32Constant(OwnedModel* model,
                                const std::vector<int32_t>& values, bool scalar) {
  NNAdapterOperandType type;
  std::memset(&type, 0, sizeof(type));
  type.precision = NNADAPTER_INT32;
  if (!scalar) {
    type.dimensions.count = 1;
    type.dimensions.data[0] = static_cast<int32_t>(values.size());
  }
  return AddConstant(model, type, values.data(), values.size() * sizeof(int32_t));
}

core::Operation* AddOperation(core::Model* model, NNAdapterOperationType type,
                              std::vector<core::Operand*> inputs,
                              std::vector<core::Operand*> outputs) {
  model->operations.emplace_back();
  core::Operation* op = &model->operations.back();
  op->type = type;
  op->input_operands = std::move(inputs);
  op->output_operands = std::move(outputs);
  return op;
}

core::Operand* PermutedConstant(OwnedModel* model, const core::Operand* constant,
                                const Permutation& p) {
  const NNAdapterOperandType& type = constant->type;
  const int64_t bytes = GetOperandTypeBufferLength(type);
  if (bytes < 0 || !constant->buffer || constant->length != static_cast<uint64_t>(bytes)) {
    return nullptr;
  }
  const std::vector<int32_t> dims(type.dimensions.data,
                                  type.dimensions.data + type.dimensions.count);
  const std::vector<uint8_t> out = PermuteBytes(
      constant->buffer, GetOperandPrecisionDataLength(type.precision), dims, p);
  if (out.size() != static_cast<size_t>(bytes)) return nullptr;
  NNAdapterOperandType permuted = type;
  PermuteDimensions(&permuted.dimensions, p);
  if (IsPerChannelQuantizedPrecision(type.precision)) {
    uint32_t& channel = permuted.symm_per_channel_params.channel_dim;
    channel = static_cast<uint32_t>(Inverse(p)[channel]);
  }
  return AddConstant(model, permuted, out.data(), out.size());
}

void ReplaceInput(core::Model* model, const core::Operand* from, core::Operand* to) {
  for (auto& op : model->operations) {
    std::replace(op.input_operands.begin(), op.input_operands.end(),
                 const_cast<core::Operand*>(from), to);
  }
}

void RemoveOperation(core::Model* model, const core::Operation* op) {
  model->operations.remove_if(
      [op](const core::Operation& o) { return &o == op; });
}

void RemoveUnusedOperands(core::Model* model) {
  std::set<const core::Operand*> used(model->input_operands.begin(),
                                      model->input_operands.end());
  used.insert(model->output_operands.begin(), model->output_operands.end());
  for (const auto& op : model->operations) {
    used.insert(op.input_operands.begin(), op.input_operands.end());
    used.insert(op.output_operands.begin(), op.output_operands.end());
  }
  model->operands.remove_if(
      [&](const core::Operand& o) { return !used.count(&o); });
}

core::Operation* OnlyConsumer(core::Model* model, const core::Operand* operand) {
  if (!operand || IsModelOutputOperand(operand)) return nullptr;
  auto consumers = GetOperandConsumers(model, operand);
  if (consumers.size() != 1) return nullptr;
  const auto& ins = consumers[0]->input_operands;
  // Read once only (an operation reading it twice is left alone).
  return std::count(ins.begin(), ins.end(), operand) == 1 ? consumers[0] : nullptr;
}

bool ReadFloats(const core::Operand* operand, int64_t count,
                std::vector<float>* values) {
  if (!operand || !IsConstantOperand(operand) ||
      operand->type.precision != NNADAPTER_FLOAT32 || !operand->buffer ||
      GetElementCount(operand->type.dimensions) != count ||
      operand->length != count * sizeof(float)) {
    return false;
  }
  values->resize(static_cast<size_t>(count));
  std::memcpy(values->data(), operand->buffer, operand->length);
  return true;
}

}  // namespace optimizer

std::vector<int32_t> NchwToNhwcPermutation() { return {0, 2, 3, 1}; }

std::vector<int32_t> NhwcConvFilterPermutation(bool depthwise) {
  return depthwise ? std::vector<int32_t>{1, 2, 3, 0} : std::vector<int32_t>{0, 2, 3, 1};
}

std::vector<uint8_t> PermuteBytes(const void* data, size_t element_size,
                                  const std::vector<int32_t>& dims,
                                  const std::vector<int32_t>& perm) {
  const size_t rank = dims.size();
  std::vector<bool> seen(rank, false);
  if (perm.size() != rank || element_size == 0) return {};
  for (int32_t a : perm) {
    if (a < 0 || static_cast<size_t>(a) >= rank || seen[a]) return {};
    seen[a] = true;
  }
  const int64_t count = GetElementCount(dims.data(), static_cast<uint32_t>(rank));
  if (count < 0 || (count > 0 && !data)) return {};
  // Strides of the source in the source's order.
  std::vector<int64_t> stride(rank, 1);
  for (int32_t i = static_cast<int32_t>(rank) - 2; i >= 0; i--) {
    stride[i] = stride[i + 1] * dims[i + 1];
  }
  std::vector<uint8_t> out(static_cast<size_t>(count) * element_size);
  const auto* src = static_cast<const uint8_t*>(data);
  std::vector<int32_t> index(rank, 0);  // in the output's order
  for (int64_t n = 0; n < count; n++) {
    int64_t offset = 0;
    for (size_t i = 0; i < rank; i++) offset += index[i] * stride[perm[i]];
    std::memcpy(out.data() + n * element_size, src + offset * element_size, element_size);
    for (int32_t i = static_cast<int32_t>(rank) - 1; i >= 0; i--) {
      if (++index[i] < dims[perm[i]]) break;
      index[i] = 0;
    }
  }
  return out;
}

}  // namespace nnadapter
