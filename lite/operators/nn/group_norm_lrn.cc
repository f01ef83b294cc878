// group_norm: X [N, C, ...] (NCHW) split into `groups` groups of C / groups
//   channels; each (n, group) is normalized by its mean and (biased)
//   variance: Y = (X - mean) / sqrt(var + epsilon) * Scale[c] + Bias[c]
//   (Scale/Bias optional, [C]); optional outputs Mean and Variance [N, groups].
// lrn (local response normalization across channels, NCHW 4-D):
//   MidOut = k + alpha * sum of X^2 over the n channels around c
//   (c - (n-1)/2 .. c + n/2), Out = X * MidOut^-beta (alpha not divided by n).
#include <algorithm>
#include <cmath>

#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct GroupNormParam {
  const Tensor *x{nullptr}, *scale{nullptr}, *bias{nullptr};
  Tensor *y{nullptr}, *mean{nullptr}, *var{nullptr};
  float epsilon{1e-5f};
  int groups{1};
};

class GroupNormOp : public OperatorBase<GroupNormParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& xd = p.x->dims();
    LITE_ENFORCE(xd.size() >= 2, "op 'group_norm': input 'X' must have rank >= 2, got ",
                 DimsToString(xd));
    const int64_t C = xd[1];
    LITE_ENFORCE(p.groups > 0 && C % p.groups == 0, "op 'group_norm': attribute 'groups' ",
                 p.groups, " must be positive and divide the ", C, " channels of X");
    for (const auto& [slot, t] : {std::pair<const char*, const Tensor*>{"Scale", p.scale},
                                  {"Bias", p.bias}}) {
      LITE_ENFORCE(!t || t->numel() == C, "op 'group_norm': input '", slot, "' ",
                   DimsToString(t ? t->dims() : DDim{}), " must have ", C, " elements");
    }
    p.y->Resize(xd);
    p.y->set_dtype(DataType::kFloat32);
    for (Tensor* t : {p.mean, p.var}) {
      if (t) {
        t->Resize({xd[0], p.groups});
        t->set_dtype(DataType::kFloat32);
      }
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.scale = GetOptionalInput(desc, scope, "Scale");
    p.bias = GetOptionalInput(desc, scope, "Bias");
    p.y = GetOutput(desc, scope, "Y");
    p.mean = GetOptionalOutput(desc, scope, "Mean");
    p.var = GetOptionalOutput(desc, scope, "Variance");
    p.epsilon = desc.GetAttr<float>("epsilon", 1e-5f);
    p.groups = desc.GetAttr<int32_t>("groups", 1);
    const std::string layout = desc.GetAttr<std::string>("data_layout", "NCHW");
    LITE_ENFORCE(layout == "NCHW" || layout == "AnyLayout", "op 'group_norm': attribute "
                 "'data_layout' is '", layout, "'; only NCHW is supported");
  }
};

class GroupNormKernel : public KernelBase<GroupNormParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& xd = p.x->dims();
    const int64_t N = xd[0], C = xd[1], G = p.groups, inner = DimsProduct(xd, 2, xd.size());
    const int64_t len = C / G * inner;
    const float* x = p.x->data<float>();
    float* y = p.y->mutable_data<float>();
    const float* scale = p.scale ? p.scale->data<float>() : nullptr;
    const float* bias = p.bias ? p.bias->data<float>() : nullptr;
    float* mean_out = p.mean ? p.mean->mutable_data<float>() : nullptr;
    float* var_out = p.var ? p.var->mutable_data<float>() : nullptr;
    for (int64_t ng = 0; ng < N * G; ++ng) {
      const float* xs = x + ng * len;
      double s = 0, ss = 0;
      for (int64_t i = 0; i < len; ++i) s += xs[i];
      const double m = len ? s / len : 0.0;
      for (int64_t i = 0; i < len; ++i) ss += (xs[i] - m) * (xs[i] - m);
      const double v = len ? ss / len : 0.0;
      const double inv = 1.0 / std::sqrt(v + p.epsilon);
      if (mean_out) mean_out[ng] = static_cast<float>(m);
      if (var_out) var_out[ng] = static_cast<float>(v);
      const int64_t c0 = (ng % G) * (C / G);
      for (int64_t i = 0; i < len; ++i) {
        const int64_t c = c0 + i / inner;
        const double a = (xs[i] - m) * inv;
        y[ng * len + i] = static_cast<float>(a * (scale ? scale[c] : 1.f) + (bias ? bias[c] : 0.f));
      }
    }
  }
};

struct LrnParam {
  const Tensor* x{nullptr};
  Tensor *out{nullptr}, *mid{nullptr};
  int n{5};
  float k{2.f}, alpha{1e-4f}, beta{0.75f};
};

class LrnOp : public OperatorBase<LrnParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& xd = p.x->dims();
    LITE_ENFORCE(xd.size() == 4, "op 'lrn': input 'X' must be 4-D NCHW, got ", DimsToString(xd));
    LITE_ENFORCE(p.n > 0, "op 'lrn': attribute 'n' must be positive, got ", p.n);
    for (Tensor* t : {p.out, p.mid}) {
      if (t) {
        t->Resize(xd);
        t->set_dtype(DataType::kFloat32);
      }
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.mid = GetOptionalOutput(desc, scope, "MidOut");
    p.n = desc.GetAttr<int32_t>("n", 5);
    p.k = desc.GetAttr<float>("k", 2.f);
    p.alpha = desc.GetAttr<float>("alpha", 1e-4f);
    p.beta = desc.GetAttr<float>("beta", 0.75f);
    const std::string layout = desc.GetAttr<std::string>("data_format", "AnyLayout");
    LITE_ENFORCE(layout == "NCHW" || layout == "AnyLayout", "op 'lrn': attribute 'data_format' "
                 "is '", layout, "'; only NCHW is supported");
  }
};

class LrnKernel : public KernelBase<LrnParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& d = p.x->dims();
    const int64_t N = d[0], C = d[1], hw = d[2] * d[3];
    const int64_t lo = (p.n - 1) / 2, hi = p.n - 1 - lo;
    const float* x = p.x->data<float>();
    float* out = p.out->mutable_data<float>();
    float* mid = p.mid ? p.mid->mutable_data<float>() : nullptr;
    for (int64_t b = 0; b < N; ++b)
      for (int64_t c = 0; c < C; ++c)
        for (int64_t i = 0; i < hw; ++i) {
          double sum = 0;
          for (int64_t cc = std::max<int64_t>(0, c - lo); cc <= std::min(C - 1, c + hi); ++cc) {
            const double v = x[(b * C + cc) * hw + i];
            sum += v * v;
          }
          const double m = p.k + p.alpha * sum;
          const int64_t at = (b * C + c) * hw + i;
          if (mid) mid[at] = static_cast<float>(m);
          out[at] = static_cast<float>(x[at] * std::pow(m, -static_cast<double>(p.beta)));
        }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(GroupNormOp)
LITE_KERNEL_CLASS(GroupNormKernel)
LITE_OP_CLASS(LrnOp)
LITE_KERNEL_CLASS(LrnKernel)
