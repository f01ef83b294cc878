// Runtime fallback of a subgraph op: when its device fails to compile or
// execute the block, the block's Paddle ops run on the CPU kernels instead
// (as if the subgraph pass had left them on the CPU). Intermediates live in
// a child scope; the subgraph's outputs are copied to the caller's tensors.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "lite/core/op.h"
#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

class CpuFallback {
 public:
  // Creates the ops of `block` and picks their x86/host kernels; throws
  // Error naming the op whose kernel is missing. `scope` (the predictor's
  // activations, with the weights as parent) must outlive this object.
  CpuFallback(const cpp::BlockDesc& block, const Scope* scope,
              const std::vector<std::string>& output_names);
  void Run(const RunContext& ctx, const std::vector<Tensor*>& outputs);

 private:
  Scope local_;
  struct Step {
    std::unique_ptr<Operator> op;
    std::unique_ptr<Kernel> kernel;
  };
  std::vector<Step> steps_;
  std::vector<std::string> output_names_;
};

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
