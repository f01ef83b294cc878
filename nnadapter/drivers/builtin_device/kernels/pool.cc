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

int Pool(KernelContext* ctx, bool is_max) {
  const Tensor& in = *ctx->in[0];
  if (in.dims.size() != 4)
    return Fail(ctx, "input 0: expected rank 4 (NCHW), got " +
                         DimsToString(in.dims));
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
  if (int rs = CheckSize(ctx, {N, C, OH, OW})) return rs;
  std::vector<double> v = Values(in);
  std::vector<double> out(N * C * OH * OW),
      idx(is_max ? out.size() : 0);
  for (int64_t nc = 0; nc < N * C; nc++)
    for (int64_t oh = 0; oh < OH; oh++)
      for (int64_t ow = 0; ow < OW; ow++) {
        int64_t h0 = oh * strides[0] - pads[0], w0 = ow * strides[1] - pads[2];
        int64_t h1 = std::min(h0 + kernel[0], H), w1 = std::min(w0 + kernel[1], W);
        h0 = std::max<int64_t>(h0, 0);
        w0 = std::max<int64_t>(w0, 0);
        double acc = is_max ? -static_cast<double>(FLT_MAX) : 0.0;
        int64_t best = -1;
        for (int64_t h = h0; h < h1; h++)
          for (int64_t w = w0; w < w1; w++) {
            double x = v[(nc * H + h) * W + w];
            if (is_max) {
              if (best < 0 || x > acc) {
                acc = x;
                best = h * W + w;
              }
            } else {
              acc += x;
            }
          }
        int64_t o = (nc * OH + oh) * OW + ow;
        if (!is_max) {
          int64_t div = count_include_pad ? kernel[0] * kernel[1]
                                          : (h1 - h0) * (w1 - w0);
          // No real element when div == 0: Paddle's 0 / 0, spelled out.
          acc = div == 0 ? std::nan("") : acc / static_cast<double>(div);
        }
        out[o] = acc;
        if (is_max) idx[o] = static_cast<double>(best);
      }
  r = FuseFrom(ctx, &out);
  if (r) return r;
  Dims od = {N, C, OH, OW};
  r = Output(ctx, 0, od, out, in.type.precision, &in);
  if (r) return r;
  if (return_indices && ctx->out.size() > 1 && ctx->out[1]) {
    r = Output(ctx, 1, od, idx,
               static_cast<NNAdapterOperandPrecision>(indices_dtype));
  }
  return r;
}

int Adaptive(KernelContext* ctx, bool is_max) {
  const Tensor& in = *ctx->in[0];
  if (in.dims.size() != 4)
    return Fail(ctx, "input 0: expected rank 4 (NCHW), got " +
                         DimsToString(in.dims));
  int64_t N = in.dims[0], C = in.dims[1], H = in.dims[2], W = in.dims[3];
  std::vector<int64_t> os = IntsAttr(ctx, 1);
  if (os.size() != 2 || os[0] <= 0 || os[1] <= 0)
    return Fail(ctx, "input 1 (output_shape): expected 2 positive values");
  int64_t OH = os[0], OW = os[1];
  bool return_indices = is_max && BoolAttr(ctx, 2, false);
  int64_t indices_dtype = is_max ? IntAttr(ctx, 3, NNADAPTER_INT64) : 0;
  if (int rs = CheckSize(ctx, {N, C, OH, OW})) return rs;
  std::vector<double> v = Values(in);
  std::vector<double> out(N * C * OH * OW),
      idx(is_max ? out.size() : 0);
  for (int64_t nc = 0; nc < N * C; nc++)
    for (int64_t oh = 0; oh < OH; oh++)
      for (int64_t ow = 0; ow < OW; ow++) {
        int64_t h0 = oh * H / OH, h1 = ((oh + 1) * H + OH - 1) / OH;
        int64_t w0 = ow * W / OW, w1 = ((ow + 1) * W + OW - 1) / OW;
        double acc = is_max ? -INFINITY : 0.0;
        int64_t best = -1;
        for (int64_t h = h0; h < h1; h++)
          for (int64_t w = w0; w < w1; w++) {
            double x = v[(nc * H + h) * W + w];
            if (is_max) {
              if (best < 0 || x > acc) {
                acc = x;
                best = h * W + w;
              }
            } else {
              acc += x;
            }
          }
        int64_t o = (nc * OH + oh) * OW + ow;
        out[o] = is_max ? acc : acc / ((h1 - h0) * (w1 - w0));
        if (is_max) idx[o] = static_cast<double>(best);
      }
  Dims od = {N, C, OH, OW};
  int r = Output(ctx, 0, od, out, in.type.precision, &in);
  if (r) return r;
  if (return_indices && ctx->out.size() > 1 && ctx->out[1]) {
    r = Output(ctx, 1, od, idx,
               static_cast<NNAdapterOperandPrecision>(indices_dtype));
  }
  return r;
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
