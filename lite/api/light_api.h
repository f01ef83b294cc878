// The light predictor: runs an optimized `.nb` model (made by opt or
// SaveOptimizedModel) without protobuf and without the optimizer: .nb →
// validated NbModel → RuntimeProgram with the kernels opt chose → Run.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/core/program.h"
#include "lite/model_parser/nb/nb_model.h"

namespace paddle {
namespace lite {

// What clones share: the model (program, kernel keys, weights in place in
// the mapped file) and the NNAdapter settings.
struct LightShared {
  nb::NbModel model;
  NNAdapterOptions nnadapter;
  std::string source;  // file path or "model buffer", for messages
};

class LightPredictor : public lite_api::PaddlePredictor {
 public:
  LightPredictor(std::shared_ptr<const LightShared> shared, int threads);

  std::unique_ptr<lite_api::Tensor> GetInput(int i) override;
  std::unique_ptr<const lite_api::Tensor> GetOutput(int i) const override;
  void Run() override;
  std::shared_ptr<lite_api::PaddlePredictor> Clone() override;
  std::string GetVersion() const override;
  std::vector<std::string> GetInputNames() override;
  std::vector<std::string> GetOutputNames() override;
  std::vector<std::string> GetParamNames() override;
  std::unique_ptr<lite_api::Tensor> GetInputByName(const std::string& name) override;
  std::unique_ptr<const lite_api::Tensor> GetTensor(const std::string& name) const override;

  RuntimeProgram& runtime_program() { return *program_; }

 private:
  std::shared_ptr<const LightShared> shared_;
  std::unique_ptr<Scope> scope_;
  std::unique_ptr<RuntimeProgram> program_;
};

// Loads the .nb of a MobileConfig and checks that this runtime can run it:
// every op type and kernel key is present (all missing ones are named with
// the targets this runtime has), and every NNAdapter device its subgraph ops
// need can be opened. Throws Error otherwise.
std::shared_ptr<const LightShared> LoadLightModel(const lite_api::MobileConfig& config);

// The kernel check alone (also used by tests): throws Error naming every op
// whose kernel key this runtime lacks.
void CheckKernelKeys(const nb::NbModel& model, const std::string& source);

}  // namespace lite
}  // namespace paddle
