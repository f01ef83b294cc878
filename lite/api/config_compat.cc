// The parts of Paddle Lite's API that concern backends this build does not
// have (OpenCL, Metal, XPU, Arm-only settings): accepted, stored, and
// reported once per process by name, never silently pretending.
#include <glog/logging.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <set>

#include "lite/api/config_compat.h"
#include "lite/core/error.h"
#include "lite/core/tensor.h"

namespace paddle {
namespace lite_api {

bool IsOpenCLBackendValid(bool) { return false; }
int GetOpenCLDeviceType() { return -1; }

void ConfigBase::MarkInapplicable(const std::string& setter) {
  for (const auto& s : inapplicable_) {
    if (s == setter) return;
  }
  inapplicable_.push_back(setter);
}

void ConfigBase::set_opencl_binary_path_name(const std::string& path, const std::string& name) {
  opencl_bin_path_ = path;
  opencl_bin_name_ = name;
  MarkInapplicable("set_opencl_binary_path_name");
}
void ConfigBase::set_opencl_tune(CLTuneMode tune_mode, const std::string& path,
                                 const std::string& name, size_t) {
  opencl_tune_mode_ = tune_mode;
  opencl_bin_path_ = path.empty() ? opencl_bin_path_ : path;
  opencl_bin_name_ = name.empty() ? opencl_bin_name_ : name;
  MarkInapplicable("set_opencl_tune");
}
void ConfigBase::set_opencl_precision(CLPrecisionType p) {
  opencl_precision_ = p;
  MarkInapplicable("set_opencl_precision");
}
void ConfigBase::set_subgraph_model_cache_buffers(const std::string& key,
                                                  const std::vector<char>& cfg,
                                                  const std::vector<char>& bin) {
  subgraph_model_cache_buffers_[key] = std::make_pair(cfg, bin);
  MarkInapplicable("set_subgraph_model_cache_buffers");
}
void ConfigBase::set_metal_lib_path(const std::string& path) {
  metal_path_ = path;
  MarkInapplicable("set_metal_lib_path");
}
void ConfigBase::set_metal_use_mps(bool flag) {
  metal_use_mps_ = flag;
  MarkInapplicable("set_metal_use_mps");
}
void ConfigBase::set_metal_use_aggressive(bool flag) {
  metal_use_aggressive_ = flag;
  MarkInapplicable("set_metal_use_aggressive");
}
void ConfigBase::set_metal_device(void* device) {
  metal_device_ = device;
  MarkInapplicable("set_metal_device");
}
void ConfigBase::set_metal_use_memory_reuse(bool flag) {
  metal_use_memory_reuse_ = flag;
  MarkInapplicable("set_metal_use_memory_reuse");
}

void CxxConfig::set_xpu_workspace_l3_size_per_thread(int) {
  MarkInapplicable("set_xpu_workspace_l3_size_per_thread");
}
void CxxConfig::set_xpu_l3_cache_method(size_t, bool) {
  MarkInapplicable("set_xpu_l3_cache_method");
}
void CxxConfig::set_xpu_l3_cache_autotune(bool) { MarkInapplicable("set_xpu_l3_cache_autotune"); }
void CxxConfig::set_xpu_gm_workspace_method(size_t) {
  MarkInapplicable("set_xpu_gm_workspace_method");
}
void CxxConfig::set_xpu_conv_autotune(bool, const std::string&) {
  MarkInapplicable("set_xpu_conv_autotune");
}
void CxxConfig::set_xpu_dev_per_thread(int) { MarkInapplicable("set_xpu_dev_per_thread"); }
void CxxConfig::enable_xpu_multi_stream() { MarkInapplicable("enable_xpu_multi_stream"); }
void CxxConfig::set_xpu_multi_encoder_precision(const std::string&) {
  MarkInapplicable("set_xpu_multi_encoder_precision");
}
void CxxConfig::set_xpu_multi_encoder_method(const std::string&, bool) {
  MarkInapplicable("set_xpu_multi_encoder_method");
}
void CxxConfig::set_xpu_cluster_num(const int) { MarkInapplicable("set_xpu_cluster_num"); }
void CxxConfig::set_xpu_sdnn_num(const int) { MarkInapplicable("set_xpu_sdnn_num"); }
void CxxConfig::set_xpu_local_quant(bool) { MarkInapplicable("set_xpu_local_quant"); }
void CxxConfig::set_xpu_compute_precision(const std::string&) {
  MarkInapplicable("set_xpu_compute_precision");
}

void CxxConfig::set_xpu_dump_tensor_path(const std::string) {
  MarkInapplicable("set_xpu_dump_tensor_path");
}
void CxxConfig::set_xpu_dump_log_path(const std::string) {
  MarkInapplicable("set_xpu_dump_log_path");
}
void CxxConfig::set_xpu_config(const XpuConfig& xpu_config) {
  target_configs_[TargetType::kXPU] = std::make_shared<XpuConfig>(xpu_config);
  MarkInapplicable("set_xpu_config");
}

void ConfigBase::set_custom_allocator(TargetType target_type, CustomAllocator custom_allocator) {
  LITE_ENFORCE(target_type == TargetType::kHost || target_type == TargetType::kX86 ||
                   target_type == TargetType::kAny,
               "set_custom_allocator: target ", TargetToStr(target_type),
               " has no memory in this build (expected kHost, kX86 or kAny: host memory)");
  LITE_ENFORCE((custom_allocator.alloc == nullptr) == (custom_allocator.free == nullptr),
               "set_custom_allocator: alloc and free must both be set (or both null to return "
               "to the library's allocator)");
  lite::HostAllocator a;
  a.alloc = custom_allocator.alloc;
  a.free = custom_allocator.free;
  lite::SetHostAllocator(a);
}

void PaddlePredictor::SetStream(TargetType target, void*) {
  lite::LogNotApplyingOnce("SetStream", "target " + TargetToStr(target));
}

void MobileConfig::SetArmL3CacheSize(L3CacheSetMethod, int) {
  MarkInapplicable("SetArmL3CacheSize");
}

}  // namespace lite_api

namespace lite {

namespace {
// Why each setting has no effect here: the reason column of the one table.
constexpr const char* kNoDevice =
    "no NNAdapter device is used (set_nnadapter_device_names, or a .nb optimized for devices)";

const std::map<std::string, std::string>& InapplicableReasons() {
  static const std::map<std::string, std::string> reasons = {
#define INAPPLICABLE(config, setter, call, reason) {#setter, reason},
#include "lite/api/inapplicable_settings.inc"
#undef INAPPLICABLE
      {"SetStream", "this build's targets are CPUs, which have no streams"},
      // CxxConfig without an int8 place (cxx_predictor.cc).
      {"set_nnadapter_mixed_precision_quantization_config_path",
       "nothing is folded to int8 without an int8 valid place, so every op already runs in "
       "float (the config, buffer or MIXED_PRECISION_QUANTIZATION_CONFIG_* is not used)"},
  };
  return reasons;
}

std::string ReasonFor(const std::string& setter) {
  const auto& reasons = InapplicableReasons();
  auto it = reasons.find(setter);
  return it != reasons.end() ? it->second : "it has no effect on this build";
}
}  // namespace

std::vector<std::string> InapplicableSettings(const lite_api::ConfigBase& config) {
  std::vector<std::string> names = config.inapplicable_settings();
  auto add = [&names](const std::string& n) {
    for (const auto& s : names) {
      if (s == n) return;
    }
    names.push_back(n);
  };
  if (config.power_mode() != lite_api::LITE_POWER_NO_BIND) add("set_power_mode");
  // A .nb is already optimized: the settings that act while optimizing.
  if (dynamic_cast<const lite_api::MobileConfig*>(&config)) {
    if (!config.nnadapter_subgraph_partition_config_path().empty()) {
      add("set_nnadapter_subgraph_partition_config_path");
    }
    if (!config.nnadapter_subgraph_partition_config_buffer().empty()) {
      add("set_nnadapter_subgraph_partition_config_buffer");
    }
    if (config.nnadapter_min_subgraph_size() != 1) add("set_nnadapter_min_subgraph_size");
    if (!config.get_discarded_passes().empty()) add("add_discarded_pass");
  }
  return names;
}

int EffectiveThreads(const lite_api::ConfigBase& config) {
  // An invalid set_threads value stays visible (the predictor rejects it).
  if (config.threads() < 1) return config.threads();
  return std::max(config.threads(), config.x86_math_num_threads());
}

bool LogNotApplyingOnce(const std::string& name, const std::string& detail,
                        const std::string& reason) {
  static std::mutex mu;
  static std::set<std::string> reported;
  std::lock_guard<std::mutex> lock(mu);
  if (!reported.insert(name).second) return false;
  LOG(WARNING) << name << (detail.empty() ? "" : " (" + detail + ")")
               << ": has no effect here: " << (reason.empty() ? ReasonFor(name) : reason)
               << "; the setting is accepted and ignored";
  return true;
}

void ReportNNAdapterSettingsWithoutDevices(const lite_api::ConfigBase& config, bool has_devices) {
  if (has_devices) return;
  LITE_ENFORCE(!config.nnadapter_strict_mode(),
               "NNAdapter strict mode: no NNAdapter device is set, so every op would run on the "
               "CPU (call set_nnadapter_device_names, or leave strict mode off)");
  const bool mobile = dynamic_cast<const lite_api::MobileConfig*>(&config) != nullptr;
  const auto* cxx = dynamic_cast<const lite_api::CxxConfig*>(&config);
  const std::pair<const char*, bool> set[] = {
      {"set_nnadapter_partition_strategy", cxx && !cxx->nnadapter_partition_strategy().empty()},
      {"set_nnadapter_context_properties", !config.nnadapter_context_properties().empty()},
      {"set_nnadapter_context_callback", config.nnadapter_context_callback() != nullptr},
      {"set_nnadapter_model_cache_dir", !config.nnadapter_model_cache_dir().empty()},
      {"set_nnadapter_model_cache_buffers", !config.nnadapter_model_cache_buffers().empty()},
      {"set_nnadapter_dynamic_shape_info", !config.nnadapter_dynamic_shape_info().empty()},
      {"set_nnadapter_partition_report_path", !config.nnadapter_partition_report_path().empty()},
      // On MobileConfig these are named by InapplicableSettings already.
      {"set_nnadapter_subgraph_partition_config_path",
       !mobile && !config.nnadapter_subgraph_partition_config_path().empty()},
      {"set_nnadapter_subgraph_partition_config_buffer",
       !mobile && !config.nnadapter_subgraph_partition_config_buffer().empty()},
      {"set_nnadapter_min_subgraph_size", !mobile && config.nnadapter_min_subgraph_size() != 1},
  };
  for (const auto& [name, is_set] : set) {
    if (is_set) LogNotApplyingOnce(name, "", kNoDevice);
  }
}

void ReportInapplicableSettings(const lite_api::ConfigBase& config) {
  for (const auto& name : InapplicableSettings(config)) LogNotApplyingOnce(name);
}

}  // namespace lite
}  // namespace paddle
