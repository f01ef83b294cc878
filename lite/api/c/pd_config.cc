// PD_Config: a CxxConfig and a MobileConfig kept in step; the last model
// setter decides which one PD_PredictorCreate uses.
#include <string>

#include "lite/api/c/c_api_internal.h"

using paddle::lite_c::ArgError;
using paddle::lite_c::AsInt;
using paddle::lite_c::Guard;
using paddle::lite_c::NotEmpty;
using paddle::lite_c::NotNull;
namespace api = paddle::lite_api;

namespace {

// Applies a ConfigBase setter to both configurations.
template <typename F>
void Both(PD_Config* config, F&& set) {
  set(static_cast<api::ConfigBase&>(config->cxx));
  set(static_cast<api::ConfigBase&>(config->mobile));
}

api::TargetType ToTarget(const PD_Target& target) {
  const int t = AsInt(target);
  switch (t) {
    case PD_TARGET_HOST: return api::TargetType::kHost;
    case PD_TARGET_X86: return api::TargetType::kX86;
    case PD_TARGET_ANY: return api::TargetType::kAny;
    case PD_TARGET_NNADAPTER: return api::TargetType::kNNAdapter;
  }
  throw ArgError{"target " + std::to_string(t) +
                 " is not a PD_Target (expected PD_TARGET_HOST, _X86, _ANY or _NNADAPTER)"};
}

api::PrecisionType ToPrecision(const PD_Precision& precision) {
  const int p = AsInt(precision);
  switch (p) {
    case PD_PRECISION_FLOAT: return api::PrecisionType::kFloat;
    case PD_PRECISION_INT8: return api::PrecisionType::kInt8;
    case PD_PRECISION_INT32: return api::PrecisionType::kInt32;
    case PD_PRECISION_ANY: return api::PrecisionType::kAny;
    case PD_PRECISION_INT64: return api::PrecisionType::kInt64;
  }
  throw ArgError{"precision " + std::to_string(p) +
                 " is not a PD_Precision (expected PD_PRECISION_FLOAT, _INT8, _INT32, _INT64 or "
                 "_ANY)"};
}

api::DataLayoutType ToLayout(const PD_Layout& layout) {
  const int l = AsInt(layout);
  switch (l) {
    case PD_LAYOUT_NCHW: return api::DataLayoutType::kNCHW;
    case PD_LAYOUT_ANY: return api::DataLayoutType::kAny;
    case PD_LAYOUT_NHWC: return api::DataLayoutType::kNHWC;
  }
  throw ArgError{"layout " + std::to_string(l) +
                 " is not a PD_Layout (expected PD_LAYOUT_NCHW, _NHWC or _ANY)"};
}

}  // namespace

extern "C" {

PD_Status PD_ConfigCreate(PD_Config** config) {
  return Guard("PD_ConfigCreate", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    *config = new PD_Config();
  });
}

PD_Status PD_ConfigDestroy(PD_Config* config) {
  delete config;
  return PD_OK;
}

PD_Status PD_ConfigSetModelDir(PD_Config* config, const char* model_dir) {
  return Guard("PD_ConfigSetModelDir", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    NotEmpty(model_dir, "model_dir");
    config->cxx.set_model_dir(model_dir);
    config->optimized = false;
  });
}

PD_Status PD_ConfigSetModelFile(PD_Config* config, const char* model_file,
                                const char* param_file) {
  return Guard("PD_ConfigSetModelFile", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    NotEmpty(model_file, "model_file");
    NotEmpty(param_file, "param_file");
    config->cxx.set_model_file(model_file);
    config->cxx.set_param_file(param_file);
    config->optimized = false;
  });
}

PD_Status PD_ConfigSetModelBuffer(PD_Config* config, const void* model_buffer, size_t model_size,
                                  const void* param_buffer, size_t param_size) {
  return Guard("PD_ConfigSetModelBuffer", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    NotNull(model_buffer, "model_buffer");
    NotNull(param_buffer, "param_buffer");
    if (model_size == 0) throw ArgError{"model_size is 0 (expected the program's byte count)"};
    if (param_size == 0) throw ArgError{"param_size is 0 (expected the params' byte count)"};
    config->cxx.set_model_buffer(static_cast<const char*>(model_buffer), model_size,
                                 static_cast<const char*>(param_buffer), param_size);
    config->optimized = false;
  });
}

PD_Status PD_ConfigSetOptimizedModelFile(PD_Config* config, const char* nb_file) {
  return Guard("PD_ConfigSetOptimizedModelFile", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    NotEmpty(nb_file, "nb_file");
    config->mobile.set_model_from_file(nb_file);
    config->optimized = true;
  });
}

PD_Status PD_ConfigSetOptimizedModelBuffer(PD_Config* config, const void* buffer, size_t size) {
  return Guard("PD_ConfigSetOptimizedModelBuffer", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    NotNull(buffer, "buffer");
    if (size == 0) throw ArgError{"size is 0 (expected the .nb byte count)"};
    config->mobile.set_model_from_buffer(static_cast<const char*>(buffer), size);
    config->optimized = true;
  });
}

PD_Status PD_ConfigIsOptimizedModel(const PD_Config* config, int* is_optimized) {
  return Guard("PD_ConfigIsOptimizedModel", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    NotNull(is_optimized, "is_optimized");
    *is_optimized = config->optimized ? 1 : 0;
  });
}

PD_Status PD_ConfigSetThreads(PD_Config* config, int32_t threads) {
  return Guard("PD_ConfigSetThreads", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    if (threads < 1) {
      throw ArgError{"threads is " + std::to_string(threads) + " (expected at least 1)"};
    }
    Both(config, [&](api::ConfigBase& c) { c.set_threads(threads); });
  });
}

PD_Status PD_ConfigGetThreads(const PD_Config* config, int32_t* threads) {
  return Guard("PD_ConfigGetThreads", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    NotNull(threads, "threads");
    *threads = config->cxx.threads();
  });
}

PD_Status PD_ConfigSetMaxLoopIterations(PD_Config* config, int64_t max_iterations) {
  return Guard("PD_ConfigSetMaxLoopIterations", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    if (max_iterations < 0) {
      throw ArgError{"max_iterations is " + std::to_string(max_iterations) +
                     " (expected 0 for no limit, or a positive limit)"};
    }
    Both(config, [&](api::ConfigBase& c) { c.set_max_loop_iterations(max_iterations); });
  });
}

PD_Status PD_ConfigGetMaxLoopIterations(const PD_Config* config, int64_t* max_iterations) {
  return Guard("PD_ConfigGetMaxLoopIterations", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    NotNull(max_iterations, "max_iterations");
    *max_iterations = config->cxx.max_loop_iterations();
  });
}

PD_Status PD_ConfigAddValidPlace(PD_Config* config, PD_Target target, PD_Precision precision,
                                 PD_Layout layout) {
  return Guard("PD_ConfigAddValidPlace", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    std::vector<api::Place> places = config->cxx.valid_places();
    places.emplace_back(ToTarget(target), ToPrecision(precision), ToLayout(layout));
    config->cxx.set_valid_places(places);
  });
}

PD_Status PD_CheckNNAdapterDeviceName(const char* device_name, int* available) {
  return Guard("PD_CheckNNAdapterDeviceName", PD_INTERNAL_ERROR, [&] {
    NotEmpty(device_name, "device_name");
    NotNull(available, "available");
    api::CxxConfig probe;
    *available = probe.check_nnadapter_device_name(device_name) ? 1 : 0;
  });
}

PD_Status PD_ConfigSetNNAdapterDeviceNames(PD_Config* config, const char* const* device_names,
                                           size_t count) {
  return Guard("PD_ConfigSetNNAdapterDeviceNames", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    NotNull(device_names, "device_names");
    if (count == 0) throw ArgError{"count is 0 (expected at least one device name)"};
    std::vector<std::string> names;
    for (size_t i = 0; i < count; ++i) {
      std::string which = "device_names[" + std::to_string(i) + "]";
      NotEmpty(device_names[i], which.c_str());
      names.emplace_back(device_names[i]);
    }
    Both(config, [&](api::ConfigBase& c) { c.set_nnadapter_device_names(names); });
  });
}

PD_Status PD_ConfigSetNNAdapterContextProperties(PD_Config* config, const char* properties) {
  return Guard("PD_ConfigSetNNAdapterContextProperties", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    NotNull(properties, "properties");
    Both(config, [&](api::ConfigBase& c) { c.set_nnadapter_context_properties(properties); });
  });
}

PD_Status PD_ConfigSetNNAdapterModelCacheDir(PD_Config* config, const char* dir) {
  return Guard("PD_ConfigSetNNAdapterModelCacheDir", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    NotEmpty(dir, "dir");
    Both(config, [&](api::ConfigBase& c) { c.set_nnadapter_model_cache_dir(dir); });
  });
}

PD_Status PD_ConfigSetNNAdapterModelCacheBuffer(PD_Config* config, const char* token,
                                                const void* buffer, size_t size) {
  return Guard("PD_ConfigSetNNAdapterModelCacheBuffer", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    NotEmpty(token, "token");
    NotNull(buffer, "buffer");
    if (size == 0) throw ArgError{"size is 0 (expected the cache's byte count)"};
    const char* bytes = static_cast<const char*>(buffer);
    std::vector<char> copy(bytes, bytes + size);
    Both(config, [&](api::ConfigBase& c) { c.set_nnadapter_model_cache_buffers(token, copy); });
  });
}

PD_Status PD_ConfigSetNNAdapterSubgraphPartitionConfigPath(PD_Config* config, const char* path) {
  return Guard("PD_ConfigSetNNAdapterSubgraphPartitionConfigPath", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    NotEmpty(path, "path");
    Both(config,
         [&](api::ConfigBase& c) { c.set_nnadapter_subgraph_partition_config_path(path); });
  });
}

PD_Status PD_ConfigSetNNAdapterSubgraphPartitionConfigBuffer(PD_Config* config,
                                                             const char* buffer) {
  return Guard("PD_ConfigSetNNAdapterSubgraphPartitionConfigBuffer", PD_INTERNAL_ERROR, [&] {
    NotNull(config, "config");
    NotNull(buffer, "buffer");
    Both(config,
         [&](api::ConfigBase& c) { c.set_nnadapter_subgraph_partition_config_buffer(buffer); });
  });
}

}  // extern "C"
