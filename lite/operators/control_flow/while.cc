// while: runs its sub-block (attribute `sub_block`, type BLOCK) as long as
// Condition (a one-element bool tensor the sub-block rewrites) is true, as
// Paddle's while op does at inference. X lists the parent variables the
// sub-block reads and Out those it writes (tensors or tensor arrays); the
// sub-block's ops read and write them by name in the program's scope
// (lite/core/program.h), and the graph passes link the op to all of them.
// StepScopes and is_test only matter to training (Paddle keeps a scope per
// step for the backward pass); here every iteration reuses the same
// variables, as Paddle does with is_test.
// An optional iteration limit (CxxConfig/MobileConfig::
// set_max_loop_iterations, off by default as in Paddle) stops a loop that
// never ends with an Error naming the op and block.
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct WhileParam {
  const Tensor* cond{nullptr};
  std::string cond_name;
  int32_t sub_block{-1};
};

class WhileOp : public OperatorBase<WhileParam> {
 public:
  void SetEnv(const OpEnv& env) override { program_ = env.program; }
  // The outputs are written by the sub-block's ops, which infer their own
  // shapes.
  void InferShape() override {}

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.cond = GetInput(desc, scope, "Condition");
    p.cond_name = desc.Input("Condition")[0];
    // X may name tensors or tensor arrays; Out is created by the sub-block's
    // ops (bound right after this op).
    CheckInputNames(desc, scope, "X");
    desc.GetAttr<bool>("is_test", true);
    p.sub_block = desc.GetAttr<int32_t>("sub_block");
    if (program_) {
      const int32_t n = static_cast<int32_t>(program_->blocks.size());
      LITE_ENFORCE(p.sub_block > 0 && p.sub_block < n, "op 'while' (condition '", p.cond_name,
                   "'): attribute 'sub_block' = ", p.sub_block,
                   " is not a block of the program (it has ", n, " blocks; block 0 excluded)");
    }
  }

 private:
  const cpp::ProgramDesc* program_{nullptr};
};

class WhileKernel : public KernelBase<WhileParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    LITE_ENFORCE(ctx.blocks != nullptr, "op 'while' (block ", p.sub_block,
                 "): no runtime program to run its sub-block");
    const int64_t limit = ctx.blocks->max_loop_iterations();
    int64_t iterations = 0;
    while (Condition(p)) {
      LITE_ENFORCE(limit == 0 || iterations < limit, "op 'while' (sub-block ", p.sub_block,
                   ", condition '", p.cond_name, "'): the condition is still true after ",
                   limit, " iterations, the limit set by set_max_loop_iterations");
      ctx.blocks->RunBlock(p.sub_block, ctx);
      ++iterations;
    }
  }

 private:
  static bool Condition(const WhileParam& p) {
    const Tensor& c = *p.cond;
    LITE_ENFORCE(c.initialized() && c.dtype() == DataType::kBool && c.numel() == 1,
                 "op 'while' (sub-block ", p.sub_block, "): input 'Condition' (variable '",
                 p.cond_name, "') must be a bool tensor with one element, got ",
                 c.initialized() ? DataTypeName(c.dtype()) : "no data", " with dims ",
                 DimsToString(c.dims()));
    return c.data<bool>()[0];
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(WhileOp)
LITE_KERNEL_CLASS(WhileKernel)
