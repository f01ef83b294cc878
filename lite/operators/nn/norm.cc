// Normalization ops (inference), plain C++ with OpenMP:
// - batch_norm (and sync_batch_norm, the same at inference): Y = (X - Mean) / sqrt(Variance + epsilon) * Scale + Bias per
//   channel (axis 1 for data_layout NCHW, last axis for NHWC; X of rank 2-5).
//   Inference always uses the running Mean/Variance. The outputs Paddle models
//   name (MeanOut, VarianceOut, SavedMean, SavedVariance, ReserveSpace) are
//   bound when present: MeanOut/VarianceOut receive copies of Mean/Variance
//   (nothing is written when they are the same variables, as in Paddle
//   models), SavedMean/SavedVariance are [C] zeros, ReserveSpace is empty.
// - layer_norm: normalizes over dims [begin_norm_axis, rank); optional Scale
//   and Bias (numel = product of those dims); outputs Y and optional Mean,
//   Variance (dims [prod of the leading dims]).
// - instance_norm: normalizes each (n, c) plane of X [N, C, ...]; optional
//   Scale/Bias [C]; optional outputs SavedMean [N*C] and SavedVariance [N*C]
//   (= 1 / sqrt(var + epsilon), as Paddle stores it).
#include <cmath>
#include <cstring>

#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {

// Mean and (biased) variance of n values, accumulated in double.
void MeanVar(const float* x, int64_t n, double* mean, double* var) {
  double s = 0;
  for (int64_t i = 0; i < n; ++i) s += x[i];
  const double m = n > 0 ? s / n : 0.0;
  double v = 0;
  for (int64_t i = 0; i < n; ++i) {
    const double d = x[i] - m;
    v += d * d;
  }
  *mean = m;
  *var = n > 0 ? v / n : 0.0;
}

void CheckNumel(const std::string& op, const char* slot, const Tensor* t, int64_t n,
                const std::string& what) {
  if (!t) return;
  LITE_ENFORCE(t->numel() == n, "op '", op, "': input '", slot, "' ", DimsToString(t->dims()),
               " must have ", n, " elements (", what, ")");
}

// Y takes X's dims and LoD, float.
void ShapeLikeX(Tensor* y, const Tensor* x) {
  y->Resize(x->dims());
  y->set_dtype(DataType::kFloat32);
  y->set_lod(x->lod());
}

// For each of `rows` consecutive rows of `len` values of x: its mean and
// (biased) variance and inv = 1 / sqrt(var + eps), handed to
// row(i, mean, var, inv); rows run in parallel.
template <typename RowFn>
void ForEachRowStats(const float* x, int64_t rows, int64_t len, double eps, int threads,
                     RowFn&& row) {
#pragma omp parallel for num_threads(threads) schedule(static) if (rows * len > 65536)
  for (int64_t i = 0; i < rows; ++i) {
    double mean, var;
    MeanVar(x + i * len, len, &mean, &var);
    row(i, mean, var, static_cast<float>(1.0 / std::sqrt(var + eps)));
  }
}

}  // namespace

// ---------------------------------------------------------------- batch_norm
struct BatchNormParam {
  const Tensor *x{nullptr}, *scale{nullptr}, *bias{nullptr}, *mean{nullptr}, *var{nullptr};
  Tensor* y{nullptr};
  Tensor *mean_out{nullptr}, *var_out{nullptr}, *saved_mean{nullptr}, *saved_var{nullptr},
      *reserve{nullptr};
  float epsilon{1e-5f};
  bool nhwc{false};
};

class BatchNormOp : public OperatorBase<BatchNormParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& xd = p.x->dims();
    const std::string& op = type();
    LITE_ENFORCE(xd.size() >= 2 && xd.size() <= 5, "op '", op, "': input 'X' must have rank 2-5, got ",
                 DimsToString(xd));
    const int64_t C = p.nhwc ? xd.back() : xd[1];
    CheckNumel(op, "Scale", p.scale, C, "channels of X " + DimsToString(xd));
    CheckNumel(op, "Bias", p.bias, C, "channels of X " + DimsToString(xd));
    CheckNumel(op, "Mean", p.mean, C, "channels of X " + DimsToString(xd));
    CheckNumel(op, "Variance", p.var, C, "channels of X " + DimsToString(xd));
    ShapeLikeX(p.y, p.x);
    for (Tensor* t : {p.mean_out, p.var_out, p.saved_mean, p.saved_var}) {
      if (t && t != p.mean && t != p.var) t->Resize({C});
    }
    if (p.reserve) p.reserve->Resize({0});
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.scale = GetInput(desc, scope, "Scale");
    p.bias = GetInput(desc, scope, "Bias");
    p.mean = GetInput(desc, scope, "Mean");
    p.var = GetInput(desc, scope, "Variance");
    p.y = GetOutput(desc, scope, "Y");
    p.mean_out = GetOptionalOutput(desc, scope, "MeanOut");
    p.var_out = GetOptionalOutput(desc, scope, "VarianceOut");
    p.saved_mean = GetOptionalOutput(desc, scope, "SavedMean");
    p.saved_var = GetOptionalOutput(desc, scope, "SavedVariance");
    p.reserve = GetOptionalOutput(desc, scope, "ReserveSpace");
    p.epsilon = desc.GetAttr<float>("epsilon", 1e-5f);
    std::string layout = desc.GetAttr<std::string>("data_layout", "NCHW");
    LITE_ENFORCE(layout == "NCHW" || layout == "NHWC" || layout == "AnyLayout",
                 "op '", desc.Type(), "': attribute 'data_layout' is '", layout,
                 "'; expected NCHW or NHWC");
    p.nhwc = layout == "NHWC";
  }
};

class BatchNormKernel : public KernelBase<BatchNormParam> {
 public:
  void Run(const RunContext& ctx) override {
    auto& p = param();
    const DDim& xd = p.x->dims();
    const int64_t C = p.nhwc ? xd.back() : xd[1];
    a_.resize(C);
    b_.resize(C);
    const float* scale = p.scale->data<float>();
    const float* bias = p.bias->data<float>();
    const float* mean = p.mean->data<float>();
    const float* var = p.var->data<float>();
    for (int64_t c = 0; c < C; ++c) {
      a_[c] = static_cast<float>(scale[c] / std::sqrt(static_cast<double>(var[c]) + p.epsilon));
      b_[c] = bias[c] - mean[c] * a_[c];
    }
    const float* x = p.x->data<float>();
    float* y = p.y->mutable_data<float>();
    const float* a = a_.data();
    const float* b = b_.data();
    if (p.nhwc) {
      const int64_t rows = p.x->numel() / std::max<int64_t>(C, 1);
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (rows * C > 65536)
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < C; ++c) y[r * C + c] = x[r * C + c] * a[c] + b[c];
    } else {
      const int64_t N = xd[0], inner = DimsProduct(xd, 2, xd.size());
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (N * C * inner > 65536)
      for (int64_t nc = 0; nc < N * C; ++nc) {
        const float ac = a[nc % C], bc = b[nc % C];
        const float* xp = x + nc * inner;
        float* yp = y + nc * inner;
        for (int64_t i = 0; i < inner; ++i) yp[i] = xp[i] * ac + bc;
      }
    }
    auto copy_or_zero = [&](Tensor* out, const Tensor* src) {
      if (!out || out == p.mean || out == p.var) return;
      float* o = out->mutable_data<float>();
      if (src) {
        std::memcpy(o, src->data<float>(), sizeof(float) * C);
      } else {
        std::memset(o, 0, sizeof(float) * C);
      }
    };
    copy_or_zero(p.mean_out, p.mean);
    copy_or_zero(p.var_out, p.var);
    copy_or_zero(p.saved_mean, nullptr);
    copy_or_zero(p.saved_var, nullptr);
  }

 private:
  std::vector<float> a_, b_;
};

// ---------------------------------------------------------------- layer_norm
// layer_norm and instance_norm: X, optional Scale and Bias, Y, two optional
// statistics outputs and epsilon.
struct RowNormParam {
  const Tensor *x{nullptr}, *scale{nullptr}, *bias{nullptr};
  Tensor *y{nullptr}, *mean{nullptr}, *var{nullptr};
  float epsilon{1e-5f};
  void Attach(const cpp::OpDesc& desc, Scope* scope, const char* mean_slot,
              const char* var_slot) {
    x = GetInput(desc, scope, "X");
    scale = GetOptionalInput(desc, scope, "Scale");
    bias = GetOptionalInput(desc, scope, "Bias");
    y = GetOutput(desc, scope, "Y");
    mean = GetOptionalOutput(desc, scope, mean_slot);
    var = GetOptionalOutput(desc, scope, var_slot);
    epsilon = desc.GetAttr<float>("epsilon", 1e-5f);
  }
};

struct LayerNormParam : RowNormParam {
  int begin_norm_axis{1};
  int64_t left{0}, right{0};
};

class LayerNormOp : public OperatorBase<LayerNormParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& xd = p.x->dims();
    const int rank = static_cast<int>(xd.size());
    // A negative axis counts from the end (layer_norm_fuse_pass writes -1:
    // the rank is not known when the graph is optimized).
    const int axis = p.begin_norm_axis < 0 ? p.begin_norm_axis + rank : p.begin_norm_axis;
    LITE_ENFORCE(axis >= 1 && axis < rank,
                 "op 'layer_norm': attribute 'begin_norm_axis' = ", p.begin_norm_axis,
                 " must be in [1, rank of 'X' ", DimsToString(xd), ") or [1 - rank, -1]");
    p.left = DimsProduct(xd, 0, axis);
    p.right = DimsProduct(xd, axis, xd.size());
    CheckNumel("layer_norm", "Scale", p.scale, p.right, "normalized size");
    CheckNumel("layer_norm", "Bias", p.bias, p.right, "normalized size");
    ShapeLikeX(p.y, p.x);
    if (p.mean) p.mean->Resize({p.left});
    if (p.var) p.var->Resize({p.left});
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.Attach(desc, scope, "Mean", "Variance");
    param_.begin_norm_axis = desc.GetAttr<int>("begin_norm_axis", 1);
  }
};

class LayerNormKernel : public KernelBase<LayerNormParam> {
 public:
  void Run(const RunContext& ctx) override {
    auto& p = param();
    const int64_t left = p.left, right = p.right;
    const float* x = p.x->data<float>();
    float* y = p.y->mutable_data<float>();
    const float* scale = p.scale ? p.scale->data<float>() : nullptr;
    const float* bias = p.bias ? p.bias->data<float>() : nullptr;
    float* mean_out = p.mean ? p.mean->mutable_data<float>() : nullptr;
    float* var_out = p.var ? p.var->mutable_data<float>() : nullptr;
    ForEachRowStats(x, left, right, p.epsilon, ctx.threads,
                    [&](int64_t i, double mean, double var, float inv) {
                      const float m = static_cast<float>(mean);
                      const float* xp = x + i * right;
                      float* yp = y + i * right;
                      for (int64_t j = 0; j < right; ++j) {
                        float v = (xp[j] - m) * inv;
                        if (scale) v *= scale[j];
                        if (bias) v += bias[j];
                        yp[j] = v;
                      }
                      if (mean_out) mean_out[i] = m;
                      if (var_out) var_out[i] = static_cast<float>(var);
                    });
  }
};

// ------------------------------------------------------------- instance_norm
// var is SavedVariance: 1 / sqrt(var + epsilon), as Paddle stores it.
struct InstanceNormParam : RowNormParam {};

class InstanceNormOp : public OperatorBase<InstanceNormParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& xd = p.x->dims();
    LITE_ENFORCE(xd.size() >= 2 && xd.size() <= 5,
                 "op 'instance_norm': input 'X' must have rank 2-5, got ", DimsToString(xd));
    CheckNumel("instance_norm", "Scale", p.scale, xd[1], "channels of X " + DimsToString(xd));
    CheckNumel("instance_norm", "Bias", p.bias, xd[1], "channels of X " + DimsToString(xd));
    ShapeLikeX(p.y, p.x);
    if (p.mean) p.mean->Resize({xd[0] * xd[1]});
    if (p.var) p.var->Resize({xd[0] * xd[1]});
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.Attach(desc, scope, "SavedMean", "SavedVariance");
  }
};

class InstanceNormKernel : public KernelBase<InstanceNormParam> {
 public:
  void Run(const RunContext& ctx) override {
    auto& p = param();
    const DDim& xd = p.x->dims();
    const int64_t C = xd[1], planes = xd[0] * C, inner = DimsProduct(xd, 2, xd.size());
    const float* x = p.x->data<float>();
    float* y = p.y->mutable_data<float>();
    const float* scale = p.scale ? p.scale->data<float>() : nullptr;
    const float* bias = p.bias ? p.bias->data<float>() : nullptr;
    float* sm = p.mean ? p.mean->mutable_data<float>() : nullptr;
    float* sv = p.var ? p.var->mutable_data<float>() : nullptr;
    ForEachRowStats(x, planes, inner, p.epsilon, ctx.threads,
                    [&](int64_t i, double mean, double, float inv) {
                      const int64_t c = i % C;
                      const float a = inv * (scale ? scale[c] : 1.f);
                      const float b = (bias ? bias[c] : 0.f) - static_cast<float>(mean) * a;
                      const float* xp = x + i * inner;
                      float* yp = y + i * inner;
                      for (int64_t j = 0; j < inner; ++j) yp[j] = xp[j] * a + b;
                      if (sm) sm[i] = static_cast<float>(mean);
                      if (sv) sv[i] = inv;
                    });
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(BatchNormOp)
LITE_OP_CLASS(LayerNormOp)
LITE_OP_CLASS(InstanceNormOp)
LITE_KERNEL_CLASS(BatchNormKernel)
LITE_KERNEL_CLASS(LayerNormKernel)
LITE_KERNEL_CLASS(InstanceNormKernel)
