// prelu: Out = X > 0 ? X : alpha * X with input Alpha and attribute `mode`:
// "all" (Alpha holds 1 value), "channel" (one per channel: dim 1 for
// data_format "NCHW", the last dim for "NHWC"), "element" (one per element
// of a sample: numel(X) / dims[0] values). Float32.
#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct PreluParam {
  const Tensor* x{nullptr};
  const Tensor* alpha{nullptr};
  Tensor* out{nullptr};
  std::string mode{"all"};
  bool nhwc{false};
};

class PreluOp : public OperatorBase<PreluParam> {
 public:
  void InferShape() override {
    const auto& p = param_;
    const DDim& d = p.x->dims();
    const int64_t na = p.alpha->numel();
    int64_t want = 1;
    if (p.mode == "channel") {
      LITE_ENFORCE(d.size() >= 2, "op 'prelu': mode 'channel' needs X of rank >= 2, X dims are ",
                   DimsToString(d));
      want = p.nhwc ? d.back() : d[1];
    } else if (p.mode == "element") {
      LITE_ENFORCE(!d.empty(), "op 'prelu': mode 'element' needs X of rank >= 1");
      want = DimsProduct(d, 1, d.size());
    }
    LITE_ENFORCE(na == want, "op 'prelu': input 'Alpha' has dims ", DimsToString(p.alpha->dims()),
                 " (", na, " values) but mode '", p.mode, "' with X dims ", DimsToString(d),
                 " needs ", want, " values");
    param_.out->Resize(d);
    param_.out->set_lod(p.x->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.x = GetInput(desc, scope, "X");
    param_.alpha = GetInput(desc, scope, "Alpha");
    param_.out = GetOutput(desc, scope, "Out");
    param_.mode = desc.GetAttr<std::string>("mode", "all");
    LITE_ENFORCE(param_.mode == "all" || param_.mode == "channel" || param_.mode == "element",
                 "op 'prelu': attribute 'mode' is '", param_.mode,
                 "', expected 'all', 'channel' or 'element'");
    std::string fmt = desc.GetAttr<std::string>("data_format", "NCHW");
    LITE_ENFORCE(fmt == "NCHW" || fmt == "NHWC", "op 'prelu': attribute 'data_format' is '",
                 fmt, "', expected 'NCHW' or 'NHWC'");
    param_.nhwc = fmt == "NHWC";
  }
};

// max/min form vectorizes (a ternary choosing v or a*v compiles to a
// mispredicting branch); exact since one term is +-0; NaN propagates.
inline float Prelu1(float v, float a) {
  return (v < 0.f ? 0.f : v) + a * (0.f < v ? 0.f : v);
}

class PreluKernel : public KernelBase<PreluParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    EnforceDataType("prelu", "X", *p.x, DataType::kFloat32);
    EnforceDataType("prelu", "Alpha", *p.alpha, DataType::kFloat32);
    const float* x = p.x->data<float>();
    const float* a = p.alpha->data<float>();
    float* y = p.out->mutable_data<float>();
    const DDim& d = p.x->dims();
    const int64_t n = p.x->numel();
    if (p.mode == "all") {
      const float s = a[0];
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (n > 65536 && ctx.threads > 1)
      for (int64_t i = 0; i < n; ++i) y[i] = Prelu1(x[i], s);
      return;
    }
    if (p.mode == "element") {
      const int64_t inner = DimsProduct(d, 1, d.size());
      const int64_t outer = inner == 0 ? 0 : n / inner;
      for (int64_t o = 0; o < outer; ++o) {
        const float* xo = x + o * inner;
        float* yo = y + o * inner;
        for (int64_t i = 0; i < inner; ++i) yo[i] = Prelu1(xo[i], a[i]);
      }
      return;
    }
    if (p.nhwc) {
      const int64_t c = d.back();
      const int64_t rows = c == 0 ? 0 : n / c;
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (n > 65536 && ctx.threads > 1)
      for (int64_t r = 0; r < rows; ++r) {
        const float* xr = x + r * c;
        float* yr = y + r * c;
        for (int64_t i = 0; i < c; ++i) yr[i] = Prelu1(xr[i], a[i]);
      }
      return;
    }
    const int64_t c = d[1];
    const int64_t inner = DimsProduct(d, 2, d.size());
    const int64_t planes = d[0] * c;
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (n > 65536 && ctx.threads > 1)
    for (int64_t pl = 0; pl < planes; ++pl) {
      const float s = a[pl % c];
      const float* xr = x + pl * inner;
      float* yr = y + pl * inner;
      for (int64_t i = 0; i < inner; ++i) yr[i] = Prelu1(xr[i], s);
    }
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(PreluOp)
LITE_KERNEL_CLASS(PreluKernel)
