#include "lite/api/cxx_predictor.h"

#include "lite/graph/pass.h"
#include "lite/model_parser/model_loader.h"

namespace paddle {
namespace lite {

std::vector<Place> ResolvePlaces(const std::vector<Place>& requested) {
  std::vector<Place> places;
  for (const Place& p : requested) {
    LITE_ENFORCE(p.target == TargetType::kX86 || p.target == TargetType::kHost ||
                     p.target == TargetType::kAny,
                 "valid place ", p.DebugString(),
                 " is not supported by this build (supported targets: kX86, "
                 "kHost)");
    places.push_back(p);
  }
  if (places.empty()) places.emplace_back(TargetType::kX86, PrecisionType::kFloat);
  places.emplace_back(TargetType::kHost, PrecisionType::kFloat);
  places.emplace_back(TargetType::kHost, PrecisionType::kAny);
  return places;
}

CxxPredictor::CxxPredictor(std::shared_ptr<const PredictorShared> shared, int threads)
    : shared_(std::move(shared)) {
  LITE_ENFORCE(threads >= 1, "set_threads: expected at least 1 thread, got ", threads);
  threads_ = threads;
  scope_.reset(new Scope(shared_->weights));
  program_.reset(new RuntimeProgram(shared_->program, scope_.get(), shared_->places));
}

std::unique_ptr<lite_api::Tensor> CxxPredictor::GetInput(int i) {
  const auto& names = program_->feed_names();
  LITE_ENFORCE(i >= 0 && i < static_cast<int>(names.size()), "GetInput(", i,
               "): the model has ", names.size(), " inputs");
  return std::unique_ptr<lite_api::Tensor>(
      new lite_api::Tensor(static_cast<void*>(scope_->GetVar(names[i]))));
}

std::unique_ptr<const lite_api::Tensor> CxxPredictor::GetOutput(int i) const {
  const auto& names = program_->fetch_names();
  LITE_ENFORCE(i >= 0 && i < static_cast<int>(names.size()), "GetOutput(", i,
               "): the model has ", names.size(), " outputs");
  return std::unique_ptr<const lite_api::Tensor>(
      new lite_api::Tensor(static_cast<const void*>(scope_->GetVar(names[i]))));
}

void CxxPredictor::Run() {
  for (const auto& name : program_->feed_names()) {
    Tensor* t = scope_->GetVar(name);
    LITE_ENFORCE(t->initialized(), "Run(): input '", name,
                 "' has no data; call GetInput(i)->Resize(...) and fill it first");
  }
  program_->Run(threads_);
}

std::shared_ptr<lite_api::PaddlePredictor> CxxPredictor::Clone() {
  return std::make_shared<CxxPredictor>(shared_, threads_);
}

std::string CxxPredictor::GetVersion() const { return "paddle-lite-nna 0.1.0"; }

std::vector<std::string> CxxPredictor::GetInputNames() { return program_->feed_names(); }
std::vector<std::string> CxxPredictor::GetOutputNames() { return program_->fetch_names(); }

std::vector<std::string> CxxPredictor::GetParamNames() {
  return shared_->weights->LocalVarNames();
}

std::unique_ptr<lite_api::Tensor> CxxPredictor::GetInputByName(const std::string& name) {
  const auto& names = program_->feed_names();
  for (const auto& n : names) {
    if (n == name) {
      return std::unique_ptr<lite_api::Tensor>(
          new lite_api::Tensor(static_cast<void*>(scope_->GetVar(n))));
    }
  }
  std::string all;
  for (const auto& n : names) all += (all.empty() ? "" : ", ") + n;
  ThrowError("GetInputByName: '", name, "' is not an input of the model (inputs: ", all, ")");
}

std::unique_ptr<const lite_api::Tensor> CxxPredictor::GetTensor(const std::string& name) const {
  return std::unique_ptr<const lite_api::Tensor>(
      new lite_api::Tensor(static_cast<const void*>(scope_->GetVar(name))));
}

}  // namespace lite

namespace lite_api {

template <>
std::shared_ptr<PaddlePredictor> CreatePaddlePredictor<CxxConfig>(const CxxConfig& config) {
  auto shared = std::make_shared<lite::PredictorShared>();
  lite::ModelSource src;
  if (config.is_model_from_memory()) {
    src.model_buffer = config.model_buffer();
    src.param_buffer = config.param_buffer();
  } else {
    src.model_dir = config.model_dir();
    src.model_file = config.model_file();
    src.param_file = config.param_file();
  }
  auto weights = std::make_shared<lite::Scope>();
  lite::LoadModel(src, &shared->program, weights.get());
  lite::graph::PassOptions pass_options;
  for (const auto& name : config.disabled_passes()) pass_options.disabled.insert(name);
  lite::graph::RunPasses(&shared->program, weights.get(), pass_options);
  shared->weights = weights;
  shared->places = lite::ResolvePlaces(config.valid_places());
  return std::make_shared<lite::CxxPredictor>(shared, config.threads());
}

}  // namespace lite_api
}  // namespace paddle
