// Detection helpers: PRIOR_BOX (SSD) and YOLO_BOX (YOLOv3), Paddle semantics.
#include <cmath>

#include "drivers/builtin_device/kernels/kernel.h"

namespace nnadapter {
namespace builtin_device {

// PRIOR_BOX: aspect ratios are expanded to [1, ar..., (1/ar if flip)...]
// without duplicates (|a - b| < 1e-6). Per min_size i the boxes are
//   order false: every expanded ratio (w = s*sqrt(ar), h = s/sqrt(ar)), then
//                sqrt(s * max_sizes[i]) square if max_sizes is given;
//   order true:  the s square, the sqrt(s * max) square, then the ratios
//                other than 1.
// Boxes are normalized by the image size: [(cx - w/2)/img_w, (cy - h/2)/img_h,
// (cx + w/2)/img_w, (cy + h/2)/img_h], cx = (w_idx + offset) * step_w.
int Compute_PRIOR_BOX(KernelContext* ctx) {
  const Tensor& feat = *ctx->in[0];
  const Tensor& img = *ctx->in[1];
  if (feat.dims.size() != 4 || img.dims.size() != 4)
    return Fail(ctx, "input 0 and 1 must be [N, C, H, W]");
  std::vector<double> mins = FloatsAttr(ctx, 2), maxs = FloatsAttr(ctx, 3),
                      ars_in = FloatsAttr(ctx, 4), var = FloatsAttr(ctx, 5);
  bool flip = BoolAttr(ctx, 6, false), clip = BoolAttr(ctx, 7, false);
  double step_w = FloatAttr(ctx, 8, 0), step_h = FloatAttr(ctx, 9, 0);
  double offset = FloatAttr(ctx, 10, 0.5);
  bool mm_order = BoolAttr(ctx, 11, false);
  if (mins.empty()) return Fail(ctx, "input 2 (min_sizes) is empty");
  if (!maxs.empty() && maxs.size() != mins.size())
    return Fail(ctx, "input 3 (max_sizes) must match min_sizes in length");
  if (var.size() != 4) return Fail(ctx, "input 5 (variances): expected 4 values");
  int64_t H = feat.dims[2], W = feat.dims[3];
  double img_h = static_cast<double>(img.dims[2]),
         img_w = static_cast<double>(img.dims[3]);
  if (step_w == 0 || step_h == 0) {
    step_w = img_w / W;
    step_h = img_h / H;
  }
  std::vector<double> ars = {1.0};
  for (double a : ars_in) {
    bool dup = false;
    for (double e : ars) dup = dup || std::fabs(a - e) < 1e-6;
    if (dup) continue;
    ars.push_back(a);
    if (flip) ars.push_back(1.0 / a);
  }
  std::vector<std::pair<double, double>> sizes;  // (w, h) per prior
  for (size_t i = 0; i < mins.size(); i++) {
    double s = mins[i];
    if (mm_order) {
      sizes.push_back({s, s});
      if (!maxs.empty()) {
        double m = std::sqrt(s * maxs[i]);
        sizes.push_back({m, m});
      }
      for (double a : ars) {
        if (std::fabs(a - 1.0) < 1e-6) continue;
        sizes.push_back({s * std::sqrt(a), s / std::sqrt(a)});
      }
    } else {
      for (double a : ars) sizes.push_back({s * std::sqrt(a), s / std::sqrt(a)});
      if (!maxs.empty()) {
        double m = std::sqrt(s * maxs[i]);
        sizes.push_back({m, m});
      }
    }
  }
  int64_t P = static_cast<int64_t>(sizes.size());
  std::vector<double> boxes, vars;
  for (int64_t h = 0; h < H; h++)
    for (int64_t w = 0; w < W; w++) {
      double cx = (w + offset) * step_w, cy = (h + offset) * step_h;
      for (auto& s : sizes) {
        double b[4] = {(cx - s.first / 2) / img_w, (cy - s.second / 2) / img_h,
                       (cx + s.first / 2) / img_w, (cy + s.second / 2) / img_h};
        for (double x : b)
          boxes.push_back(clip ? std::min(std::max(x, 0.0), 1.0) : x);
        vars.insert(vars.end(), var.begin(), var.end());
      }
    }
  Dims dims = {H, W, P, 4};
  int r = Output(ctx, 0, dims, boxes, NNADAPTER_FLOAT32);
  if (!r && ctx->out.size() > 1 && ctx->out[1])
    r = Output(ctx, 1, dims, vars, NNADAPTER_FLOAT32);
  return r;
}

// YOLO_BOX: input [N, A * (5 + class_num), H, W] (with iou_aware the first A
// channels are IoU logits). For anchor a at cell (k, l):
//   conf = sigmoid(obj) (iou_aware: conf^(1-f) * sigmoid(iou)^f);
//   boxes/scores of cells with conf < conf_thresh are all zero;
//   cx = (l + sigmoid(tx) * sxy - 0.5 * (sxy - 1)) * img_w / W (cy likewise),
//   bw = exp(tw) * anchor_w * img_w / (downsample_ratio * W) (bh likewise),
//   box = [cx - bw/2, cy - bh/2, cx + bw/2, cy + bh/2], clipped to
//   [0, img - 1] when clip_bbox; score_c = conf * sigmoid(class_c).
// Box index m = a * H * W + k * W + l.
int Compute_YOLO_BOX(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  if (in.dims.size() != 4) return Fail(ctx, "input 0: expected [N, C, H, W]");
  std::vector<double> imgsize = FloatsAttr(ctx, 1);
  std::vector<int64_t> anchors = IntsAttr(ctx, 2);
  int64_t class_num = IntAttr(ctx, 3, 1);
  double thresh = FloatAttr(ctx, 4, 0.01);
  int64_t ds = IntAttr(ctx, 5, 32);
  bool clip = BoolAttr(ctx, 6, true);
  double sxy = FloatAttr(ctx, 7, 1.0);
  bool iou_aware = BoolAttr(ctx, 8, false);
  double iou_f = FloatAttr(ctx, 9, 0.5);
  int64_t N = in.dims[0], C = in.dims[1], H = in.dims[2], W = in.dims[3];
  int64_t A = static_cast<int64_t>(anchors.size() / 2);
  if (A == 0 || anchors.size() % 2)
    return Fail(ctx, "input 2 (anchors): expected pairs of values");
  if (C != A * (5 + class_num + (iou_aware ? 1 : 0)))
    return Fail(ctx, "input 0: channel count " + std::to_string(C) +
                         " does not match anchors and class_num");
  if (static_cast<int64_t>(imgsize.size()) != N * 2)
    return Fail(ctx, "input 1 (imgsize): expected [N, 2]");
  std::vector<double> v = Values(in);
  int64_t M = A * H * W;
  std::vector<double> boxes(N * M * 4, 0.0), scores(N * M * class_num, 0.0);
  auto sig = [](double x) { return 1.0 / (1.0 + std::exp(-x)); };
  for (int64_t n = 0; n < N; n++) {
    double img_h = imgsize[n * 2], img_w = imgsize[n * 2 + 1];
    for (int64_t a = 0; a < A; a++)
      for (int64_t k = 0; k < H; k++)
        for (int64_t l = 0; l < W; l++) {
          auto ch = [&](int64_t c) {
            int64_t base = iou_aware ? A + a * (5 + class_num) : a * (5 + class_num);
            return v[((n * C + base + c) * H + k) * W + l];
          };
          double conf = sig(ch(4));
          if (iou_aware) {
            double iou = sig(v[((n * C + a) * H + k) * W + l]);
            conf = std::pow(conf, 1 - iou_f) * std::pow(iou, iou_f);
          }
          if (conf < thresh) continue;
          int64_t m = a * H * W + k * W + l;
          double bias = -0.5 * (sxy - 1);
          double cx = (l + sig(ch(0)) * sxy + bias) * img_w / W;
          double cy = (k + sig(ch(1)) * sxy + bias) * img_h / H;
          double bw = std::exp(ch(2)) * anchors[2 * a] * img_w / (ds * W);
          double bh = std::exp(ch(3)) * anchors[2 * a + 1] * img_h / (ds * H);
          double b[4] = {cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2};
          if (clip) {
            b[0] = std::max(b[0], 0.0);
            b[1] = std::max(b[1], 0.0);
            b[2] = std::min(b[2], img_w - 1);
            b[3] = std::min(b[3], img_h - 1);
          }
          for (int i = 0; i < 4; i++) boxes[(n * M + m) * 4 + i] = b[i];
          for (int64_t c = 0; c < class_num; c++)
            scores[(n * M + m) * class_num + c] = conf * sig(ch(5 + c));
        }
  }
  int r = Output(ctx, 0, {N, M, 4}, boxes, NNADAPTER_FLOAT32);
  if (!r && ctx->out.size() > 1 && ctx->out[1])
    r = Output(ctx, 1, {N, M, class_num}, scores, NNADAPTER_FLOAT32);
  return r;
}

}  // namespace builtin_device
}  // namespace nnadapter
