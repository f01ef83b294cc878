// C API: models.
#include <cmath>
#include <cstring>
#include <memory>
#include <set>

#include "nnadapter/nnadapter.h"
#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/modeling.h"
#include "operation/operation.h"
#include "runtime/api_common.h"
#include "runtime/cost.h"
#include "runtime/objects.h"

using nnadapter::DimensionsToString;
using nnadapter::OperationTypeName;
using nnadapter::runtime::Guard;
using nnadapter::runtime::GuardVoid;
using nnadapter::runtime::Models;
using nnadapter::runtime::OperandOwner;
using nnadapter::runtime::SetLastError;
namespace core = nnadapter::core;

#define NNADAPTER_REQUIRE_MODEL(model)                                    \
  NNADAPTER_REQUIRE_NOT_NULL(model);                                      \
  if (!Models().Contains(model))                                          \
  NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,                             \
                 "'" #model "' is not a live model (destroyed or invalid)")
#define NNADAPTER_REQUIRE_NOT_FINISHED(model)                             \
  if ((model)->finished)                                                  \
  NNADAPTER_FAIL(NNADAPTER_INVALID_STATE,                                 \
                 "the model is finished (NNAdapterModel_finish) and can " \
                 "no longer be modified")

namespace {

std::string CheckOperandType(const NNAdapterOperandType& type) {
  if (!nnadapter::IsValidPrecision(type.precision)) {
    return "precision " + std::to_string(type.precision) +
           " is not an NNAdapterOperandPrecisionCode";
  }
  if (type.layout != NNADAPTER_NCHW && type.layout != NNADAPTER_NHWC) {
    return "layout " + std::to_string(type.layout) +
           " is not an NNAdapterOperandLayoutCode";
  }
  const auto& dims = type.dimensions;
  if (dims.count > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
    return "rank " + std::to_string(dims.count) + " exceeds " +
           std::to_string(NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  }
  for (uint32_t i = 0; i < dims.count; i++) {
    if (dims.data[i] < NNADAPTER_UNKNOWN) {
      return "dimension " + std::to_string(i) + " is " +
             std::to_string(dims.data[i]) +
             " (must be >= 0 or NNADAPTER_UNKNOWN)";
    }
  }
  if (dims.dynamic_count > NNADAPTER_MAX_SIZE_OF_DYNAMIC_DIMENSIONS) {
    return "dynamic_count " + std::to_string(dims.dynamic_count) +
           " exceeds " +
           std::to_string(NNADAPTER_MAX_SIZE_OF_DYNAMIC_DIMENSIONS);
  }
  for (uint32_t d = 0; d < dims.dynamic_count; d++) {
    for (uint32_t i = 0; i < dims.count; i++) {
      if (dims.dynamic_data[d][i] < NNADAPTER_UNKNOWN) {
        return "dynamic shape " + std::to_string(d) + " dimension " +
               std::to_string(i) + " is negative";
      }
    }
  }
  switch (type.precision) {
    case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER:
      if (!(type.symm_per_layer_params.scale > 0) ||
          !std::isfinite(type.symm_per_layer_params.scale)) {
        return "quantization scale must be a positive finite number";
      }
      break;
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
    case NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER:
      if (!(type.asymm_per_layer_params.scale > 0) ||
          !std::isfinite(type.asymm_per_layer_params.scale)) {
        return "quantization scale must be a positive finite number";
      }
      if (type.precision == NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER &&
          (type.asymm_per_layer_params.zero_point < 0 ||
           type.asymm_per_layer_params.zero_point > 255)) {
        return "uint8 zero_point must be in [0, 255]";
      }
      break;
    case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
    case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL:
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL: {
      const bool asymm = type.precision == NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL;
      const uint32_t channel_dim =
          asymm ? type.asymm_per_channel_params.channel_dim
                : type.symm_per_channel_params.channel_dim;
      const uint32_t count = asymm ? type.asymm_per_channel_params.scale_count
                                   : type.symm_per_channel_params.scale_count;
      const float* scales = asymm ? type.asymm_per_channel_params.scales
                                  : type.symm_per_channel_params.scales;
      if (channel_dim >= dims.count) {
        return "channel_dim " + std::to_string(channel_dim) +
               " is out of range for rank " + std::to_string(dims.count);
      }
      if (count == 0 || !scales) {
        return "per-channel quantization needs scale_count > 0 and scales";
      }
      if (dims.data[channel_dim] >= 0 &&
          static_cast<uint32_t>(dims.data[channel_dim]) != count) {
        return "scale_count " + std::to_string(count) +
               " differs from dimension " + std::to_string(channel_dim) +
               " (" + std::to_string(dims.data[channel_dim]) + ")";
      }
      for (uint32_t i = 0; i < count; i++) {
        if (!(scales[i] > 0) || !std::isfinite(scales[i])) {
          return "scales[" + std::to_string(i) +
                 "] must be a positive finite number";
        }
      }
      if (asymm) {
        const auto& p = type.asymm_per_channel_params;
        if (p.zero_point_count != count || !p.zero_points) {
          return "zero_point_count must equal scale_count";
        }
      }
      break;
    }
    default:
      break;
  }
  return "";
}

bool Owns(NNAdapterModel* model, const core::Operand* operand) {
  return operand && OperandOwner(operand) == model;
}

}  // namespace

namespace {

// Every device's validate_program answers (per_device[d][i]) and, in
// model->unsupported_reasons, why each operation was refused.
int QuerySupport(const NNAdapterModel* model, const NNAdapterContext* context,
                 std::vector<std::vector<bool>>* per_device) {
  if (!nnadapter::runtime::Contexts().Contains(context)) {
    NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                   "'context' is not a live context");
  }
  const auto& m = model->owned.model;
  const size_t n = m.operations.size();
  std::unique_ptr<bool[]> flags(new bool[n + 1]);
  std::vector<std::string> reasons(n);
  for (size_t d = 0; d < context->devices.size(); d++) {
    for (size_t i = 0; i < n; i++) flags[i] = false;
    const auto* driver = context->drivers[d];
    int code = driver->hal->validate_program(context->contexts[d], &m,
                                             flags.get());
    if (code != NNADAPTER_NO_ERROR) {
      NNADAPTER_FAIL(NNADAPTER_DEVICE_INTERNAL_ERROR,
                     "device '" + driver->name +
                         "' failed to validate the model (code " +
                         std::to_string(code) + ")" +
                         nnadapter::runtime::DriverReason(driver));
    }
    per_device->emplace_back(flags.get(), flags.get() + n);
    for (size_t i = 0; i < n; i++) {
      if (flags[i]) continue;
      std::string why = nnadapter::runtime::UnsupportedReason(
          driver, static_cast<uint32_t>(i));
      if (why.empty()) continue;
      if (!reasons[i].empty()) reasons[i] += "; ";
      reasons[i] += driver->name + ": " + why;
    }
  }
  model->unsupported_reasons = std::move(reasons);
  return NNADAPTER_NO_ERROR;
}

}  // namespace

extern "C" {

NNADAPTER_API_EXPORT int NNAdapterModel_create(NNAdapterModel** model) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_NOT_NULL(model);
    auto m = std::make_unique<NNAdapterModel>();
    Models().Add(m.get());
    *model = m.release();
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT void NNAdapterModel_destroy(NNAdapterModel* model) {
  GuardVoid(__func__, [&] {
    if (!model || !Models().Contains(model)) return;
    Models().Remove(model);
    nnadapter::runtime::UnregisterModelObjects(model);
    delete model;
  });
}

NNADAPTER_API_EXPORT int NNAdapterModel_addOperand(
    NNAdapterModel* model, const NNAdapterOperandType* type,
    NNAdapterOperand** operand) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_MODEL(model);
    NNADAPTER_REQUIRE_NOT_NULL(type);
    NNADAPTER_REQUIRE_NOT_NULL(operand);
    NNADAPTER_REQUIRE_NOT_FINISHED(model);
    std::string problem = CheckOperandType(*type);
    if (!problem.empty()) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "operand #" +
                         std::to_string(model->owned.model.operands.size()) +
                         ": " + problem);
    }
    core::Operand o;
    o.type = *type;
    o.type.lifetime = NNADAPTER_TEMPORARY_VARIABLE;
    nnadapter::CopyQuantParams(&o.type, &model->owned.storage);
    model->owned.model.operands.push_back(o);
    core::Operand* added = &model->owned.model.operands.back();
    nnadapter::runtime::RegisterOperand(added, model);
    *operand = reinterpret_cast<NNAdapterOperand*>(added);
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterModel_setOperandValue(
    NNAdapterOperand* operand, void* buffer, uint32_t length, bool copy) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_NOT_NULL(operand);
    auto* o = reinterpret_cast<core::Operand*>(operand);
    NNAdapterModel* model = OperandOwner(o);
    if (!model) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "'operand' does not belong to a live model");
    }
    NNADAPTER_REQUIRE_NOT_FINISHED(model);
    if (!buffer && length > 0) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "'buffer' is NULL but 'length' is " +
                         std::to_string(length));
    }
    if (o->type.lifetime == NNADAPTER_MODEL_INPUT ||
        o->type.lifetime == NNADAPTER_MODEL_OUTPUT) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "the operand is a model input/output and cannot be a "
                     "constant");
    }
    if (model->producers.count(o)) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     std::string("the operand is the output of ") +
                         OperationTypeName(model->producers[o]->type) +
                         " and cannot be a constant");
    }
    const int64_t expected = nnadapter::GetOperandTypeBufferLength(o->type);
    if (expected < 0) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "a constant needs fully known dimensions, the operand "
                     "has " +
                         DimensionsToString(o->type.dimensions));
    }
    if (static_cast<int64_t>(length) != expected) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "'length' is " + std::to_string(length) +
                         " bytes, the operand " +
                         nnadapter::OperandTypeToString(o->type) + " needs " +
                         std::to_string(expected));
    }
    if (copy) {
      o->buffer = model->owned.Own(buffer, length);
      o->type.lifetime = NNADAPTER_CONSTANT_COPY;
    } else {
      o->buffer = buffer;
      o->type.lifetime = NNADAPTER_CONSTANT_REFERENCE;
    }
    o->length = length;
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterModel_getOperandType(
    NNAdapterOperand* operand, NNAdapterOperandType** type) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_NOT_NULL(operand);
    NNADAPTER_REQUIRE_NOT_NULL(type);
    auto* o = reinterpret_cast<core::Operand*>(operand);
    if (!OperandOwner(o)) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "'operand' does not belong to a live model");
    }
    *type = &o->type;
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterModel_addOperation(
    NNAdapterModel* model, NNAdapterOperationType type, uint32_t input_count,
    NNAdapterOperand** input_operands, uint32_t output_count,
    NNAdapterOperand** output_operands, NNAdapterOperation** operation) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_MODEL(model);
    NNADAPTER_REQUIRE_NOT_FINISHED(model);
    const char* name = NNAdapterOperationTypeName(type);
    if (!name) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "operation type " + std::to_string(type) +
                         " is not a standard NNAdapter operation");
    }
    const std::string op_name = std::string(name) + " (operation #" +
                                std::to_string(model->owned.model.operations.size()) +
                                ")";
    if (input_count > 0 && !input_operands) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     op_name + ": 'input_operands' is NULL but 'input_count' "
                               "is " + std::to_string(input_count));
    }
    if (output_count == 0 || !output_operands) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     op_name + ": at least one output operand is required");
    }
    if (input_count > 4096 || output_count > 4096) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     op_name + ": too many operands");
    }
    core::Operation op;
    op.type = type;
    for (uint32_t i = 0; i < input_count; i++) {
      auto* o = reinterpret_cast<core::Operand*>(input_operands[i]);
      if (o && !Owns(model, o)) {
        NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                       op_name + ": input " + std::to_string(i) +
                           " is not an operand of this model");
      }
      op.input_operands.push_back(o);
    }
    std::set<const core::Operand*> outs;
    for (uint32_t i = 0; i < output_count; i++) {
      auto* o = reinterpret_cast<core::Operand*>(output_operands[i]);
      const std::string what = op_name + ": output " + std::to_string(i);
      if (!o) NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER, what + " is NULL");
      if (!Owns(model, o)) {
        NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                       what + " is not an operand of this model");
      }
      if (nnadapter::IsConstantOperand(o) || nnadapter::IsModelInputOperand(o)) {
        NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                       what + " is a constant or a model input");
      }
      auto it = model->producers.find(o);
      if (it != model->producers.end()) {
        NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                       what + " is already the output of " +
                           OperationTypeName(it->second->type));
      }
      if (!outs.insert(o).second) {
        NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                       what + " appears twice in the outputs");
      }
      for (const auto* in : op.input_operands) {
        if (in == o) {
          NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                         what + " is also an input of the same operation");
        }
      }
      op.output_operands.push_back(o);
    }
    // Shape inference may rewrite the output types: keep copies to restore.
    std::vector<NNAdapterOperandType> saved;
    for (auto* o : op.output_operands) saved.push_back(o->type);
    std::string message;
    int code = nnadapter::operation::ValidateAndInferOperation(&op, &message);
    if (code != NNADAPTER_NO_ERROR) {
      for (size_t i = 0; i < saved.size(); i++) {
        op.output_operands[i]->type = saved[i];
      }
      NNADAPTER_FAIL(code, op_name + ": " + message);
    }
    for (size_t i = 0; i < op.output_operands.size(); i++) {
      auto* o = op.output_operands[i];
      o->type.lifetime = saved[i].lifetime;
      nnadapter::CopyQuantParams(&o->type, &model->owned.storage);
    }
    model->owned.model.operations.push_back(std::move(op));
    core::Operation* added = &model->owned.model.operations.back();
    for (auto* o : added->output_operands) model->producers[o] = added;
    nnadapter::runtime::RegisterOperation(added, model);
    if (operation) *operation = reinterpret_cast<NNAdapterOperation*>(added);
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterModel_identifyInputsAndOutputs(
    NNAdapterModel* model, uint32_t input_count,
    NNAdapterOperand** input_operands, uint32_t output_count,
    NNAdapterOperand** output_operands) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_MODEL(model);
    NNADAPTER_REQUIRE_NOT_FINISHED(model);
    if (input_count > 0 && !input_operands) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "'input_operands' is NULL but 'input_count' is " +
                         std::to_string(input_count));
    }
    if (output_count == 0 || !output_operands) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "at least one model output is required");
    }
    std::vector<core::Operand*> inputs, outputs;
    std::set<const core::Operand*> seen;
    for (uint32_t i = 0; i < input_count; i++) {
      auto* o = reinterpret_cast<core::Operand*>(input_operands[i]);
      const std::string what = "input " + std::to_string(i);
      if (!Owns(model, o)) {
        NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                       what + " is NULL or not an operand of this model");
      }
      if (nnadapter::IsConstantOperand(o)) {
        NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER, what + " is a constant");
      }
      if (model->producers.count(o)) {
        NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                       what + " is the output of " +
                           OperationTypeName(model->producers[o]->type));
      }
      if (!seen.insert(o).second) {
        NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER, what + " is listed twice");
      }
      inputs.push_back(o);
    }
    for (uint32_t i = 0; i < output_count; i++) {
      auto* o = reinterpret_cast<core::Operand*>(output_operands[i]);
      const std::string what = "output " + std::to_string(i);
      if (!Owns(model, o)) {
        NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                       what + " is NULL or not an operand of this model");
      }
      if (nnadapter::IsConstantOperand(o)) {
        NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER, what + " is a constant");
      }
      if (!seen.insert(o).second) {
        NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                       what + " is listed twice or is also an input");
      }
      outputs.push_back(o);
    }
    auto& m = model->owned.model;
    for (auto* o : m.input_operands) o->type.lifetime = NNADAPTER_TEMPORARY_VARIABLE;
    for (auto* o : m.output_operands) o->type.lifetime = NNADAPTER_TEMPORARY_VARIABLE;
    for (auto* o : inputs) o->type.lifetime = NNADAPTER_MODEL_INPUT;
    for (auto* o : outputs) o->type.lifetime = NNADAPTER_MODEL_OUTPUT;
    m.input_operands = inputs;
    m.output_operands = outputs;
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterModel_finish(NNAdapterModel* model) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_MODEL(model);
    NNADAPTER_REQUIRE_NOT_FINISHED(model);
    auto& m = model->owned.model;
    if (m.output_operands.empty()) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_STATE,
                     "model inputs/outputs are not identified "
                     "(NNAdapterModel_identifyInputsAndOutputs)");
    }
    if (m.operations.empty()) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_STATE, "the model has no operation");
    }
    size_t index = 0;
    for (const auto& op : m.operations) {
      for (size_t i = 0; i < op.input_operands.size(); i++) {
        const auto* in = op.input_operands[i];
        if (!in) continue;
        if (!nnadapter::IsConstantOperand(in) &&
            !nnadapter::IsModelInputOperand(in) && !model->producers.count(in)) {
          NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                         std::string(OperationTypeName(op.type)) +
                             " (operation #" + std::to_string(index) +
                             "): input " + std::to_string(i) +
                             " is neither a constant, a model input nor the "
                             "output of an operation");
        }
      }
      index++;
    }
    for (size_t i = 0; i < m.output_operands.size(); i++) {
      if (!model->producers.count(m.output_operands[i])) {
        NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                       "model output " + std::to_string(i) +
                           " is not produced by any operation");
      }
    }
    std::vector<const core::Operation*> sorted;
    if (!nnadapter::SortOperationsInTopologicalOrder(&m, &sorted)) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER, "the model has a cycle");
    }
    model->finished = true;
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterModel_getSupportedOperations(
    const NNAdapterModel* model, const NNAdapterContext* context,
    bool* supported_operations) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_MODEL(model);
    NNADAPTER_REQUIRE_NOT_NULL(context);
    NNADAPTER_REQUIRE_NOT_NULL(supported_operations);
    std::vector<std::vector<bool>> per_device;
    if (int code = QuerySupport(model, context, &per_device)) return code;
    const size_t n = model->owned.model.operations.size();
    for (size_t i = 0; i < n; i++) {
      supported_operations[i] = false;
      for (const auto& flags : per_device) {
        supported_operations[i] = supported_operations[i] || flags[i];
      }
      if (supported_operations[i]) model->unsupported_reasons[i].clear();
    }
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterModel_estimateTime(
    const NNAdapterModel* model, const NNAdapterContext* context,
    double* device_ms, double* host_ms) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_MODEL(model);
    NNADAPTER_REQUIRE_NOT_NULL(context);
    NNADAPTER_REQUIRE_NOT_NULL(device_ms);
    NNADAPTER_REQUIRE_NOT_NULL(host_ms);
    std::vector<std::vector<bool>> per_device;
    if (int code = QuerySupport(model, context, &per_device)) return code;
    std::vector<NNAdapterCapabilities> capabilities;
    std::string message;
    int code = nnadapter::runtime::ContextCapabilities(context, &capabilities,
                                                       &message);
    if (code != NNADAPTER_NO_ERROR) NNADAPTER_FAIL(code, message);
    std::vector<std::string> names;
    for (const auto* driver : context->drivers) names.push_back(driver->name);
    std::vector<size_t> device_of;
    nnadapter::runtime::CostEstimate estimate;
    if (!nnadapter::runtime::AssignDevicesByCost(
            model->owned.model, per_device, capabilities, names, &device_of,
            &estimate, &message)) {
      NNADAPTER_FAIL(NNADAPTER_FEATURE_NOT_SUPPORTED, message);
    }
    *device_ms = estimate.device_ns / 1e6;
    *host_ms = estimate.host_ns / 1e6;
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterModel_getUnsupportedReason(
    const NNAdapterModel* model, uint32_t index, const char** reason) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_MODEL(model);
    NNADAPTER_REQUIRE_NOT_NULL(reason);
    const size_t n = model->owned.model.operations.size();
    if (index >= n) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "index " + std::to_string(index) + " is out of range (" +
                         std::to_string(n) + " operations)");
    }
    const auto& reasons = model->unsupported_reasons;
    *reason = index < reasons.size() ? reasons[index].c_str() : "";
    return NNADAPTER_NO_ERROR;
  });
}

}  // extern "C"
