// google_xnnpack: an NNAdapter driver over XNNPACK's subgraph API (Debian's
// libxnnpack-dev). A sub-model becomes one xnn_subgraph (NHWC inside, see
// converter.h) compiled into an xnn_runtime with its own pthreadpool.
//
// Context properties: GOOGLE_XNNPACK_NUM_THREADS=<1..64> (default 1).
// Cache: the serialized NNAdapter sub-model (utility/serialization.h); the
// runtime is rebuilt from it, so a cached program needs no original model.
#include <pthreadpool.h>
#include <xnnpack.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "converter.h"
#include "nnadapter/hal/device.h"
#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/logging.h"
#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/properties.h"
#include "nnadapter/utility/serialization.h"

namespace nnadapter {
namespace google_xnnpack {

static const char kName[] = "google_xnnpack";
static const int32_t kVersion = 1;
static const char kThreadsKey[] = "GOOGLE_XNNPACK_NUM_THREADS";

struct Context {
  size_t threads = 1;
};

struct AlignedFree {
  void operator()(float* p) const { std::free(p); }
};
using AlignedBuffer = std::unique_ptr<float, AlignedFree>;

// One external tensor: its NNAdapter type (NCHW dims) and an aligned buffer
// of XNN_EXTRA_BYTES more than its size (XNNPACK may read past the end).
struct External {
  NNAdapterOperandType type;
  size_t elements = 0;
  bool nhwc = false;
  AlignedBuffer buffer;
};

struct Program {
  OwnedModel model;
  std::list<std::vector<float>> storage;
  pthreadpool_t pool = nullptr;
  xnn_runtime_t runtime = nullptr;
  std::vector<External> inputs, outputs;
  ~Program() {
    if (runtime) xnn_delete_runtime(runtime);
    if (pool) pthreadpool_destroy(pool);
  }
};

struct Subgraph {
  xnn_subgraph_t handle = nullptr;
  ~Subgraph() {
    if (handle) xnn_delete_subgraph(handle);
  }
};

static bool Initialize() {
  static std::once_flag once;
  static bool ok = false;
  std::call_once(once, [] { ok = xnn_initialize(nullptr) == xnn_status_success; });
  return ok;
}

static int OpenDevice(void** device) {
  if (!device) return NNADAPTER_INVALID_PARAMETER;
  if (!Initialize()) {
    NNADAPTER_LOG(ERROR) << kName << ": xnn_initialize failed (unsupported CPU?)";
    return NNADAPTER_DEVICE_INTERNAL_ERROR;
  }
  *device = const_cast<char*>(kName);
  return NNADAPTER_NO_ERROR;
}

static void CloseDevice(void*) {}

static int CreateContext(void*, const char* properties, int (*)(int, void*),
                         void** context) {
  if (!context) return NNADAPTER_INVALID_PARAMETER;
  *context = nullptr;
  try {
    std::map<std::string, std::string> parsed;
    std::string error;
    if (!ParseProperties(properties ? properties : "", &parsed, &error)) {
      NNADAPTER_LOG(ERROR) << kName << ": " << error;
      return NNADAPTER_INVALID_PARAMETER;
    }
    auto ctx = std::make_unique<Context>();
    auto it = parsed.find(kThreadsKey);
    if (it != parsed.end()) {
      char* end = nullptr;
      long n = std::strtol(it->second.c_str(), &end, 10);
      if (it->second.empty() || *end != '\0' || n < 1 || n > 64) {
        NNADAPTER_LOG(ERROR) << kName << ": " << kThreadsKey << "='"
                             << it->second << "': expected an integer in [1, 64]";
        return NNADAPTER_INVALID_PARAMETER;
      }
      ctx->threads = static_cast<size_t>(n);
    }
    *context = ctx.release();
    return NNADAPTER_NO_ERROR;
  } catch (const std::bad_alloc&) {
    return NNADAPTER_OUT_OF_MEMORY;
  } catch (...) {
    return NNADAPTER_DEVICE_INTERNAL_ERROR;
  }
}

static void DestroyContext(void* context) {
  delete static_cast<Context*>(context);
}

// An operation is supported if it converts on its own into a subgraph from
// which XNNPACK creates a runtime (the same code path as create_program).
static bool Supports(const core::Operation& op, std::string* reason) {
  if (!ConvertibleOperations().count(op.type)) {
    *reason = "no XNNPACK equivalent in this XNNPACK version";
    return false;
  }
  const uint32_t max_externals =
      static_cast<uint32_t>(op.input_operands.size() + op.output_operands.size());
  Subgraph subgraph;
  if (xnn_create_subgraph(max_externals, 0, &subgraph.handle) !=
      xnn_status_success) {
    *reason = "xnn_create_subgraph failed";
    return false;
  }
  std::list<std::vector<float>> storage;
  Converter converter(subgraph.handle, &storage);
  converter.set_standalone(true, 0);
  if (!converter.Convert(op, reason)) return false;
  xnn_runtime_t runtime = nullptr;
  if (xnn_create_runtime_v2(subgraph.handle, nullptr, 0, &runtime) !=
      xnn_status_success) {
    *reason = "xnn_create_runtime_v2 rejected the node";
    return false;
  }
  xnn_delete_runtime(runtime);
  return true;
}

static int ValidateProgram(void* context, const core::Model* model,
                           bool* supported_operations) {
  if (!context || !model || !supported_operations) {
    return NNADAPTER_INVALID_PARAMETER;
  }
  try {
    size_t i = 0;
    for (const auto& op : model->operations) {
      std::string reason;
      supported_operations[i] = Supports(op, &reason);
      if (!supported_operations[i]) {
        NNADAPTER_VLOG(3) << kName << ": operation #" << i << " "
                          << OperationTypeName(op.type)
                          << " unsupported: " << reason;
      }
      i++;
    }
    return NNADAPTER_NO_ERROR;
  } catch (const std::bad_alloc&) {
    return NNADAPTER_OUT_OF_MEMORY;
  } catch (...) {
    return NNADAPTER_DEVICE_INTERNAL_ERROR;
  }
}

static bool MakeExternal(const core::Operand* o, External* e, std::string* error) {
  std::vector<size_t> dims;
  if (o->type.precision != NNADAPTER_FLOAT32 || !XnnDims(o, &dims)) {
    *error = "sub-model inputs/outputs must be FLOAT32 with known dims";
    return false;
  }
  e->type = o->type;
  e->type.dimensions.dynamic_count = 0;
  e->elements = 1;
  for (size_t d : dims) e->elements *= d;
  e->nhwc = dims.size() == 4 && dims[3] != 1 && dims[1] * dims[2] != 1;
  void* p = nullptr;
  if (posix_memalign(&p, 64, e->elements * sizeof(float) + XNN_EXTRA_BYTES)) {
    throw std::bad_alloc();
  }
  e->buffer.reset(static_cast<float*>(p));
  return true;
}

// Builds the subgraph and runtime of `p->model`.
static int Build(const Context* ctx, Program* p) {
  core::Model* model = &p->model.model;
  std::string error;
  const uint32_t n_in = static_cast<uint32_t>(model->input_operands.size());
  const uint32_t n_out = static_cast<uint32_t>(model->output_operands.size());
  Subgraph subgraph;
  if (xnn_create_subgraph(n_in + n_out, 0, &subgraph.handle) !=
      xnn_status_success) {
    NNADAPTER_LOG(ERROR) << kName << ": xnn_create_subgraph failed";
    return NNADAPTER_DEVICE_INTERNAL_ERROR;
  }
  Converter converter(subgraph.handle, &p->storage);
  p->inputs.resize(n_in);
  p->outputs.resize(n_out);
  for (uint32_t i = 0; i < n_in; i++) {
    converter.SetExternal(model->input_operands[i], i, true);
    if (!MakeExternal(model->input_operands[i], &p->inputs[i], &error)) break;
  }
  for (uint32_t i = 0; error.empty() && i < n_out; i++) {
    converter.SetExternal(model->output_operands[i], n_in + i, false);
    if (!MakeExternal(model->output_operands[i], &p->outputs[i], &error)) break;
  }
  if (!error.empty()) {
    NNADAPTER_LOG(ERROR) << kName << ": " << error;
    return NNADAPTER_FEATURE_NOT_SUPPORTED;
  }
  std::vector<core::Operation*> ops = SortOperationsInTopologicalOrder(model);
  if (ops.size() != model->operations.size()) {
    NNADAPTER_LOG(ERROR) << kName << ": the model has a cycle";
    return NNADAPTER_INVALID_PARAMETER;
  }
  for (auto* op : ops) {
    if (!converter.Convert(*op, &error)) {
      NNADAPTER_LOG(ERROR) << kName << ": cannot convert "
                           << OperationTypeName(op->type) << ": " << error;
      return NNADAPTER_FEATURE_NOT_SUPPORTED;
    }
  }
  std::vector<xnn_external_value> externals;
  for (uint32_t i = 0; i < n_out; i++) {
    if (converter.ValueOf(model->output_operands[i]) == XNN_INVALID_VALUE_ID) {
      NNADAPTER_LOG(ERROR) << kName << ": output " << i << " is not produced";
      return NNADAPTER_INVALID_PARAMETER;
    }
    externals.push_back({n_in + i, p->outputs[i].buffer.get()});
  }
  for (uint32_t i = 0; i < n_in; i++) {
    if (converter.ValueOf(model->input_operands[i]) == XNN_INVALID_VALUE_ID) {
      NNADAPTER_LOG(ERROR) << kName << ": input " << i << " is not used";
      return NNADAPTER_FEATURE_NOT_SUPPORTED;
    }
    externals.push_back({i, p->inputs[i].buffer.get()});
  }
  if (ctx->threads > 1) p->pool = pthreadpool_create(ctx->threads);
  if (xnn_create_runtime_v2(subgraph.handle, p->pool, 0, &p->runtime) !=
          xnn_status_success ||
      xnn_setup_runtime(p->runtime, externals.size(), externals.data()) !=
          xnn_status_success) {
    NNADAPTER_LOG(ERROR) << kName << ": XNNPACK could not create the runtime";
    return NNADAPTER_FEATURE_NOT_SUPPORTED;
  }
  return NNADAPTER_NO_ERROR;
}

static int CreateProgram(void* context, core::Model* model, core::Cache* cache,
                         void** program) {
  if (!context || !cache || !program) return NNADAPTER_INVALID_PARAMETER;
  *program = nullptr;
  try {
    auto p = std::make_unique<Program>();
    std::string error;
    if (cache->buffer.empty()) {
      if (!model) return NNADAPTER_INVALID_PARAMETER;
      std::vector<uint8_t> blob;
      if (!SerializeModel(*model, &blob, &error)) {
        NNADAPTER_LOG(ERROR) << kName << ": " << error;
        return NNADAPTER_INVALID_PARAMETER;
      }
      if (!DeserializeModel(blob.data(), blob.size(), &p->model, &error)) {
        NNADAPTER_LOG(ERROR) << kName << ": " << error;
        return NNADAPTER_DEVICE_INTERNAL_ERROR;
      }
      int code = Build(static_cast<Context*>(context), p.get());
      if (code != NNADAPTER_NO_ERROR) return code;
      cache->buffer = std::move(blob);
    } else {
      if (!DeserializeModel(cache->buffer.data(), cache->buffer.size(),
                            &p->model, &error)) {
        NNADAPTER_LOG(WARNING) << kName << ": invalid cached model: " << error;
        return NNADAPTER_INVALID_PARAMETER;
      }
      if (p->model.model.input_operands.size() != cache->input_types.size() ||
          p->model.model.output_operands.size() != cache->output_types.size()) {
        NNADAPTER_LOG(WARNING) << kName << ": cached model inputs/outputs mismatch";
        return NNADAPTER_INVALID_PARAMETER;
      }
      int code = Build(static_cast<Context*>(context), p.get());
      if (code != NNADAPTER_NO_ERROR) return code;
    }
    *program = p.release();
    return NNADAPTER_NO_ERROR;
  } catch (const std::bad_alloc&) {
    return NNADAPTER_OUT_OF_MEMORY;
  } catch (...) {
    return NNADAPTER_DEVICE_INTERNAL_ERROR;
  }
}

static void DestroyProgram(void* program) { delete static_cast<Program*>(program); }

// NCHW <-> NHWC for one [N, C, H*W] block.
static void ToNhwc(const float* src, float* dst, const int32_t* d) {
  const size_t N = d[0], C = d[1], HW = size_t(d[2]) * d[3];
  for (size_t n = 0; n < N; n++, src += C * HW, dst += C * HW)
    for (size_t c = 0; c < C; c++)
      for (size_t i = 0; i < HW; i++) dst[i * C + c] = src[c * HW + i];
}

static void ToNchw(const float* src, float* dst, const int32_t* d) {
  const size_t N = d[0], C = d[1], HW = size_t(d[2]) * d[3];
  for (size_t n = 0; n < N; n++, src += C * HW, dst += C * HW)
    for (size_t c = 0; c < C; c++)
      for (size_t i = 0; i < HW; i++) dst[c * HW + i] = src[i * C + c];
}

static int ExecuteProgram(void* program, uint32_t input_count,
                          core::Argument* input_arguments,
                          uint32_t output_count,
                          core::Argument* output_arguments) {
  if (!program) return NNADAPTER_INVALID_PARAMETER;
  try {
    auto* p = static_cast<Program*>(program);
    if (input_count != p->inputs.size() || output_count != p->outputs.size() ||
        (input_count && !input_arguments) || (output_count && !output_arguments)) {
      return NNADAPTER_INVALID_PARAMETER;
    }
    std::vector<bool> seen(input_count, false);
    for (uint32_t i = 0; i < input_count; i++) {
      const auto& arg = input_arguments[i];
      if (arg.index < 0 || static_cast<uint32_t>(arg.index) >= input_count ||
          !arg.access || seen[arg.index]) {
        return NNADAPTER_INVALID_PARAMETER;
      }
      seen[arg.index] = true;
      External& e = p->inputs[arg.index];
      NNAdapterOperandType type = e.type;
      const void* buffer = arg.access(arg.memory, &type);
      if (!buffer) return NNADAPTER_INVALID_PARAMETER;
      if (type.dimensions.count != e.type.dimensions.count ||
          !std::equal(type.dimensions.data,
                      type.dimensions.data + type.dimensions.count,
                      e.type.dimensions.data)) {
        NNADAPTER_LOG(ERROR) << kName << ": input " << arg.index << " dimensions "
                             << DimensionsToString(type.dimensions)
                             << " differ from the compiled "
                             << DimensionsToString(e.type.dimensions);
        return NNADAPTER_INVALID_DIMENSIONS;
      }
      if (e.nhwc) {
        ToNhwc(static_cast<const float*>(buffer), e.buffer.get(),
               e.type.dimensions.data);
      } else {
        std::memcpy(e.buffer.get(), buffer, e.elements * sizeof(float));
      }
    }
    if (xnn_invoke_runtime(p->runtime) != xnn_status_success) {
      NNADAPTER_LOG(ERROR) << kName << ": xnn_invoke_runtime failed";
      return NNADAPTER_DEVICE_INTERNAL_ERROR;
    }
    std::vector<bool> done(output_count, false);
    for (uint32_t i = 0; i < output_count; i++) {
      const auto& arg = output_arguments[i];
      if (arg.index < 0 || static_cast<uint32_t>(arg.index) >= output_count ||
          !arg.access || done[arg.index]) {
        return NNADAPTER_INVALID_PARAMETER;
      }
      done[arg.index] = true;
      External& e = p->outputs[arg.index];
      NNAdapterOperandType type = e.type;
      void* buffer = arg.access(arg.memory, &type);
      if (!buffer) return NNADAPTER_INVALID_PARAMETER;
      if (e.nhwc) {
        ToNchw(e.buffer.get(), static_cast<float*>(buffer), e.type.dimensions.data);
      } else {
        std::memcpy(buffer, e.buffer.get(), e.elements * sizeof(float));
      }
    }
    return NNADAPTER_NO_ERROR;
  } catch (const std::bad_alloc&) {
    return NNADAPTER_OUT_OF_MEMORY;
  } catch (...) {
    return NNADAPTER_DEVICE_INTERNAL_ERROR;
  }
}

}  // namespace google_xnnpack
}  // namespace nnadapter

NNADAPTER_EXPORT_DEVICE(google_xnnpack) = {
    NNADAPTER_HAL_VERSION,
    nnadapter::google_xnnpack::kName,
    "Google (XNNPACK, Debian libxnnpack)",
    NNADAPTER_CPU,
    nnadapter::google_xnnpack::kVersion,
    nnadapter::google_xnnpack::OpenDevice,
    nnadapter::google_xnnpack::CloseDevice,
    nnadapter::google_xnnpack::CreateContext,
    nnadapter::google_xnnpack::DestroyContext,
    nnadapter::google_xnnpack::ValidateProgram,
    nnadapter::google_xnnpack::CreateProgram,
    nnadapter::google_xnnpack::DestroyProgram,
    nnadapter::google_xnnpack::ExecuteProgram,
};
