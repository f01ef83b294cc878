#include "lite/api/cxx_predictor.h"

#include <algorithm>
#include <filesystem>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "lite/nnadapter/device_context.h"

#include "lite/graph/pass.h"
#include "lite/model_parser/model_loader.h"

namespace paddle {
namespace lite {

std::vector<Place> ResolvePlaces(const std::vector<Place>& requested, bool nnadapter) {
  std::vector<Place> places;
  for (const Place& p : requested) {
    LITE_ENFORCE(p.target == TargetType::kX86 || p.target == TargetType::kHost ||
                     p.target == TargetType::kAny || p.target == TargetType::kNNAdapter,
                 "valid place ", p.DebugString(),
                 " is not supported by this build (supported targets: kX86, "
                 "kHost, kNNAdapter)");
    places.push_back(p);
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

NNAdapterOptions ReadNNAdapterOptions(const lite_api::ConfigBase& config,
                                      const std::vector<Place>& requested) {
  NNAdapterOptions o;
  o.device_names = config.nnadapter_device_names();
  bool place = std::any_of(requested.begin(), requested.end(), [](const Place& p) {
    return p.target == TargetType::kNNAdapter;
  });
  LITE_ENFORCE(!place || !o.device_names.empty(),
               "a kNNAdapter valid place was given but no device: call "
               "set_nnadapter_device_names({\"builtin_device\"}) (or another device)");
  o.context_properties = config.nnadapter_context_properties();
  o.model_cache_dir = config.nnadapter_model_cache_dir();
  o.model_cache_buffers = config.nnadapter_model_cache_buffers();
  o.dynamic_shape_info = config.nnadapter_dynamic_shape_info();
  LITE_ENFORCE(config.nnadapter_min_subgraph_size() >= 1,
               "set_nnadapter_min_subgraph_size: expected a size >= 1, got ",
               config.nnadapter_min_subgraph_size());
  o.min_subgraph_size = config.nnadapter_min_subgraph_size();
  o.partition_report_path = config.nnadapter_partition_report_path();
  o.strict = config.nnadapter_strict_mode();
  std::string path = config.nnadapter_subgraph_partition_config_path();
  // Paddle Lite's environment fallbacks when the config sets neither.
  const char* env_buffer = std::getenv("SUBGRAPH_PARTITION_CONFIG_BUFFER");
  const char* env_file = std::getenv("SUBGRAPH_PARTITION_CONFIG_FILE");
  if (!config.nnadapter_subgraph_partition_config_buffer().empty()) {
    o.partition_config = config.nnadapter_subgraph_partition_config_buffer();
    o.partition_config_source = "partition config buffer";
  } else if (path.empty() && env_buffer && *env_buffer) {
    o.partition_config = env_buffer;
    o.partition_config_source = "SUBGRAPH_PARTITION_CONFIG_BUFFER";
  } else if (path.empty() && env_file && *env_file) {
    path = env_file;
  }
  if (o.partition_config_source.empty() && !path.empty()) {
    std::ifstream in(path, std::ios::binary);
    LITE_ENFORCE(static_cast<bool>(in), "set_nnadapter_subgraph_partition_config_path: '", path,
                 "' cannot be read");
    std::stringstream ss;
    ss << in.rdbuf();
    o.partition_config = ss.str();
    o.partition_config_source = path;
  }
  return o;
}

CxxPredictor::CxxPredictor(std::shared_ptr<const PredictorShared> shared, int threads)
    : ProgramPredictor(threads), shared_(std::move(shared)) {
  scope_.reset(new Scope(shared_->weights));
  program_.reset(new RuntimeProgram(shared_->program, scope_.get(), shared_->places,
                                    &shared_->nnadapter));
}

std::shared_ptr<lite_api::PaddlePredictor> CxxPredictor::Clone() {
  return std::make_shared<CxxPredictor>(shared_, threads_);
}

size_t CxxPredictor::ActivationBytes() const {
  std::set<const Buffer*> seen;
  size_t bytes = 0;
  for (const auto& name : scope_->LocalVarNames()) {
    const Tensor* t = scope_->FindLocalVar(name);
    if (t->buffer() && seen.insert(t->buffer().get()).second) bytes += t->buffer()->size();
  }
  return bytes;
}

std::string CxxPredictor::GetVersion() const { return "paddle-lite-nna 0.1.0"; }

std::vector<std::string> CxxPredictor::GetParamNames() {
  return shared_->weights->LocalVarNames();
}

std::shared_ptr<PredictorShared> LoadAndOptimize(const lite_api::CxxConfig& config,
                                                 const LoadedHook& on_loaded,
                                                 std::vector<std::pair<std::string, int>>* applied) {
  auto shared = std::make_shared<PredictorShared>();
  ModelSource src;
  if (config.is_model_from_memory()) {
    src.model_buffer = config.model_buffer();
    src.param_buffer = config.param_buffer();
  } else {
    src.model_dir = config.model_dir();
    src.model_file = config.model_file();
    src.param_file = config.param_file();
  }
  auto weights = std::make_shared<Scope>();
  LoadModel(src, &shared->program, weights.get());
  if (on_loaded) on_loaded(shared->program, *weights);
  shared->nnadapter = ReadNNAdapterOptions(config, config.valid_places());
  shared->places = ResolvePlaces(config.valid_places(), shared->nnadapter.enabled());
  graph::PassOptions pass_options;
  for (const auto& name : config.disabled_passes()) pass_options.disabled.insert(name);
  pass_options.nnadapter = shared->nnadapter;
  pass_options.int8 = std::any_of(config.valid_places().begin(), config.valid_places().end(),
                                  [](const Place& p) { return p.precision == PrecisionType::kInt8; });
  auto counts = graph::RunPasses(&shared->program, weights.get(), pass_options);
  if (applied) *applied = counts;
  shared->weights = weights;
  return shared;
}

nb::NbModel CxxPredictor::OptimizedModel() const {
  nb::NbModel m;
  m.program = shared_->program;
  m.weights = shared_->weights;
  m.nnadapter_device_names = shared_->nnadapter.device_names;
  m.nnadapter_context_properties = shared_->nnadapter.context_properties;
  m.nnadapter_model_cache_dir = shared_->nnadapter.model_cache_dir;
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
    if (declared.count(name) || !t || !t->persistable() || !t->initialized()) continue;
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

void CxxPredictor::SaveOptimizedModel(const std::string& model_dir,
                                      lite_api::LiteModelType model_type, bool) {
  LITE_ENFORCE(!model_dir.empty(), "SaveOptimizedModel: empty model_dir");
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
  nb::SaveNbModelFile(OptimizedModel(), model_dir + ".nb");
}

}  // namespace lite

namespace lite_api {

template <>
std::shared_ptr<PaddlePredictor> CreatePaddlePredictor<CxxConfig>(const CxxConfig& config) {
  return std::make_shared<lite::CxxPredictor>(lite::LoadAndOptimize(config), config.threads());
}

}  // namespace lite_api
}  // namespace paddle
