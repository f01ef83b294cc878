// Convolutions (NCHW): CONV_2D, CONV_2D_TRANSPOSE, DEFORMABLE_CONV_2D.
// Quantized operands (int8 per-layer/per-channel filters, int32 biases) are
// dequantized; the output is requantized per kernel.h.
#include <algorithm>
#include <cmath>

#include "drivers/builtin_device/kernels/kernel.h"
#include "drivers/builtin_device/kernels/window.h"

namespace nnadapter {
namespace builtin_device {

namespace {

struct ConvAttrs {
  std::vector<int64_t> strides{1, 1}, dilations{1, 1}, pads;
  int64_t group = 1;
};

int ReadPair(KernelContext* ctx, size_t index, const char* what,
             std::vector<int64_t>* out) {
  if (!HasInput(ctx, index)) return NNADAPTER_NO_ERROR;
  std::vector<int64_t> v = IntsAttr(ctx, index);
  if (v.size() != 2 || v[0] <= 0 || v[1] <= 0)
    return Fail(ctx, "input " + std::to_string(index) + " (" + what +
                         "): expected 2 positive values");
  *out = v;
  return NNADAPTER_NO_ERROR;
}

// Strides, group and dilations from the inputs at these indices.
int ReadConvAttrs(KernelContext* ctx, size_t strides, size_t group,
                  size_t dilations, ConvAttrs* a) {
  int r = ReadPair(ctx, strides, "strides", &a->strides);
  if (!r) r = ReadPair(ctx, dilations, "dilations", &a->dilations);
  if (r) return r;
  a->group = IntAttr(ctx, group, 1);
  return NNADAPTER_NO_ERROR;
}

int64_t FloorDiv(int64_t a, int64_t b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

// Output positions o in [*lo, *hi) whose input position o * stride - shift
// lies in [0, size).
void ValidRange(int64_t shift, int64_t size, int64_t stride, int64_t out,
                int64_t* lo, int64_t* hi) {
  *lo = std::max<int64_t>(-FloorDiv(-shift, stride), 0);  // ceil(shift / s)
  *hi = std::min<int64_t>(FloorDiv(size - 1 + shift, stride) + 1, out);
  if (*hi < *lo) *hi = *lo;
}

std::vector<double> BiasValues(KernelContext* ctx, size_t index,
                               int64_t cout) {
  if (!HasInput(ctx, index)) return std::vector<double>(cout, 0.0);
  return Values(*ctx->in[index]);
}

}  // namespace

int Compute_CONV_2D(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  const Tensor& filter = *ctx->in[1];
  if (in.dims.size() != 4 || filter.dims.size() != 4)
    return Fail(ctx, "input 0 and 1 (filter) must have rank 4, got " +
                         DimsToString(in.dims) + " and " +
                         DimsToString(filter.dims));
  ConvAttrs a;
  int r = ReadConvAttrs(ctx, 5, 6, 7, &a);
  if (r) return r;
  int64_t N = in.dims[0], C = in.dims[1], H = in.dims[2], W = in.dims[3];
  int64_t CO = filter.dims[0], CI = filter.dims[1], KH = filter.dims[2],
          KW = filter.dims[3];
  if (a.group <= 0 || C % a.group || CO % a.group || CI * a.group != C)
    return Fail(ctx, "input 6 (group) = " + std::to_string(a.group) +
                         " does not match input channels " +
                         std::to_string(C) + " and filter " +
                         DimsToString(filter.dims));
  std::vector<double> bias = BiasValues(ctx, 2, CO);
  if (static_cast<int64_t>(bias.size()) != CO)
    return Fail(ctx, "input 2 (bias): expected " + std::to_string(CO) +
                         " elements");
  r = ResolvePads(ctx, AutoPadAttr(ctx), IntsAttr(ctx, 4), H, W, KH, KW,
                  a.strides[0], a.strides[1], a.dilations[0], a.dilations[1],
                  &a.pads);
  if (r) return r;
  int64_t OH = WindowOutput(H, a.pads[0], a.pads[1], KH, a.strides[0],
                            a.dilations[0], false);
  int64_t OW = WindowOutput(W, a.pads[2], a.pads[3], KW, a.strides[1],
                            a.dilations[1], false);
  if (int rs = CheckSize(ctx, {N, CO, OH, OW})) return rs;
  std::vector<double> x = Values(in), f = Values(filter);
  std::vector<double> out(N * CO * OH * OW);
  // An empty output has nothing to compute; an empty input (H or W is 0,
  // the output is all padding) leaves the bias.
  const int64_t batches = out.empty() ? 0 : N;
  const int64_t input_channels = x.empty() ? 0 : CI;
  int64_t cog = CO / a.group;
  // Per output element the sum is bias + sum over (ic, kh, kw) in that order;
  // the loops run tap by tap over the output rows/columns whose input
  // position is inside the image (padding contributes nothing).
  for (int64_t n = 0; n < batches; n++)
    for (int64_t oc = 0; oc < CO; oc++) {
      int64_t g = oc / cog;
      double* o = &out[(n * CO + oc) * OH * OW];
      for (int64_t i = 0; i < OH * OW; i++) o[i] = bias[oc];
      for (int64_t ic = 0; ic < input_channels; ic++) {
        const double* xp = &x[(n * C + g * CI + ic) * H * W];
        for (int64_t kh = 0; kh < KH; kh++) {
          int64_t oh0, oh1;
          ValidRange(a.pads[0] - kh * a.dilations[0], H, a.strides[0], OH, &oh0,
                     &oh1);
          for (int64_t kw = 0; kw < KW; kw++) {
            int64_t ow0, ow1;
            ValidRange(a.pads[2] - kw * a.dilations[1], W, a.strides[1], OW,
                       &ow0, &ow1);
            double wv = f[((oc * CI + ic) * KH + kh) * KW + kw];
            for (int64_t oh = oh0; oh < oh1; oh++) {
              if (ow1 <= ow0) continue;
              // input of output column ow0 (inside the image by construction)
              const double* __restrict__ xr =
                  xp + (oh * a.strides[0] - a.pads[0] + kh * a.dilations[0]) * W +
                  (ow0 * a.strides[1] + kw * a.dilations[1] - a.pads[2]);
              double* __restrict__ orow = o + oh * OW + ow0;
              int64_t len = ow1 - ow0;
              if (a.strides[1] == 1) {
                for (int64_t j = 0; j < len; j++) orow[j] += wv * xr[j];
              } else {
                for (int64_t j = 0; j < len; j++)
                  orow[j] += wv * xr[j * a.strides[1]];
              }
            }
          }
        }
      }
    }
  r = FuseFrom(ctx, &out);
  if (r) return r;
  return Output(ctx, 0, {N, CO, OH, OW}, out, in.type.precision, &in);
}

// CONV_2D_TRANSPOSE: filter [C_in, C_out / group, KH, KW];
// H_out = (H - 1) * s - pad_top - pad_bottom + (KH - 1) * d + 1 + out_pad,
// or output_shape (input 9) when given. SAME: H_out = H * s.
int Compute_CONV_2D_TRANSPOSE(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  const Tensor& filter = *ctx->in[1];
  if (in.dims.size() != 4 || filter.dims.size() != 4)
    return Fail(ctx, "input 0 and 1 (filter) must have rank 4");
  ConvAttrs a;
  int r = ReadConvAttrs(ctx, 5, 6, 7, &a);
  if (r) return r;
  int64_t N = in.dims[0], C = in.dims[1], H = in.dims[2], W = in.dims[3];
  int64_t KH = filter.dims[2], KW = filter.dims[3];
  if (a.group <= 0 || filter.dims[0] != C || C % a.group)
    return Fail(ctx, "filter " + DimsToString(filter.dims) +
                         " / group do not match input channels " +
                         std::to_string(C));
  int64_t COG = filter.dims[1], CO = COG * a.group, CIG = C / a.group;
  std::vector<double> bias = BiasValues(ctx, 2, CO);
  if (static_cast<int64_t>(bias.size()) != CO)
    return Fail(ctx, "input 2 (bias): expected " + std::to_string(CO) +
                         " elements");
  std::vector<int64_t> out_pad = {0, 0};
  if (HasInput(ctx, 8)) {
    out_pad = IntsAttr(ctx, 8);
    if (out_pad.size() != 2) return Fail(ctx, "input 8 (output_padding): expected 2 values");
  }
  std::vector<int64_t> out_shape;
  if (HasInput(ctx, 9)) {
    out_shape = IntsAttr(ctx, 9);
    if (out_shape.size() != 2) return Fail(ctx, "input 9 (output_shape): expected 2 values");
  }
  int64_t auto_pad = AutoPadAttr(ctx);
  int64_t ext_h = (KH - 1) * a.dilations[0] + 1,
          ext_w = (KW - 1) * a.dilations[1] + 1;
  int64_t OH, OW;
  a.pads.assign(4, 0);
  if (auto_pad == NNADAPTER_AUTO_PAD_SAME) {
    OH = out_shape.empty() ? H * a.strides[0] : out_shape[0];
    OW = out_shape.empty() ? W * a.strides[1] : out_shape[1];
    int64_t th = std::max<int64_t>((H - 1) * a.strides[0] + ext_h + out_pad[0] - OH, 0);
    int64_t tw = std::max<int64_t>((W - 1) * a.strides[1] + ext_w + out_pad[1] - OW, 0);
    a.pads = {th / 2, th - th / 2, tw / 2, tw - tw / 2};
  } else {
    if (auto_pad == NNADAPTER_AUTO_PAD_NONE && HasInput(ctx, 4)) {
      a.pads = IntsAttr(ctx, 4);
      if (a.pads.size() != 4) return Fail(ctx, "input 4 (pads): expected 4 values");
    } else if (auto_pad != NNADAPTER_AUTO_PAD_NONE &&
               auto_pad != NNADAPTER_AUTO_PAD_VALID) {
      return Fail(ctx, "input 3 (auto_pad): expected 0..2");
    }
    OH = (H - 1) * a.strides[0] - a.pads[0] - a.pads[1] + ext_h + out_pad[0];
    OW = (W - 1) * a.strides[1] - a.pads[2] - a.pads[3] + ext_w + out_pad[1];
    if (!out_shape.empty()) {
      OH = out_shape[0];
      OW = out_shape[1];
    }
  }
  if (OH <= 0 || OW <= 0) return Fail(ctx, "non-positive output size");
  if (int rs = CheckSize(ctx, {N, CO, OH, OW})) return rs;
  std::vector<double> x = Values(in), f = Values(filter);
  std::vector<double> out(N * CO * OH * OW);
  for (int64_t n = 0; n < N; n++)
    for (int64_t oc = 0; oc < CO; oc++)
      for (int64_t i = 0; i < OH * OW; i++)
        out[(n * CO + oc) * OH * OW + i] = bias[oc];
  for (int64_t n = 0; n < N; n++)
    for (int64_t ic = 0; ic < C; ic++) {
      int64_t g = ic / CIG;
      for (int64_t h = 0; h < H; h++)
        for (int64_t w = 0; w < W; w++) {
          double xv = x[((n * C + ic) * H + h) * W + w];
          for (int64_t ocg = 0; ocg < COG; ocg++) {
            int64_t oc = g * COG + ocg;
            for (int64_t kh = 0; kh < KH; kh++) {
              int64_t oh = h * a.strides[0] - a.pads[0] + kh * a.dilations[0];
              if (oh < 0 || oh >= OH) continue;
              for (int64_t kw = 0; kw < KW; kw++) {
                int64_t ow =
                    w * a.strides[1] - a.pads[2] + kw * a.dilations[1];
                if (ow < 0 || ow >= OW) continue;
                out[((n * CO + oc) * OH + oh) * OW + ow] +=
                    xv * f[((ic * COG + ocg) * KH + kh) * KW + kw];
              }
            }
          }
        }
    }
  int r2 = FuseFrom(ctx, &out);
  if (r2) return r2;
  return Output(ctx, 0, {N, CO, OH, OW}, out, in.type.precision, &in);
}

// DEFORMABLE_CONV_2D (v2, with mask): for output (oh, ow) and kernel tap
// (i, j) of deformable group dg, the sampling point is
//   (oh * s - pad_top + i * d + offset[n, dg*2*K + 2*(i*KW+j), oh, ow],
//    ow * s - pad_left + j * d + offset[n, dg*2*K + 2*(i*KW+j) + 1, oh, ow])
// sampled bilinearly (zero outside the image) and multiplied by
// mask[n, dg*K + i*KW+j, oh, ow]; K = KH * KW.
int Compute_DEFORMABLE_CONV_2D(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  const Tensor& offset = *ctx->in[1];
  const Tensor* mask = HasInput(ctx, 2) ? ctx->in[2] : nullptr;
  const Tensor& filter = *ctx->in[3];
  if (in.dims.size() != 4 || filter.dims.size() != 4 ||
      offset.dims.size() != 4)
    return Fail(ctx, "input, offset and filter must have rank 4");
  ConvAttrs a;
  int r = ReadConvAttrs(ctx, 6, 7, 9, &a);
  if (r) return r;
  int64_t dgroups = IntAttr(ctx, 8, 1);
  int64_t N = in.dims[0], C = in.dims[1], H = in.dims[2], W = in.dims[3];
  int64_t CO = filter.dims[0], CI = filter.dims[1], KH = filter.dims[2],
          KW = filter.dims[3], K = KH * KW;
  if (a.group <= 0 || CI * a.group != C || CO % a.group)
    return Fail(ctx, "input 7 (group) does not match the channels");
  if (dgroups <= 0 || C % dgroups)
    return Fail(ctx, "input 8 (deformable_group) must divide the channels");
  a.pads = {0, 0, 0, 0};
  if (HasInput(ctx, 5)) {
    a.pads = IntsAttr(ctx, 5);
    if (a.pads.size() != 4) return Fail(ctx, "input 5 (pads): expected 4 values");
  }
  std::vector<double> bias = BiasValues(ctx, 4, CO);
  if (static_cast<int64_t>(bias.size()) != CO)
    return Fail(ctx, "input 4 (bias): expected " + std::to_string(CO));
  int64_t OH = WindowOutput(H, a.pads[0], a.pads[1], KH, a.strides[0],
                            a.dilations[0], false);
  int64_t OW = WindowOutput(W, a.pads[2], a.pads[3], KW, a.strides[1],
                            a.dilations[1], false);
  if (offset.dims != Dims{N, 2 * dgroups * K, OH, OW})
    return Fail(ctx, "input 1 (offset): expected " +
                         DimsToString({N, 2 * dgroups * K, OH, OW}) +
                         ", got " + DimsToString(offset.dims));
  if (mask && mask->dims != Dims{N, dgroups * K, OH, OW})
    return Fail(ctx, "input 2 (mask): expected " +
                         DimsToString({N, dgroups * K, OH, OW}) + ", got " +
                         DimsToString(mask->dims));
  if (int rs = CheckSize(ctx, {N, CO, OH, OW})) return rs;
  std::vector<double> x = Values(in), f = Values(filter), off = Values(offset);
  std::vector<double> m = mask ? Values(*mask) : std::vector<double>();
  auto sample = [&](int64_t n, int64_t c, double ph, double pw) {
    if (!(ph > -1 && ph < H && pw > -1 && pw < W)) return 0.0;  // NaN too
    int64_t h0 = static_cast<int64_t>(std::floor(ph)),
            w0 = static_cast<int64_t>(std::floor(pw));
    double lh = ph - h0, lw = pw - w0;
    double s = 0;
    for (int dh = 0; dh < 2; dh++)
      for (int dw = 0; dw < 2; dw++) {
        int64_t hh = h0 + dh, ww = w0 + dw;
        if (hh < 0 || hh >= H || ww < 0 || ww >= W) continue;
        double wt = (dh ? lh : 1 - lh) * (dw ? lw : 1 - lw);
        s += wt * x[((n * C + c) * H + hh) * W + ww];
      }
    return s;
  };
  std::vector<double> out(N * CO * OH * OW);
  int64_t cog = CO / a.group, cpd = C / dgroups;
  for (int64_t n = 0; n < N; n++)
    for (int64_t oc = 0; oc < CO; oc++) {
      int64_t g = oc / cog;
      for (int64_t oh = 0; oh < OH; oh++)
        for (int64_t ow = 0; ow < OW; ow++) {
          double s = bias[oc];
          for (int64_t ic = 0; ic < CI; ic++) {
            int64_t c = g * CI + ic, dg = c / cpd;
            for (int64_t i = 0; i < KH; i++)
              for (int64_t j = 0; j < KW; j++) {
                int64_t tap = i * KW + j;
                auto at = [&](int64_t ch) {
                  return ((n * (2 * dgroups * K) + ch) * OH + oh) * OW + ow;
                };
                double dh = off[at(dg * 2 * K + 2 * tap)];
                double dw = off[at(dg * 2 * K + 2 * tap + 1)];
                double ph = oh * a.strides[0] - a.pads[0] +
                            i * a.dilations[0] + dh;
                double pw = ow * a.strides[1] - a.pads[2] +
                            j * a.dilations[1] + dw;
                double val = sample(n, c, ph, pw);
                if (mask)
                  val *= m[((n * dgroups * K + dg * K + tap) * OH + oh) * OW +
                           ow];
                s += val * f[((oc * CI + ic) * KH + i) * KW + j];
              }
          }
          out[((n * CO + oc) * OH + oh) * OW + ow] = s;
        }
    }
  r = FuseFrom(ctx, &out);
  if (r) return r;
  return Output(ctx, 0, {N, CO, OH, OW}, out, in.type.precision, &in);
}

}  // namespace builtin_device
}  // namespace nnadapter
