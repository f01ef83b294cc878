// scale: Out = scale * X + bias (bias_after_scale, the default) or
// scale * (X + bias). The optional 1-element input ScaleTensor overrides
// `scale`. Optional fused activation (attribute `activation_type`: relu,
// relu6, leaky_relu with `alpha`, ...; set by fusion passes) on float32.
// float32, int32, int64 (integers: scale and bias converted to the element
// type first, as Paddle does).
#include <type_traits>

#include "lite/core/registry.h"
#include "lite/operators/math/activation_funcs.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct ScaleParam {
  const Tensor* x{nullptr};
  const Tensor* scale_tensor{nullptr};
  Tensor* out{nullptr};
  float scale{1.f};
  float bias{0.f};
  bool bias_after_scale{true};
  ActParam act;
};

class ScaleOp : public OperatorBase<ScaleParam> {
 public:
  void InferShape() override {
    SameShapeAsX(*param_.x, param_.out);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.x = GetInput(desc, scope, "X");
    param_.scale_tensor = GetOptionalInput(desc, scope, "ScaleTensor");
    param_.out = GetOutput(desc, scope, "Out");
    param_.scale = desc.GetAttr<float>("scale", 1.f);
    param_.bias = desc.GetAttr<float>("bias", 0.f);
    param_.bias_after_scale = desc.GetAttr<bool>("bias_after_scale", true);
    std::string act = desc.GetAttr<std::string>("activation_type", std::string());
    ActType type;
    LITE_ENFORCE(ActTypeFromName(act, &type), "op 'scale': unknown activation_type '", act, "'");
    param_.act = ReadActParam(type, desc);
  }
};

class ScaleKernel : public KernelBase<ScaleParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    LITE_ENFORCE(p.x->initialized(), "op 'scale': input 'X' has no data");
    float s = p.scale;
    if (p.scale_tensor) {
      EnforceDataType("scale", "ScaleTensor", *p.scale_tensor, DataType::kFloat32);
      LITE_ENFORCE(p.scale_tensor->numel() == 1, "op 'scale': input 'ScaleTensor' must hold 1 value, dims are ",
                   DimsToString(p.scale_tensor->dims()));
      s = p.scale_tensor->data<float>()[0];
    }
    LITE_ENFORCE(p.act.type == ActType::kNone || p.x->dtype() == DataType::kFloat32,
                 "op 'scale': activation_type needs float32 X, X is ", DataTypeName(p.x->dtype()));
    DispatchDataType<float, int32_t, int64_t>(p.x->dtype(), "scale", "X", [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T sc = static_cast<T>(s);
      const T b = p.bias_after_scale ? static_cast<T>(p.bias) : static_cast<T>(s * p.bias);
      const T* x = p.x->data<T>();
      T* y = p.out->mutable_data<T>();
      const int64_t n = p.x->numel();
      if (!p.bias_after_scale && !std::is_same_v<T, float>) {
        // scale * (x + bias) in the integer type.
        const T bb = static_cast<T>(p.bias);
        for (int64_t i = 0; i < n; ++i) y[i] = sc * (x[i] + bb);
        return;
      }
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (n > 65536 && ctx.threads > 1)
      for (int64_t i = 0; i < n; ++i) y[i] = sc * x[i] + b;
      if constexpr (std::is_same_v<T, float>) {
        if (p.act.type != ActType::kNone) ApplyActParallel(p.act, y, y, n, ctx.threads);
      }
    });
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ScaleOp)
LITE_KERNEL_CLASS(ScaleKernel)
