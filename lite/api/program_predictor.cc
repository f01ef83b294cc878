#include "lite/api/program_predictor.h"

#include "lite/core/error.h"

namespace paddle {
namespace lite {

ProgramPredictor::ProgramPredictor(int threads) {
  LITE_ENFORCE(threads >= 1, "set_threads: expected at least 1 thread, got ", threads);
  threads_ = threads;
}

std::unique_ptr<lite_api::Tensor> ProgramPredictor::GetInput(int i) {
  const auto& names = program_->feed_names();
  LITE_ENFORCE(i >= 0 && i < static_cast<int>(names.size()), "GetInput(", i,
               "): the model has ", names.size(), " inputs");
  return std::unique_ptr<lite_api::Tensor>(
      new lite_api::Tensor(static_cast<void*>(scope_->GetVar(names[i]))));
}

std::unique_ptr<const lite_api::Tensor> ProgramPredictor::GetOutput(int i) const {
  const auto& names = program_->fetch_names();
  LITE_ENFORCE(i >= 0 && i < static_cast<int>(names.size()), "GetOutput(", i,
               "): the model has ", names.size(), " outputs");
  return std::unique_ptr<const lite_api::Tensor>(
      new lite_api::Tensor(static_cast<const void*>(scope_->GetVar(names[i]))));
}

void ProgramPredictor::Run() {
  for (const auto& name : program_->feed_names()) {
    const Tensor* t = scope_->GetVar(name);
    LITE_ENFORCE(t->initialized(), "Run(): input '", name,
                 "' has no data; call GetInput(i)->Resize(...) and fill it first");
    if (!t->lod().empty()) {
      CheckLoD("Run(): input '" + name + "'", t->lod(), t->dims().empty() ? 0 : t->dims()[0]);
    }
  }
  program_->Run(threads_);
}

std::vector<std::string> ProgramPredictor::GetInputNames() { return program_->feed_names(); }
std::vector<std::string> ProgramPredictor::GetOutputNames() { return program_->fetch_names(); }

std::unique_ptr<lite_api::Tensor> ProgramPredictor::GetInputByName(const std::string& name) {
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

std::unique_ptr<const lite_api::Tensor> ProgramPredictor::GetTensor(const std::string& name) const {
  return std::unique_ptr<const lite_api::Tensor>(
      new lite_api::Tensor(static_cast<const void*>(scope_->GetVar(name))));
}

}  // namespace lite
}  // namespace paddle
