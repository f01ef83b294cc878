// range: Out = [Start, Start + Step, ...) up to End (exclusive), with
// ceil(|(End - Start) / Step|) elements; Start/End/Step are one-element
// tensors of the output type (float32, float64, int32 or int64).
#include <cmath>
#include <type_traits>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct RangeParam {
  const Tensor* start{nullptr};
  const Tensor* end{nullptr};
  const Tensor* step{nullptr};
  Tensor* out{nullptr};
};

template <typename T>
T Scalar(const Tensor& t, const char* slot) {
  LITE_ENFORCE(t.numel() == 1, "op 'range': input '", slot, "' must hold one value, got dims ",
               DimsToString(t.dims()));
  return t.data<T>()[0];
}

class RangeOp : public OperatorBase<RangeParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DataType t = p.start->dtype();
    LITE_ENFORCE(p.end->dtype() == t && p.step->dtype() == t, "op 'range': Start, End and Step "
                 "must have the same type, got ", DataTypeName(t), ", ",
                 DataTypeName(p.end->dtype()), ", ", DataTypeName(p.step->dtype()));
    int64_t n = 0;
    DispatchType(t, "range", [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_same_v<T, bool>) {
        ThrowError("op 'range': bool Start/End/Step are not supported");
      } else {
        const double s = static_cast<double>(Scalar<T>(*p.start, "Start"));
        const double e = static_cast<double>(Scalar<T>(*p.end, "End"));
        const double st = static_cast<double>(Scalar<T>(*p.step, "Step"));
        LITE_ENFORCE(st != 0, "op 'range': Step must not be 0");
        LITE_ENFORCE((e - s) * st >= 0, "op 'range': Step ", st, " moves away from End ", e,
                     " (Start ", s, ")");
        n = static_cast<int64_t>(std::ceil(std::fabs((e - s) / st)));
      }
    });
    p.out->Resize({n});
    p.out->set_dtype(t);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.start = GetInput(desc, scope, "Start");
    param_.end = GetInput(desc, scope, "End");
    param_.step = GetInput(desc, scope, "Step");
    param_.out = GetOutput(desc, scope, "Out");
  }
};

class RangeKernel : public KernelBase<RangeParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    DispatchType(p.start->dtype(), "range", [&](auto tag) {
      using T = decltype(tag);
      if constexpr (!std::is_same_v<T, bool>) {
        const T s = Scalar<T>(*p.start, "Start"), st = Scalar<T>(*p.step, "Step");
        T* o = p.out->template mutable_data<T>();
        T v = s;
        for (int64_t i = 0; i < p.out->numel(); ++i) {
          o[i] = v;
          v = static_cast<T>(v + st);
        }
      }
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(RangeOp)
LITE_KERNEL_CLASS(RangeKernel)
