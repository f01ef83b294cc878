// norm (L2 normalization along `axis`): Norm = sqrt(sum(X^2) + epsilon)
//   over that axis (kept as a dim of 1), Out = X / Norm.
// p_norm: Out = (sum |X|^porder)^(1 / porder) over `axis` (all elements with
//   `asvector`), `keepdim` keeping it as 1; porder inf / -inf give max / min
//   |X|, porder 0 the count of nonzero elements. epsilon only matters to the
//   gradient in Paddle and is not used. float32.
#include <algorithm>
#include <cmath>
#include <limits>

#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct PNormParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  Tensor* norm{nullptr};  // norm's Norm output
  bool l2_normalize{false};
  int axis_attr{-1};
  int axis{0};
  float porder{2.f}, epsilon{1e-10f};
  bool keepdim{false}, asvector{false};
  int64_t outer{1}, n{1}, inner{1};
};

class PNormOp : public OperatorBase<PNormParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    const DDim& xd = p.x->dims();
    const int64_t rank = static_cast<int64_t>(xd.size());
    if (p.asvector) {
      p.outer = 1;
      p.n = p.x->numel();
      p.inner = 1;
      p.out->Resize(p.keepdim ? DDim(xd.size(), 1) : DDim{});
    } else {
      LITE_ENFORCE(rank > 0 && p.axis_attr >= -rank && p.axis_attr < rank, "op '", op,
                   "': attribute 'axis' ", p.axis_attr, " is out of range for X dims ",
                   DimsToString(xd));
      p.axis = p.axis_attr < 0 ? p.axis_attr + static_cast<int>(rank) : p.axis_attr;
      p.outer = DimsProduct(xd, 0, p.axis);
      p.n = xd[p.axis];
      p.inner = DimsProduct(xd, p.axis + 1, xd.size());
      DDim reduced = xd;
      if (p.l2_normalize || p.keepdim) {
        reduced[p.axis] = 1;
      } else {
        reduced.erase(reduced.begin() + p.axis);
      }
      if (p.l2_normalize) {
        p.out->Resize(xd);
        if (p.norm) {
          p.norm->Resize(reduced);
          p.norm->set_dtype(DataType::kFloat32);
        }
      } else {
        p.out->Resize(reduced);
      }
    }
    p.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.l2_normalize = desc.Type() == "norm";
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    if (p.l2_normalize) {
      p.norm = GetOptionalOutput(desc, scope, "Norm");
      p.axis_attr = desc.GetAttr<int32_t>("axis", -1);
      p.epsilon = desc.GetAttr<float>("epsilon", 1e-10f);
    } else {
      p.axis_attr = desc.GetAttr<int32_t>("axis", -1);
      p.porder = desc.GetAttr<float>("porder", 2.f);
      p.keepdim = desc.GetAttr<bool>("keepdim", false);
      p.asvector = desc.GetAttr<bool>("asvector", false);
    }
  }
};

double PNorm(const float* x, int64_t n, int64_t stride, float porder) {
  if (std::isinf(porder)) {
    double m = porder > 0 ? 0.0 : std::numeric_limits<double>::infinity();
    for (int64_t k = 0; k < n; ++k) {
      const double a = std::fabs(x[k * stride]);
      m = porder > 0 ? std::max(m, a) : std::min(m, a);
    }
    return m;
  }
  double s = 0;
  if (porder == 0.f) {
    for (int64_t k = 0; k < n; ++k) s += x[k * stride] != 0.f;
    return s;
  }
  for (int64_t k = 0; k < n; ++k) s += std::pow(std::fabs(double(x[k * stride])), double(porder));
  return std::pow(s, 1.0 / porder);
}

class PNormKernel : public KernelBase<PNormParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    EnforceDataType(key().op_type, "X", *p.x, DataType::kFloat32);
    const float* x = p.x->data<float>();
    float* out = p.out->mutable_data<float>();
    float* norm = p.norm ? p.norm->mutable_data<float>() : nullptr;
    for (int64_t o = 0; o < p.outer; ++o)
      for (int64_t i = 0; i < p.inner; ++i) {
        const float* base = x + o * p.n * p.inner + i;
        if (!p.l2_normalize) {
          out[o * p.inner + i] = static_cast<float>(PNorm(base, p.n, p.inner, p.porder));
          continue;
        }
        double s = 0;
        for (int64_t k = 0; k < p.n; ++k) s += double(base[k * p.inner]) * base[k * p.inner];
        const double l2 = std::sqrt(s + p.epsilon);
        if (norm) norm[o * p.inner + i] = static_cast<float>(l2);
        for (int64_t k = 0; k < p.n; ++k)
          out[(o * p.n + k) * p.inner + i] = static_cast<float>(base[k * p.inner] / l2);
      }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(PNormOp)
LITE_KERNEL_CLASS(PNormKernel)
