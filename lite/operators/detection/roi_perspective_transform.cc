// roi_perspective_transform (Paddle's; Paddle Lite's host kernel
// lite/kernels/host/roi_perspective_transform_compute.cc). float32.
// X [N, C, H, W]; ROIs [R, 8] = quadrilaterals (x0, y0, ..., x3, y3) in
// input pixels times spatial_scale, each of the image its LoD (or, without
// one, the only image of X) gives.
// Per ROI: a perspective matrix M (3 x 3, M[8] = 1) maps output pixel
// (w, h) of a normalized grid (height max(2, transformed_height), width
// round(est_w * (height - 1) / est_h) + 1 clamped to [2, transformed_width],
// est_w / est_h the mean lengths of the opposite sides) onto the quad:
// (u, v, z) = M (w, h, 1), source (u / z, v / z). An output pixel whose
// source lies inside the quad (edges included, 1e-4 tolerance) and within
// (-0.5, W - 0.5) x (-0.5, H - 0.5) is the bilinear sample there (clamped
// to the border), with Mask 1; every other pixel is 0 with Mask 0.
// Out [R, C, th, tw] (LoD of ROIs), Mask int32 [R, 1, th, tw],
// TransformMatrix [R, 9]. Out2InIdx / Out2InWeights (Paddle's backward
// bookkeeping, left unwritten by Paddle Lite's kernel) are written as 0.
#include <algorithm>
#include <cmath>

#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

constexpr float kEps = 1e-4f;
bool Ge(float a, float b) { return a > b || std::fabs(a - b) < kEps; }
bool Le(float a, float b) { return a < b || std::fabs(a - b) < kEps; }
bool Gt(float a, float b) { return a - b > kEps; }

struct RoiPerspectiveParam {
  const Tensor *x{nullptr}, *rois{nullptr};
  Tensor *out{nullptr}, *mask{nullptr}, *matrix{nullptr};
  Tensor *out2in_idx{nullptr}, *out2in_weights{nullptr};
  float spatial_scale{1.f};
  int th{1}, tw{1};
};

constexpr const char* kOp = "op 'roi_perspective_transform'";

class RoiPerspectiveTransformOp : public OperatorBase<RoiPerspectiveParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim &x = p.x->dims(), &r = p.rois->dims();
    LITE_ENFORCE(x.size() == 4 && p.x->dtype() == DataType::kFloat32, kOp,
                 ": input 'X' must be float32 [N, C, H, W], got ", DimsToString(x));
    LITE_ENFORCE(r.size() == 2 && r[1] == 8 && p.rois->dtype() == DataType::kFloat32, kOp,
                 ": input 'ROIs' must be float32 [R, 8] (x0, y0, ..., x3, y3), got ",
                 DimsToString(r));
    const LoD& lod = p.rois->lod();
    if (lod.empty()) {
      LITE_ENFORCE(x[0] == 1, kOp, ": input 'ROIs' has no LoD, so X must hold one image, got ",
                   DimsToString(x));
    } else {
      const auto& l = lod.back();
      LITE_ENFORCE(l.size() == static_cast<size_t>(x[0]) + 1 && l.back() == static_cast<uint64_t>(r[0]),
                   kOp, ": the LoD of input 'ROIs' must give ", x[0], " images' ranges covering ",
                   r[0], " ROIs, got ", l.size() - 1, " ranges ending at ", l.back());
    }
    const DDim out = {r[0], x[1], p.th, p.tw};
    p.out->Resize(out);
    p.out->set_lod(lod);
    p.mask->Resize({r[0], 1, p.th, p.tw});
    p.mask->set_dtype(DataType::kInt32);
    p.matrix->Resize({r[0], 9});
    for (Tensor* t : {p.out2in_idx, p.out2in_weights}) {
      if (t) t->Resize(out);
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.rois = GetInput(desc, scope, "ROIs");
    p.out = GetOutput(desc, scope, "Out");
    p.mask = GetOutput(desc, scope, "Mask");
    p.matrix = GetOutput(desc, scope, "TransformMatrix");
    p.out2in_idx = GetOptionalOutput(desc, scope, "Out2InIdx");
    p.out2in_weights = GetOptionalOutput(desc, scope, "Out2InWeights");
    p.spatial_scale = desc.GetAttr<float>("spatial_scale", 1.f);
    p.th = desc.GetAttr<int32_t>("transformed_height", 1);
    p.tw = desc.GetAttr<int32_t>("transformed_width", 1);
    LITE_ENFORCE(p.spatial_scale > 0.f, kOp, ": attribute 'spatial_scale' must be > 0, got ",
                 p.spatial_scale);
    LITE_ENFORCE(p.th > 0 && p.tw > 0, kOp, ": attributes 'transformed_height' (", p.th,
                 ") and 'transformed_width' (", p.tw, ") must be > 0");
  }
};

// The perspective matrix of quad (qx, qy) for an output of th x tw.
void PerspectiveMatrix(int tw, int th, const float* qx, const float* qy, float* m) {
  auto len = [&](int a, int b) { return std::sqrt((qx[a] - qx[b]) * (qx[a] - qx[b]) + (qy[a] - qy[b]) * (qy[a] - qy[b])); };
  const float est_h = (len(1, 2) + len(3, 0)) / 2.0f, est_w = (len(0, 1) + len(2, 3)) / 2.0f;
  const int nh = std::max(2, th);
  const int nw = std::max(2, std::min(static_cast<int>(std::round(est_w * (nh - 1) / est_h)) + 1, tw));
  const float dx1 = qx[1] - qx[2], dx2 = qx[3] - qx[2], dx3 = qx[0] - qx[1] + qx[2] - qx[3];
  const float dy1 = qy[1] - qy[2], dy2 = qy[3] - qy[2], dy3 = qy[0] - qy[1] + qy[2] - qy[3];
  const double det = dx1 * dy2 - dx2 * dy1 + 1e-5;  // as Paddle: float terms, double epsilon
  m[6] = static_cast<float>((dx3 * dy2 - dx2 * dy3) / det / (nw - 1));
  m[7] = static_cast<float>((dx1 * dy3 - dx3 * dy1) / det / (nh - 1));
  m[8] = 1.f;
  m[0] = (qx[1] - qx[0] + m[6] * (nw - 1) * qx[1]) / (nw - 1);
  m[1] = (qx[3] - qx[0] + m[7] * (nh - 1) * qx[3]) / (nh - 1);
  m[2] = qx[0];
  m[3] = (qy[1] - qy[0] + m[6] * (nw - 1) * qy[1]) / (nw - 1);
  m[4] = (qy[3] - qy[0] + m[7] * (nh - 1) * qy[3]) / (nh - 1);
  m[5] = qy[0];
}

// Inside the quad or on an edge (even-odd rule on a horizontal ray).
bool InQuad(float x, float y, const float* qx, const float* qy) {
  int crossings = 0;
  for (int i = 0; i < 4; ++i) {
    const float xs = qx[i], ys = qy[i], xe = qx[(i + 1) % 4], ye = qy[(i + 1) % 4];
    if (std::fabs(ys - ye) < kEps) {  // horizontal edge: only "on it" counts
      if (std::fabs(y - ys) < kEps && std::fabs(y - ye) < kEps && Ge(x, std::min(xs, xe)) &&
          Le(x, std::max(xs, xe))) {
        return true;
      }
      continue;
    }
    const float cross_x = (y - ys) * (xe - xs) / (ye - ys) + xs;
    if (std::fabs(cross_x - x) < kEps && Ge(y, std::min(ys, ye)) && Le(y, std::max(ys, ye))) {
      return true;  // on the edge
    }
    if (!Le(y, std::min(ys, ye)) && !Gt(y, std::max(ys, ye)) && Gt(cross_x, x)) ++crossings;
  }
  return crossings % 2 == 1;
}

// Bilinear sample of plane (h x w) at (x, y), clamped to the border; the
// caller has checked (x, y) is inside (-0.5, w - 0.5) x (-0.5, h - 0.5).
float Bilinear(const float* plane, int w, int h, float x, float y) {
  if (Ge(0, x)) x = 0;
  if (Ge(0, y)) y = 0;
  int x0 = static_cast<int>(std::floor(x)), y0 = static_cast<int>(std::floor(y)), x1, y1;
  if (Ge(static_cast<float>(x0), static_cast<float>(w - 1))) {
    x1 = x0 = w - 1;
    x = static_cast<float>(x0);
  } else {
    x1 = x0 + 1;
  }
  if (Ge(static_cast<float>(y0), static_cast<float>(h - 1))) {
    y1 = y0 = h - 1;
    y = static_cast<float>(y0);
  } else {
    y1 = y0 + 1;
  }
  const float fx = x - x0, fy = y - y0;
  return (1 - fx) * (1 - fy) * plane[y0 * w + x0] + (1 - fx) * fy * plane[y1 * w + x0] +
         fx * fy * plane[y1 * w + x1] + fx * (1 - fy) * plane[y0 * w + x1];
}

class RoiPerspectiveTransformKernel : public KernelBase<RoiPerspectiveParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& xd = p.x->dims();
    const int64_t r_num = p.rois->dims()[0], channels = xd[1];
    const int h = static_cast<int>(xd[2]), w = static_cast<int>(xd[3]);
    const float* x = p.x->data<float>();
    const float* rois = p.rois->data<float>();
    float* out = p.out->mutable_data<float>();
    int32_t* mask = p.mask->mutable_data<int32_t>();
    float* matrix = p.matrix->mutable_data<float>();
    const int64_t plane = static_cast<int64_t>(p.th) * p.tw;
    int64_t image = 0;
    const LoD& lod = p.rois->lod();
    for (int64_t r = 0; r < r_num; ++r) {
      while (!lod.empty() && lod.back()[image + 1] <= static_cast<uint64_t>(r)) ++image;
      float qx[4], qy[4];
      for (int k = 0; k < 4; ++k) {
        qx[k] = rois[r * 8 + 2 * k] * p.spatial_scale;
        qy[k] = rois[r * 8 + 2 * k + 1] * p.spatial_scale;
      }
      float* m = matrix + r * 9;
      PerspectiveMatrix(p.tw, p.th, qx, qy, m);
      for (int oh = 0; oh < p.th; ++oh) {
        for (int ow = 0; ow < p.tw; ++ow) {
          const float u = m[0] * ow + m[1] * oh + m[2], v = m[3] * ow + m[4] * oh + m[5];
          const float z = m[6] * ow + m[7] * oh + m[8];
          const float sx = u / z, sy = v / z;
          const bool in = InQuad(sx, sy, qx, qy) && !Ge(-0.5f, sx) && !Ge(sx, w - 0.5f) &&
                          !Ge(-0.5f, sy) && !Ge(sy, h - 0.5f);
          const int64_t at = oh * p.tw + ow;
          mask[r * plane + at] = in ? 1 : 0;
          for (int64_t c = 0; c < channels; ++c) {
            out[(r * channels + c) * plane + at] =
                in ? Bilinear(x + (image * channels + c) * h * w, w, h, sx, sy) : 0.f;
          }
        }
      }
    }
    if (p.out2in_idx) std::fill_n(p.out2in_idx->mutable_data<int32_t>(), p.out2in_idx->numel(), 0);
    if (p.out2in_weights) std::fill_n(p.out2in_weights->mutable_data<float>(), p.out2in_weights->numel(), 0.f);
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(RoiPerspectiveTransformOp)
LITE_KERNEL_CLASS(RoiPerspectiveTransformKernel)
