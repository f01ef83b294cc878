// builtin_device: the reference CPU driver compiled into libnnadapter.
//
// validate_program: an operation is supported when its type is a standard
//   operation, it has at least the mandatory operands, every operand has a
//   precision the kernels can read/write (everything but UNKNOWN on inputs,
//   QUANT_UINT8_ASYMM_PER_CHANNEL and QUANT_UINT32_ASYMM_PER_LAYER), every rank is <= NNADAPTER_MAX_SIZE_OF_DIMENSIONS and
//   the constant attribute operands checked here (fuse_code, auto_pad,
//   PAD mode) hold valid values.
// create_program: copies the model through the model serializer (so the
//   program owns every operand and constant), sorts the operations
//   topologically and stores the serialized model in the cache; with a
//   non-empty cache buffer it rebuilds the program from the cache alone.
// execute_program: runs the kernels in order; every kernel computes its
//   output dimensions from the actual input dimensions, so dynamic shapes
//   work without shape inference. Final output dimensions are published
//   through the Argument access callback.
#include <cstring>
#include <exception>
#include <new>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "drivers/builtin_device/kernels/kernel.h"
#include "drivers/builtin_device/registry.h"
#include "nnadapter/hal/device.h"
#include "nnadapter/utility/logging.h"
#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/serialization.h"

namespace nnadapter {
namespace builtin_device {

namespace {

constexpr char kCacheMagic[4] = {'N', 'N', 'B', 'D'};
constexpr uint32_t kCacheVersion = 1;

struct Program {
  OwnedModel model;
  std::vector<core::Operation*> order;
  std::map<const core::Operand*, std::unique_ptr<Tensor>> tensors;
};

Tensor* TensorOf(Program* p, const core::Operand* operand) {
  if (!operand) return nullptr;
  auto it = p->tensors.find(operand);
  if (it != p->tensors.end()) return it->second.get();
  auto t = std::make_unique<Tensor>();
  t->operand = operand;
  t->type = operand->type;
  Tensor* raw = t.get();
  p->tensors[operand] = std::move(t);
  return raw;
}

Dims DimsOf(const NNAdapterOperandDimensionType& d) {
  return Dims(d.data, d.data + d.count);
}

bool ReadablePrecision(NNAdapterOperandPrecision p) {
  return p != NNADAPTER_UNKNOWN_PRECISION &&
         p != NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL &&
         p != NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER &&
         GetOperandPrecisionDataLength(p) > 0;
}

}  // namespace

bool CheckOperation(const core::Operation& op, std::string* reason) {
  const KernelInfo* info = FindKernel(op.type);
  if (!info) {
    *reason = "unknown operation type " + std::to_string(op.type);
    return false;
  }
  std::string name = info->name;
  if (op.input_operands.size() < info->min_inputs) {
    *reason = name + ": expected at least " +
              std::to_string(info->min_inputs) + " inputs, got " +
              std::to_string(op.input_operands.size());
    return false;
  }
  for (size_t i = 0; i < op.input_operands.size(); i++) {
    const core::Operand* o = op.input_operands[i];
    if (!o) {
      if (i < info->min_inputs && !IsOptionalInput(op.type, i)) {
        *reason = name + ": input " + std::to_string(i) + " is missing";
        return false;
      }
      continue;
    }
    if (!ReadablePrecision(o->type.precision)) {
      *reason = name + ": input " + std::to_string(i) +
                " has unsupported precision " +
                std::to_string(o->type.precision);
      return false;
    }
    if (o->type.dimensions.count > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
      *reason = name + ": input " + std::to_string(i) + " has rank > 8";
      return false;
    }
  }
  for (size_t i = 0; i < op.output_operands.size(); i++) {
    const core::Operand* o = op.output_operands[i];
    if (!o) continue;
    if (o->type.precision != NNADAPTER_UNKNOWN_PRECISION &&
        !ReadablePrecision(o->type.precision)) {
      *reason = name + ": output " + std::to_string(i) +
                " has unsupported precision " +
                std::to_string(o->type.precision);
      return false;
    }
  }
  auto check_range = [&](int index, const char* what, int32_t lo, int32_t hi) {
    if (index < 0 || static_cast<size_t>(index) >= op.input_operands.size())
      return true;
    int32_t v = 0;
    const core::Operand* o = op.input_operands[index];
    if (!o || !GetConstantInt32(o, &v)) return true;
    if (v < lo || v > hi) {
      *reason = name + ": input " + std::to_string(index) + " (" + what +
                "): expected " + std::to_string(lo) + ".." +
                std::to_string(hi) + ", got " + std::to_string(v);
      return false;
    }
    return true;
  };
  if (!check_range(info->fuse_code_index, "fuse_code", 0, 3)) return false;
  if (!check_range(info->auto_pad_index, "auto_pad", 0, 2)) return false;
  if (op.type == NNADAPTER_PAD &&
      !check_range(info->layout->InputIndex("mode"), "mode", 0, 4))
    return false;
  // Constant attribute operands with a closed set of values, found by their
  // name in the operation's layout.
  auto check_set = [&](const char* what,
                       std::initializer_list<int32_t> allowed) {
    const int found = info->layout->InputIndex(what);
    if (found < 0) {
      *reason = name + ": the layout has no operand " + what;
      return false;
    }
    const size_t index = static_cast<size_t>(found);
    if (index >= op.input_operands.size()) return true;
    int32_t v = 0;
    const core::Operand* o = op.input_operands[index];
    if (!o || !GetConstantInt32(o, &v)) return true;
    for (int32_t a : allowed)
      if (v == a) return true;
    *reason = name + ": input " + std::to_string(index) + " (" + what +
              ") has unsupported value " + std::to_string(v);
    return false;
  };
  const std::initializer_list<int32_t> index_types = {NNADAPTER_INT32,
                                                      NNADAPTER_INT64};
  switch (op.type) {
    case NNADAPTER_ARG_MAX:
    case NNADAPTER_ARG_MIN:
    case NNADAPTER_SHAPE:
      return check_set("dtype", index_types);
    case NNADAPTER_TOP_K:
    case NNADAPTER_MAX_POOL_2D:
    case NNADAPTER_ADAPTIVE_MAX_POOL_2D:
      return check_set("return_indices_dtype", index_types);
    case NNADAPTER_LP_NORMALIZATION:
      return check_set("p", {1, 2});
    case NNADAPTER_RESIZE_LINEAR:
      return check_set("align_mode", {0, 1});
    case NNADAPTER_GRID_SAMPLE:
      return check_set("mode", {0, 1, 2}) &&
             check_set("pad_mode", {0, 1, 2, 3, 4});
    case NNADAPTER_CAST:
      return check_set("dtype",
                       {NNADAPTER_BOOL8, NNADAPTER_INT8, NNADAPTER_UINT8,
                        NNADAPTER_INT16, NNADAPTER_INT32, NNADAPTER_INT64,
                        NNADAPTER_FLOAT16, NNADAPTER_FLOAT32,
                        NNADAPTER_FLOAT64});
    default:
      return true;
  }
}

namespace {

int OpenDevice(void** device) {
  *device = nullptr;
  return NNADAPTER_NO_ERROR;
}
void CloseDevice(void*) {}
int CreateContext(void*, const char*, int (*)(int, void*), void** context) {
  *context = nullptr;
  return NNADAPTER_NO_ERROR;
}
void DestroyContext(void*) {}

int ValidateProgram(void*, const core::Model* model, bool* supported) {
  size_t i = 0;
  for (const auto& op : model->operations) {
    std::string reason;
    supported[i] = CheckOperation(op, &reason);
    if (!supported[i]) {
      NNADAPTER_VLOG(1) << "builtin_device: unsupported: " << reason;
    }
    i++;
  }
  return NNADAPTER_NO_ERROR;
}

int CreateProgramImpl(core::Model* model, core::Cache* cache, void** program) {
  *program = nullptr;
  auto p = std::make_unique<Program>();
  std::string error;
  if (cache && !cache->buffer.empty()) {
    const std::vector<uint8_t>& b = cache->buffer;
    uint32_t version = 0;
    if (b.size() < 8 || std::memcmp(b.data(), kCacheMagic, 4) != 0) {
      NNADAPTER_LOG(ERROR) << "builtin_device: cache buffer is not a "
                              "builtin_device program (bad magic)";
      return NNADAPTER_INVALID_PARAMETER;
    }
    std::memcpy(&version, b.data() + 4, 4);
    if (version != kCacheVersion) {
      NNADAPTER_LOG(ERROR) << "builtin_device: cache version " << version
                           << ", expected " << kCacheVersion;
      return NNADAPTER_INVALID_PARAMETER;
    }
    if (!DeserializeModel(b.data() + 8, b.size() - 8, &p->model, &error)) {
      NNADAPTER_LOG(ERROR) << "builtin_device: corrupt cache: " << error;
      return NNADAPTER_INVALID_PARAMETER;
    }
  } else {
    if (!model) {
      NNADAPTER_LOG(ERROR) << "builtin_device: no model and no cache";
      return NNADAPTER_INVALID_PARAMETER;
    }
    std::vector<uint8_t> bytes;
    if (!SerializeModel(*model, &bytes, &error) ||
        !DeserializeModel(bytes.data(), bytes.size(), &p->model, &error)) {
      NNADAPTER_LOG(ERROR) << "builtin_device: cannot copy the model: "
                           << error;
      return NNADAPTER_DEVICE_INTERNAL_ERROR;
    }
    if (cache) {
      cache->buffer.assign(kCacheMagic, kCacheMagic + 4);
      uint32_t v = kCacheVersion;
      const uint8_t* vb = reinterpret_cast<const uint8_t*>(&v);
      cache->buffer.insert(cache->buffer.end(), vb, vb + 4);
      cache->buffer.insert(cache->buffer.end(), bytes.begin(), bytes.end());
    }
  }
  for (const auto& op : p->model.model.operations) {
    std::string reason;
    if (!CheckOperation(op, &reason)) {
      NNADAPTER_LOG(ERROR) << "builtin_device: " << reason;
      return NNADAPTER_FEATURE_NOT_SUPPORTED;
    }
  }
  p->order = SortOperationsInTopologicalOrder(&p->model.model);
  if (p->order.size() != p->model.model.operations.size()) {
    NNADAPTER_LOG(ERROR) << "builtin_device: the model has a cycle";
    return NNADAPTER_INVALID_PARAMETER;
  }
  for (auto& operand : p->model.model.operands) {
    Tensor* t = TensorOf(p.get(), &operand);
    if (IsConstantOperand(&operand)) {
      t->dims = DimsOf(operand.type.dimensions);
      int64_t expected = GetOperandTypeBufferLength(operand.type);
      if (expected < 0 || expected != static_cast<int64_t>(operand.length)) {
        NNADAPTER_LOG(ERROR)
            << "builtin_device: constant operand of " << operand.length
            << " bytes does not match its type (" << expected << " bytes)";
        return NNADAPTER_INVALID_PARAMETER;
      }
      const uint8_t* b = static_cast<const uint8_t*>(operand.buffer);
      t->data.assign(b, b + operand.length);
      t->valid = true;
    }
  }
  *program = p.release();
  return NNADAPTER_NO_ERROR;
}

int CreateProgram(void*, core::Model* model, core::Cache* cache,
                  void** program) {
  try {
    return CreateProgramImpl(model, cache, program);
  } catch (const std::bad_alloc&) {
    NNADAPTER_LOG(ERROR) << "builtin_device: out of memory creating a program";
    return NNADAPTER_OUT_OF_MEMORY;
  } catch (const std::exception& e) {
    NNADAPTER_LOG(ERROR) << "builtin_device: " << e.what();
    return NNADAPTER_DEVICE_INTERNAL_ERROR;
  }
}

void DestroyProgram(void* program) { delete static_cast<Program*>(program); }

int ExecuteProgramImpl(void* program, uint32_t input_count,
                       core::Argument* input_arguments, uint32_t output_count,
                       core::Argument* output_arguments) {
  Program* p = static_cast<Program*>(program);
  if (!p) return NNADAPTER_INVALID_PARAMETER;
  auto& model = p->model.model;
  for (auto& kv : p->tensors) {
    if (!IsConstantOperand(kv.first)) {
      kv.second->valid = false;
      kv.second->type = kv.first->type;
    }
  }
  for (uint32_t i = 0; i < input_count; i++) {
    core::Argument& arg = input_arguments[i];
    if (arg.index < 0 ||
        static_cast<size_t>(arg.index) >= model.input_operands.size() ||
        !arg.access) {
      NNADAPTER_LOG(ERROR) << "builtin_device: invalid input argument " << i;
      return NNADAPTER_INVALID_PARAMETER;
    }
    core::Operand* operand = model.input_operands[arg.index];
    NNAdapterOperandType type = operand->type;
    void* buffer = arg.access(arg.memory, &type);
    if (!buffer) {
      NNADAPTER_LOG(ERROR) << "builtin_device: input " << arg.index
                           << ": access callback returned no buffer";
      return NNADAPTER_INVALID_PARAMETER;
    }
    Tensor* t = TensorOf(p, operand);
    t->dims = DimsOf(type.dimensions);
    int64_t length = GetOperandTypeBufferLength(type);
    if (length < 0) {
      NNADAPTER_LOG(ERROR) << "builtin_device: input " << arg.index
                           << ": unknown dimensions " << DimsToString(t->dims);
      return NNADAPTER_INVALID_DIMENSIONS;
    }
    const uint8_t* b = static_cast<const uint8_t*>(buffer);
    t->data.assign(b, b + length);
    t->valid = true;
  }
  for (core::Operation* op : p->order) {
    const KernelInfo* info = FindKernel(op->type);
    KernelContext ctx;
    ctx.op = op;
    ctx.name = info->name;
    for (auto* o : op->input_operands) {
      Tensor* t = TensorOf(p, o);
      if (t && !t->valid) {
        NNADAPTER_LOG(ERROR) << "builtin_device: " << info->name
                             << ": an input operand has no value (model "
                                "input not set?)";
        return NNADAPTER_INVALID_STATE;
      }
      ctx.in.push_back(t);
    }
    for (auto* o : op->output_operands) ctx.out.push_back(TensorOf(p, o));
    int r = info->compute(&ctx);
    if (r != NNADAPTER_NO_ERROR) return r;
    for (size_t i = 0; i < ctx.out.size(); i++) {
      if (ctx.out[i] && !ctx.out[i]->valid) {
        NNADAPTER_LOG(ERROR) << "builtin_device: " << info->name
                             << ": output " << i << " was not produced";
        return NNADAPTER_DEVICE_INTERNAL_ERROR;
      }
    }
  }
  for (uint32_t i = 0; i < output_count; i++) {
    core::Argument& arg = output_arguments[i];
    if (arg.index < 0 ||
        static_cast<size_t>(arg.index) >= model.output_operands.size() ||
        !arg.access) {
      NNADAPTER_LOG(ERROR) << "builtin_device: invalid output argument " << i;
      return NNADAPTER_INVALID_PARAMETER;
    }
    core::Operand* operand = model.output_operands[arg.index];
    Tensor* t = TensorOf(p, operand);
    if (!t->valid) {
      NNADAPTER_LOG(ERROR) << "builtin_device: output " << arg.index
                           << " was not computed";
      return NNADAPTER_DEVICE_INTERNAL_ERROR;
    }
    NNAdapterOperandType type = t->type;
    type.lifetime = operand->type.lifetime;
    type.dimensions.count = static_cast<uint32_t>(t->dims.size());
    for (size_t d = 0; d < t->dims.size(); d++) {
      type.dimensions.data[d] = static_cast<int32_t>(t->dims[d]);
    }
    type.dimensions.dynamic_count = 0;
    void* buffer = arg.access(arg.memory, &type);
    if (!buffer) {
      NNADAPTER_LOG(ERROR) << "builtin_device: output " << arg.index
                           << ": access callback returned no buffer";
      return NNADAPTER_INVALID_PARAMETER;
    }
    if (!t->data.empty()) std::memcpy(buffer, t->data.data(), t->data.size());
  }
  return NNADAPTER_NO_ERROR;
}

// Kernels allocate with std::vector: a huge shape computed at run time
// (e.g. FILL) must become an error code, never an exception through the
// C ABI.
int ExecuteProgram(void* program, uint32_t input_count,
                   core::Argument* input_arguments, uint32_t output_count,
                   core::Argument* output_arguments) {
  try {
    return ExecuteProgramImpl(program, input_count, input_arguments,
                              output_count, output_arguments);
  } catch (const std::bad_alloc&) {
    NNADAPTER_LOG(ERROR) << "builtin_device: out of memory while executing";
    return NNADAPTER_OUT_OF_MEMORY;
  } catch (const std::exception& e) {
    NNADAPTER_LOG(ERROR) << "builtin_device: " << e.what();
    return NNADAPTER_DEVICE_INTERNAL_ERROR;
  }
}

}  // namespace
}  // namespace builtin_device
}  // namespace nnadapter

NNADAPTER_EXPORT_DEVICE(builtin_device) = {
    NNADAPTER_HAL_VERSION,
    "builtin_device",
    "PaddleLite-NNA",
    NNADAPTER_CPU,
    1,
    nnadapter::builtin_device::OpenDevice,
    nnadapter::builtin_device::CloseDevice,
    nnadapter::builtin_device::CreateContext,
    nnadapter::builtin_device::DestroyContext,
    nnadapter::builtin_device::ValidateProgram,
    nnadapter::builtin_device::CreateProgram,
    nnadapter::builtin_device::DestroyProgram,
    nnadapter::builtin_device::ExecuteProgram,
};
