// What the full (CxxConfig) and light (MobileConfig) predictors share: a
// runtime program over the predictor's own activation scope, its inputs and
// outputs by index or name, and Run.
#pragma once
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/core/program.h"
#include "lite/core/scope.h"
#include "lite/core/thread_governor.h"

namespace paddle {
namespace lite {

class ProgramPredictor : public lite_api::PaddlePredictor {
 public:
  std::unique_ptr<lite_api::Tensor> GetInput(int i) override;
  std::unique_ptr<const lite_api::Tensor> GetOutput(int i) const override;
  void Run() override;
  std::vector<std::string> GetInputNames() override;
  std::vector<std::string> GetOutputNames() override;
  std::unique_ptr<lite_api::Tensor> GetInputByName(const std::string& name) override;
  std::unique_ptr<const lite_api::Tensor> GetTensor(const std::string& name) const override;
  std::unique_ptr<lite_api::Tensor> GetMutableTensor(const std::string& name) override;
  bool TryShrinkMemory() override;

  // For tools (benchmark per-op profile).
  RuntimeProgram& runtime_program() { return *program_; }
  // For tools: bytes of the distinct buffers held by this predictor's
  // activations (its own scope; weights excluded).
  size_t ActivationBytes() const;
  // For tools: how many runs used each thread count.
  const ThreadGovernor& thread_governor() const { return governor_; }

 protected:
  // Checks the thread count (Error when < 1).
  explicit ProgramPredictor(int threads);
  // Gives this predictor's scope its own copy of each named weight
  // (Clone(var_names)); throws Error naming one that is not a weight.
  void CopyWeightsLocally(const std::vector<std::string>& var_names);

  std::unique_ptr<Scope> scope_;  // activations; its parent holds the weights
  std::unique_ptr<RuntimeProgram> program_;

 private:
  // Set while Run() executes: a second concurrent Run() is refused.
  std::atomic<bool> running_{false};
  // Picks each run's thread count (<= set_threads) from the free cores.
  ThreadGovernor governor_;
};

// Error when config.max_loop_iterations() < 0.
void CheckLoopLimit(const lite_api::ConfigBase& config);

// min(threads, hardware threads), with a warning when it clamps.
int ClampThreads(int threads);

}  // namespace lite
}  // namespace paddle
