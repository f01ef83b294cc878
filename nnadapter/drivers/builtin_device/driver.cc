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
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "drivers/builtin_device/kernels/kernel.h"
#include "drivers/builtin_device/registry.h"
#include "nnadapter/hal/device.h"
#include "nnadapter/utility/driver_kit.h"
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
  // release_after[i]: the non-constant tensors whose last reader is
  // order[i] (and that are not model outputs); their buffers are freed as
  // soon as that operation has run, so a program holds only its live
  // tensors. Model outputs are freed once they are copied out.
  std::vector<std::vector<Tensor*>> release_after;
};

void Release(Tensor* t) {
  std::vector<uint8_t>().swap(t->data);
  t->valid = false;
}

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

// The element count of a fully known shape, -1 when a dimension is dynamic.
int64_t StaticElementCount(const NNAdapterOperandDimensionType& d) {
  int64_t n = 1;
  for (uint32_t i = 0; i < d.count && i < NNADAPTER_MAX_SIZE_OF_DIMENSIONS;
       i++) {
    if (d.data[i] < 0) return -1;
    if (d.data[i] > 0 && n > INT64_MAX / d.data[i]) return INT64_MAX;
    n *= d.data[i];
  }
  return n;
}

// A tensor whose shape is known at compile time and holds more elements than
// the kernels accept is refused here, so that the partitioner keeps the
// operation elsewhere instead of failing at execution.
bool WithinElementLimit(const std::string& name, const char* role, size_t i,
                        const core::Operand& o, std::string* reason) {
  int64_t n = StaticElementCount(o.type.dimensions);
  if (n <= MaxElements()) return true;
  *reason = name + ": " + role + " " + std::to_string(i) + " has " +
            std::to_string(n) + " elements, above this device's limit of " +
            std::to_string(MaxElements()) +
            " (NNADAPTER_BUILTIN_DEVICE_MAX_ELEMENTS)";
  return false;
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
    if (!WithinElementLimit(name, "input", i, *o, reason)) return false;
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
    if (o->type.dimensions.count <= NNADAPTER_MAX_SIZE_OF_DIMENSIONS &&
        !WithinElementLimit(name, "output", i, *o, reason)) {
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

constexpr char kName[] = "builtin_device";

int OpenDevice(void** device) {
  return kit::Guard(kName, "open_device", [&]() -> int {
    if (int code = kit::RequireNotNull({{"device", device}})) return code;
    *device = nullptr;
    return NNADAPTER_NO_ERROR;
  });
}
void CloseDevice(void*) {}
int CreateContext(void*, const char*, int (*)(int, void*), void** context) {
  return kit::Guard(kName, "create_context", [&]() -> int {
    if (int code = kit::RequireNotNull({{"context", context}})) return code;
    *context = nullptr;
    return NNADAPTER_NO_ERROR;
  });
}
void DestroyContext(void*) {}

int ValidateProgram(void*, const core::Model* model, bool* supported) {
  return kit::ValidateProgram(kName, model, supported, CheckOperation);
}

// Declared figures (NNAdapterCapabilities): the reference kernels are
// plain loops on host memory, several times slower than the CPU path's
// oneDNN/XNNPACK kernels, with no transfer cost. See
// docs/porting-a-driver.md, "Capabilities", for how they were chosen.
constexpr NNAdapterPerformanceInfo kReferenceLoops{4.0f, 4.0f};

int GetCapabilities(void*, NNAdapterCapabilities* capabilities) {
  return kit::Guard(kName, "get_capabilities", [&]() -> int {
    if (int code = kit::RequireNotNull({{"capabilities", capabilities}})) {
      return code;
    }
    *capabilities = NNAdapterCapabilities();
    capabilities->source = NNADAPTER_CAPABILITIES_DECLARED;
    capabilities->float32_performance = kReferenceLoops;
    capabilities->quant8_symm_performance = kReferenceLoops;
    capabilities->quant8_asymm_performance = kReferenceLoops;
    capabilities->transfer_ns_per_byte = 0.0f;
    return NNADAPTER_NO_ERROR;
  });
}

int LoadCachedModel(const std::vector<uint8_t>& b, OwnedModel* model) {
  uint32_t version = 0;
  if (b.size() < 8 || std::memcmp(b.data(), kCacheMagic, 4) != 0) {
    return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                     "cache buffer is not a builtin_device program (bad magic)");
  }
  std::memcpy(&version, b.data() + 4, 4);
  if (version != kCacheVersion) {
    return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                     "cache version " + std::to_string(version) +
                         ", expected " + std::to_string(kCacheVersion));
  }
  std::string error;
  if (!DeserializeModel(b.data() + 8, b.size() - 8, model, &error)) {
    return kit::Fail(NNADAPTER_INVALID_PARAMETER, "corrupt cache: " + error);
  }
  return NNADAPTER_NO_ERROR;
}

// Copies `model` through the serializer (the program owns every operand)
// and stores the serialized form in `cache` when there is one.
int CopyModel(const core::Model& model, core::Cache* cache, OwnedModel* copy) {
  std::string error;
  std::vector<uint8_t> bytes;
  if (!SerializeModel(model, &bytes, &error) ||
      !DeserializeModel(bytes.data(), bytes.size(), copy, &error)) {
    return kit::Fail(NNADAPTER_DEVICE_INTERNAL_ERROR,
                     "cannot copy the model: " + error);
  }
  if (cache) {
    cache->buffer.assign(kCacheMagic, kCacheMagic + 4);
    uint32_t v = kCacheVersion;
    const uint8_t* vb = reinterpret_cast<const uint8_t*>(&v);
    cache->buffer.insert(cache->buffer.end(), vb, vb + 4);
    cache->buffer.insert(cache->buffer.end(), bytes.begin(), bytes.end());
  }
  return NNADAPTER_NO_ERROR;
}

// Fills Program::release_after from the last operation (in execution order)
// that reads or writes each non-constant operand.
void PlanReleases(Program* p) {
  std::map<const core::Operand*, size_t> last;
  for (size_t i = 0; i < p->order.size(); i++) {
    for (auto* o : p->order[i]->input_operands) {
      if (o) last[o] = i;
    }
    for (auto* o : p->order[i]->output_operands) {
      if (o) last[o] = i;
    }
  }
  for (auto* o : p->model.model.output_operands) last.erase(o);
  p->release_after.assign(p->order.size(), {});
  for (const auto& kv : last) {
    if (!IsConstantOperand(kv.first)) {
      p->release_after[kv.second].push_back(TensorOf(p, kv.first));
    }
  }
}

int CreateProgramImpl(core::Model* model, core::Cache* cache, void** program) {
  auto p = std::make_unique<Program>();
  int code;
  if (cache && !cache->buffer.empty()) {
    code = LoadCachedModel(cache->buffer, &p->model);
  } else if (!model) {
    code = kit::Fail(NNADAPTER_INVALID_PARAMETER, "no model and no cache");
  } else {
    code = CopyModel(*model, cache, &p->model);
  }
  if (code != NNADAPTER_NO_ERROR) return code;
  for (const auto& op : p->model.model.operations) {
    std::string reason;
    if (!CheckOperation(op, &reason)) {
      return kit::Fail(NNADAPTER_FEATURE_NOT_SUPPORTED, reason);
    }
  }
  p->order = SortOperationsInTopologicalOrder(&p->model.model);
  if (p->order.size() != p->model.model.operations.size()) {
    return kit::Fail(NNADAPTER_INVALID_PARAMETER, "the model has a cycle");
  }
  PlanReleases(p.get());
  for (auto& operand : p->model.model.operands) {
    Tensor* t = TensorOf(p.get(), &operand);
    if (IsConstantOperand(&operand)) {
      t->dims = DimsOf(operand.type.dimensions);
      int64_t expected = GetOperandTypeBufferLength(operand.type);
      if (expected < 0 || expected != static_cast<int64_t>(operand.length)) {
        return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                         "constant operand of " +
                             std::to_string(operand.length) +
                             " bytes does not match its type (" +
                             std::to_string(expected) + " bytes)");
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
  return kit::Guard(kName, "create_program", [&]() -> int {
    if (int code = kit::RequireNotNull({{"program", program}})) return code;
    *program = nullptr;
    return CreateProgramImpl(model, cache, program);
  });
}

void DestroyProgram(void* program) { delete static_cast<Program*>(program); }

// Copies the bound model inputs into their tensors.
int ReadInputs(Program* p, uint32_t count, core::Argument* arguments) {
  const auto& inputs = p->model.model.input_operands;
  std::vector<NNAdapterOperandType> types;
  for (const auto* operand : inputs) types.push_back(operand->type);
  std::vector<kit::BoundArgument> bound;
  int code = kit::BindArguments("input", count, arguments, types,
                                kit::Coverage::kSome, &bound);
  if (code != NNADAPTER_NO_ERROR) return code;
  for (size_t i = 0; i < inputs.size(); i++) {
    if (!bound[i].buffer) continue;
    Tensor* t = TensorOf(p, inputs[i]);
    t->dims = DimsOf(bound[i].type.dimensions);
    int64_t length = GetOperandTypeBufferLength(bound[i].type);
    if (length < 0) {
      return kit::Fail(NNADAPTER_INVALID_DIMENSIONS,
                       "input " + std::to_string(i) + ": unknown dimensions " +
                           DimsToString(t->dims));
    }
    const uint8_t* b = static_cast<const uint8_t*>(bound[i].buffer);
    t->data.assign(b, b + length);
    t->valid = true;
  }
  return NNADAPTER_NO_ERROR;
}

int RunKernels(Program* p) {
  for (size_t index = 0; index < p->order.size(); index++) {
    core::Operation* op = p->order[index];
    const KernelInfo* info = FindKernel(op->type);
    KernelContext ctx;
    ctx.op = op;
    ctx.name = info->name;
    for (auto* o : op->input_operands) {
      Tensor* t = TensorOf(p, o);
      if (t && !t->valid) {
        return kit::Fail(NNADAPTER_INVALID_STATE,
                         std::string(info->name) +
                             ": an input operand has no value (model input "
                             "not set?)");
      }
      ctx.in.push_back(t);
    }
    for (auto* o : op->output_operands) ctx.out.push_back(TensorOf(p, o));
    int r = info->compute(&ctx);
    if (r != NNADAPTER_NO_ERROR) return r;
    for (size_t i = 0; i < ctx.out.size(); i++) {
      if (ctx.out[i] && !ctx.out[i]->valid) {
        return kit::Fail(NNADAPTER_DEVICE_INTERNAL_ERROR,
                         std::string(info->name) + ": output " +
                             std::to_string(i) + " was not produced");
      }
    }
    for (Tensor* t : p->release_after[index]) Release(t);
  }
  return NNADAPTER_NO_ERROR;
}

// Publishes the final dimensions of the model outputs and copies them out.
int WriteOutputs(Program* p, uint32_t count, core::Argument* arguments) {
  const auto& outputs = p->model.model.output_operands;
  std::vector<NNAdapterOperandType> types;
  for (size_t i = 0; i < outputs.size(); i++) {
    Tensor* t = TensorOf(p, outputs[i]);
    if (!t->valid) {
      return kit::Fail(NNADAPTER_DEVICE_INTERNAL_ERROR,
                       "output " + std::to_string(i) + " was not computed");
    }
    NNAdapterOperandType type = t->type;
    type.lifetime = outputs[i]->type.lifetime;
    kit::SetDimensions(t->dims, &type);
    type.dimensions.dynamic_count = 0;
    types.push_back(type);
  }
  return kit::WriteOutputs(
      count, arguments, types, kit::Coverage::kSome,
      [&](size_t i, void* buffer) {
        const auto& data = TensorOf(p, outputs[i])->data;
        if (!data.empty()) std::memcpy(buffer, data.data(), data.size());
      });
}

// Kernels allocate with std::vector: a huge shape computed at run time
// (e.g. FILL) becomes NNADAPTER_OUT_OF_MEMORY through the guard.
int ExecuteProgram(void* program, uint32_t input_count,
                   core::Argument* input_arguments, uint32_t output_count,
                   core::Argument* output_arguments) {
  return kit::ExecuteProgram<Program>(kName, program, [&](Program* p) -> int {
    for (auto& kv : p->tensors) {
      if (!IsConstantOperand(kv.first)) {
        kv.second->valid = false;
        kv.second->type = kv.first->type;
      }
    }
    int code = ReadInputs(p, input_count, input_arguments);
    if (code == NNADAPTER_NO_ERROR) code = RunKernels(p);
    if (code == NNADAPTER_NO_ERROR) {
      code = WriteOutputs(p, output_count, output_arguments);
    }
    // Nothing but the constants stays allocated between executions.
    for (auto& kv : p->tensors) {
      if (!IsConstantOperand(kv.first)) Release(kv.second.get());
    }
    return code;
  });
}

}  // namespace
}  // namespace builtin_device
}  // namespace nnadapter

NNADAPTER_KIT_EXPORT_DEVICE(builtin_device,
                            nnadapter::builtin_device::kName,
                            "PaddleLite-NNA", NNADAPTER_CPU, 1,
                            nnadapter::builtin_device);
NNADAPTER_KIT_EXPORT_DEVICE_EXTENSION(
    builtin_device, nnadapter::builtin_device::GetCapabilities);
