// Sampling operations (NCHW): RESIZE_NEAREST, RESIZE_LINEAR, GRID_SAMPLE,
// ROI_ALIGN. Conventions follow Paddle:
//  RESIZE: output size = shape if given, else floor(in * scale). ratio =
//   (in - 1) / (out - 1) with align_corners, else in / out (1 / scale when
//   only scales are given).
//   NEAREST: src = align_corners ? floor(ratio * dst + 0.5)
//                                : floor(ratio * dst).
//   LINEAR: src = align_corners ? ratio * dst
//       : align_mode 0 ? max(ratio * (dst + 0.5) - 0.5, 0) : ratio * dst
//     (align_mode defaults to 1), then 2-tap interpolation per axis.
#include <algorithm>
#include <cmath>

#include "drivers/builtin_device/kernels/kernel.h"

namespace nnadapter {
namespace builtin_device {

namespace {

int ResizeGeometry(KernelContext* ctx, const Tensor& in, int64_t* oh,
                   int64_t* ow, double* rh, double* rw, bool align_corners) {
  if (in.dims.size() != 4)
    return Fail(ctx, "input 0: expected rank 4 (NCHW), got " +
                         DimsToString(in.dims));
  int64_t H = in.dims[2], W = in.dims[3];
  if (H <= 0 || W <= 0)
    return Fail(ctx, "input 0: cannot resize the empty image " +
                         DimsToString(in.dims));
  std::vector<int64_t> shape = IntsAttr(ctx, 1);
  std::vector<double> scales = FloatsAttr(ctx, 2);
  if (!shape.empty()) {
    if (shape.size() != 2 || shape[0] <= 0 || shape[1] <= 0)
      return Fail(ctx, "input 1 (shape): expected 2 positive values");
    *oh = shape[0];
    *ow = shape[1];
    *rh = static_cast<double>(H) / *oh;
    *rw = static_cast<double>(W) / *ow;
  } else if (!scales.empty()) {
    if (scales.size() != 2 || !(scales[0] > 0) || !(scales[1] > 0))
      return Fail(ctx, "input 2 (scales): expected 2 positive values");
    if (H * scales[0] > 1e9 || W * scales[1] > 1e9)
      return Fail(ctx, "input 2 (scales): output too large");
    *oh = static_cast<int64_t>(std::floor(H * scales[0]));
    *ow = static_cast<int64_t>(std::floor(W * scales[1]));
    *rh = 1.0 / scales[0];
    *rw = 1.0 / scales[1];
  } else {
    return Fail(ctx, "one of input 1 (shape) and input 2 (scales) is required");
  }
  if (*oh <= 0 || *ow <= 0) return Fail(ctx, "empty output size");
  if (int r = CheckSize(ctx, {in.dims[0], in.dims[1], *oh, *ow})) return r;
  if (align_corners) {
    *rh = *oh > 1 ? static_cast<double>(H - 1) / (*oh - 1) : 0.0;
    *rw = *ow > 1 ? static_cast<double>(W - 1) / (*ow - 1) : 0.0;
  }
  return NNADAPTER_NO_ERROR;
}

}  // namespace

int Compute_RESIZE_NEAREST(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  bool ac = BoolAttr(ctx, 3, false);
  int64_t OH, OW;
  double rh, rw;
  int r = ResizeGeometry(ctx, in, &OH, &OW, &rh, &rw, ac);
  if (r) return r;
  int64_t NC = in.dims[0] * in.dims[1], H = in.dims[2], W = in.dims[3];
  std::vector<int64_t> src;
  for (int64_t nc = 0; nc < NC; nc++)
    for (int64_t y = 0; y < OH; y++) {
      int64_t sy = static_cast<int64_t>(ac ? std::floor(rh * y + 0.5)
                                           : std::floor(rh * y));
      sy = std::min(sy, H - 1);
      for (int64_t x = 0; x < OW; x++) {
        int64_t sx = static_cast<int64_t>(ac ? std::floor(rw * x + 0.5)
                                             : std::floor(rw * x));
        sx = std::min(sx, W - 1);
        src.push_back((nc * H + sy) * W + sx);
      }
    }
  return Gather(ctx, 0, in, {in.dims[0], in.dims[1], OH, OW}, src);
}

int Compute_RESIZE_LINEAR(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  bool ac = BoolAttr(ctx, 3, false);
  int64_t align_mode = IntAttr(ctx, 4, 1);
  int64_t OH, OW;
  double rh, rw;
  int r = ResizeGeometry(ctx, in, &OH, &OW, &rh, &rw, ac);
  if (r) return r;
  int64_t NC = in.dims[0] * in.dims[1], H = in.dims[2], W = in.dims[3];
  auto coord = [&](double ratio, int64_t dst, int64_t size, int64_t* i0,
                   int64_t* i1, double* l) {
    double s = ac ? ratio * dst
                  : align_mode == 0 ? std::max(ratio * (dst + 0.5) - 0.5, 0.0)
                                    : ratio * dst;
    *i0 = std::min(static_cast<int64_t>(std::floor(s)), size - 1);
    *i1 = std::min(*i0 + 1, size - 1);
    *l = std::min(std::max(s - *i0, 0.0), 1.0);
  };
  std::vector<double> v = Values(in), out(NC * OH * OW);
  for (int64_t nc = 0; nc < NC; nc++)
    for (int64_t y = 0; y < OH; y++) {
      int64_t y0, y1;
      double ly;
      coord(rh, y, H, &y0, &y1, &ly);
      for (int64_t x = 0; x < OW; x++) {
        int64_t x0, x1;
        double lx;
        coord(rw, x, W, &x0, &x1, &lx);
        const double* p = &v[nc * H * W];
        out[(nc * OH + y) * OW + x] =
            (1 - ly) * ((1 - lx) * p[y0 * W + x0] + lx * p[y0 * W + x1]) +
            ly * ((1 - lx) * p[y1 * W + x0] + lx * p[y1 * W + x1]);
      }
    }
  return Output(ctx, 0, {in.dims[0], in.dims[1], OH, OW}, out,
                in.type.precision, &in);
}

// GRID_SAMPLE: grid [N, Ho, Wo, 2] holds normalized (x, y) in [-1, 1];
// x_src = align_corners ? (x + 1) / 2 * (W - 1) : ((x + 1) * W - 1) / 2.
// mode: BILINEAR (default, also NONE) or NEAREST (round half to even);
// pad_mode: CONSTANT/NONE = zeros, REPLICATE/EDGE = border,
// REFLECT = reflection. Output [N, C, Ho, Wo].
int Compute_GRID_SAMPLE(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  const Tensor& grid = *ctx->in[1];
  if (in.dims.size() != 4 || grid.dims.size() != 4 || grid.dims[3] != 2 ||
      grid.dims[0] != in.dims[0])
    return Fail(ctx, "expected input [N, C, H, W] and grid [N, Ho, Wo, 2], got " +
                         DimsToString(in.dims) + " and " +
                         DimsToString(grid.dims));
  bool ac = BoolAttr(ctx, 2, true);
  int64_t mode = IntAttr(ctx, 3, NNADAPTER_INTERPOLATE_MODE_BILINEAR);
  int64_t pad = IntAttr(ctx, 4, NNADAPTER_PAD_MODE_CONSTANT);
  int64_t N = in.dims[0], C = in.dims[1], H = in.dims[2], W = in.dims[3];
  int64_t OH = grid.dims[1], OW = grid.dims[2];
  std::vector<double> v = Values(in), g = Values(grid);
  auto reflect = [](double x, double lo2, double hi2) {
    if (lo2 == hi2) return 0.0;
    double mn = lo2 / 2, span = (hi2 - lo2) / 2;
    x = std::fabs(x - mn);
    double extra = std::fmod(x, span);
    int64_t flips = static_cast<int64_t>(std::floor(x / span));
    return flips % 2 == 0 ? extra + mn : span - extra + mn;
  };
  auto source = [&](double c, int64_t size) {
    double s = ac ? (c + 1) / 2 * (size - 1) : ((c + 1) * size - 1) / 2;
    if (pad == NNADAPTER_PAD_MODE_REPLICATE || pad == NNADAPTER_PAD_MODE_EDGE) {
      s = std::min(std::max(s, 0.0), static_cast<double>(size - 1));
    } else if (pad == NNADAPTER_PAD_MODE_REFLECT) {
      s = ac ? reflect(s, 0, 2.0 * (size - 1)) : reflect(s, -1, 2.0 * size - 1);
      s = std::min(std::max(s, 0.0), static_cast<double>(size - 1));
    }
    // Far outside (or NaN): any position beyond one pixel samples zeros.
    if (!(s > -2.0)) s = -2.0;
    if (!(s < size + 1.0)) s = size + 1.0;
    return s;
  };
  std::vector<double> out(N * C * OH * OW);
  for (int64_t n = 0; n < N; n++)
    for (int64_t y = 0; y < OH; y++)
      for (int64_t x = 0; x < OW; x++) {
        double gx = g[((n * OH + y) * OW + x) * 2];
        double gy = g[((n * OH + y) * OW + x) * 2 + 1];
        double sx = source(gx, W), sy = source(gy, H);
        for (int64_t c = 0; c < C; c++) {
          const double* p = &v[(n * C + c) * H * W];
          auto at = [&](int64_t yy, int64_t xx) {
            return (yy < 0 || yy >= H || xx < 0 || xx >= W) ? 0.0
                                                            : p[yy * W + xx];
          };
          double r;
          if (mode == NNADAPTER_INTERPOLATE_MODE_NEAREST) {
            r = at(static_cast<int64_t>(std::nearbyint(sy)),
                   static_cast<int64_t>(std::nearbyint(sx)));
          } else {
            int64_t x0 = static_cast<int64_t>(std::floor(sx)),
                    y0 = static_cast<int64_t>(std::floor(sy));
            double lx = sx - x0, ly = sy - y0;
            r = at(y0, x0) * (1 - lx) * (1 - ly) + at(y0, x0 + 1) * lx * (1 - ly) +
                at(y0 + 1, x0) * (1 - lx) * ly + at(y0 + 1, x0 + 1) * lx * ly;
          }
          out[((n * C + c) * OH + y) * OW + x] = r;
        }
      }
  return Output(ctx, 0, {N, C, OH, OW}, out, in.type.precision, &in);
}

// ROI_ALIGN: output [rois_num, C, output_height, output_width]; each bin is
// the mean of grid_h x grid_w bilinear samples (grid = sampling_ratio, or
// ceil(roi_size / output_size) when <= 0); aligned shifts the roi by -0.5
// pixel and does not force a minimum roi size of 1.
int Compute_ROI_ALIGN(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  if (in.dims.size() != 4) return Fail(ctx, "input 0: expected rank 4");
  std::vector<double> rois = Values(*ctx->in[1]);
  std::vector<int64_t> bidx = IntsAttr(ctx, 2);
  int64_t R = static_cast<int64_t>(bidx.size());
  if (static_cast<int64_t>(rois.size()) != R * 4)
    return Fail(ctx, "input 1 (rois) must be [rois_num, 4] with rois_num = " +
                         std::to_string(R));
  int64_t OH = IntAttr(ctx, 3, 1), OW = IntAttr(ctx, 4, 1);
  int64_t ratio = IntAttr(ctx, 5, -1);
  double scale = FloatAttr(ctx, 6, 1.0);
  bool aligned = BoolAttr(ctx, 7, false);
  if (OH <= 0 || OW <= 0) return Fail(ctx, "output size must be positive");
  int64_t N = in.dims[0], C = in.dims[1], H = in.dims[2], W = in.dims[3];
  if (int rs = CheckSize(ctx, {R, C, OH, OW})) return rs;
  std::vector<double> v = Values(in), out(R * C * OH * OW);
  auto bilinear = [&](const double* p, double y, double x) {
    if (!std::isfinite(y) || !std::isfinite(x)) return 0.0;
    if (y < -1.0 || y > H || x < -1.0 || x > W) return 0.0;
    y = std::max(y, 0.0);
    x = std::max(x, 0.0);
    int64_t y0 = static_cast<int64_t>(y), x0 = static_cast<int64_t>(x), y1, x1;
    if (y0 >= H - 1) {
      y0 = y1 = H - 1;
      y = static_cast<double>(y0);
    } else {
      y1 = y0 + 1;
    }
    if (x0 >= W - 1) {
      x0 = x1 = W - 1;
      x = static_cast<double>(x0);
    } else {
      x1 = x0 + 1;
    }
    double ly = y - y0, lx = x - x0;
    return (1 - ly) * (1 - lx) * p[y0 * W + x0] + (1 - ly) * lx * p[y0 * W + x1] +
           ly * (1 - lx) * p[y1 * W + x0] + ly * lx * p[y1 * W + x1];
  };
  double off = aligned ? 0.5 : 0.0;
  for (int64_t r = 0; r < R; r++) {
    if (bidx[r] < 0 || bidx[r] >= N)
      return Fail(ctx, "input 2 (batch_indices): index out of range");
    double x1 = rois[r * 4] * scale - off, y1 = rois[r * 4 + 1] * scale - off;
    double rw = rois[r * 4 + 2] * scale - off - x1;
    double rh = rois[r * 4 + 3] * scale - off - y1;
    if (!aligned) {
      rw = std::max(rw, 1.0);
      rh = std::max(rh, 1.0);
    }
    double bh = rh / OH, bw = rw / OW;
    if (!std::isfinite(rh) || !std::isfinite(rw) || rh > 1e6 || rw > 1e6)
      return Fail(ctx, "input 1 (rois): roi " + std::to_string(r) +
                           " is not finite or too large");
    int64_t gh = ratio > 0 ? ratio : static_cast<int64_t>(std::ceil(rh / OH));
    int64_t gw = ratio > 0 ? ratio : static_cast<int64_t>(std::ceil(rw / OW));
    if (gh * gw > 1 << 20) return Fail(ctx, "input 5 (sampling_ratio) too large");
    gh = std::max<int64_t>(gh, 1);
    gw = std::max<int64_t>(gw, 1);
    for (int64_t c = 0; c < C; c++) {
      const double* p = &v[(bidx[r] * C + c) * H * W];
      for (int64_t ph = 0; ph < OH; ph++)
        for (int64_t pw = 0; pw < OW; pw++) {
          double s = 0;
          for (int64_t iy = 0; iy < gh; iy++)
            for (int64_t ix = 0; ix < gw; ix++) {
              double y = y1 + ph * bh + (iy + 0.5) * bh / gh;
              double x = x1 + pw * bw + (ix + 0.5) * bw / gw;
              s += bilinear(p, y, x);
            }
          out[((r * C + c) * OH + ph) * OW + pw] = s / (gh * gw);
        }
    }
  }
  return Output(ctx, 0, {R, C, OH, OW}, out, in.type.precision, &in);
}

}  // namespace builtin_device
}  // namespace nnadapter
