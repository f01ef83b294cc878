#include "lite/api/light_api.h"

#include <glog/logging.h>

#include <map>
#include <set>

#include "file_access/file_access.h"
#include "lite/api/config_compat.h"
#include "lite/core/registry.h"
#include "lite/core/weight_quant.h"
#include "lite/nnadapter/device_context.h"
#include "lite/nnadapter/partition_report.h"
#include "lite/model_parser/nb/nb_format.h"
#include "lite/model_parser/paddle_lite_nb/paddle_lite_nb.h"

namespace paddle {
namespace lite {

namespace {
std::string RuntimeTargets() {
  std::set<std::string> targets;
  for (const auto& op : RegisteredOps()) {
    for (const KernelInfo* k : KernelsFor(op)) targets.insert(lite_api::TargetToStr(k->key.target));
  }
  std::string s;
  for (const auto& t : targets) s += (s.empty() ? "" : ", ") + t;
  return s;
}

std::string KernelsOf(const std::string& op) {
  std::string s;
  for (const KernelInfo* k : KernelsFor(op)) s += (s.empty() ? "" : ", ") + k->key.ToString();
  return s.empty() ? "none" : s;
}

// The devices the subgraph ops will run on: the config's, else the model's.
void ResolveDevices(const lite_api::MobileConfig& config, LightShared* s) {
  const int subgraphs = cpp::OpCountOfType(s->model.program, "subgraph");
  NNAdapterOptions& o = s->nnadapter;
  o.device_names = config.nnadapter_device_names();
  if (o.device_names.empty()) o.device_names = s->model.nnadapter_device_names;
  o.context_properties = config.nnadapter_context_properties().empty()
                             ? s->model.nnadapter_context_properties
                             : config.nnadapter_context_properties();
  // The cache folder is the target's own setting: a folder opt used on the
  // build host means nothing here (opt stores none; older .nb files may
  // hold one, which is ignored). The programs opt compiled are inside the
  // .nb (model_cache_buffers below).
  o.model_cache_dir = config.nnadapter_model_cache_dir();
  // The programs opt compiled into the .nb, unless the config gives a
  // buffer for the same token. A token hashes the block, its weights, the
  // input shapes and dtypes, the devices with their driver versions and the
  // context properties, so a program compiled for anything else is never
  // looked up: the subgraph compiles as without a cache.
  o.model_cache_buffers = s->model.nnadapter_model_cache_buffers;
  for (const auto& kv : config.nnadapter_model_cache_buffers()) {
    o.model_cache_buffers[kv.first] = kv.second;
  }
  o.dynamic_shape_info = config.nnadapter_dynamic_shape_info();
  o.context_callback = config.nnadapter_context_callback();
  if (subgraphs == 0) return;
  auto join = [](const std::vector<std::string>& v) {
    std::string r;
    for (const auto& n : v) r += (r.empty() ? "" : ", ") + n;
    return r;
  };
  const bool overridden = !config.nnadapter_device_names().empty();
  const std::string model_devices = join(s->model.nnadapter_device_names);
  LITE_ENFORCE(!o.device_names.empty(), s->source, ": the model has ", subgraphs,
               " NNAdapter subgraph op(s) but names no device; call "
               "set_nnadapter_device_names");
  for (const auto& name : o.device_names) {
    NNAdapterOptions one = o;
    one.device_names = {name};
    try {
      nnadapter_bridge::DeviceContext probe(one);
    } catch (const Error& e) {
      // Name the device that failed and where it came from: the config's
      // override or the model's own list.
      ThrowError(s->source, ": the model was optimized to run ", subgraphs,
                 " subgraph op(s) on NNAdapter device(s) [", model_devices, "], ",
                 overridden ? "set_nnadapter_device_names chose [" + join(o.device_names) + "], "
                            : std::string(),
                 "but device '", name, "' cannot be opened on this machine: ", e.what(),
                 " (install its driver library lib", name,
                 ".so where NNADAPTER_DRIVER_PATH points, or re-run opt with "
                 "--valid_targets=x86)");
    }
  }
}
// Strict mode and the partition report, from the placement opt recorded in
// the .nb (the light runtime does not partition).
void ApplyPartitionSettings(const lite_api::MobileConfig& config, const LightShared& s) {
  const std::string& path = config.nnadapter_partition_report_path();
  if (path.empty() && !config.nnadapter_strict_mode()) return;
  LITE_ENFORCE(!config.nnadapter_strict_mode() || !s.nnadapter.device_names.empty(),
               "NNAdapter strict mode: ", s.source,
               " runs entirely on the CPU: it was optimized without NNAdapter devices and "
               "set_nnadapter_device_names was not called (re-run opt with "
               "--nnadapter_device_names)");
  // Without devices there is no partition to report (the report path is
  // then named as having no effect, ReportNNAdapterSettingsWithoutDevices).
  if (s.nnadapter.device_names.empty()) return;
  const auto report = nnadapter_bridge::PartitionReport::FromProgram(s.model.program,
                                                                     s.nnadapter.device_names);
  LOG(INFO) << "nnadapter partition (" << s.source << "): " << report.Summary();
  if (!path.empty()) {
    const std::string json = report.Json();
    std::string error;
    LITE_ENFORCE(file_access::WriteFileAtomically(path, json.data(), json.size(),
                                                  "NNAdapter partition report", &error),
                 "set_nnadapter_partition_report_path: ", error);
  }
  if (!config.nnadapter_strict_mode()) return;
  LITE_ENFORCE(report.cpu_ops() == 0, "NNAdapter strict mode: ", s.source, ": ", report.cpu_ops(),
               " op(s) of the .nb run on the CPU, not on [", s.nnadapter.device_names.front(),
               s.nnadapter.device_names.size() > 1 ? ", ..." : "", "]:\n", report.CpuOpLines(),
               "(opt placed them so; see why with opt --visualization_file_output_path)");
}
}  // namespace

// Paddle Lite's own optimized models (docs/paddle-lite-compatibility.md):
// a .nb of any layout, from a buffer or a file, or the pre-v2.3 folder.
// False when the config names none of them.
bool LoadPaddleLiteModel(const lite_api::MobileConfig& config, LightShared* s) {
  plnb::PaddleLiteModel m;
  if (config.is_model_from_memory()) {
    const std::string& buf = config.lite_model_buffer();
    if (!plnb::LooksLikePaddleLiteNb(buf.data(), buf.size())) return false;
    s->source = "model buffer";
    plnb::ParsePaddleLiteNb(buf.data(), buf.size(), s->source, &m);
  } else if (!config.lite_model_file().empty()) {
    if (!plnb::FileLooksLikePaddleLiteNb(config.lite_model_file())) return false;
    s->source = config.lite_model_file();
    plnb::LoadPaddleLiteNbFile(s->source, &m);
  } else if (!config.model_buffer().empty()) {
    // Paddle Lite < v2.3's __model__.nb + param.nb contents.
    s->source = "model buffer";
    plnb::ParsePaddleLiteNbPair(config.model_buffer(), config.param_buffer(), s->source, &m);
  } else if (!config.model_dir().empty() && plnb::IsPaddleLiteNbFolder(config.model_dir())) {
    s->source = config.model_dir();
    plnb::LoadPaddleLiteNbFolder(s->source, &m);
  } else {
    return false;
  }
  // The mapping report is only logged (GLOG_v=1): not built otherwise.
  plnb::MappingReport report;
  plnb::MappingReport* rep = VLOG_IS_ON(1) ? &report : nullptr;
  plnb::MapToOurProgram(&m, s->source, &IsOpRegistered, false, rep);
  plnb::PlanForLightRuntime(&m.program, *m.weights, rep);
  VLOG(1) << s->source << ": Paddle Lite " << plnb::LayoutName(m.layout) << " by '"
          << m.producer << "' mapped:\n" << report.Summary();
  s->model.program = std::move(m.program);
  s->model.weights = m.weights;
  s->model.producer = "Paddle Lite " + m.producer;
  s->paddle_lite_model = true;
  s->places = {Place{TargetType::kX86, PrecisionType::kFloat}};
  return true;
}

void CheckKernelKeys(const nb::NbModel& model, const std::string& source) {
  const auto& ops = model.program.blocks.at(0).ops;
  std::string missing;
  int count = 0;
  for (size_t i = 0; i < ops.size(); ++i) {
    const std::string& type = ops[i].Type();
    if (type == "feed" || type == "fetch") continue;
    const KernelKey& key = model.kernel_keys.at(i);
    if (IsOpRegistered(type) && FindKernel(key)) continue;
    if (++count > 20) continue;
    missing += StrCat("\n  op #", i, " '", type, "' needs kernel '", key.ToString(), "' (",
                      IsOpRegistered(type) ? "kernels here: " + KernelsOf(type)
                                           : std::string("op type not in this runtime"),
                      ")");
  }
  for (int32_t b : cpp::ControlFlowBlocks(model.program)) {
    auto keys = model.sub_block_kernel_keys.find(b);
    const auto& bops = model.program.blocks[b].ops;
    if (keys == model.sub_block_kernel_keys.end() || keys->second.size() != bops.size()) {
      ThrowError(source, ": block ", b, " is run by a control-flow op but has no kernel keys "
                 "(re-run opt with this version)");
    }
    for (size_t i = 0; i < bops.size(); ++i) {
      const KernelKey& key = keys->second[i];
      if (IsOpRegistered(bops[i].Type()) && FindKernel(key)) continue;
      if (++count > 20) continue;
      missing += StrCat("\n  op #", i, " '", bops[i].Type(), "' of block ", b, " needs kernel '",
                        key.ToString(), "' (",
                        IsOpRegistered(bops[i].Type()) ? "kernels here: " + KernelsOf(bops[i].Type())
                                                       : std::string("op type not in this runtime"),
                        ")");
    }
  }
  if (count > 0) {
    ThrowError(source, ": ", count, " op(s) need kernels this runtime does not have (the .nb was "
               "optimized for other targets or by a runtime with more ops):", missing,
               count > 20 ? "\n  ..." : "", "\nthis runtime has kernels for targets: ",
               RuntimeTargets(), "; re-run opt with --valid_targets among these");
  }
}

std::shared_ptr<const LightShared> LoadLightModel(const lite_api::MobileConfig& config) {
  auto s = std::make_shared<LightShared>();
  if (LoadPaddleLiteModel(config, s.get())) {
    // Kernels are picked when the program is built.
  } else if (config.is_model_from_memory()) {
    s->source = "model buffer";
    nb::LoadNbModelBuffer(config.lite_model_buffer().data(), config.lite_model_buffer().size(),
                          &s->model);
  } else {
    LITE_ENFORCE(!config.lite_model_file().empty() || config.model_dir().empty(),
                 "MobileConfig: set_model_dir('", config.model_dir(),
                 "') holds no Paddle Lite naive-buffer model (expected __model__.nb and "
                 "param.nb); for an optimized .nb call set_model_from_file(\"<file>.nb\")");
    LITE_ENFORCE(!config.lite_model_file().empty(),
                 "MobileConfig: no model; call set_model_from_file(\"model.nb\") or "
                 "set_model_from_buffer");
    s->source = config.lite_model_file();
    nb::LoadNbModelFile(config.lite_model_file(), &s->model);
  }
  if (!s->paddle_lite_model) CheckKernelKeys(s->model, s->source);
  try {
    s->run_weights = DequantizedWeights(s->model.program, s->model.weights);
  } catch (const Error& e) {
    ThrowError(s->source, ": ", e.what());
  }
  ResolveDevices(config, s.get());
  ApplyPartitionSettings(config, *s);
  ReportNNAdapterSettingsWithoutDevices(config, s->nnadapter.enabled());
  return s;
}

LightPredictor::LightPredictor(std::shared_ptr<const LightShared> shared, int threads,
                               const std::vector<std::string>& own_weights)
    : ProgramPredictor(threads), shared_(std::move(shared)) {
  scope_.reset(new Scope(shared_->run_weights));
  CopyWeightsLocally(own_weights);
  try {
    const bool pick = shared_->paddle_lite_model;
    program_.reset(new RuntimeProgram(shared_->model.program, scope_.get(), shared_->places,
                                      &shared_->nnadapter, pick ? nullptr : &shared_->model.kernel_keys,
                                      pick ? nullptr : &shared_->model.sub_block_kernel_keys));
  } catch (const Error& e) {
    ThrowError(shared_->source, ": ", e.what());
  }
}

std::shared_ptr<lite_api::PaddlePredictor> LightPredictor::Clone() {
  auto clone = std::make_shared<LightPredictor>(shared_, threads_);
  clone->runtime_program().set_max_loop_iterations(program_->max_loop_iterations());
  return clone;
}

std::shared_ptr<lite_api::PaddlePredictor> LightPredictor::Clone(
    const std::vector<std::string>& var_names) {
  auto clone = std::make_shared<LightPredictor>(shared_, threads_, var_names);
  clone->runtime_program().set_max_loop_iterations(program_->max_loop_iterations());
  return clone;
}

std::string LightPredictor::GetVersion() const { return nb::kProducerVersion; }
std::vector<std::string> LightPredictor::GetParamNames() {
  return shared_->model.weights->LocalVarNames();
}

}  // namespace lite

namespace lite_api {

bool ConfigBase::check_nnadapter_device_name(const std::string& device_name) {
  return lite::nnadapter_bridge::DeviceAvailable(device_name);
}

template <>
std::shared_ptr<PaddlePredictor> CreatePaddlePredictor<MobileConfig>(const MobileConfig& config) {
  lite::ReportInapplicableSettings(config);
  lite::CheckLoopLimit(config);
  auto predictor = std::make_shared<lite::LightPredictor>(lite::LoadLightModel(config),
                                                          lite::EffectiveThreads(config));
  predictor->runtime_program().set_max_loop_iterations(config.max_loop_iterations());
  return predictor;
}

}  // namespace lite_api
}  // namespace paddle
