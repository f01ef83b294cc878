// cumsum: running sum of X along `axis` (default -1); `flatten` sums the
// tensor as one flat vector (Out is then 1-D), `exclusive` leaves each
// element out of its own sum (the first is 0), `reverse` runs from the end.
// float32/float64/int32/int64; sums in the element type, as Paddle.
#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct CumsumParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  int axis_attr{-1};
  int axis{0};
  bool flatten{false}, exclusive{false}, reverse{false};
};

class CumsumOp : public OperatorBase<CumsumParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& xd = p.x->dims();
    if (p.flatten) {
      p.out->Resize({p.x->numel()});
      p.axis = 0;
    } else {
      const int64_t rank = static_cast<int64_t>(xd.size());
      LITE_ENFORCE(rank > 0, "op 'cumsum': input 'X' is a scalar; set 'flatten' or give X dims");
      LITE_ENFORCE(p.axis_attr >= -rank && p.axis_attr < rank, "op 'cumsum': attribute 'axis' ",
                   p.axis_attr, " is out of range for X dims ", DimsToString(xd),
                   " (expected [", -rank, ", ", rank, "))");
      p.axis = p.axis_attr < 0 ? p.axis_attr + static_cast<int>(rank) : p.axis_attr;
      p.out->Resize(xd);
    }
    p.out->set_dtype(p.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.axis_attr = desc.GetAttr<int32_t>("axis", -1);
    p.flatten = desc.GetAttr<bool>("flatten", false);
    p.exclusive = desc.GetAttr<bool>("exclusive", false);
    p.reverse = desc.GetAttr<bool>("reverse", false);
  }
};

class CumsumKernel : public KernelBase<CumsumParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& od = p.out->dims();
    const int64_t outer = DimsProduct(od, 0, p.axis), n = od.empty() ? 1 : od[p.axis];
    const int64_t inner = DimsProduct(od, p.axis + 1, od.size());
    DispatchDataType<float, double, int32_t, int64_t>(p.x->dtype(), "cumsum", "X", [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T* x = p.x->data<T>();
      T* y = p.out->mutable_data<T>();
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i) {
          T sum = 0;
          for (int64_t k = 0; k < n; ++k) {
            const int64_t j = p.reverse ? n - 1 - k : k;
            const int64_t at = (o * n + j) * inner + i;
            if (p.exclusive) {
              y[at] = sum;
              sum += x[at];
            } else {
              sum += x[at];
              y[at] = sum;
            }
          }
        }
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(CumsumOp)
LITE_KERNEL_CLASS(CumsumKernel)
