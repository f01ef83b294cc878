#include "lite/core/registry.h"
#include "lite/api/cxx_predictor.h"

#include "lite/api/nnadapter_precompile.h"

#include <glog/logging.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>

#include "file_access/file_access.h"
#include "lite/api/config_compat.h"
#include "lite/nnadapter/device_context.h"
#include "lite/nnadapter/partition_config.h"

#include "lite/graph/pass.h"
#include "lite/model_parser/file_util.h"
#include "lite/model_parser/model_loader.h"

namespace paddle {
namespace lite {

std::vector<Place> ResolvePlaces(const std::vector<Place>& requested, bool nnadapter) {
  std::vector<Place> places;
  std::vector<std::string> skipped;
  for (const Place& p : requested) {
    bool usable = p.target == TargetType::kX86 || p.target == TargetType::kHost ||
                  p.target == TargetType::kAny || p.target == TargetType::kNNAdapter;
    // Places of backends this build lacks (kOpenCL, kARM, kXPU, ...) are
    // skipped as Paddle Lite skips places it has no kernels for; only a
    // list with nothing usable is an error.
    if (usable) {
      places.push_back(p);
    } else {
      skipped.push_back(p.DebugString());
    }
  }
  if (!skipped.empty()) {
    std::string list;
    for (const auto& s : skipped) list += (list.empty() ? "" : ", ") + s;
    LITE_ENFORCE(!places.empty(), "valid places ", list,
                 " are not supported by this build (supported targets: kX86, kHost, "
                 "kNNAdapter)");
    static std::once_flag once;
    std::call_once(once, [&list] {
      LOG(WARNING) << "set_valid_places: " << list << " do(es) not apply on this build (no "
                   << "such backend); using the other places";
    });
  }
  if (nnadapter && std::none_of(places.begin(), places.end(), [](const Place& p) {
        return p.target == TargetType::kNNAdapter;
      })) {
    places.insert(places.begin(), Place(TargetType::kNNAdapter, PrecisionType::kFloat));
  }
  bool has_cpu = std::any_of(places.begin(), places.end(), [](const Place& p) {
    return p.target == TargetType::kX86 || p.target == TargetType::kHost;
  });
  if (!has_cpu) places.emplace_back(TargetType::kX86, PrecisionType::kFloat);
  places.emplace_back(TargetType::kHost, PrecisionType::kFloat);
  places.emplace_back(TargetType::kHost, PrecisionType::kAny);
  return places;
}

namespace {

// set_nnadapter_partition_strategy's values: those of the NNAdapter context
// property NNADAPTER_PARTITION (nnadapter/runtime/cost.cc), which carries
// the choice to the runtime, the subgraph pass and the .nb.
constexpr const char* kPartitionStrategies[] = {"greedy", "cost"};

std::string WithPartitionStrategy(const lite_api::ConfigBase& config,
                                  const std::string& properties) {
  const auto* cxx = dynamic_cast<const lite_api::CxxConfig*>(&config);
  const std::string strategy = cxx ? cxx->nnadapter_partition_strategy() : "";
  if (strategy.empty()) return properties;
  const bool known = std::any_of(std::begin(kPartitionStrategies), std::end(kPartitionStrategies),
                                 [&](const char* s) { return strategy == s; });
  LITE_ENFORCE(known, "set_nnadapter_partition_strategy (opt: --nnadapter_partition_strategy): '",
               strategy, "': expected greedy or cost");
  const std::string key = "NNADAPTER_PARTITION=";
  std::stringstream ss(properties);
  for (std::string item; std::getline(ss, item, ';');) {
    item.erase(std::remove_if(item.begin(), item.end(), ::isspace), item.end());
    if (item.rfind(key, 0) != 0) continue;
    LITE_ENFORCE(item == key + strategy, "set_nnadapter_partition_strategy('", strategy,
                 "') disagrees with ", item, " in set_nnadapter_context_properties: give one");
    return properties;
  }
  return properties + (properties.empty() ? "" : ";") + key + strategy;
}

}  // namespace

NNAdapterOptions ReadNNAdapterOptions(const lite_api::ConfigBase& config,
                                      const std::vector<Place>& requested) {
  NNAdapterOptions o;
  o.device_names = config.nnadapter_device_names();
  bool place = std::any_of(requested.begin(), requested.end(), [](const Place& p) {
    return p.target == TargetType::kNNAdapter;
  });
  if (place && o.device_names.empty()) {
    ThrowError("a kNNAdapter valid place was given but no device: call "
               "set_nnadapter_device_names with one or more of the devices NNAdapter finds (",
               nnadapter_bridge::EnumeratedDeviceNames(), ")");
  }
  o.context_properties = WithPartitionStrategy(config, config.nnadapter_context_properties());
  o.model_cache_dir = config.nnadapter_model_cache_dir();
  o.model_cache_buffers = config.nnadapter_model_cache_buffers();
  o.dynamic_shape_info = config.nnadapter_dynamic_shape_info();
  LITE_ENFORCE(config.nnadapter_min_subgraph_size() >= 1,
               "set_nnadapter_min_subgraph_size: expected a size >= 1, got ",
               config.nnadapter_min_subgraph_size());
  o.min_subgraph_size = config.nnadapter_min_subgraph_size();
  o.partition_report_path = config.nnadapter_partition_report_path();
  o.strict = config.nnadapter_strict_mode();
  o.context_callback = config.nnadapter_context_callback();
  std::string path = config.nnadapter_subgraph_partition_config_path();
  std::string buffer = config.nnadapter_subgraph_partition_config_buffer();
  if (path.empty() && buffer.empty()) {
    // Paddle Lite's fallbacks when the config sets neither.
    const char* env_path = std::getenv("SUBGRAPH_PARTITION_CONFIG_FILE");
    const char* env_buffer = std::getenv("SUBGRAPH_PARTITION_CONFIG_BUFFER");
    if (env_path && *env_path) {
      path = env_path;
    } else if (env_buffer && *env_buffer) {
      o.partition_config = env_buffer;
      o.partition_config_source = "SUBGRAPH_PARTITION_CONFIG_BUFFER";
    }
  }
  if (!buffer.empty()) {
    o.partition_config = buffer;
    o.partition_config_source = "partition config buffer";
  } else if (!path.empty()) {
    o.partition_config = nnadapter_bridge::ReadPartitionConfigFile(path);
    o.partition_config_source = path;
  }
  return o;
}

CxxPredictor::CxxPredictor(std::shared_ptr<const PredictorShared> shared, int threads,
                           const std::vector<std::string>& own_weights)
    : ProgramPredictor(threads), shared_(std::move(shared)) {
  scope_.reset(new Scope(shared_->run_weights));
  CopyWeightsLocally(own_weights);
  program_.reset(new RuntimeProgram(shared_->program, scope_.get(), shared_->places,
                                    &shared_->nnadapter));
}

std::shared_ptr<lite_api::PaddlePredictor> CxxPredictor::Clone() {
  auto clone = std::make_shared<CxxPredictor>(shared_, threads_);
  clone->runtime_program().set_max_loop_iterations(program_->max_loop_iterations());
  return clone;
}

std::shared_ptr<lite_api::PaddlePredictor> CxxPredictor::Clone(
    const std::vector<std::string>& var_names) {
  auto clone = std::make_shared<CxxPredictor>(shared_, threads_, var_names);
  clone->runtime_program().set_max_loop_iterations(program_->max_loop_iterations());
  return clone;
}

std::string CxxPredictor::GetVersion() const { return "paddle-lite-nna 0.1.0"; }

std::vector<std::string> CxxPredictor::GetParamNames() {
  return shared_->weights->LocalVarNames();
}

namespace {
// set_nnadapter_dynamic_shape_info: every key an input of the model, every
// shape of that input's rank with extents from 1 to INT32_MAX (NNAdapter's
// extent type) and an element count that fits int32 too.
void ValidateDynamicShapeInfo(const NNAdapterOptions& o, const cpp::ProgramDesc& program) {
  if (o.dynamic_shape_info.empty() || program.blocks.empty()) return;
  std::vector<std::string> feeds, fetches;
  CollectFeedFetch(program.blocks[0], &feeds, &fetches);
  std::string all;
  for (const auto& n : feeds) all += (all.empty() ? "" : ", ") + n;
  for (const auto& [name, shapes] : o.dynamic_shape_info) {
    LITE_ENFORCE(std::find(feeds.begin(), feeds.end(), name) != feeds.end(),
                 "set_nnadapter_dynamic_shape_info: '", name,
                 "' is not an input of the model (inputs: ", all, ")");
    LITE_ENFORCE(!shapes.empty(), "set_nnadapter_dynamic_shape_info: input '", name,
                 "' has no shapes (expected at least one)");
    const cpp::VarDesc* v = program.blocks[0].FindVar(name);
    for (const auto& shape : shapes) {
      LITE_ENFORCE(!v || v->dims.empty() || v->dims.size() == shape.size(),
                   "set_nnadapter_dynamic_shape_info: input '", name, "' shape ",
                   DimsToString(shape), " has rank ", shape.size(), ", the model's input has rank ",
                   v ? v->dims.size() : 0, " ", v ? DimsToString(v->dims) : "");
      int64_t numel = 1;
      for (int64_t d : shape) {
        LITE_ENFORCE(d >= 1 && d <= INT32_MAX && !__builtin_mul_overflow(numel, d, &numel) &&
                         numel <= INT32_MAX,
                     "set_nnadapter_dynamic_shape_info: input '", name, "' shape ",
                     DimsToString(shape),
                     ": expected extents >= 1 and an element count below 2^31");
      }
    }
  }
}

// The mixed precision config: the buffer, else the file, else Paddle Lite's
// environment variables.
void ReadMixedPrecisionConfig(const lite_api::CxxConfig& config, graph::PassOptions* o) {
  std::string path = config.nnadapter_mixed_precision_quantization_config_path();
  const std::string& buffer = config.nnadapter_mixed_precision_quantization_config_buffer();
  if (!buffer.empty()) {
    o->mixed_precision_config = buffer;
    o->mixed_precision_source = "mixed precision quantization config buffer";
    return;
  }
  if (path.empty()) {
    const char* env_path = std::getenv("MIXED_PRECISION_QUANTIZATION_CONFIG_FILE");
    const char* env_buffer = std::getenv("MIXED_PRECISION_QUANTIZATION_CONFIG_BUFFER");
    if (env_path && *env_path) {
      path = env_path;
    } else if (env_buffer && *env_buffer) {
      o->mixed_precision_config = env_buffer;
      o->mixed_precision_source = "MIXED_PRECISION_QUANTIZATION_CONFIG_BUFFER";
      return;
    }
  }
  if (path.empty()) return;
  o->mixed_precision_config =
      nnadapter_bridge::ReadPartitionConfigFile(path, "mixed precision quantization config");
  o->mixed_precision_source = path;
}
}  // namespace

std::shared_ptr<PredictorShared> LoadAndOptimize(const lite_api::CxxConfig& config,
                                                 const LoadedHook& on_loaded,
                                                 std::vector<std::pair<std::string, int>>* applied) {
  auto shared = std::make_shared<PredictorShared>();
  ModelSource src;
  if (config.is_model_from_memory()) {
    src.model_buffer = config.model_buffer();
    src.param_buffer = config.param_buffer();
    src.model_dir = config.model_dir();  // an ONNX buffer's external-data folder
  } else {
    src.model_dir = config.model_dir();
    src.model_file = config.model_file();
    src.param_file = config.param_file();
  }
  src.op_registered = &IsOpRegistered;
  shared->source_dir = src.model_dir;
  shared->source_model_file = src.model_file;
  shared->source_param_file = src.param_file;
  auto weights = std::make_shared<Scope>();
  LoadModel(src, &shared->program, weights.get());
  DequantizeWeightsInPlace(shared->program, weights.get());
  ValidateOps(shared->program, weights);
  if (on_loaded) on_loaded(shared->program, *weights);
  shared->nnadapter = ReadNNAdapterOptions(config, config.valid_places());
  ReportNNAdapterSettingsWithoutDevices(config, shared->nnadapter.enabled());
  ValidateDynamicShapeInfo(shared->nnadapter, shared->program);
  shared->places = ResolvePlaces(config.valid_places(), shared->nnadapter.enabled());
  graph::PassOptions pass_options;
  for (const auto& name : config.disabled_passes()) pass_options.disabled.insert(name);
  const auto known = graph::DefaultPassNames();
  for (const auto& name : config.get_discarded_passes()) {
    if (std::find(known.begin(), known.end(), name) != known.end()) {
      pass_options.disabled.insert(name);
    } else {
      LOG(WARNING) << "add_discarded_pass('" << name << "'): not a pass of this build; ignored";
    }
  }
  pass_options.nnadapter = shared->nnadapter;
  ReadMixedPrecisionConfig(config, &pass_options);
  pass_options.int8 = std::any_of(config.valid_places().begin(), config.valid_places().end(),
                                  [](const Place& p) { return p.precision == PrecisionType::kInt8; });
  if (!pass_options.mixed_precision_config.empty() && !pass_options.int8) {
    // Nothing is folded to int8, so every op already runs in float.
    LogNotApplyingOnce("set_nnadapter_mixed_precision_quantization_config_path",
                       pass_options.mixed_precision_source +
                           ", without an int8 valid place {kX86, kInt8}");
  }
  auto counts = graph::RunPasses(&shared->program, weights.get(), pass_options);
  if (applied) *applied = counts;
  if (config.quant_model()) {
    const int bits = config.quant_type() == lite_api::QuantType::QUANT_INT8 ? 8 : 16;
    shared->weight_quant = QuantizeWeights(bits, &shared->program, weights.get());
  }
  shared->weights = weights;
  shared->run_weights = DequantizedWeights(shared->program, weights);
  return shared;
}

nb::NbModel CxxPredictor::OptimizedModel() const {
  nb::NbModel m;
  m.program = shared_->program;
  m.weights = shared_->weights;
  m.nnadapter_device_names = shared_->nnadapter.device_names;
  m.nnadapter_context_properties = shared_->nnadapter.context_properties;
  // Not the cache folder: a path of the machine that optimized the model
  // means nothing on the target (the compiled programs are embedded).
  const auto& ops = m.program.blocks.at(0).ops;
  const auto& insts = program_->instructions();
  size_t next = 0;
  for (const auto& op : ops) {
    KernelKey key;
    key.op_type = op.Type();
    if (op.Type() != "feed" && op.Type() != "fetch") {
      LITE_ENFORCE(next < insts.size() && insts[next].op->type() == op.Type(),
                   "SaveOptimizedModel: the runtime program does not match block 0 at op '",
                   op.Type(), "'");
      key = insts[next++].kernel->key();
    }
    m.kernel_keys.push_back(key);
  }
  for (const auto& [b, insts_b] : program_->sub_blocks()) {
    auto& keys = m.sub_block_kernel_keys[b];
    for (const auto& inst : insts_b) keys.push_back(inst.kernel->key());
    LITE_ENFORCE(keys.size() == m.program.blocks.at(b).ops.size(),
                 "SaveOptimizedModel: the runtime program does not match block ", b);
  }
  return m;
}

namespace {
// The optimized program as a Paddle model: block 0 declares exactly the
// weights some op reads, with the dims and type of the tensors (passes that
// create weights, e.g. folded conv filters, may declare them without dims),
// and drops the declarations of weights no op reads any more.
cpp::ProgramDesc ProgramForSaving(const cpp::ProgramDesc& program, const Scope& weights) {
  cpp::ProgramDesc out = program;
  std::set<std::string> used;
  for (const auto& block : out.blocks) {
    for (const auto& op : block.ops) {
      for (const auto& n : op.InputArgumentNames()) used.insert(n);
    }
  }
  cpp::BlockDesc& b0 = out.blocks.at(0);
  std::vector<cpp::VarDesc> vars;
  std::set<std::string> declared;
  for (auto v : b0.vars) {
    const Tensor* t = weights.FindVar(v.name);
    // Passes (constant folding) turn activations into weights: whatever the
    // weights scope holds is saved as a persistable variable.
    if (t && t->initialized() && used.count(v.name) && v.type == cpp::VarKind::LOD_TENSOR) {
      v.persistable = true;
    }
    bool weight = v.persistable && v.type == cpp::VarKind::LOD_TENSOR;
    if (weight && !used.count(v.name)) continue;
    if (weight && t && t->initialized()) {
      v.dims = t->dims();
      v.dtype = t->dtype();
    }
    declared.insert(v.name);
    vars.push_back(v);
  }
  for (const auto& name : used) {
    const Tensor* t = weights.FindVar(name);
    if (declared.count(name) || !t || !t->initialized()) continue;
    cpp::VarDesc v;
    v.name = name;
    v.dims = t->dims();
    v.dtype = t->dtype();
    v.persistable = true;
    vars.push_back(v);
  }
  b0.vars = vars;
  return out;
}
}  // namespace

namespace {
// record_info: the op types and kernel keys the model uses, one a line,
// sorted, into `folder`.
void RecordInfo(const nb::NbModel& m, const std::string& folder) {
  std::set<std::string> ops, kernels;
  for (size_t i = 0; i < m.program.blocks.at(0).ops.size(); ++i) {
    const std::string& type = m.program.blocks[0].ops[i].Type();
    ops.insert(type);
    if (type != "feed" && type != "fetch") kernels.insert(m.kernel_keys.at(i).ToString());
  }
  // The ops the control-flow blocks run are needed as much as block 0's.
  for (const auto& [b, keys] : m.sub_block_kernel_keys) {
    for (const auto& op : m.program.blocks.at(b).ops) ops.insert(op.Type());
    for (const auto& key : keys) kernels.insert(key.ToString());
  }
  auto write = [&folder](const std::string& name, const std::set<std::string>& lines) {
    std::string path = (folder.empty() ? std::string(".") : folder) + "/" + name;
    std::string text, error;
    for (const auto& l : lines) text += l + "\n";
    LITE_ENFORCE(file_access::WriteFileAtomically(path, text.data(), text.size(),
                                                  "tailoring list", &error),
                 "SaveOptimizedModel(record_info): ", error);
  };
  write(".tailored_ops_list", ops);
  write(".tailored_kernels_list", kernels);
}
}  // namespace

void CheckNotOverSource(const PredictorShared& shared, const std::string& model_dir,
                        const std::vector<std::string>& targets) {
  namespace fs = std::filesystem;
  std::error_code ec;
  auto same = [&](const std::string& a, const std::string& b) {
    return !a.empty() && !b.empty() && fs::equivalent(a, b, ec);
  };
  LITE_ENFORCE(!same(model_dir, shared.source_dir) || !fs::is_directory(model_dir, ec),
               "SaveOptimizedModel: '", model_dir, "' is the folder the model was loaded from; "
               "saving there would replace the original model: choose another folder");
  for (const auto& t : targets) {
    LITE_ENFORCE(!same(fs::path(t).parent_path().string(), shared.source_dir) ||
                     !fs::exists(t, ec),
                 "SaveOptimizedModel: '", t, "' is a file of the folder the model was loaded "
                 "from; saving there would replace it: choose another path");
    for (const std::string* src : {&shared.source_model_file, &shared.source_param_file}) {
      LITE_ENFORCE(!same(t, *src), "SaveOptimizedModel: '", t, "' is the file the model was "
                   "loaded from ('", *src, "'); saving there would replace the original model: "
                   "choose another path");
    }
  }
}

void CxxPredictor::SaveOptimizedModel(const std::string& model_dir,
                                      lite_api::LiteModelType model_type, bool record_info) {
  LITE_ENFORCE(!model_dir.empty(), "SaveOptimizedModel: empty model_dir");
  if (model_type == lite_api::LiteModelType::kProtobuf) {
    CheckNotOverSource(*shared_, model_dir,
                       {model_dir + "/__model__", model_dir + "/__params__"});
  } else {
    CheckNotOverSource(*shared_, model_dir + ".nb", {model_dir + ".nb"});
  }
  if (record_info) {
    std::string folder = model_type == lite_api::LiteModelType::kProtobuf
                             ? model_dir
                             : std::filesystem::path(model_dir).parent_path().string();
    if (model_type == lite_api::LiteModelType::kProtobuf) {
      std::error_code ec;
      std::filesystem::create_directories(model_dir, ec);
    }
    RecordInfo(OptimizedModel(), folder);
  }
  if (model_type == lite_api::LiteModelType::kProtobuf) {
    std::error_code ec;
    std::filesystem::create_directories(model_dir, ec);
    LITE_ENFORCE(!ec, "SaveOptimizedModel: cannot create folder '", model_dir, "': ", ec.message());
    SaveModel(ProgramForSaving(shared_->program, *shared_->weights), *shared_->weights,
              model_dir + "/__model__",
              model_dir + "/__params__");
    return;
  }
  LITE_ENFORCE(model_type == lite_api::LiteModelType::kNaiveBuffer,
               "SaveOptimizedModel: unknown model type ", static_cast<int>(model_type));
  nb::NbModel m = OptimizedModel();
  std::string report = EmbedNNAdapterPrograms(*shared_, &m);
  if (!report.empty()) LOG(INFO) << "SaveOptimizedModel: " << report;
  WriteNbModelFile(m, model_dir + ".nb");
}

size_t WriteNbModelFile(const nb::NbModel& model, const std::string& path) {
  const std::string bytes = nb::SerializeNbModel(model);
  std::string error;
  LITE_ENFORCE(file_access::WriteFileAtomically(path, bytes.data(), bytes.size(),
                                                "optimized model", &error),
               error);
  return bytes.size();
}

}  // namespace lite

namespace lite_api {

namespace {
// Fills the inputs of each warm-up group and runs it once.
void WarmUp(const CxxConfig& config, PaddlePredictor* predictor) {
  for (const auto& group : config.preferred_inputs_for_warmup()) {
    for (const auto& any : group.second) {
      const auto* in = static_cast<const CxxConfig::WarmupInput*>(any.get());
      auto t = predictor->GetInput(in->tensor_idx);
      t->Resize(in->shape);
      t->SetPrecision(in->precision);
      t->SetLoD(in->lod);
      void* dst = nullptr;
      switch (in->precision) {
        case PrecisionType::kFloat: dst = t->mutable_data<float>(); break;
        case PrecisionType::kFP64: dst = t->mutable_data<double>(); break;
        case PrecisionType::kInt8: dst = t->mutable_data<int8_t>(); break;
        case PrecisionType::kUInt8: dst = t->mutable_data<uint8_t>(); break;
        case PrecisionType::kInt16: dst = t->mutable_data<int16_t>(); break;
        case PrecisionType::kInt32: dst = t->mutable_data<int32_t>(); break;
        case PrecisionType::kInt64: dst = t->mutable_data<int64_t>(); break;
        case PrecisionType::kBool: dst = t->mutable_data<bool>(); break;
        default:
          throw Error("set_preferred_inputs_for_warmup: group " + std::to_string(group.first) +
                      " input " + std::to_string(in->tensor_idx) + " has no element type");
      }
      if (!in->bytes.empty()) std::memcpy(dst, in->bytes.data(), in->bytes.size());
    }
    predictor->Run();
  }
}
}  // namespace

template <>
std::shared_ptr<PaddlePredictor> CreatePaddlePredictor<CxxConfig>(const CxxConfig& config) {
  lite::ReportInapplicableSettings(config);
  lite::CheckLoopLimit(config);
  auto predictor = std::make_shared<lite::CxxPredictor>(lite::LoadAndOptimize(config),
                                                        lite::EffectiveThreads(config));
  predictor->runtime_program().set_max_loop_iterations(config.max_loop_iterations());
  WarmUp(config, predictor.get());
  return predictor;
}

}  // namespace lite_api
}  // namespace paddle
