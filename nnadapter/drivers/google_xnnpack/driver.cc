// google_xnnpack: an NNAdapter driver over XNNPACK's subgraph API (Debian's
// libxnnpack-dev). A sub-model becomes one xnn_subgraph (NHWC inside: the
// optimizer toolkit's layout pass runs first, see converter.h) compiled into
// an xnn_runtime with its own pthreadpool.
//
// Context properties: GOOGLE_XNNPACK_NUM_THREADS=<1..64> (default 1),
// GOOGLE_XNNPACK_MAX_SHAPES=<1..16> (runtimes kept per program for different
// input dims, default 1), GOOGLE_XNNPACK_PROFILE=0|1 (per-operation profile
// to stderr, profile.h).
// Cache: the serialized NNAdapter sub-model (utility/serialization.h); the
// runtime is rebuilt from it, so a cached program needs no original model.
#include <pthreadpool.h>
#include <xnnpack.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "calibration.h"
#include "converter.h"
#include "profile.h"
#include "shape_inference.h"
#include "nnadapter/hal/device.h"
#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/driver_kit.h"
#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/operator_info.h"
#include "nnadapter/utility/logging.h"
#include "nnadapter/utility/optimizer.h"
#include "nnadapter/utility/precision.h"
#include "nnadapter/utility/serialization.h"

namespace nnadapter {
namespace google_xnnpack {

static const char kName[] = "google_xnnpack";
static const int32_t kVersion = 1;
static const char kThreadsKey[] = "GOOGLE_XNNPACK_NUM_THREADS";

static const char kProfileKey[] = "GOOGLE_XNNPACK_PROFILE";
static const char kMaxShapesKey[] = "GOOGLE_XNNPACK_MAX_SHAPES";

// One thread pool per thread count for the whole process, shared by every
// program (a model split into many sub-models, each with its own context,
// must not start one pool per sub-model: with 17 pools of spinning workers on
// 2 cores ShuffleNetV2 went from 4.6 ms to 400 ms). pthreadpool serializes
// concurrent parallelize calls, so sharing is safe; programs hold a
// reference, so the pool lives as long as any program that uses it.
struct ThreadPool {
  pthreadpool_t handle = nullptr;
  explicit ThreadPool(size_t threads) : handle(pthreadpool_create(threads)) {}
  ~ThreadPool() {
    if (handle) pthreadpool_destroy(handle);
  }
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;
};

static std::shared_ptr<ThreadPool> SharedThreadPool(size_t threads) {
  static std::mutex mutex;
  static std::map<size_t, std::weak_ptr<ThreadPool>> pools;
  std::lock_guard<std::mutex> lock(mutex);
  std::shared_ptr<ThreadPool> pool = pools[threads].lock();
  if (!pool) {
    pool = std::make_shared<ThreadPool>(threads);
    pools[threads] = pool;
  }
  return pool;
}

struct Context {
  size_t threads = 1;
  bool profile = false;
  size_t max_shapes = 1;
};

struct AlignedFree {
  void operator()(uint8_t* p) const { std::free(p); }
};
using AlignedBuffer = std::unique_ptr<uint8_t, AlignedFree>;

// One external tensor: its NNAdapter type (NCHW dims) and an aligned buffer
// of XNN_EXTRA_BYTES more than its size (XNNPACK may read past the end).
struct External {
  NNAdapterOperandType type;
  size_t elements = 0;
  size_t element_size = 4;  // FLOAT32; 1 for QUANT_INT8_SYMM_PER_LAYER
  bool nhwc = false;  // stored NHWC, reordered at the boundary
  AlignedBuffer buffer;
};

// One XNNPACK runtime, built for one set of input dims, with its external
// buffers and the static data it references.
struct Built {
  std::vector<std::vector<int32_t>> input_dims;
  std::list<std::vector<uint8_t>> storage;
  std::vector<External> inputs, outputs;
  xnn_runtime_t runtime = nullptr;
  Built() = default;
  Built(const Built&) = delete;
  Built& operator=(const Built&) = delete;
  ~Built() {
    if (runtime) xnn_delete_runtime(runtime);
  }
};

// A compiled sub-model. Dims unknown at compilation (dynamic inputs) are
// inferred from the actual input dims at the first execution, and again
// for new input dims (XNNPACK shapes are fixed at definition); the runtimes
// of the `max_shapes` most recently used input dims are kept.
struct Program {
  OwnedModel model;
  bool dynamic = false;  // some operand has unknown dims
  bool profile = false;  // print a per-operation profile after each build
  size_t max_shapes = 1;
  pthreadpool_t pool = nullptr;  // owned by `shared_pool`
  std::shared_ptr<ThreadPool> shared_pool;
  std::list<std::unique_ptr<Built>> built;  // most recently used first
  std::vector<NNAdapterOperandType> input_types;  // as compiled
  ~Program() {
    built.clear();  // runtimes before their thread pool
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
  return kit::Guard(kName, "open_device", [&]() -> int {
    if (int code = kit::RequireNotNull({{"device", device}})) return code;
    if (!Initialize()) {
      return kit::Fail(NNADAPTER_DEVICE_INTERNAL_ERROR,
                       "xnn_initialize failed (unsupported CPU?)");
    }
    *device = const_cast<char*>(kName);
    return NNADAPTER_NO_ERROR;
  });
}

static void CloseDevice(void*) {}

// The integer property `key` in [lo, hi], if set.
static int ReadIntProperty(const std::map<std::string, std::string>& parsed,
                           const char* key, long lo, long hi, size_t* value) {
  auto it = parsed.find(key);
  if (it == parsed.end()) return NNADAPTER_NO_ERROR;
  char* end = nullptr;
  long n = std::strtol(it->second.c_str(), &end, 10);
  if (it->second.empty() || *end != '\0' || n < lo || n > hi) {
    return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                     std::string(key) + "='" + it->second +
                         "': expected an integer in [" + std::to_string(lo) +
                         ", " + std::to_string(hi) + "]");
  }
  *value = static_cast<size_t>(n);
  return NNADAPTER_NO_ERROR;
}

// GOOGLE_XNNPACK_PROFILE=0|1, if set.
static int ReadProfileProperty(const std::map<std::string, std::string>& parsed,
                               bool* profile) {
  auto it = parsed.find(kProfileKey);
  if (it == parsed.end()) return NNADAPTER_NO_ERROR;
  if (it->second != "0" && it->second != "1") {
    return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                     std::string(kProfileKey) + "='" + it->second +
                         "': expected 0 or 1");
  }
  *profile = it->second == "1";
  return NNADAPTER_NO_ERROR;
}

static int CreateContext(void*, const char* properties, int (*)(int, void*),
                         void** context) {
  return kit::CreateContext<Context>(
      kName, properties, context,
      [](const std::map<std::string, std::string>& parsed, Context* ctx) {
        int code = ReadIntProperty(parsed, kThreadsKey, 1, 64, &ctx->threads);
        if (code == NNADAPTER_NO_ERROR) {
          code = ReadIntProperty(parsed, kMaxShapesKey, 1, 16,
                                 &ctx->max_shapes);
        }
        if (code == NNADAPTER_NO_ERROR) {
          code = ReadProfileProperty(parsed, &ctx->profile);
        }
        return code;
      });
}

static void DestroyContext(void* context) {
  delete static_cast<Context*>(context);
}

static bool BuildRuntime(const core::Model& model, pthreadpool_t pool, bool profile,
                         Built* b, int* code, std::string* error);

// An operation is supported if it builds on its own into a runtime (the
// same code path as create_program): a one-operation model whose rank-4
// inputs and outputs are NHWC, as between NHWC neighbours; so an operation
// the layout pass keeps in NCHW needs no TRANSPOSE only where NCHW and NHWC
// coincide in memory (C == 1 or H * W == 1).
static bool SupportsKnown(const core::Operation& op, std::string* reason) {
  OwnedModel single = SingleOperationModel(op);
  Built built;
  int code = NNADAPTER_NO_ERROR;
  return BuildRuntime(single.model, nullptr, false, &built, &code, reason);
}

// With unknown dims, the operation must convert for two different probe
// sizes of every unknown dim (batch: 1 and 2, others: 33 and 20), with the
// output dims inferred by the standard shape inference; decisions that
// depend on the actual sizes (e.g. a rank-4 reshape that needs C == 1) are
// thereby refused unless they hold for any size.
static bool Supports(const core::Operation& op, std::string* reason) {
  if (OperationHasKnownDimensions(op)) return SupportsKnown(op, reason);
  for (int probe = 0; probe < 2; probe++) {
    std::map<const core::Operand*, std::vector<int32_t>> known, dims;
    std::list<core::Operand> copies;
    std::map<const core::Operand*, core::Operand*> copy_of;
    core::Operation probed;
    probed.type = op.type;
    for (const auto* o : op.input_operands) {
      if (!o) {
        probed.input_operands.push_back(nullptr);
        continue;
      }
      copies.push_back(*o);
      core::Operand* c = &copies.back();
      copy_of[o] = c;
      if (!IsConstantOperand(o)) {
        auto& d = c->type.dimensions;
        for (uint32_t i = 0; i < d.count; i++) {
          if (d.data[i] < 0) d.data[i] = i == 0 ? 1 + probe : 33 - 13 * probe;
        }
        d.dynamic_count = 0;
        known[o].assign(d.data, d.data + d.count);
      }
      probed.input_operands.push_back(c);
    }
    if (!InferDimensions({&op}, known, &dims, reason)) return false;
    for (const auto* o : op.output_operands) {
      if (!o) {
        probed.output_operands.push_back(nullptr);
        continue;
      }
      copies.push_back(*o);
      core::Operand* c = &copies.back();
      const auto& d = dims[o];
      c->type.dimensions.count = static_cast<uint32_t>(d.size());
      std::copy(d.begin(), d.end(), c->type.dimensions.data);
      c->type.dimensions.dynamic_count = 0;
      probed.output_operands.push_back(c);
    }
    if (!SupportsKnown(probed, reason)) return false;
  }
  return true;
}

// google_xnnpack.ini decides what it can state (operations, operand
// types, ranks, constants, attribute values; its refusals name the rule);
// then the converter decides the relations between operands the file
// cannot state (window and output sizes, resize factors, int8 parameters
// XNNPACK accepts).
static int ValidateProgram(void* context, const core::Model* model,
                           bool* supported_operations) {
  return ValidateProgramWithEmbeddedOperatorInfo(
      kName, context, model, supported_operations,
      [](const core::Operation& op, std::string* reason) {
        if (Supports(op, reason)) return true;
        *reason = OperationTypeName(op.type) + ": converter: " + *reason;
        return false;
      });
}

// The [PERFORMANCE] section of google_xnnpack.ini, its float32 figures
// replaced by measured ones (calibration.h: cached per machine); when the
// calibration cannot run, the declared figures stay (source DECLARED).
static int GetCapabilities(void*, NNAdapterCapabilities* capabilities) {
  return CapabilitiesFromEmbeddedOperatorInfo(
      kName, capabilities, [](NNAdapterCapabilities* c) {
        NNAdapterCapabilities measured = *c;
        std::string error;
        if (Initialize() && MeasuredCapabilities(kVersion, &measured, &error)) {
          *c = measured;
        } else {
          NNADAPTER_VLOG(1) << kName << ": declared capabilities kept: "
                            << (error.empty() ? "xnn_initialize failed" : error);
        }
        return NNADAPTER_NO_ERROR;
      });
}

// `o` as the runtime stores it (after the layout pass), `type` as the
// user sees it (NCHW dims).
static bool MakeExternal(const core::Operand* o, const NNAdapterOperandType& type,
                         External* e, std::string* error) {
  std::vector<size_t> dims;
  const auto precision = o->type.precision;
  if ((precision != NNADAPTER_FLOAT32 &&
       precision != NNADAPTER_QUANT_INT8_SYMM_PER_LAYER) ||
      !XnnDims(o, &dims)) {
    *error = "sub-model inputs/outputs must be FLOAT32 or "
             "QUANT_INT8_SYMM_PER_LAYER with known dims";
    return false;
  }
  e->element_size = PrecisionByteSize(precision);
  e->type = type;
  e->type.dimensions.dynamic_count = 0;
  e->elements = 1;
  for (size_t d : dims) e->elements *= d;
  e->nhwc = o->type.layout == NNADAPTER_NHWC && dims.size() == 4 && dims[3] != 1 &&
            dims[1] * dims[2] != 1;
  void* p = nullptr;
  if (posix_memalign(&p, 64, e->elements * e->element_size + XNN_EXTRA_BYTES)) {
    *error = "out of memory allocating a " + std::to_string(e->elements * e->element_size) +
             "-byte sub-model input/output buffer";
    return false;
  }
  e->buffer.reset(static_cast<uint8_t*>(p));
  return true;
}

// Builds `b` (externals and runtime) from `model` (NCHW, known dims): the
// toolkit's layout pass on a copy (constants referenced), with the NHWC
// boundary, then one XNNPACK subgraph. False with `code` and `error`.
static bool BuildRuntime(const core::Model& model, pthreadpool_t pool, bool profile,
                         Built* b, int* code, std::string* error) {
  std::vector<const core::Operation*> all;
  for (const auto& op : model.operations) all.push_back(&op);
  OwnedModel work;
  std::map<const core::Operand*, core::Operand*> mapping;
  ExtractSubModel(all, {model.input_operands.begin(), model.input_operands.end()},
                  {model.output_operands.begin(), model.output_operands.end()}, false,
                  &work, &mapping);
  const size_t transposes = ConvertDataLayoutNchwToNhwc(&work, BoundaryLayout::kNhwc);
  NNADAPTER_VLOG(3) << kName << ": layout pass: " << transposes << " TRANSPOSE(s) needed";
  core::Model* m = &work.model;
  const uint32_t n_in = static_cast<uint32_t>(m->input_operands.size());
  const uint32_t n_out = static_cast<uint32_t>(m->output_operands.size());
  *code = NNADAPTER_FEATURE_NOT_SUPPORTED;
  Subgraph subgraph;
  if (xnn_create_subgraph(n_in + n_out, 0, &subgraph.handle) != xnn_status_success) {
    *code = NNADAPTER_DEVICE_INTERNAL_ERROR;
    *error = "xnn_create_subgraph failed";
    return false;
  }
  Converter converter(subgraph.handle, &b->storage);
  converter.set_model(m);
  b->inputs.resize(n_in);
  b->outputs.resize(n_out);
  for (uint32_t i = 0; i < n_in; i++) {
    converter.SetExternal(m->input_operands[i], i, true);
    if (!MakeExternal(m->input_operands[i], model.input_operands[i]->type, &b->inputs[i],
                      error)) {
      return false;
    }
  }
  for (uint32_t i = 0; i < n_out; i++) {
    converter.SetExternal(m->output_operands[i], n_in + i, false);
    if (!MakeExternal(m->output_operands[i], model.output_operands[i]->type,
                      &b->outputs[i], error)) {
      return false;
    }
  }
  std::vector<core::Operation*> ops = SortOperationsInTopologicalOrder(m);
  if (ops.size() != m->operations.size()) {
    *code = NNADAPTER_INVALID_PARAMETER;
    *error = "the model has a cycle";
    return false;
  }
  for (auto* op : ops) {
    if (!converter.Convert(*op, error)) {
      *error = "cannot convert " + OperationTypeName(op->type) + ": " + *error;
      return false;
    }
  }
  std::vector<xnn_external_value> externals;
  for (uint32_t i = 0; i < n_out; i++) {
    if (converter.ValueOf(m->output_operands[i]) == XNN_INVALID_VALUE_ID) {
      *code = NNADAPTER_INVALID_PARAMETER;
      *error = "output " + std::to_string(i) + " is not produced";
      return false;
    }
    externals.push_back({n_in + i, b->outputs[i].buffer.get()});
  }
  for (uint32_t i = 0; i < n_in; i++) {
    if (converter.ValueOf(m->input_operands[i]) == XNN_INVALID_VALUE_ID) {
      *error = "input " + std::to_string(i) + " is not used";
      return false;
    }
    externals.push_back({i, b->inputs[i].buffer.get()});
  }
  if (xnn_create_runtime_v2(subgraph.handle, pool, 0, &b->runtime) != xnn_status_success ||
      xnn_setup_runtime(b->runtime, externals.size(), externals.data()) !=
          xnn_status_success) {
    *error = "XNNPACK could not create the runtime";
    return false;
  }
  if (profile) PrintOperationProfile(ops, pool, 10);
  *code = NNADAPTER_NO_ERROR;
  return true;
}

// Builds the runtime of `p->model` for the given input dims (inferring the
// other operands' dims when the model has unknown ones).
static int Build(Program* p, const std::vector<std::vector<int32_t>>& input_dims) {
  core::Model* model = &p->model.model;
  std::string error;
  auto b = std::make_unique<Built>();
  if (p->dynamic) {
    std::map<const core::Operand*, std::vector<int32_t>> known, dims;
    for (size_t i = 0; i < model->input_operands.size(); i++) {
      known[model->input_operands[i]] = input_dims[i];
    }
    std::vector<const core::Operation*> order;
    if (!SortOperationsInTopologicalOrder(model, &order) ||
        !InferDimensions(order, known, &dims, &error)) {
      return kit::Fail(NNADAPTER_INVALID_DIMENSIONS,
                       "shape inference failed: " + error);
    }
    dims.insert(known.begin(), known.end());
    for (auto& o : model->operands) {
      auto it = dims.find(&o);
      if (it == dims.end()) continue;
      o.type.dimensions.count = static_cast<uint32_t>(it->second.size());
      std::copy(it->second.begin(), it->second.end(), o.type.dimensions.data);
    }
  }
  int code = NNADAPTER_NO_ERROR;
  if (!BuildRuntime(*model, p->pool, p->profile, b.get(), &code, &error)) {
    return kit::Fail(code, error);
  }
  b->input_dims = input_dims;
  p->built.push_front(std::move(b));
  while (p->built.size() > p->max_shapes) p->built.pop_back();
  return NNADAPTER_NO_ERROR;
}

// Marks a program dynamic and, if all dims are known, builds it now.
static int Prepare(const Context* ctx, Program* p) {
  if (ctx->threads > 1) {
    p->shared_pool = SharedThreadPool(ctx->threads);
    p->pool = p->shared_pool->handle;
  }
  p->profile = ctx->profile;
  p->max_shapes = ctx->max_shapes;
  std::vector<std::vector<int32_t>> input_dims;
  for (const auto& o : p->model.model.operands) {
    if (!IsConstantOperand(&o) && !HasKnownDimensions(o.type.dimensions)) {
      p->dynamic = true;
    }
  }
  for (auto* in : p->model.model.input_operands) {
    p->input_types.push_back(in->type);
    const auto& d = in->type.dimensions;
    input_dims.emplace_back(d.data, d.data + d.count);
  }
  return p->dynamic ? NNADAPTER_NO_ERROR : Build(p, input_dims);
}

// Copies `model` into the program through the serializer and keeps the
// serialized form for the cache.
static int CopyModel(const core::Model& model, Program* p,
                     std::vector<uint8_t>* blob) {
  std::string error;
  if (!SerializeModel(model, blob, &error)) {
    return kit::Fail(NNADAPTER_INVALID_PARAMETER, error);
  }
  if (!DeserializeModel(blob->data(), blob->size(), &p->model, &error)) {
    return kit::Fail(NNADAPTER_DEVICE_INTERNAL_ERROR, error);
  }
  return NNADAPTER_NO_ERROR;
}

static int LoadCachedModel(const core::Cache& cache, Program* p) {
  std::string error;
  if (!DeserializeModel(cache.buffer.data(), cache.buffer.size(), &p->model,
                        &error)) {
    return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                     "invalid cached model: " + error);
  }
  return kit::CheckCachedProgram(cache, p->model.model.input_operands.size(),
                                 p->model.model.output_operands.size());
}

static int CreateProgram(void* context, core::Model* model, core::Cache* cache,
                         void** program) {
  return kit::CreateProgram<Program>(kName, context, cache, program, [&](Program* p) -> int {
    std::vector<uint8_t> blob;
    int code;
    if (!cache->buffer.empty()) {
      code = LoadCachedModel(*cache, p);
    } else if (!model) {
      code = kit::Fail(NNADAPTER_INVALID_PARAMETER, "no model and no cache");
    } else {
      code = CopyModel(*model, p, &blob);
    }
    if (code == NNADAPTER_NO_ERROR) {
      // Toolkit passes: copies (ASSIGN, same-shape reshapes) need no node;
      // a batch norm, per-channel add or relu after a conv folds into it.
      const size_t removed = RemoveIdentityOperations(&p->model.model);
      const size_t fused = FuseConv2dBatchNorm(&p->model) + FuseConv2dAdd(&p->model) +
                           FuseConv2dActivation(&p->model);
      if (removed || fused) {
        NNADAPTER_VLOG(2) << kName << ": removed " << removed << " identities, fused "
                          << fused << " operations into convolutions";
      }
      code = Prepare(static_cast<Context*>(context), p);
    }
    if (code != NNADAPTER_NO_ERROR) return code;
    if (cache->buffer.empty()) cache->buffer = std::move(blob);
    return NNADAPTER_NO_ERROR;
  });
}

static void DestroyProgram(void* program) { delete static_cast<Program*>(program); }

// NCHW <-> NHWC, in 32 x 32 tiles of the [C, H*W] plane of each image so
// that both the reads and the writes stay within cache lines.
template <typename T>
static void Transpose(const T* src, T* dst, size_t rows, size_t cols) {
  constexpr size_t kTile = 32;
  for (size_t r0 = 0; r0 < rows; r0 += kTile) {
    const size_t r1 = std::min(rows, r0 + kTile);
    for (size_t c0 = 0; c0 < cols; c0 += kTile) {
      const size_t c1 = std::min(cols, c0 + kTile);
      for (size_t r = r0; r < r1; r++)
        for (size_t c = c0; c < c1; c++) dst[c * rows + r] = src[r * cols + c];
    }
  }
}

// `to_nhwc`: NCHW -> NHWC, else back; `d` the NCHW dims.
template <typename T>
static void Relayout(const void* src, void* dst, const int32_t* d, bool to_nhwc) {
  const size_t C = d[1], HW = size_t(d[2]) * d[3];
  const T* s = static_cast<const T*>(src);
  T* t = static_cast<T*>(dst);
  for (int32_t n = 0; n < d[0]; n++, s += C * HW, t += C * HW) {
    if (to_nhwc) {
      Transpose(s, t, C, HW);
    } else {
      Transpose(s, t, HW, C);
    }
  }
}

// Copies between a user buffer and an external buffer (`to_external`).
static void CopyExternal(const External& e, const void* src, void* dst,
                         bool to_external) {
  if (!e.nhwc) {
    std::memcpy(dst, src, e.elements * e.element_size);
  } else if (e.element_size == 4) {
    Relayout<float>(src, dst, e.type.dimensions.data, to_external);
  } else {
    Relayout<int8_t>(src, dst, e.type.dimensions.data, to_external);
  }
}

// The runtime built for `dims` (most recently used first), building it
// when the program is dynamic.
static int SelectBuilt(Program* p,
                       const std::vector<std::vector<int32_t>>& dims) {
  auto found = std::find_if(
      p->built.begin(), p->built.end(),
      [&](const std::unique_ptr<Built>& b) { return b->input_dims == dims; });
  if (found == p->built.begin() && found != p->built.end()) {
    return NNADAPTER_NO_ERROR;
  }
  if (found != p->built.end()) {
    p->built.splice(p->built.begin(), p->built, found);
    return NNADAPTER_NO_ERROR;
  }
  if (!p->dynamic) {
    return kit::Fail(NNADAPTER_INVALID_DIMENSIONS,
                     "input dimensions differ from the compiled ones");
  }
  return Build(p, dims);
}

static int ExecuteProgram(void* program, uint32_t input_count,
                          core::Argument* input_arguments,
                          uint32_t output_count,
                          core::Argument* output_arguments) {
  return kit::ExecuteProgram<Program>(kName, program, [&](Program* p) -> int {
    std::vector<kit::BoundArgument> in;
    int code = kit::BindEveryInput(
        input_count, input_arguments, p->input_types, output_count,
        p->model.model.output_operands.size(), &in);
    if (code != NNADAPTER_NO_ERROR) return code;
    std::vector<std::vector<int32_t>> dims;
    for (const auto& b : in) dims.push_back(kit::DimensionsOf(b.type));
    code = SelectBuilt(p, dims);
    if (code != NNADAPTER_NO_ERROR) return code;
    Built& b = *p->built.front();
    for (uint32_t i = 0; i < input_count; i++) {
      CopyExternal(b.inputs[i], in[i].buffer, b.inputs[i].buffer.get(), true);
    }
    if (xnn_invoke_runtime(b.runtime) != xnn_status_success) {
      return kit::Fail(NNADAPTER_DEVICE_INTERNAL_ERROR,
                       "xnn_invoke_runtime failed");
    }
    std::vector<NNAdapterOperandType> output_types;
    for (const External& e : b.outputs) output_types.push_back(e.type);
    return kit::WriteOutputs(
        output_count, output_arguments, output_types, kit::Coverage::kEvery,
        [&](size_t i, void* buffer) {
          CopyExternal(b.outputs[i], b.outputs[i].buffer.get(), buffer, false);
        });
  });
}

}  // namespace google_xnnpack
}  // namespace nnadapter

NNADAPTER_KIT_EXPORT_DEVICE(google_xnnpack, nnadapter::google_xnnpack::kName,
                            "Google (XNNPACK, Debian libxnnpack)",
                            NNADAPTER_CPU, nnadapter::google_xnnpack::kVersion,
                            nnadapter::google_xnnpack);
NNADAPTER_KIT_EXPORT_DEVICE_EXTENSION(
    google_xnnpack, nnadapter::google_xnnpack::GetCapabilities);
