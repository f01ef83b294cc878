// tril_triu: Out = X with the elements of the last two dims outside the
// lower (lower = true: column - row <= diagonal) or upper (column - row >=
// diagonal) triangle set to 0. X of rank >= 2, any numeric type.
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct TrilTriuParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  int diagonal{0};
  bool lower{true};
};

class TrilTriuOp : public OperatorBase<TrilTriuParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    LITE_ENFORCE(p.x->dims().size() >= 2, "op 'tril_triu': input 'X' must have rank >= 2, got ",
                 DimsToString(p.x->dims()));
    p.out->Resize(p.x->dims());
    p.out->set_dtype(p.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.diagonal = desc.GetAttr<int32_t>("diagonal", 0);
    p.lower = desc.GetAttr<bool>("lower", true);
  }
};

class TrilTriuKernel : public KernelBase<TrilTriuParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& d = p.x->dims();
    const int64_t rows = d[d.size() - 2], cols = d.back(), mats = DimsProduct(d, 0, d.size() - 2);
    DispatchType(p.x->dtype(), "tril_triu", [&](auto tag) {
      using T = decltype(tag);
      const T* x = p.x->template data<T>();
      T* o = p.out->template mutable_data<T>();
      for (int64_t m = 0; m < mats; ++m)
        for (int64_t i = 0; i < rows; ++i)
          for (int64_t j = 0; j < cols; ++j) {
            const int64_t at = (m * rows + i) * cols + j;
            const bool keep = p.lower ? j - i <= p.diagonal : j - i >= p.diagonal;
            o[at] = keep ? x[at] : T(0);
          }
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(TrilTriuOp)
LITE_KERNEL_CLASS(TrilTriuKernel)
