// 2-D poolings (NCHW): AVERAGE_POOL_2D, MAX_POOL_2D and the adaptive ones.
// MAX_POOL_2D/ADAPTIVE_MAX_POOL_2D indices are offsets inside the H_in x W_in
// plane (h * W_in + w), the first maximum wins.
//
// Window values follow Paddle's CPU pool2d loops (as lite/operators/nn
// pool2d does). Per axis, with start = o * stride - pad_begin:
//   begin = max(start, 0), end = min(start + kernel, in)
// (end - begin may be <= 0 for a ceil_mode window lying in the padding).
//   * max: the maximum over the real elements; a window without any is
//     -FLT_MAX with index -1.
//   * average, count_include_pad = false: sum / ((end_h - begin_h) *
//     (end_w - begin_w)), the signed product: a window without any real
//     element is 0 / 0 = NaN, or -0 / +0 when the product is nonzero.
//   * average, count_include_pad = true: sum / (kernel_h * kernel_w).
#include <cfloat>
#include <cmath>

#include "drivers/builtin_device/kernels/kernel.h"
#include "drivers/builtin_device/kernels/window.h"

namespace nnadapter {
namespace builtin_device {

namespace {

int ExpectNchw(KernelContext* ctx, const Tensor& in) {
  if (in.dims.size() == 4) return 0;
  return Fail(ctx, "input 0: expected rank 4 (NCHW), got " +
                       DimsToString(in.dims));
}

// Folds rows [h0, h1) x columns [w0, w1) of one plane of width W into *acc:
// the maximum (the first one wins; *best its offset h * W + w) or the sum.
// NaN elements lose to any number (IEEE maxNum, as oneDNN's and XNNPACK's
// max-pooling): a window is NaN only when all its elements are.
void ReduceWindow(const double* plane, int64_t W, int64_t h0, int64_t h1,
                  int64_t w0, int64_t w1, bool is_max, double* acc,
                  int64_t* best) {
  for (int64_t h = h0; h < h1; h++)
    for (int64_t w = w0; w < w1; w++) {
      double x = plane[h * W + w];
      if (is_max) {
        if (*best < 0 || x > *acc || (std::isnan(*acc) && !std::isnan(x))) {
          *acc = x;
          *best = h * W + w;
        }
      } else {
        *acc += x;
      }
    }
}

// Calls window(nc, oh, ow, o) for every element o of `planes` output
// planes of OH x OW.
template <typename F>
void ForEachOutput(int64_t planes, int64_t OH, int64_t OW, F window) {
  for (int64_t nc = 0; nc < planes; nc++)
    for (int64_t oh = 0; oh < OH; oh++)
      for (int64_t ow = 0; ow < OW; ow++)
        window(nc, oh, ow, (nc * OH + oh) * OW + ow);
}

// Checks the output size `od`; the input values and zeroed output buffers
// (indices only for max).
int Buffers(KernelContext* ctx, const Tensor& in, const Dims& od, bool is_max,
            std::vector<double>* v, std::vector<double>* out,
            std::vector<double>* idx) {
  if (int rs = CheckSize(ctx, od)) return rs;
  *v = Values(in);
  out->assign(Product(od), 0.0);
  idx->assign(is_max ? out->size() : 0, 0.0);
  return 0;
}

// Output 0, then the indices as output 1 when they are asked for (`idx`
// non-null) and the caller gave that output.
int Outputs(KernelContext* ctx, const Tensor& in, const Dims& od,
            const std::vector<double>& out, const std::vector<double>* idx,
            int64_t indices_dtype) {
  int r = Output(ctx, 0, od, out, in.type.precision, &in);
  if (r) return r;
  if (idx && ctx->out.size() > 1 && ctx->out[1]) {
    r = Output(ctx, 1, od, *idx,
               static_cast<NNAdapterOperandPrecision>(indices_dtype));
  }
  return r;
}

int Pool(KernelContext* ctx, bool is_max) {
  const Tensor& in = *ctx->in[0];
  if (int r = ExpectNchw(ctx, in)) return r;
  int64_t N = in.dims[0], C = in.dims[1], H = in.dims[2], W = in.dims[3];
  int64_t auto_pad = AutoPadAttr(ctx);
  std::vector<int64_t> kernel = IntsAttr(ctx, 3), strides = IntsAttr(ctx, 4);
  if (kernel.size() != 2) return Fail(ctx, "input 3 (kernel_shape): expected 2 values");
  if (strides.empty()) strides = {1, 1};
  if (strides.size() != 2 || strides[0] <= 0 || strides[1] <= 0)
    return Fail(ctx, "input 4 (strides): expected 2 positive values");
  if (kernel[0] <= 0 || kernel[1] <= 0)
    return Fail(ctx, "input 3 (kernel_shape): expected positive values");
  bool ceil_mode = BoolAttr(ctx, 5, false);
  std::vector<int64_t> pads;
  int r = ResolvePads(ctx, auto_pad, IntsAttr(ctx, 2), H, W, kernel[0],
                      kernel[1], strides[0], strides[1], 1, 1, &pads);
  if (r) return r;
  bool count_include_pad = !is_max && BoolAttr(ctx, 6, false);
  bool return_indices = is_max && BoolAttr(ctx, 6, false);
  int64_t indices_dtype = is_max ? IntAttr(ctx, 7, NNADAPTER_INT64) : 0;
  int64_t OH = WindowOutput(H, pads[0], pads[1], kernel[0], strides[0], 1,
                            ceil_mode);
  int64_t OW = WindowOutput(W, pads[2], pads[3], kernel[1], strides[1], 1,
                            ceil_mode);
  std::vector<double> v, out, idx;
  if (int rs = Buffers(ctx, in, {N, C, OH, OW}, is_max, &v, &out, &idx))
    return rs;
  ForEachOutput(N * C, OH, OW, [&](int64_t nc, int64_t oh, int64_t ow,
                                   int64_t o) {
    int64_t h0 = oh * strides[0] - pads[0], w0 = ow * strides[1] - pads[2];
    int64_t h1 = std::min(h0 + kernel[0], H), w1 = std::min(w0 + kernel[1], W);
    h0 = std::max<int64_t>(h0, 0);
    w0 = std::max<int64_t>(w0, 0);
    int64_t best = -1;
    double acc = is_max ? -static_cast<double>(FLT_MAX) : 0.0;
    // data(), not &v[...]: an empty input (H or W 0) has padded outputs
    // whose windows are empty, and v[0] of an empty vector is undefined.
    ReduceWindow(v.data() + nc * H * W, W, h0, h1, w0, w1, is_max, &acc, &best);
    if (!is_max) {
      int64_t div = count_include_pad ? kernel[0] * kernel[1]
                                      : (h1 - h0) * (w1 - w0);
      // No real element when div == 0: Paddle's 0 / 0, spelled out.
      acc = div == 0 ? std::nan("") : acc / static_cast<double>(div);
    }
    out[o] = acc;
    if (is_max) idx[o] = static_cast<double>(best);
  });
  r = FuseFrom(ctx, &out);
  if (r) return r;
  return Outputs(ctx, in, {N, C, OH, OW}, out, return_indices ? &idx : nullptr,
                 indices_dtype);
}

int Adaptive(KernelContext* ctx, bool is_max) {
  const Tensor& in = *ctx->in[0];
  if (int r = ExpectNchw(ctx, in)) return r;
  int64_t N = in.dims[0], C = in.dims[1], H = in.dims[2], W = in.dims[3];
  std::vector<int64_t> os = IntsAttr(ctx, 1);
  if (os.size() != 2 || os[0] <= 0 || os[1] <= 0)
    return Fail(ctx, "input 1 (output_shape): expected 2 positive values");
  int64_t OH = os[0], OW = os[1];
  bool return_indices = is_max && BoolAttr(ctx, 2, false);
  int64_t indices_dtype = is_max ? IntAttr(ctx, 3, NNADAPTER_INT64) : 0;
  std::vector<double> v, out, idx;
  if (int rs = Buffers(ctx, in, {N, C, OH, OW}, is_max, &v, &out, &idx))
    return rs;
  ForEachOutput(N * C, OH, OW, [&](int64_t nc, int64_t oh, int64_t ow,
                                   int64_t o) {
    int64_t h0 = oh * H / OH, h1 = ((oh + 1) * H + OH - 1) / OH;
    int64_t w0 = ow * W / OW, w1 = ((ow + 1) * W + OW - 1) / OW;
    int64_t best = -1;
    double acc = is_max ? -INFINITY : 0.0;
    ReduceWindow(v.data() + nc * H * W, W, h0, h1, w0, w1, is_max, &acc, &best);
    out[o] = is_max ? acc : acc / ((h1 - h0) * (w1 - w0));
    if (is_max) idx[o] = static_cast<double>(best);
  });
  return Outputs(ctx, in, {N, C, OH, OW}, out, return_indices ? &idx : nullptr,
                 indices_dtype);
}

}  // namespace

int Compute_AVERAGE_POOL_2D(KernelContext* ctx) { return Pool(ctx, false); }
int Compute_MAX_POOL_2D(KernelContext* ctx) { return Pool(ctx, true); }
int Compute_ADAPTIVE_AVERAGE_POOL_2D(KernelContext* ctx) {
  return Adaptive(ctx, false);
}
int Compute_ADAPTIVE_MAX_POOL_2D(KernelContext* ctx) {
  return Adaptive(ctx, true);
}

}  // namespace builtin_device
}  // namespace nnadapter
