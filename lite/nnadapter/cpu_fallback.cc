#include "lite/nnadapter/cpu_fallback.h"

#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

CpuFallback::CpuFallback(const cpp::BlockDesc& block, const Scope* scope,
                         const std::vector<std::string>& output_names)
    : local_(std::shared_ptr<const Scope>(scope, [](const Scope*) {})),
      output_names_(output_names) {
  for (const auto& desc : block.ops) {
    Step s;
    s.op = CreateOp(desc.Type());
    s.op->Attach(desc, &local_);
    s.kernel = CreateKernel(PickKernel(*s.op, {Place(TargetType::kX86),
                                               Place(TargetType::kHost)})->key);
    s.kernel->BindParam(s.op->param());
    steps_.push_back(std::move(s));
  }
}

void CpuFallback::Run(const RunContext& ctx, const std::vector<Tensor*>& outputs) {
  for (Step& s : steps_) {
    s.op->InferShape();
    s.kernel->Run(ctx);
  }
  for (size_t i = 0; i < outputs.size() && i < output_names_.size(); ++i) {
    const Tensor* produced = local_.GetVar(output_names_[i]);
    outputs[i]->CopyFrom(*produced);
  }
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
