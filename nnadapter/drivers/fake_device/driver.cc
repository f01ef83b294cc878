// fake_device: an NNAdapter driver for a mock NPU whose SDK is fake_ddk.
// It converts NNAdapter models into fake_ddk graphs, caches the graph's
// serialized form, and lets tests choose the supported operations with the
// context property <NAME>_SUPPORTED_OPERATIONS=OP1,OP2 (NAME = upper-case
// device name, e.g. FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,ADD,RELU).
// The same sources build more than one device (FAKE_DEVICE_NAME) so that
// multi-device partitioning can be tested without hardware. Context
// properties also inject faults (faults.h).
//
// The application's context callback (NNAdapterContext_create's `callback`,
// Paddle Lite's set_nnadapter_context_callback) is called once per context
// with event kQueryConfigEvent (0x0F01) and user_data pointing to an
// int32_t the application may write (fake_ddk has nothing to configure, so
// the driver only records the value in its context and logs it at VLOG(1));
// a non-zero return rejects the context with a message naming the event and
// the returned code, as a driver refuses to run without a parameter it asked
// for.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "converter.h"
#include "faults.h"
#include "fake_ddk/fake_ddk.h"
#include "nnadapter/hal/device.h"
#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/logging.h"
#include "nnadapter/utility/driver_kit.h"
#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/operator_info.h"
#include "nnadapter/utility/performance_info.h"
#include "nnadapter/utility/properties.h"

#ifndef FAKE_DEVICE_NAME
#define FAKE_DEVICE_NAME fake_device
#endif
#define FAKE_DEVICE_STRINGIFY2(x) #x
#define FAKE_DEVICE_STRINGIFY(x) FAKE_DEVICE_STRINGIFY2(x)

namespace nnadapter {
namespace fake_device {

static const char kName[] = FAKE_DEVICE_STRINGIFY(FAKE_DEVICE_NAME);
static const int32_t kVersion = 1;

// The event id fake_device passes to the application's context callback.
static const int kQueryConfigEvent = 0x0F01;

struct Context {
  std::set<NNAdapterOperationType> supported;
  Faults faults;
  int32_t callback_value{0};  // what the context callback wrote
};

struct Program {
  fake_ddk::Graph graph;
  std::unique_ptr<fake_ddk::Execution> execution;
  std::vector<NNAdapterOperandType> input_types, output_types;
  bool fail_execute{false};  // <NAME>_FAULT_EXECUTE
};

static std::string UpperName() {
  std::string key = kName;
  for (auto& c : key) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return key;
}

static std::string PropertyKey() { return UpperName() + "_SUPPORTED_OPERATIONS"; }

static int OpenDevice(void** device) {
  return kit::Guard(kName, "open_device", [&]() -> int {
    if (int code = kit::RequireNotNull({{"device", device}})) return code;
    *device = const_cast<char*>(kName);  // no per-device state
    return NNADAPTER_NO_ERROR;
  });
}

static void CloseDevice(void*) {}

// <NAME>_SUPPORTED_OPERATIONS=OP1,OP2: the operations the context enables.
static int ParseSupportedOperations(const std::string& value,
                                    std::set<NNAdapterOperationType>* ops) {
  ops->clear();
  for (const auto& name : SplitAndTrim(value, ',')) {
    NNAdapterOperationType type;
    if (!ParseOperationTypeName(name, &type)) {
      return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                       PropertyKey() + ": unknown operation '" + name + "'");
    }
    if (!ImplementedOperations().count(type)) {
      return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                       PropertyKey() + ": '" + name +
                           "' is not implemented by fake_ddk");
    }
    ops->insert(type);
  }
  return NNADAPTER_NO_ERROR;
}

static int CreateContext(void*, const char* properties,
                         int (*callback)(int, void*), void** context) {
  return kit::CreateContext<Context>(
      kName, properties, context,
      [callback](const std::map<std::string, std::string>& parsed, Context* ctx) {
        if (callback) {
          const int rc = callback(kQueryConfigEvent, &ctx->callback_value);
          if (rc != 0) {
            return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                             "the context callback returned " + std::to_string(rc) +
                                 " for event 0x0F01 (query config)");
          }
          NNADAPTER_VLOG(1) << kName << ": context callback wrote " << ctx->callback_value;
        }
        ctx->supported = ImplementedOperations();
        if (int code = ParseFaults(parsed, UpperName() + "_FAULT_", &ctx->faults)) {
          return code;
        }
        auto it = parsed.find(PropertyKey());
        return it == parsed.end()
                   ? static_cast<int>(NNADAPTER_NO_ERROR)
                   : ParseSupportedOperations(it->second, &ctx->supported);
      });
}

static void DestroyContext(void* context) {
  delete static_cast<Context*>(context);
}

// validate_program: the context must enable the operation
// (<NAME>_SUPPORTED_OPERATIONS) and fake_device.ini must accept it; a
// refusal names the property or the .ini rule that failed.
static int ValidateProgram(void* context, const core::Model* model,
                           bool* supported_operations) {
  const auto* ctx = static_cast<const Context*>(context);
  return ValidateProgramWithEmbeddedOperatorInfo(
      kName, ctx, model, supported_operations,
      [ctx](const core::Operation& op, std::string* reason) {
        if (ctx->supported.count(op.type)) return true;
        *reason = OperationTypeName(op.type) + ": not enabled by " +
                  PropertyKey();
        return false;
      });
}

// get_capabilities: the [PERFORMANCE] section of fake_device.ini, then
// <NAME>_PERFORMANCE from the environment ("float32.exec_time=0.5,..."),
// so tests can declare a fast or slow synthetic device.
static int GetCapabilities(void*, NNAdapterCapabilities* capabilities) {
  return CapabilitiesFromEmbeddedOperatorInfo(
      kName, capabilities, [](NNAdapterCapabilities* c) -> int {
        const std::string key = UpperName() + "_PERFORMANCE";
        const char* env = std::getenv(key.c_str());
        std::string error;
        if (env && !ParsePerformanceFigures(env, key, c, &error)) {
          return kit::Fail(NNADAPTER_INVALID_PARAMETER, error);
        }
        return NNADAPTER_NO_ERROR;
      });
}

static int BuildGraph(Context* ctx, core::Model* model, fake_ddk::Graph* graph) {
  Converter converter(graph);
  std::vector<int32_t> inputs, outputs;
  for (size_t i = 0; i < model->input_operands.size(); i++) {
    const core::Operand* in = model->input_operands[i];
    std::vector<int32_t> shape;
    std::string error;
    if (!FloatShape(in, &shape, &error)) {
      return kit::Fail(NNADAPTER_FEATURE_NOT_SUPPORTED,
                       "model input " + std::to_string(i) + ": " + error);
    }
    int32_t id = graph->AddTensor(shape);
    converter.Bind(in, id);
    inputs.push_back(id);
  }
  for (auto* op : SortOperationsInTopologicalOrder(model)) {
    std::string error;
    if (!ctx->supported.count(op->type) || !converter.Convert(*op, &error)) {
      return kit::Fail(NNADAPTER_FEATURE_NOT_SUPPORTED,
                       "cannot convert " + OperationTypeName(op->type) + ": " +
                           (error.empty() ? "not enabled" : error));
    }
    InjectValueFault(ctx->faults, *op, &converter, graph);
  }
  for (size_t i = 0; i < model->output_operands.size(); i++) {
    int32_t id = converter.TensorOf(model->output_operands[i]);
    if (id < 0) {
      return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                       "model output " + std::to_string(i) + " is not produced");
    }
    outputs.push_back(id);
  }
  graph->SetInputsAndOutputs(inputs, outputs);
  std::string error;
  if (graph->Validate(&error) != fake_ddk::Status::kSuccess) {
    return kit::Fail(NNADAPTER_FEATURE_NOT_SUPPORTED,
                     "fake_ddk rejected the graph: " + error);
  }
  return NNADAPTER_NO_ERROR;
}

static int LoadCachedGraph(const core::Cache& cache, fake_ddk::Graph* graph) {
  std::string error;
  if (fake_ddk::Graph::Deserialize(cache.buffer.data(), cache.buffer.size(),
                                   graph, &error) !=
      fake_ddk::Status::kSuccess) {
    return kit::Fail(NNADAPTER_INVALID_PARAMETER,
                     "invalid cached graph: " + error);
  }
  return kit::CheckCachedProgram(cache, graph->inputs().size(),
                                 graph->outputs().size());
}

static int CreateProgram(void* context, core::Model* model, core::Cache* cache,
                         void** program) {
  return kit::CreateProgram<Program>(kName, context, cache, program, [&](Program* p) -> int {
    auto* ctx = static_cast<Context*>(context);
    if (ctx->faults.compile) {
      return kit::Fail(NNADAPTER_DEVICE_INTERNAL_ERROR,
                       "injected compile failure (" + UpperName() + "_FAULT_COMPILE=1)");
    }
    p->fail_execute = ctx->faults.execute;
    if (!cache->buffer.empty()) {
      int code = LoadCachedGraph(*cache, &p->graph);
      if (code != NNADAPTER_NO_ERROR) return code;
    } else {
      if (!model) {
        return kit::Fail(NNADAPTER_INVALID_PARAMETER, "no model and no cache");
      }
      int code = BuildGraph(ctx, model, &p->graph);
      if (code != NNADAPTER_NO_ERROR) return code;
      cache->buffer = p->graph.Serialize();
    }
    p->input_types = cache->input_types;
    p->output_types = cache->output_types;
    for (auto& t : p->input_types) t.dimensions.dynamic_count = 0;
    for (auto& t : p->output_types) t.dimensions.dynamic_count = 0;
    p->execution = std::make_unique<fake_ddk::Execution>(&p->graph);
    return NNADAPTER_NO_ERROR;
  });
}

static void DestroyProgram(void* program) { delete static_cast<Program*>(program); }

static int ExecuteProgram(void* program, uint32_t input_count,
                          core::Argument* input_arguments,
                          uint32_t output_count,
                          core::Argument* output_arguments) {
  return kit::ExecuteProgram<Program>(kName, program, [&](Program* p) -> int {
    if (p->fail_execute) {
      return kit::Fail(NNADAPTER_DEVICE_INTERNAL_ERROR,
                       "injected execute failure (" + UpperName() + "_FAULT_EXECUTE=1)");
    }
    const auto& tensors = p->graph.tensors();
    std::vector<kit::BoundArgument> in;
    int code = kit::BindEveryInput(input_count, input_arguments, p->input_types,
                                   output_count, p->output_types.size(), &in);
    if (code != NNADAPTER_NO_ERROR) return code;
    std::vector<const float*> inputs(input_count, nullptr);
    for (uint32_t i = 0; i < input_count; i++) {
      const auto& shape = tensors[p->graph.inputs()[i]].shape;
      if (kit::DimensionsOf(in[i].type) != shape) {
        return kit::Fail(NNADAPTER_INVALID_DIMENSIONS,
                         "input " + std::to_string(i) + " dimensions " +
                             DimensionsToString(in[i].type.dimensions) +
                             " differ from the compiled graph");
      }
      inputs[i] = static_cast<const float*>(in[i].buffer);
    }
    std::vector<std::vector<float>> results(output_count);
    std::vector<float*> outputs(output_count);
    std::vector<NNAdapterOperandType> output_types = p->output_types;
    for (uint32_t i = 0; i < output_count; i++) {
      const auto& tensor = tensors[p->graph.outputs()[i]];
      results[i].resize(tensor.size());
      outputs[i] = results[i].data();
      kit::SetDimensions(tensor.shape, &output_types[i]);
    }
    std::string error;
    if (p->execution->Run(inputs, outputs, &error) !=
        fake_ddk::Status::kSuccess) {
      return kit::Fail(NNADAPTER_DEVICE_INTERNAL_ERROR,
                       "execution failed: " + error);
    }
    return kit::WriteOutputs(
        output_count, output_arguments, output_types, kit::Coverage::kEvery,
        [&](size_t i, void* buffer) {
          std::copy(results[i].begin(), results[i].end(),
                    static_cast<float*>(buffer));
        });
  });
}

}  // namespace fake_device
}  // namespace nnadapter

NNADAPTER_KIT_EXPORT_DEVICE(FAKE_DEVICE_NAME, nnadapter::fake_device::kName,
                            "PaddleLite-NNA (fake vendor)",
                            NNADAPTER_ACCELERATOR,
                            nnadapter::fake_device::kVersion,
                            nnadapter::fake_device);
NNADAPTER_KIT_EXPORT_DEVICE_EXTENSION(FAKE_DEVICE_NAME,
                                      nnadapter::fake_device::GetCapabilities);
