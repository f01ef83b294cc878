// where: Out = Condition ? X : Y elementwise, with numpy broadcasting of the
// three inputs (Paddle requires equal dims; broadcasting is a superset).
// Condition is bool; X and Y float32/int32/int64 of the same type.
#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct WhereParam {
  const Tensor* cond{nullptr};
  const Tensor* x{nullptr};
  const Tensor* y{nullptr};
  Tensor* out{nullptr};
};

class WhereOp : public OperatorBase<WhereParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    DDim xy = BroadcastOutputDims("where", p.x->dims(), p.y->dims(), -1);
    DDim out = BroadcastOutputDims("where", p.cond->dims(), xy, -1, "Condition",
                                   "X and Y broadcast");
    p.out->Resize(out);
    if (p.x->dtype() != DataType::kUnknown) p.out->set_dtype(p.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.cond = GetInput(desc, scope, "Condition");
    param_.x = GetInput(desc, scope, "X");
    param_.y = GetInput(desc, scope, "Y");
    param_.out = GetOutput(desc, scope, "Out");
  }
};

namespace {

// Strides of `d` right-aligned to rank `rank`, 0 where broadcast.
std::vector<int64_t> AlignedStrides(const DDim& d, const DDim& out) {
  std::vector<int64_t> s(out.size(), 0);
  int64_t st = 1;
  for (size_t i = 0; i < d.size(); ++i) {
    size_t k = d.size() - 1 - i;
    size_t o = out.size() - 1 - i;
    s[o] = d[k] == 1 ? 0 : st;
    st *= d[k];
  }
  return s;
}

}  // namespace

class WhereKernel : public KernelBase<WhereParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    EnforceDataType("where", "Condition", *p.cond, DataType::kBool);
    LITE_ENFORCE(p.x->initialized(), "op 'where': input 'X' has no data");
    EnforceDataType("where", "Y", *p.y, p.x->dtype());
    const DDim& od = p.out->dims();
    const auto sc = AlignedStrides(p.cond->dims(), od);
    const auto sx = AlignedStrides(p.x->dims(), od);
    const auto sy = AlignedStrides(p.y->dims(), od);
    const int64_t n = Numel(od);
    const bool* c = p.cond->data<bool>();
    const bool flat = p.cond->numel() == n && p.x->numel() == n && p.y->numel() == n;
    DispatchDataType<float, int32_t, int64_t>(p.x->dtype(), "where", "X", [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T* x = p.x->data<T>();
      const T* y = p.y->data<T>();
      T* out = p.out->mutable_data<T>();
      if (flat) {
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (n > 65536 && ctx.threads > 1)
        for (int64_t i = 0; i < n; ++i) out[i] = c[i] ? x[i] : y[i];
        return;
      }
      for (int64_t i = 0; i < n; ++i) {
        int64_t r = i, oc = 0, ox = 0, oy = 0;
        for (size_t j = od.size(); j-- > 0;) {
          int64_t idx = r % od[j];
          r /= od[j];
          oc += idx * sc[j];
          ox += idx * sx[j];
          oy += idx * sy[j];
        }
        out[i] = c[oc] ? x[ox] : y[oy];
      }
    });
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(WhereOp)
LITE_KERNEL_CLASS(WhereKernel)
