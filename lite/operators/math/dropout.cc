// dropout at inference: "downgrade_in_infer" (the default) gives
// Out = X * (1 - dropout_prob); "upscale_in_train" gives Out = X. The
// optional output Mask (uint8) is filled with 1s. Float32.
#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct DropoutParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  Tensor* mask{nullptr};
  float prob{0.5f};
  bool upscale{false};
};

class DropoutOp : public OperatorBase<DropoutParam> {
 public:
  void InferShape() override {
    param_.out->Resize(param_.x->dims());
    param_.out->set_lod(param_.x->lod());
    if (param_.mask) param_.mask->Resize(param_.x->dims());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.mask = GetOptionalOutput(desc, scope, "Mask");
    p.prob = desc.GetAttr<float>("dropout_prob", 0.5f);
    LITE_ENFORCE(p.prob >= 0.f && p.prob <= 1.f, "op 'dropout': attribute 'dropout_prob' is ",
                 p.prob, ", expected a value in [0, 1]");
    std::string impl = desc.GetAttr<std::string>("dropout_implementation", "downgrade_in_infer");
    LITE_ENFORCE(impl == "downgrade_in_infer" || impl == "upscale_in_train",
                 "op 'dropout': attribute 'dropout_implementation' is '", impl,
                 "', expected 'downgrade_in_infer' or 'upscale_in_train'");
    p.upscale = impl == "upscale_in_train";
  }
};

class DropoutKernel : public KernelBase<DropoutParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    EnforceDataType("dropout", "X", *p.x, DataType::kFloat32);
    const float* x = p.x->data<float>();
    float* y = p.out->mutable_data<float>();
    const int64_t n = p.x->numel();
    const float s = p.upscale ? 1.f : 1.f - p.prob;
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (n > 65536 && ctx.threads > 1)
    for (int64_t i = 0; i < n; ++i) y[i] = x[i] * s;
    if (p.mask) {
      uint8_t* m = p.mask->mutable_data<uint8_t>();
      for (int64_t i = 0; i < n; ++i) m[i] = 1;
    }
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(DropoutOp)
LITE_KERNEL_CLASS(DropoutKernel)
