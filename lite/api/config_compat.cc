// The parts of Paddle Lite's API that concern backends this build does not
// have (OpenCL, Metal, XPU, Arm-only settings): accepted, stored, and
// reported once per process by name, never silently pretending.
#include <glog/logging.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <set>

#include "lite/api/config_compat.h"

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

void MobileConfig::SetArmL3CacheSize(L3CacheSetMethod, int) {
  MarkInapplicable("SetArmL3CacheSize");
}

}  // namespace lite_api

namespace lite {

namespace {
// Why each setting has no effect here: the one table of the reasons.
const std::map<std::string, std::string>& InapplicableReasons() {
  static const std::map<std::string, std::string> reasons = {
      {"opencl", "this build has no OpenCL backend (IsOpenCLBackendValid() is false)"},
      {"metal", "this build has no Metal backend"},
      {"xpu", "this build has no Kunlun XPU backend"},
      {"set_subgraph_model_cache_dir",
       "the pre-NNAdapter subgraph cache is not used; use set_nnadapter_model_cache_dir"},
      {"set_subgraph_model_cache_buffers",
       "the pre-NNAdapter subgraph cache is not used; use set_nnadapter_model_cache_buffers"},
      {"set_device_id", "this build has no GPU/XPU device to select"},
      {"set_power_mode", "x86 has no big.LITTLE core binding (Arm only)"},
      {"SetArmL3CacheSize", "the Arm L3 cache workspace does not exist on x86"},
      {"set_precision_mode", "the x86 kernels of this build compute in fp32 (no fp16 kernels)"},
      {"set_sparse_model", "this build has no sparse conv kernels (Paddle Lite's are Arm only)"},
      {"set_passes_internal",
       "the optimizer's passes are fixed; skip passes with add_discarded_pass"},
      {"set_nnadapter_context_callback",
       "no NNAdapter driver of this build asks the application for runtime parameters"},
  };
  return reasons;
}

std::string ReasonFor(const std::string& setter) {
  const auto& reasons = InapplicableReasons();
  auto it = reasons.find(setter);
  if (it != reasons.end()) return it->second;
  for (const char* family : {"opencl", "metal", "xpu"}) {
    if (setter.find(family) != std::string::npos) return reasons.at(family);
  }
  return "it has no effect on this build";
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
  if (config.nnadapter_context_callback() != nullptr) add("set_nnadapter_context_callback");
  return names;
}

int EffectiveThreads(const lite_api::ConfigBase& config) {
  // An invalid set_threads value stays visible (the predictor rejects it).
  if (config.threads() < 1) return config.threads();
  return std::max(config.threads(), config.x86_math_num_threads());
}

void ReportInapplicableSettings(const lite_api::ConfigBase& config) {
  static std::mutex mu;
  static std::set<std::string> reported;
  for (const auto& name : InapplicableSettings(config)) {
    std::lock_guard<std::mutex> lock(mu);
    if (!reported.insert(name).second) continue;
    LOG(WARNING) << name << ": does not apply on this build (" << ReasonFor(name)
                 << "); the setting is accepted and ignored";
  }
}

}  // namespace lite
}  // namespace paddle
