// mean: Out (0-D, as Paddle Lite) = the average of every element of X
// (float32/float64; accumulated in double).
#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct MeanParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
};

class MeanOp : public OperatorBase<MeanParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    LITE_ENFORCE(p.x->numel() > 0, "op 'mean': input 'X' ", DimsToString(p.x->dims()),
                 " has no elements");
    p.out->Resize({});
    p.out->set_dtype(p.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.x = GetInput(desc, scope, "X");
    param_.out = GetOutput(desc, scope, "Out");
  }
};

class MeanKernel : public KernelBase<MeanParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    DispatchDataType<float, double>(p.x->dtype(), "mean", "X", [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T* x = p.x->data<T>();
      const int64_t n = p.x->numel();
      double s = 0;
      for (int64_t i = 0; i < n; ++i) s += x[i];
      p.out->mutable_data<T>()[0] = static_cast<T>(s / static_cast<double>(n));
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(MeanOp)
LITE_KERNEL_CLASS(MeanKernel)
