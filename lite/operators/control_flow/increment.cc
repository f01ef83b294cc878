// increment: Out = X + step for a one-element tensor X (the loop counter of
// Paddle's while loops); attribute `step` (float, default 1.0) is converted
// to X's element type. Out may be X itself (in place).
#include <type_traits>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct IncrementParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  float step{1.f};
};

class IncrementOp : public OperatorBase<IncrementParam> {
 public:
  void InferShape() override {
    const Tensor& x = *param_.x;
    LITE_ENFORCE(x.numel() == 1, "op 'increment': input 'X' must hold one element, got dims ",
                 DimsToString(x.dims()));
    param_.out->Resize(x.dims());
    param_.out->set_dtype(x.dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.x = GetInput(desc, scope, "X");
    param_.out = GetOutput(desc, scope, "Out");
    param_.step = desc.GetAttr<float>("step", 1.f);
  }
};

class IncrementKernel : public KernelBase<IncrementParam> {
 public:
  void Run(const RunContext&) override {
    const auto& p = param();
    LITE_ENFORCE(p.x->initialized(), "op 'increment': input 'X' has no data");
    DispatchType(p.x->dtype(), "increment", [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_same_v<T, bool>) {
        ThrowError("op 'increment': input 'X' is bool (expected a number)");
      } else {
        const T v = p.x->data<T>()[0];
        p.out->mutable_data<T>()[0] = static_cast<T>(v + static_cast<T>(p.step));
      }
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(IncrementOp)
LITE_KERNEL_CLASS(IncrementKernel)
