// relu: Out = max(X, 0). Worked example of the op pattern (see
// docs/adding-an-op.md): param struct, Operator (attach + shape inference),
// kernel, registration; test in relu_test.cc; table line in ops.inc.
#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {

struct ReluParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
};

class ReluOp : public OperatorBase<ReluParam> {
 public:
  void InferShape() override {
    param_.out->Resize(param_.x->dims());
    param_.out->set_lod(param_.x->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.x = GetInput(desc, scope, "X");
    param_.out = GetOutput(desc, scope, "Out");
  }
};

class ReluKernel : public KernelBase<ReluParam> {
 public:
  void Run(const RunContext& ctx) override {
    const float* x = param().x->data<float>();
    float* out = param().out->mutable_data<float>();
    const int64_t n = param().x->numel();
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (n > 65536)
    for (int64_t i = 0; i < n; ++i) out[i] = x[i] > 0.f ? x[i] : 0.f;
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ReluOp)
LITE_KERNEL_CLASS(ReluKernel)
