// NNAdapter settings of a predictor (the set_nnadapter_* family), read by
// the subgraph pass and the subgraph kernel.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace paddle {
namespace lite {

struct NNAdapterOptions {
  std::vector<std::string> device_names;
  std::string context_properties;
  std::string model_cache_dir;
  // token -> cache bytes (set_nnadapter_model_cache_buffers)
  std::map<std::string, std::vector<char>> model_cache_buffers;
  // Contents of the partition config (from a file or a buffer).
  std::string partition_config;
  // Name of the partition config's source, for messages.
  std::string partition_config_source;
  // input name -> alternative shapes
  std::map<std::string, std::vector<std::vector<int64_t>>> dynamic_shape_info;
  // Clusters with fewer ops stay on the CPU.
  int min_subgraph_size{1};
  // Compiled NNAdapter programs each subgraph op keeps, one per distinct set
  // of input shapes, least recently used evicted first (an OCR detector fed
  // camera images of ever-new sizes must not grow without bound). Default
  // kDefaultProgramCacheSize; the environment variable
  // PADDLE_LITE_NNADAPTER_PROGRAM_CACHE_SIZE (>= 1) overrides it.
  static constexpr int kDefaultProgramCacheSize = 8;
  int program_cache_size{kDefaultProgramCacheSize};
  // Where the partition report (JSON) is written; empty: not written (the
  // one-line summary is logged either way).
  std::string partition_report_path;
  // Strict mode: creating the predictor fails if any op would stay on the
  // CPU (like ONNX Runtime's session.disable_cpu_ep_fallback).
  bool strict{false};
  // set_nnadapter_context_callback: given to NNAdapterContext_create, so
  // the drivers may ask the application for runtime parameters.
  int (*context_callback)(int event_id, void* user_data){nullptr};

  bool enabled() const { return !device_names.empty(); }
};

}  // namespace lite
}  // namespace paddle
