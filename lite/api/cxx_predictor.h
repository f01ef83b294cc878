// The full predictor: loads a Paddle model, builds the runtime program, runs.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/api/program_predictor.h"
#include "lite/core/program.h"
#include "lite/core/program_desc.h"
#include "lite/core/scope.h"
#include "lite/core/weight_quant.h"
#include "lite/model_parser/nb/nb_model.h"

namespace paddle {
namespace lite {

// What clones share: the program and the weights (read-only).
struct PredictorShared {
  cpp::ProgramDesc program;
  // As saved (quantized with CxxConfig::set_quant_model) ...
  std::shared_ptr<const Scope> weights;
  // ... and as the kernels read them (quantized weights dequantized to fp32).
  std::shared_ptr<const Scope> run_weights;
  WeightQuantStats weight_quant;  // what set_quant_model quantized
  std::vector<Place> places;
  NNAdapterOptions nnadapter;
  // Where the model was read from (empty for a buffer): SaveOptimizedModel
  // refuses to write over these.
  std::string source_dir, source_model_file, source_param_file;
};

// Refuses a save to `model_dir` writing `targets` when that would write over
// a file or into the folder the model of `shared` was loaded from: the
// user's original model would be replaced by the optimized one (Paddle Lite
// overwrites it silently). The Error names the path.
void CheckNotOverSource(const PredictorShared& shared, const std::string& model_dir,
                        const std::vector<std::string>& targets);

class CxxPredictor : public ProgramPredictor {
 public:
  // own_weights: weights this predictor copies instead of sharing
  // (Clone(var_names)).
  CxxPredictor(std::shared_ptr<const PredictorShared> shared, int threads,
               const std::vector<std::string>& own_weights = {});

  std::shared_ptr<lite_api::PaddlePredictor> Clone() override;
  std::shared_ptr<lite_api::PaddlePredictor> Clone(
      const std::vector<std::string>& var_names) override;
  std::string GetVersion() const override;
  std::vector<std::string> GetParamNames() override;
  void SaveOptimizedModel(const std::string& model_dir,
                          lite_api::LiteModelType model_type = lite_api::LiteModelType::kProtobuf,
                          bool record_info = false) override;
  // The optimized program, the kernel picked for each op of block 0, the
  // weights and the NNAdapter devices: what a .nb stores.
  nb::NbModel OptimizedModel() const;
  const PredictorShared& shared() const { return *shared_; }

 private:
  std::shared_ptr<const PredictorShared> shared_;
};

// Writes an optimized model (.nb) to `path` through the file-access policy:
// an unnamed temporary in the same folder, renamed over `path` once complete
// (a symlink planted at any name is never followed, a kill -9 leaves no
// temporary). Returns its size; throws Error naming the file and the OS
// reason.
size_t WriteNbModelFile(const nb::NbModel& model, const std::string& path);

// Loads the config's model and runs the optimizer passes: what
// CreatePaddlePredictor<CxxConfig> and opt share. `on_loaded` (optional) sees
// the program and weights as loaded, before the passes; `applied` (optional)
// receives each pass's rewrite count.
using LoadedHook = std::function<void(const cpp::ProgramDesc&, const Scope&)>;
std::shared_ptr<PredictorShared> LoadAndOptimize(
    const lite_api::CxxConfig& config, const LoadedHook& on_loaded = nullptr,
    std::vector<std::pair<std::string, int>>* applied = nullptr);

// The valid places of a config, completed with the defaults (x86 and host
// float, plus kNNAdapter when NNAdapter is used); throws Error when a place
// names a target this build cannot run.
std::vector<Place> ResolvePlaces(const std::vector<Place>& requested, bool nnadapter);
// The NNAdapter settings of a config (reads the partition config file).
// NNAdapter is used when device names are set; a kNNAdapter place without
// device names is an Error saying so.
NNAdapterOptions ReadNNAdapterOptions(const lite_api::ConfigBase& config,
                                      const std::vector<Place>& requested);

}  // namespace lite
}  // namespace paddle
