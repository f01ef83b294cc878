// Normalizations: BATCH_NORMALIZATION (inference), INSTANCE_NORMALIZATION,
// LAYER_NORMALIZATION, GROUP_NORMALIZATION, LRN. Variances are the biased
// (population) variance.
#include <cmath>

#include "drivers/builtin_device/kernels/kernel.h"

namespace nnadapter {
namespace builtin_device {

namespace {

int CheckChannelVector(KernelContext* ctx, size_t i, int64_t c,
                       std::vector<double>* v, double def) {
  if (!HasInput(ctx, i)) {
    v->assign(c, def);
    return NNADAPTER_NO_ERROR;
  }
  *v = Values(*ctx->in[i]);
  if (static_cast<int64_t>(v->size()) != c)
    return Fail(ctx, "input " + std::to_string(i) + ": expected " +
                         std::to_string(c) + " elements, got " +
                         std::to_string(v->size()));
  return NNADAPTER_NO_ERROR;
}

// Normalizes `count` groups of `size` contiguous elements; the affine
// parameter index of element j of group g is param(g, j).
template <typename F>
void NormalizeGroups(std::vector<double>* v, int64_t groups, int64_t size,
                     double eps, F affine) {
  for (int64_t g = 0; g < groups; g++) {
    double mean = 0, var = 0;
    for (int64_t j = 0; j < size; j++) mean += (*v)[g * size + j];
    mean /= size;
    for (int64_t j = 0; j < size; j++) {
      double d = (*v)[g * size + j] - mean;
      var += d * d;
    }
    var /= size;
    double inv = 1.0 / std::sqrt(var + eps);
    for (int64_t j = 0; j < size; j++) {
      double& x = (*v)[g * size + j];
      x = affine(g, j, (x - mean) * inv);
    }
  }
}

// Scale (input 1, default 1) and bias (input 2, default 0) of `size`
// values each, and the epsilon (input `eps_input`).
int ScaleBiasEpsilon(KernelContext* ctx, int64_t size, size_t eps_input,
                     std::vector<double>* scale, std::vector<double>* bias,
                     double* eps) {
  int r = CheckChannelVector(ctx, 1, size, scale, 1);
  if (!r) r = CheckChannelVector(ctx, 2, size, bias, 0);
  if (r) return r;
  *eps = FloatAttr(ctx, eps_input, 1e-5);
  return NNADAPTER_NO_ERROR;
}

}  // namespace

int Compute_BATCH_NORMALIZATION(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  if (in.dims.size() < 2) return Fail(ctx, "input 0: expected rank >= 2");
  int64_t C = in.dims[1], inner = Product(in.dims, 2);
  std::vector<double> scale, bias, mean, var;
  int r = CheckChannelVector(ctx, 1, C, &scale, 1);
  if (!r) r = CheckChannelVector(ctx, 2, C, &bias, 0);
  if (!r) r = CheckChannelVector(ctx, 3, C, &mean, 0);
  if (!r) r = CheckChannelVector(ctx, 4, C, &var, 1);
  if (r) return r;
  double eps = FloatAttr(ctx, 5, 1e-5);
  std::vector<double> v = Values(in);
  for (size_t i = 0; i < v.size(); i++) {
    int64_t c = (i / inner) % C;
    v[i] = (v[i] - mean[c]) / std::sqrt(var[c] + eps) * scale[c] + bias[c];
  }
  return Output(ctx, 0, in.dims, v, in.type.precision, &in);
}

int Compute_LAYER_NORMALIZATION(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  int64_t axis = IntAttr(ctx, 3, 1);
  if (!NormalizeAxis(&axis, rank))
    return Fail(ctx, "input 3 (begin_norm_axis) out of range");
  int64_t size = Product(in.dims, axis), groups = Product(in.dims, 0, axis);
  std::vector<double> scale, bias;
  double eps = 0;
  if (int r = ScaleBiasEpsilon(ctx, size, 4, &scale, &bias, &eps)) return r;
  std::vector<double> v = Values(in);
  NormalizeGroups(&v, groups, size, eps, [&](int64_t, int64_t j, double x) {
    return x * scale[j] + bias[j];
  });
  return Output(ctx, 0, in.dims, v, in.type.precision, &in);
}

namespace {

// GROUP_NORMALIZATION, and INSTANCE_NORMALIZATION as its case of one
// channel per group (it has no groups operand).
int NormalizeChannelGroups(KernelContext* ctx, bool per_channel) {
  const Tensor& in = *ctx->in[0];
  if (in.dims.size() < 2) return Fail(ctx, "input 0: expected rank >= 2");
  int64_t N = in.dims[0], C = in.dims[1], inner = Product(in.dims, 2);
  std::vector<double> scale, bias;
  double eps = 0;
  if (int r = ScaleBiasEpsilon(ctx, C, 3, &scale, &bias, &eps)) return r;
  int64_t groups = per_channel ? C : IntAttr(ctx, 4, 1);
  if (!per_channel && (groups <= 0 || C % groups))
    return Fail(ctx, "input 4 (groups) = " + std::to_string(groups) +
                         " must divide the channel count " + std::to_string(C));
  int64_t cpg = per_channel ? 1 : C / groups;
  std::vector<double> v = Values(in);
  NormalizeGroups(&v, N * groups, cpg * inner, eps,
                  [&](int64_t g, int64_t j, double x) {
                    int64_t c = (g % groups) * cpg + j / inner;
                    return x * scale[c] + bias[c];
                  });
  return Output(ctx, 0, in.dims, v, in.type.precision, &in);
}

}  // namespace

int Compute_INSTANCE_NORMALIZATION(KernelContext* ctx) {
  return NormalizeChannelGroups(ctx, true);
}

int Compute_GROUP_NORMALIZATION(KernelContext* ctx) {
  return NormalizeChannelGroups(ctx, false);
}

// LRN across channels (ONNX convention):
//   out = x / (bias + alpha / size * sum_{c' in window} x[c']^2) ^ beta,
//   window = [c - floor((size - 1) / 2), c + ceil((size - 1) / 2)].
int Compute_LRN(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  if (in.dims.size() < 2) return Fail(ctx, "input 0: expected rank >= 2");
  int64_t size = IntAttr(ctx, 1, 5);
  double bias = FloatAttr(ctx, 2, 1.0), alpha = FloatAttr(ctx, 3, 1e-4),
         beta = FloatAttr(ctx, 4, 0.75);
  if (size <= 0) return Fail(ctx, "input 1 (size) must be positive");
  int64_t N = in.dims[0], C = in.dims[1], inner = Product(in.dims, 2);
  std::vector<double> v = Values(in), out(v.size());
  int64_t lo = (size - 1) / 2, hi = size - 1 - lo;
  for (int64_t n = 0; n < N; n++)
    for (int64_t c = 0; c < C; c++)
      for (int64_t i = 0; i < inner; i++) {
        double s = 0;
        for (int64_t k = std::max<int64_t>(0, c - lo);
             k <= std::min<int64_t>(C - 1, c + hi); k++) {
          double x = v[(n * C + k) * inner + i];
          s += x * x;
        }
        int64_t o = (n * C + c) * inner + i;
        out[o] = v[o] / std::pow(bias + alpha / size * s, beta);
      }
  return Output(ctx, 0, in.dims, out, in.type.precision, &in);
}

}  // namespace builtin_device
}  // namespace nnadapter
