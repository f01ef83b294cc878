// Reductions and axis-wise operations: REDUCE_MAX/MEAN/SUM, ARG_MAX/MIN,
// CUM_SUM, SOFTMAX, LOG_SOFTMAX, LP_NORMALIZATION, TOP_K.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "drivers/builtin_device/kernels/kernel.h"

namespace nnadapter {
namespace builtin_device {

namespace {

// Splits dims around `axis` into outer * axis * inner.
struct AxisView {
  int64_t outer, size, inner;
  AxisView(const Dims& d, int64_t axis)
      : outer(Product(d, 0, axis)), size(d[axis]), inner(Product(d, axis + 1)) {}
  int64_t at(int64_t o, int64_t k, int64_t i) const {
    return (o * size + k) * inner + i;
  }
};

int Reduce(KernelContext* ctx, int kind) {  // 0 max, 1 mean, 2 sum
  const Tensor& in = *ctx->in[0];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  std::vector<int64_t> axes = IntsAttr(ctx, 1);
  bool keepdim = BoolAttr(ctx, 2, true);
  std::vector<bool> reduced(rank, axes.empty());
  for (auto a : axes) {
    if (!NormalizeAxis(&a, rank))
      return Fail(ctx, "input 1 (axes): axis " + std::to_string(a) +
                           " out of range for rank " + std::to_string(rank));
    reduced[a] = true;
  }
  Dims out_dims, kept_dims;
  for (int64_t i = 0; i < rank; i++) {
    kept_dims.push_back(reduced[i] ? 1 : in.dims[i]);
    if (!reduced[i] || keepdim) out_dims.push_back(kept_dims.back());
  }
  int64_t n = Product(kept_dims);
  std::vector<double> acc(n, kind == 0 ? -INFINITY : 0.0);
  std::vector<int64_t> cnt(n, 0);
  std::vector<double> v = Values(in);
  std::vector<int64_t> idx;
  for (int64_t i = 0; i < in.count(); i++) {
    Unravel(i, in.dims, &idx);
    int64_t o = BroadcastIndex(kept_dims, in.dims, idx);
    acc[o] = kind == 0 ? std::max(acc[o], v[i]) : acc[o] + v[i];
    cnt[o]++;
  }
  if (kind == 1) {
    for (int64_t i = 0; i < n; i++) acc[i] = cnt[i] ? acc[i] / cnt[i] : NAN;
  }
  return Output(ctx, 0, out_dims, acc, in.type.precision, &in);
}

int Arg(KernelContext* ctx, bool is_max) {
  const Tensor& in = *ctx->in[0];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  int64_t axis = IntAttr(ctx, 1, 0);
  if (!NormalizeAxis(&axis, rank))
    return Fail(ctx, "input 1 (axis) out of range for rank " +
                         std::to_string(rank));
  bool keepdim = BoolAttr(ctx, 2, true);
  int64_t dtype = IntAttr(ctx, 3, NNADAPTER_INT64);
  if (dtype != NNADAPTER_INT32 && dtype != NNADAPTER_INT64)
    return Fail(ctx, "input 3 (dtype): expected INT32 or INT64");
  AxisView av(in.dims, axis);
  std::vector<double> v = Values(in);
  std::vector<double> r(av.outer * av.inner);
  for (int64_t o = 0; o < av.outer; o++)
    for (int64_t i = 0; i < av.inner; i++) {
      int64_t best = 0;
      for (int64_t k = 1; k < av.size; k++) {
        double x = v[av.at(o, k, i)], b = v[av.at(o, best, i)];
        if (is_max ? x > b : x < b) best = k;
      }
      r[o * av.inner + i] = static_cast<double>(best);
    }
  Dims out_dims = in.dims;
  if (keepdim)
    out_dims[axis] = 1;
  else
    out_dims.erase(out_dims.begin() + axis);
  return Output(ctx, 0, out_dims, r,
                static_cast<NNAdapterOperandPrecision>(dtype));
}

int Softmax(KernelContext* ctx, bool log) {
  const Tensor& in = *ctx->in[0];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  int64_t axis = IntAttr(ctx, 1, -1);
  if (!NormalizeAxis(&axis, rank))
    return Fail(ctx, "input 1 (axis) out of range for rank " +
                         std::to_string(rank));
  AxisView av(in.dims, axis);
  std::vector<double> v = Values(in);
  for (int64_t o = 0; o < av.outer; o++)
    for (int64_t i = 0; i < av.inner; i++) {
      double m = -INFINITY;
      for (int64_t k = 0; k < av.size; k++) m = std::max(m, v[av.at(o, k, i)]);
      double s = 0;
      for (int64_t k = 0; k < av.size; k++) s += std::exp(v[av.at(o, k, i)] - m);
      for (int64_t k = 0; k < av.size; k++) {
        double& x = v[av.at(o, k, i)];
        x = log ? (x - m) - std::log(s) : std::exp(x - m) / s;
      }
    }
  return Output(ctx, 0, in.dims, v, in.type.precision, &in);
}

}  // namespace

int Compute_REDUCE_MAX(KernelContext* ctx) { return Reduce(ctx, 0); }
int Compute_REDUCE_MEAN(KernelContext* ctx) { return Reduce(ctx, 1); }
int Compute_REDUCE_SUM(KernelContext* ctx) { return Reduce(ctx, 2); }
int Compute_ARG_MAX(KernelContext* ctx) { return Arg(ctx, true); }
int Compute_ARG_MIN(KernelContext* ctx) { return Arg(ctx, false); }
int Compute_SOFTMAX(KernelContext* ctx) { return Softmax(ctx, false); }
int Compute_LOG_SOFTMAX(KernelContext* ctx) { return Softmax(ctx, true); }

int Compute_CUM_SUM(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  int64_t axis = IntAttr(ctx, 1, -1);
  if (!NormalizeAxis(&axis, rank))
    return Fail(ctx, "input 1 (axis) out of range");
  bool exclusive = BoolAttr(ctx, 2, false), reverse = BoolAttr(ctx, 3, false);
  AxisView av(in.dims, axis);
  std::vector<double> v = Values(in), r(v.size());
  for (int64_t o = 0; o < av.outer; o++)
    for (int64_t i = 0; i < av.inner; i++) {
      double s = 0;
      for (int64_t j = 0; j < av.size; j++) {
        int64_t k = reverse ? av.size - 1 - j : j;
        double x = v[av.at(o, k, i)];
        if (exclusive) {
          r[av.at(o, k, i)] = s;
          s += x;
        } else {
          s += x;
          r[av.at(o, k, i)] = s;
        }
      }
    }
  return Output(ctx, 0, in.dims, r, in.type.precision, &in);
}

// LP_NORMALIZATION: x / max(||x||_p, epsilon) along axis (default 1),
// p in {1, 2} (default 2), epsilon default 1e-10.
int Compute_LP_NORMALIZATION(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  int64_t axis = IntAttr(ctx, 1, 1);
  if (!NormalizeAxis(&axis, rank))
    return Fail(ctx, "input 1 (axis) out of range");
  int64_t p = IntAttr(ctx, 2, 2);
  if (p != 1 && p != 2) return Fail(ctx, "input 2 (p): expected 1 or 2");
  double eps = FloatAttr(ctx, 3, 1e-10);
  AxisView av(in.dims, axis);
  std::vector<double> v = Values(in);
  for (int64_t o = 0; o < av.outer; o++)
    for (int64_t i = 0; i < av.inner; i++) {
      double s = 0;
      for (int64_t k = 0; k < av.size; k++) {
        double x = v[av.at(o, k, i)];
        s += p == 1 ? std::fabs(x) : x * x;
      }
      double norm = std::max(p == 1 ? s : std::sqrt(s), eps);
      for (int64_t k = 0; k < av.size; k++) v[av.at(o, k, i)] /= norm;
    }
  return Output(ctx, 0, in.dims, v, in.type.precision, &in);
}

// TOP_K: ties keep the lower index first; `sorted` false still returns the
// selected elements in sorted order (a valid order).
int Compute_TOP_K(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  int64_t k = IntAttr(ctx, 1, 1);
  int64_t axis = IntAttr(ctx, 2, -1);
  if (!NormalizeAxis(&axis, rank))
    return Fail(ctx, "input 2 (axis) out of range");
  bool largest = BoolAttr(ctx, 3, true);
  int64_t dtype = IntAttr(ctx, 5, NNADAPTER_INT64);
  if (k < 0 || k > in.dims[axis])
    return Fail(ctx, "input 1 (k) = " + std::to_string(k) +
                         " exceeds the axis size " +
                         std::to_string(in.dims[axis]));
  AxisView av(in.dims, axis);
  Dims out_dims = in.dims;
  out_dims[axis] = k;
  std::vector<double> v = Values(in);
  std::vector<double> vals(av.outer * k * av.inner), inds(vals.size());
  std::vector<int64_t> order(av.size);
  for (int64_t o = 0; o < av.outer; o++)
    for (int64_t i = 0; i < av.inner; i++) {
      std::iota(order.begin(), order.end(), 0);
      std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
        double x = v[av.at(o, a, i)], y = v[av.at(o, b, i)];
        return largest ? x > y : x < y;
      });
      for (int64_t j = 0; j < k; j++) {
        int64_t dst = (o * k + j) * av.inner + i;
        vals[dst] = v[av.at(o, order[j], i)];
        inds[dst] = static_cast<double>(order[j]);
      }
    }
  int r = Output(ctx, 0, out_dims, vals, in.type.precision, &in);
  if (r) return r;
  if (ctx->out.size() > 1 && ctx->out[1]) {
    r = Output(ctx, 1, out_dims, inds,
               static_cast<NNAdapterOperandPrecision>(dtype));
  }
  return r;
}

}  // namespace builtin_device
}  // namespace nnadapter
