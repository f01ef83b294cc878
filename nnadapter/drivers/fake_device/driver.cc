// fake_device: an NNAdapter driver for a mock NPU whose SDK is fake_ddk.
// It converts NNAdapter models into fake_ddk graphs, caches the graph's
// serialized form, and lets tests choose the supported operations with the
// context property <NAME>_SUPPORTED_OPERATIONS=OP1,OP2 (NAME = upper-case
// device name, e.g. FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,ADD,RELU).
// The same sources build more than one device (FAKE_DEVICE_NAME) so that
// multi-device partitioning can be tested without hardware.
#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "converter.h"
#include "fake_ddk/fake_ddk.h"
#include "nnadapter/hal/device.h"
#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/logging.h"
#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/properties.h"

#ifndef FAKE_DEVICE_NAME
#define FAKE_DEVICE_NAME fake_device
#endif
#define FAKE_DEVICE_STRINGIFY2(x) #x
#define FAKE_DEVICE_STRINGIFY(x) FAKE_DEVICE_STRINGIFY2(x)
#define FAKE_DEVICE_EXPORT(name) NNADAPTER_EXPORT_DEVICE(name)

namespace nnadapter {
namespace fake_device {

static const char kName[] = FAKE_DEVICE_STRINGIFY(FAKE_DEVICE_NAME);
static const int32_t kVersion = 1;

struct Context {
  std::set<NNAdapterOperationType> supported;
};

struct Program {
  fake_ddk::Graph graph;
  std::unique_ptr<fake_ddk::Execution> execution;
  std::vector<NNAdapterOperandType> input_types, output_types;
};

static std::string PropertyKey() {
  std::string key = kName;
  for (auto& c : key) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return key + "_SUPPORTED_OPERATIONS";
}

static int OpenDevice(void** device) {
  if (!device) return NNADAPTER_INVALID_PARAMETER;
  *device = const_cast<char*>(kName);  // no per-device state
  return NNADAPTER_NO_ERROR;
}

static void CloseDevice(void*) {}

static int CreateContext(void*, const char* properties,
                         int (*)(int, void*), void** context) {
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
    ctx->supported = ImplementedOperations();
    auto it = parsed.find(PropertyKey());
    if (it != parsed.end()) {
      ctx->supported.clear();
      for (const auto& name : SplitAndTrim(it->second, ',')) {
        NNAdapterOperationType type;
        if (!ParseOperationTypeName(name, &type)) {
          NNADAPTER_LOG(ERROR) << kName << ": " << PropertyKey()
                               << ": unknown operation '" << name << "'";
          return NNADAPTER_INVALID_PARAMETER;
        }
        if (!ImplementedOperations().count(type)) {
          NNADAPTER_LOG(ERROR) << kName << ": " << PropertyKey() << ": '"
                               << name << "' is not implemented by fake_ddk";
          return NNADAPTER_INVALID_PARAMETER;
        }
        ctx->supported.insert(type);
      }
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

// An operation is supported if it is enabled and converts, on its own, into
// a fake_ddk node that fake_ddk accepts.
static bool Supports(const Context* ctx, const core::Operation& op,
                     std::string* reason) {
  if (!ctx->supported.count(op.type)) {
    *reason = "not enabled";
    return false;
  }
  for (const auto* o : op.output_operands) {
    if (!o) {
      *reason = "null output";
      return false;
    }
  }
  fake_ddk::Graph graph;
  Converter converter(&graph);
  converter.set_create_missing(true);
  if (!converter.Convert(op, reason)) return false;
  std::vector<int32_t> inputs;
  for (const auto& node : graph.nodes()) {
    for (int32_t t : node.inputs) {
      if (!graph.tensors()[t].constant &&
          std::find(inputs.begin(), inputs.end(), t) == inputs.end()) {
        inputs.push_back(t);
      }
    }
  }
  graph.SetInputsAndOutputs(inputs, {converter.TensorOf(op.output_operands[0])});
  return graph.Validate(reason) == fake_ddk::Status::kSuccess;
}

static int ValidateProgram(void* context, const core::Model* model,
                           bool* supported_operations) {
  if (!context || !model || !supported_operations) {
    return NNADAPTER_INVALID_PARAMETER;
  }
  try {
    auto* ctx = static_cast<Context*>(context);
    size_t i = 0;
    for (const auto& op : model->operations) {
      std::string reason;
      supported_operations[i] = Supports(ctx, op, &reason);
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

static int BuildGraph(Context* ctx, core::Model* model, fake_ddk::Graph* graph) {
  Converter converter(graph);
  std::vector<int32_t> inputs, outputs;
  for (const auto* in : model->input_operands) {
    std::vector<int32_t> shape;
    std::string error;
    if (!FloatShape(in, &shape, &error)) {
      NNADAPTER_LOG(ERROR) << kName << ": model input: " << error;
      return NNADAPTER_FEATURE_NOT_SUPPORTED;
    }
    int32_t id = graph->AddTensor(shape);
    converter.Bind(in, id);
    inputs.push_back(id);
  }
  for (auto* op : SortOperationsInTopologicalOrder(model)) {
    std::string error;
    if (!ctx->supported.count(op->type) || !converter.Convert(*op, &error)) {
      NNADAPTER_LOG(ERROR) << kName << ": cannot convert "
                           << OperationTypeName(op->type) << ": "
                           << (error.empty() ? "not enabled" : error);
      return NNADAPTER_FEATURE_NOT_SUPPORTED;
    }
  }
  for (const auto* out : model->output_operands) {
    int32_t id = converter.TensorOf(out);
    if (id < 0) {
      NNADAPTER_LOG(ERROR) << kName << ": a model output is not produced";
      return NNADAPTER_INVALID_PARAMETER;
    }
    outputs.push_back(id);
  }
  graph->SetInputsAndOutputs(inputs, outputs);
  std::string error;
  if (graph->Validate(&error) != fake_ddk::Status::kSuccess) {
    NNADAPTER_LOG(ERROR) << kName << ": fake_ddk rejected the graph: " << error;
    return NNADAPTER_FEATURE_NOT_SUPPORTED;
  }
  return NNADAPTER_NO_ERROR;
}

static int CreateProgram(void* context, core::Model* model, core::Cache* cache,
                         void** program) {
  if (!context || !cache || !program) return NNADAPTER_INVALID_PARAMETER;
  *program = nullptr;
  try {
    auto* ctx = static_cast<Context*>(context);
    auto p = std::make_unique<Program>();
    if (!cache->buffer.empty()) {
      std::string error;
      if (fake_ddk::Graph::Deserialize(cache->buffer.data(),
                                       cache->buffer.size(), &p->graph,
                                       &error) != fake_ddk::Status::kSuccess) {
        NNADAPTER_LOG(WARNING) << kName << ": invalid cached graph: " << error;
        return NNADAPTER_INVALID_PARAMETER;
      }
      if (p->graph.inputs().size() != cache->input_types.size() ||
          p->graph.outputs().size() != cache->output_types.size()) {
        NNADAPTER_LOG(WARNING) << kName
                               << ": cached graph inputs/outputs mismatch";
        return NNADAPTER_INVALID_PARAMETER;
      }
    } else {
      if (!model) return NNADAPTER_INVALID_PARAMETER;
      int code = BuildGraph(ctx, model, &p->graph);
      if (code != NNADAPTER_NO_ERROR) return code;
      cache->buffer = p->graph.Serialize();
    }
    p->input_types = cache->input_types;
    p->output_types = cache->output_types;
    for (auto& t : p->input_types) t.dimensions.dynamic_count = 0;
    for (auto& t : p->output_types) t.dimensions.dynamic_count = 0;
    p->execution = std::make_unique<fake_ddk::Execution>(&p->graph);
    *program = p.release();
    return NNADAPTER_NO_ERROR;
  } catch (const std::bad_alloc&) {
    return NNADAPTER_OUT_OF_MEMORY;
  } catch (...) {
    return NNADAPTER_DEVICE_INTERNAL_ERROR;
  }
}

static void DestroyProgram(void* program) { delete static_cast<Program*>(program); }

static int ExecuteProgram(void* program, uint32_t input_count,
                          core::Argument* input_arguments,
                          uint32_t output_count,
                          core::Argument* output_arguments) {
  if (!program) return NNADAPTER_INVALID_PARAMETER;
  try {
    auto* p = static_cast<Program*>(program);
    const auto& tensors = p->graph.tensors();
    if (input_count != p->graph.inputs().size() ||
        output_count != p->graph.outputs().size() ||
        (input_count && !input_arguments) || (output_count && !output_arguments)) {
      return NNADAPTER_INVALID_PARAMETER;
    }
    std::vector<const float*> inputs(input_count, nullptr);
    for (uint32_t i = 0; i < input_count; i++) {
      const auto& arg = input_arguments[i];
      if (arg.index < 0 || static_cast<uint32_t>(arg.index) >= input_count ||
          !arg.access || inputs[arg.index]) {
        return NNADAPTER_INVALID_PARAMETER;
      }
      NNAdapterOperandType type = p->input_types[arg.index];
      void* buffer = arg.access(arg.memory, &type);
      const auto& shape = tensors[p->graph.inputs()[arg.index]].shape;
      if (!buffer) return NNADAPTER_INVALID_PARAMETER;
      if (type.dimensions.count != shape.size() ||
          !std::equal(shape.begin(), shape.end(), type.dimensions.data)) {
        NNADAPTER_LOG(ERROR) << kName << ": input " << arg.index
                             << " dimensions "
                             << DimensionsToString(type.dimensions)
                             << " differ from the compiled graph";
        return NNADAPTER_INVALID_DIMENSIONS;
      }
      inputs[arg.index] = static_cast<const float*>(buffer);
    }
    std::vector<std::vector<float>> results(output_count);
    std::vector<float*> outputs(output_count);
    for (uint32_t i = 0; i < output_count; i++) {
      results[i].resize(tensors[p->graph.outputs()[i]].size());
      outputs[i] = results[i].data();
    }
    std::string error;
    if (p->execution->Run(inputs, outputs, &error) != fake_ddk::Status::kSuccess) {
      NNADAPTER_LOG(ERROR) << kName << ": execution failed: " << error;
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
      NNAdapterOperandType type = p->output_types[arg.index];
      const auto& shape = tensors[p->graph.outputs()[arg.index]].shape;
      type.dimensions.count = static_cast<uint32_t>(shape.size());
      std::copy(shape.begin(), shape.end(), type.dimensions.data);
      void* buffer = arg.access(arg.memory, &type);
      if (!buffer) return NNADAPTER_INVALID_PARAMETER;
      std::copy(results[arg.index].begin(), results[arg.index].end(),
                static_cast<float*>(buffer));
    }
    return NNADAPTER_NO_ERROR;
  } catch (const std::bad_alloc&) {
    return NNADAPTER_OUT_OF_MEMORY;
  } catch (...) {
    return NNADAPTER_DEVICE_INTERNAL_ERROR;
  }
}

}  // namespace fake_device
}  // namespace nnadapter

FAKE_DEVICE_EXPORT(FAKE_DEVICE_NAME) = {
    NNADAPTER_HAL_VERSION,
    nnadapter::fake_device::kName,
    "PaddleLite-NNA (fake vendor)",
    NNADAPTER_ACCELERATOR,
    nnadapter::fake_device::kVersion,
    nnadapter::fake_device::OpenDevice,
    nnadapter::fake_device::CloseDevice,
    nnadapter::fake_device::CreateContext,
    nnadapter::fake_device::DestroyContext,
    nnadapter::fake_device::ValidateProgram,
    nnadapter::fake_device::CreateProgram,
    nnadapter::fake_device::DestroyProgram,
    nnadapter::fake_device::ExecuteProgram,
};
