// conditional_block (and conditional_block_infer, the form Paddle's
// inference passes write): runs its sub-block (attribute `sub_block`, type
// BLOCK) once when the condition holds, as Paddle does:
// - is_scalar_condition true: Cond is one one-element bool tensor, run when
//   it is true;
// - otherwise: run when every tensor of Cond has at least one element
//   (Paddle's "non-empty" rule, used by old fluid.layers.cond exports).
// Input lists the parent variables the sub-block reads and Out those it
// writes; the sub-block's ops read and write them by name, and the graph
// passes link the op to all of them. When the block does not run, Out keeps whatever
// it held (select_input picks the branch that ran). The Scope output only
// matters to training and is ignored.
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct ConditionalBlockParam {
  std::vector<Tensor*> cond;
  std::vector<std::string> cond_names;
  bool is_scalar{false};
  int32_t sub_block{-1};
};

class ConditionalBlockOp : public OperatorBase<ConditionalBlockParam> {
 public:
  void SetEnv(const OpEnv& env) override { program_ = env.program; }
  // The outputs are written by the sub-block's ops.
  void InferShape() override {}

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.cond = GetInputList(desc, scope, "Cond");
    p.cond_names = desc.Input("Cond");
    // Input may name tensors or tensor arrays; Out is created by the
    // sub-block's ops (bound right after this op).
    CheckInputNames(desc, scope, "Input");
    p.is_scalar = desc.GetAttr<bool>("is_scalar_condition", false);
    p.sub_block = desc.GetAttr<int32_t>("sub_block");
    if (program_) {
      const int32_t n = static_cast<int32_t>(program_->blocks.size());
      LITE_ENFORCE(p.sub_block > 0 && p.sub_block < n, "op '", desc.Type(),
                   "': attribute 'sub_block' = ", p.sub_block,
                   " is not a block of the program (it has ", n, " blocks; block 0 excluded)");
    }
    LITE_ENFORCE(!p.is_scalar || p.cond.size() == 1, "op '", desc.Type(),
                 "': with is_scalar_condition, input 'Cond' must name one variable, got ",
                 p.cond.size());
  }

 private:
  const cpp::ProgramDesc* program_{nullptr};
};

class ConditionalBlockKernel : public KernelBase<ConditionalBlockParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    LITE_ENFORCE(ctx.blocks != nullptr, "op 'conditional_block' (block ", p.sub_block,
                 "): no runtime program to run its sub-block");
    if (NeedRun(p)) ctx.blocks->RunBlock(p.sub_block, ctx);
  }

 private:
  static bool NeedRun(const ConditionalBlockParam& p) {
    if (!p.is_scalar) {
      for (const Tensor* c : p.cond) {
        if (c->numel() == 0) return false;
      }
      return true;
    }
    const Tensor& c = *p.cond[0];
    LITE_ENFORCE(c.initialized() && c.dtype() == DataType::kBool && c.numel() == 1,
                 "op 'conditional_block' (sub-block ", p.sub_block, "): input 'Cond' (variable '",
                 p.cond_names[0], "') must be a bool tensor with one element "
                 "(is_scalar_condition), got ", c.initialized() ? DataTypeName(c.dtype()) : "no data",
                 " with dims ", DimsToString(c.dims()));
    return c.data<bool>()[0];
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ConditionalBlockOp)
LITE_KERNEL_CLASS(ConditionalBlockKernel)
