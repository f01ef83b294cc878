// roi_align: Out [R, C, pooled_height, pooled_width] pools each ROI (ROIs
// [R, 4] as x1, y1, x2, y2 in input pixels times spatial_scale) of its image
// of X [N, C, H, W]: each bin is the mean of grid_h x grid_w bilinear
// samples at the centres of a regular grid (grid = sampling_ratio, or
// ceil(roi size / pooled size) when sampling_ratio <= 0). `aligned` shifts
// the ROI by -0.5 pixel; without it the ROI is at least 1 x 1. A sample
// more than one pixel outside X reads 0; nearer ones are clamped to the
// border (Paddle's / Detectron's rule). The image of each ROI comes from
// RoisNum ([N] counts) or the LoD of ROIs; with neither, X must hold one
// image. float32.
#include <algorithm>
#include <cmath>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct RoiAlignParam {
  const Tensor *x{nullptr}, *rois{nullptr}, *rois_num{nullptr};
  Tensor* out{nullptr};
  float spatial_scale{1.f};
  int pooled_height{1}, pooled_width{1}, sampling_ratio{-1};
  bool aligned{false};
};

class RoiAlignOp : public OperatorBase<RoiAlignParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim &xd = p.x->dims(), &rd = p.rois->dims();
    LITE_ENFORCE(xd.size() == 4, "op 'roi_align': input 'X' must be [N, C, H, W], got ",
                 DimsToString(xd));
    LITE_ENFORCE(rd.size() == 2 && rd[1] == 4, "op 'roi_align': input 'ROIs' must be [R, 4], got ",
                 DimsToString(rd));
    LITE_ENFORCE(p.pooled_height > 0 && p.pooled_width > 0, "op 'roi_align': attributes "
                 "'pooled_height' and 'pooled_width' must be positive, got ", p.pooled_height,
                 " and ", p.pooled_width);
    p.out->Resize({rd[0], xd[1], p.pooled_height, p.pooled_width});
    p.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.rois = GetInput(desc, scope, "ROIs");
    p.rois_num = GetOptionalInput(desc, scope, "RoisNum");
    p.out = GetOutput(desc, scope, "Out");
    p.spatial_scale = desc.GetAttr<float>("spatial_scale", 1.f);
    p.pooled_height = desc.GetAttr<int32_t>("pooled_height", 1);
    p.pooled_width = desc.GetAttr<int32_t>("pooled_width", 1);
    p.sampling_ratio = desc.GetAttr<int32_t>("sampling_ratio", -1);
    p.aligned = desc.GetAttr<bool>("aligned", false);
  }
};

class RoiAlignKernel : public KernelBase<RoiAlignParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& xd = p.x->dims();
    const int64_t N = xd[0], C = xd[1], H = xd[2], W = xd[3];
    const int64_t R = p.rois->dims()[0], PH = p.pooled_height, PW = p.pooled_width;
    // The image of each ROI.
    std::vector<int64_t> image(R, 0);
    std::vector<int64_t> counts;
    if (p.rois_num) {
      counts = ReadInts(*p.rois_num, "op 'roi_align': input 'RoisNum'");
    } else if (!p.rois->lod().empty()) {
      const auto& l = p.rois->lod().back();
      for (size_t i = 1; i < l.size(); ++i) counts.push_back(static_cast<int64_t>(l[i] - l[i - 1]));
    } else {
      LITE_ENFORCE(N == 1 || R == 0, "op 'roi_align': X holds ", N, " images; input 'RoisNum' or "
                   "a LoD on ROIs must say which image each ROI belongs to");
      counts.push_back(R);
    }
    LITE_ENFORCE(static_cast<int64_t>(counts.size()) <= N, "op 'roi_align': ", counts.size(),
                 " images of ROIs for ", N, " images of X");
    int64_t at = 0;
    for (size_t b = 0; b < counts.size(); ++b)
      for (int64_t k = 0; k < counts[b]; ++k, ++at) {
        LITE_ENFORCE(at < R, "op 'roi_align': RoisNum/LoD counts more ROIs than the ", R, " given");
        image[at] = static_cast<int64_t>(b);
      }
    LITE_ENFORCE(at == R, "op 'roi_align': RoisNum/LoD counts ", at, " ROIs but ", R, " are given");
    const float* x = p.x->data<float>();
    const float* rois = p.rois->data<float>();
    float* out = p.out->mutable_data<float>();
    const double offset = p.aligned ? 0.5 : 0.0;
    for (int64_t r = 0; r < R; ++r) {
      const float* box = rois + r * 4;
      const double scale = p.spatial_scale;  // in double, as every reference does
      const double x1 = box[0] * scale - offset, y1 = box[1] * scale - offset;
      double rw = box[2] * scale - offset - x1, rh = box[3] * scale - offset - y1;
      if (!p.aligned) {
        rw = std::max(rw, 1.0);
        rh = std::max(rh, 1.0);
      }
      LITE_ENFORCE(std::isfinite(rh) && std::isfinite(rw) && rh <= 1e6 && rw <= 1e6,
                   "op 'roi_align': ROI ", r, " of input 'ROIs' is not finite or spans more than "
                   "1e6 pixels");
      const double bh = rh / PH, bw = rw / PW;
      const int64_t gh = p.sampling_ratio > 0 ? p.sampling_ratio : static_cast<int64_t>(std::ceil(rh / PH));
      const int64_t gw = p.sampling_ratio > 0 ? p.sampling_ratio : static_cast<int64_t>(std::ceil(rw / PW));
      const double count = static_cast<double>(std::max<int64_t>(gh * gw, 1));
      for (int64_t c = 0; c < C; ++c) {
        const float* plane = x + (image[r] * C + c) * H * W;
        auto sample = [&](double y, double xx) {
          if (y < -1.0 || y > H || xx < -1.0 || xx > W) return 0.0;
          y = std::max(y, 0.0);
          xx = std::max(xx, 0.0);
          int64_t y0 = static_cast<int64_t>(y), x0 = static_cast<int64_t>(xx), y1i, x1i;
          if (y0 >= H - 1) {
            y0 = y1i = H - 1;
            y = static_cast<double>(y0);
          } else {
            y1i = y0 + 1;
          }
          if (x0 >= W - 1) {
            x0 = x1i = W - 1;
            xx = static_cast<double>(x0);
          } else {
            x1i = x0 + 1;
          }
          const double ly = y - y0, lx = xx - x0, hy = 1 - ly, hx = 1 - lx;
          return hy * hx * plane[y0 * W + x0] + hy * lx * plane[y0 * W + x1i] +
                 ly * hx * plane[y1i * W + x0] + ly * lx * plane[y1i * W + x1i];
        };
        for (int64_t ph = 0; ph < PH; ++ph)
          for (int64_t pw = 0; pw < PW; ++pw) {
            double sum = 0;
            for (int64_t iy = 0; iy < gh; ++iy) {
              const double y = y1 + ph * bh + (iy + 0.5) * bh / gh;
              for (int64_t ix = 0; ix < gw; ++ix) sum += sample(y, x1 + pw * bw + (ix + 0.5) * bw / gw);
            }
            out[((r * C + c) * PH + ph) * PW + pw] = static_cast<float>(sum / count);
          }
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(RoiAlignOp)
LITE_KERNEL_CLASS(RoiAlignKernel)
