// clip: Out = min(max(X, min), max). Attributes `min`, `max`; the optional
// 1-element inputs Min / Max override them. float32, int32, int64, int8,
// uint8 (bounds are converted to the element type).
#include <limits>

#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct ClipParam {
  const Tensor* x{nullptr};
  const Tensor* min_tensor{nullptr};
  const Tensor* max_tensor{nullptr};
  Tensor* out{nullptr};
  float min{0.f};
  float max{0.f};
};

class ClipOp : public OperatorBase<ClipParam> {
 public:
  void InferShape() override {
    SameShapeAsX(*param_.x, param_.out);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.x = GetInput(desc, scope, "X");
    param_.min_tensor = GetOptionalInput(desc, scope, "Min");
    param_.max_tensor = GetOptionalInput(desc, scope, "Max");
    param_.out = GetOutput(desc, scope, "Out");
    param_.min = desc.GetAttr<float>("min", std::numeric_limits<float>::lowest());
    param_.max = desc.GetAttr<float>("max", std::numeric_limits<float>::max());
  }
};

namespace {

double ReadBound(const Tensor* t, const char* slot, double fallback) {
  if (!t) return fallback;
  LITE_ENFORCE(t->initialized() && t->numel() == 1, "op 'clip': input '", slot,
               "' must hold exactly 1 value, dims are ", DimsToString(t->dims()));
  double v = 0;
  DispatchDataType<float, double, int32_t, int64_t, int8_t, uint8_t>(t->dtype(), "clip", slot, [&](auto tag) {
    v = static_cast<double>(t->data<typename decltype(tag)::type>()[0]);
  });
  return v;
}

}  // namespace

class ClipKernel : public KernelBase<ClipParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    LITE_ENFORCE(p.x->initialized(), "op 'clip': input 'X' has no data");
    const double lo = ReadBound(p.min_tensor, "Min", p.min);
    const double hi = ReadBound(p.max_tensor, "Max", p.max);
    LITE_ENFORCE(lo <= hi, "op 'clip': min (", lo, ") must not exceed max (", hi, ")");
    DispatchDataType<float, int32_t, int64_t, int8_t, uint8_t>(p.x->dtype(), "clip", "X", [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T l = lo < double(std::numeric_limits<T>::lowest()) ? std::numeric_limits<T>::lowest()
                                                                 : static_cast<T>(lo);
      const T h = hi > double(std::numeric_limits<T>::max()) ? std::numeric_limits<T>::max()
                                                              : static_cast<T>(hi);
      const T* x = p.x->data<T>();
      T* y = p.out->mutable_data<T>();
      const int64_t n = p.x->numel();
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (n > 65536 && ctx.threads > 1)
      for (int64_t i = 0; i < n; ++i) {
        // NaN gives min (ClampNum's rule, as oneDNN and XNNPACK clamp).
        T v = x[i] > l ? x[i] : l;
        y[i] = v < h ? v : h;
      }
    });
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ClipOp)
LITE_KERNEL_CLASS(ClipKernel)
