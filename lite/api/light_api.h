// The light predictor: runs an optimized `.nb` model (made by opt or
// SaveOptimizedModel) without protobuf and without the optimizer: .nb →
// validated NbModel → RuntimeProgram with the kernels opt chose → Run.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/api/program_predictor.h"
#include "lite/core/program.h"
#include "lite/model_parser/nb/nb_model.h"

namespace paddle {
namespace lite {

// What clones share: the model (program, kernel keys, weights in place in
// the mapped file) and the NNAdapter settings.
struct LightShared {
  nb::NbModel model;
  // The weights kernels read: the model's, with quantized ones (opt
  // --quant_model) dequantized to fp32.
  std::shared_ptr<const Scope> run_weights;
  NNAdapterOptions nnadapter;
  std::string source;  // file path or "model buffer", for messages
  // A Paddle Lite .nb (mapped onto our ops): it records Paddle Lite's
  // kernels, not ours, so every op's kernel is picked among `places` at
  // load (model.kernel_keys is empty).
  bool paddle_lite_model{false};
  std::vector<Place> places;
};

class LightPredictor : public ProgramPredictor {
 public:
  // own_weights: weights this predictor copies instead of sharing
  // (Clone(var_names)).
  LightPredictor(std::shared_ptr<const LightShared> shared, int threads,
                 const std::vector<std::string>& own_weights = {});

  std::shared_ptr<lite_api::PaddlePredictor> Clone() override;
  std::shared_ptr<lite_api::PaddlePredictor> Clone(
      const std::vector<std::string>& var_names) override;
  std::string GetVersion() const override;
  std::vector<std::string> GetParamNames() override;


 private:
  std::shared_ptr<const LightShared> shared_;
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
