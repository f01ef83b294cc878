// inverse: Output = the inverse of each [n, n] matrix of Input [..., n, n]
// (Gauss-Jordan elimination with partial pivoting, in double); a singular
// matrix is an error naming the batch entry. float32/float64.
// cos_sim: Out[i] = <X_i, Y_i> / (|X_i| |Y_i|) over the rows of X [N, ...]
// (flattened after dim 0) and Y [N, ...] or [1, ...] (broadcast); XNorm and
// YNorm are the row norms ([N, 1], [N or 1, 1]).
// axpy (Paddle Lite): Out = Scale[n, c] * X + Bias, X and Bias [N, C, ...],
// Scale [N, C].
#include <cmath>

#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct InverseParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
};

class InverseOp : public OperatorBase<InverseParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& d = p.x->dims();
    LITE_ENFORCE(d.size() >= 2 && d[d.size() - 1] == d[d.size() - 2], "op 'inverse': input "
                 "'Input' must be [..., n, n], got ", DimsToString(d));
    p.out->Resize(d);
    p.out->set_dtype(p.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.x = GetInput(desc, scope, "Input");
    param_.out = GetOutput(desc, scope, "Output");
  }
};

class InverseKernel : public KernelBase<InverseParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& d = p.x->dims();
    const int64_t n = d.back(), mats = DimsProduct(d, 0, d.size() - 2);
    DispatchDataType<float, double>(p.x->dtype(), "inverse", "Input", [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T* x = p.x->data<T>();
      T* o = p.out->mutable_data<T>();
      std::vector<double> a(n * 2 * n);
      for (int64_t m = 0; m < mats; ++m) {
        // [A | I] -> [I | A^-1].
        for (int64_t i = 0; i < n; ++i)
          for (int64_t j = 0; j < 2 * n; ++j)
            a[i * 2 * n + j] = j < n ? x[(m * n + i) * n + j] : (j - n == i ? 1.0 : 0.0);
        for (int64_t c = 0; c < n; ++c) {
          int64_t piv = c;
          for (int64_t r = c + 1; r < n; ++r)
            if (std::fabs(a[r * 2 * n + c]) > std::fabs(a[piv * 2 * n + c])) piv = r;
          LITE_ENFORCE(a[piv * 2 * n + c] != 0.0, "op 'inverse': matrix ", m,
                       " of Input is singular");
          if (piv != c)
            for (int64_t j = 0; j < 2 * n; ++j) std::swap(a[c * 2 * n + j], a[piv * 2 * n + j]);
          const double inv = 1.0 / a[c * 2 * n + c];
          for (int64_t j = 0; j < 2 * n; ++j) a[c * 2 * n + j] *= inv;
          for (int64_t r = 0; r < n; ++r) {
            if (r == c) continue;
            const double f = a[r * 2 * n + c];
            if (f == 0.0) continue;
            for (int64_t j = 0; j < 2 * n; ++j) a[r * 2 * n + j] -= f * a[c * 2 * n + j];
          }
        }
        for (int64_t i = 0; i < n; ++i)
          for (int64_t j = 0; j < n; ++j)
            o[(m * n + i) * n + j] = static_cast<T>(a[i * 2 * n + n + j]);
      }
    });
  }
};

struct CosSimParam {
  const Tensor *x{nullptr}, *y{nullptr};
  Tensor *out{nullptr}, *x_norm{nullptr}, *y_norm{nullptr};
};

class CosSimOp : public OperatorBase<CosSimParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim &xd = p.x->dims(), &yd = p.y->dims();
    LITE_ENFORCE(!xd.empty() && xd.size() == yd.size() && (yd[0] == xd[0] || yd[0] == 1) &&
                     DimsProduct(xd, 1, xd.size()) == DimsProduct(yd, 1, yd.size()),
                 "op 'cos_sim': Y dims ", DimsToString(yd), " must be X dims ", DimsToString(xd),
                 " with a first dim of ", xd.empty() ? 0 : xd[0], " or 1");
    p.out->Resize({xd[0], 1});
    p.out->set_dtype(DataType::kFloat32);
    if (p.x_norm) {
      p.x_norm->Resize({xd[0], 1});
      p.x_norm->set_dtype(DataType::kFloat32);
    }
    if (p.y_norm) {
      p.y_norm->Resize({yd[0], 1});
      p.y_norm->set_dtype(DataType::kFloat32);
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.y = GetInput(desc, scope, "Y");
    p.out = GetOutput(desc, scope, "Out");
    p.x_norm = GetOptionalOutput(desc, scope, "XNorm");
    p.y_norm = GetOptionalOutput(desc, scope, "YNorm");
  }
};

class CosSimKernel : public KernelBase<CosSimParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    EnforceDataType("cos_sim", "X", *p.x, DataType::kFloat32);
    EnforceDataType("cos_sim", "Y", *p.y, DataType::kFloat32);
    const DDim& xd = p.x->dims();
    const int64_t rows = xd[0], len = DimsProduct(xd, 1, xd.size());
    const bool y_broadcast = p.y->dims()[0] == 1 && rows != 1;
    const float* x = p.x->data<float>();
    const float* y = p.y->data<float>();
    float* out = p.out->mutable_data<float>();
    float* xn = p.x_norm ? p.x_norm->mutable_data<float>() : nullptr;
    float* yn = p.y_norm ? p.y_norm->mutable_data<float>() : nullptr;
    for (int64_t r = 0; r < rows; ++r) {
      const float* xr = x + r * len;
      const float* yr = y + (y_broadcast ? 0 : r) * len;
      double xy = 0, xx = 0, yy = 0;
      for (int64_t j = 0; j < len; ++j) {
        xy += double(xr[j]) * yr[j];
        xx += double(xr[j]) * xr[j];
        yy += double(yr[j]) * yr[j];
      }
      out[r] = static_cast<float>(xy / (std::sqrt(xx) * std::sqrt(yy)));
      if (xn) xn[r] = static_cast<float>(std::sqrt(xx));
      if (yn && (!y_broadcast || r == 0)) yn[y_broadcast ? 0 : r] = static_cast<float>(std::sqrt(yy));
    }
  }
};

struct AxpyParam {
  const Tensor *scale{nullptr}, *x{nullptr}, *bias{nullptr};
  Tensor* out{nullptr};
};

class AxpyOp : public OperatorBase<AxpyParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& xd = p.x->dims();
    LITE_ENFORCE(xd.size() >= 2 && p.bias->dims() == xd && p.scale->numel() == xd[0] * xd[1],
                 "op 'axpy': X ", DimsToString(xd), " and Bias ", DimsToString(p.bias->dims()),
                 " must match and Scale ", DimsToString(p.scale->dims()), " hold N * C values");
    p.out->Resize(xd);
    p.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.scale = GetInput(desc, scope, "Scale");
    p.x = GetInput(desc, scope, "X");
    p.bias = GetInput(desc, scope, "Bias");
    p.out = GetOutput(desc, scope, "Out");
  }
};

class AxpyKernel : public KernelBase<AxpyParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& xd = p.x->dims();
    const int64_t planes = xd[0] * xd[1], inner = DimsProduct(xd, 2, xd.size());
    const float* s = p.scale->data<float>();
    const float* x = p.x->data<float>();
    const float* b = p.bias->data<float>();
    float* o = p.out->mutable_data<float>();
    for (int64_t c = 0; c < planes; ++c)
      for (int64_t i = 0; i < inner; ++i) o[c * inner + i] = s[c] * x[c * inner + i] + b[c * inner + i];
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(InverseOp)
LITE_KERNEL_CLASS(InverseKernel)
LITE_OP_CLASS(CosSimOp)
LITE_KERNEL_CLASS(CosSimKernel)
LITE_OP_CLASS(AxpyOp)
LITE_KERNEL_CLASS(AxpyKernel)
