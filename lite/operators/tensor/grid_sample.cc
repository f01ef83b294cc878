// grid_sampler (Paddle's op; PIR: pd_op.grid_sample): Output[n, c, h, w] =
// X[n, c] sampled at Grid[n, h, w] = (x, y) in [-1, 1] (x along W, y along
// H). Attributes: mode "bilinear" (default) or "nearest" (std::round,
// halves away from zero); padding_mode "zeros" (default: samples outside X
// read 0), "border" (coordinates clipped to the edge) or "reflection"
// (reflected at the edges, then clipped); align_corners (true: -1 and 1 are
// the centres of the corner pixels; false: their outer edges). float32,
// 4-D X [N, C, H, W] and Grid [N, Ho, Wo, 2]; Output [N, C, Ho, Wo]. A
// non-finite grid value samples outside X.
#include <algorithm>
#include <cmath>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

enum class Padding { kZeros, kBorder, kReflection };

struct GridSampleParam {
  const Tensor* x{nullptr};
  const Tensor* grid{nullptr};
  Tensor* out{nullptr};
  bool nearest{false};
  Padding padding{Padding::kZeros};
  bool align_corners{true};
};

class GridSampleOp : public OperatorBase<GridSampleParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& d = p.x->dims();
    const DDim& g = p.grid->dims();
    LITE_ENFORCE(d.size() == 4, "op 'grid_sampler': input X must be 4-D [N, C, H, W], got ", DimsToString(d));
    LITE_ENFORCE(g.size() == 4 && g[0] == d[0] && g[3] == 2, "op 'grid_sampler': input Grid must be [N, Ho, Wo, 2] "
                 "with X's N = ", d[0], ", got ", DimsToString(g));
    LITE_ENFORCE(p.x->dtype() == DataType::kFloat32 && p.grid->dtype() == DataType::kFloat32,
                 "op 'grid_sampler': X and Grid must be float32, got ", DataTypeName(p.x->dtype()), " and ",
                 DataTypeName(p.grid->dtype()));
    p.out->Resize({d[0], d[1], g[1], g[2]});
    p.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.grid = GetInput(desc, scope, "Grid");
    p.out = GetOutput(desc, scope, "Output");
    const std::string mode = desc.GetAttr<std::string>("mode", std::string("bilinear"));
    LITE_ENFORCE(mode == "bilinear" || mode == "nearest", "op 'grid_sampler': attribute 'mode' is '", mode,
                 "'; expected 'bilinear' or 'nearest'");
    p.nearest = mode == "nearest";
    const std::string pad = desc.GetAttr<std::string>("padding_mode", std::string("zeros"));
    LITE_ENFORCE(pad == "zeros" || pad == "border" || pad == "reflection", "op 'grid_sampler': attribute "
                 "'padding_mode' is '", pad, "'; expected 'zeros', 'border' or 'reflection'");
    p.padding = pad == "zeros" ? Padding::kZeros : pad == "border" ? Padding::kBorder : Padding::kReflection;
    p.align_corners = desc.GetAttr<bool>("align_corners", true);
  }
};

// Reflects v into [lo, hi] (the interval's edges mirror it).
double Reflect(double v, double lo, double hi) {
  if (hi <= lo) return lo;
  const double span = hi - lo;
  double d = std::fabs(v - lo);
  const double flips = std::floor(d / span);
  d -= flips * span;
  return std::fmod(flips, 2.0) == 0 ? lo + d : hi - d;
}

// The pixel coordinate of a grid value along an axis of `size` pixels,
// padded: never NaN, and within [-2, size + 1] so it converts to int64.
double Coordinate(double g, int64_t size, const GridSampleParam& p) {
  double c = p.align_corners ? (g + 1) / 2 * static_cast<double>(size - 1)
                             : ((g + 1) * static_cast<double>(size) - 1) / 2;
  if (!std::isfinite(c)) return -2;
  const double last = static_cast<double>(size - 1);
  if (p.padding == Padding::kReflection) {
    c = p.align_corners ? Reflect(c, 0, last) : Reflect(c, -0.5, last + 0.5);
  }
  if (p.padding != Padding::kZeros) return std::min(std::max(c, 0.0), last);
  return std::min(std::max(c, -2.0), last + 2);
}

class GridSampleKernel : public KernelBase<GridSampleParam> {
 public:
  void Run(const RunContext&) override {
    const auto& p = param();
    const DDim& d = p.x->dims();
    const int64_t n = d[0], c = d[1], h = d[2], w = d[3];
    const int64_t oh = p.out->dims()[2], ow = p.out->dims()[3];
    const float* x = p.x->data<float>();
    const float* grid = p.grid->data<float>();
    float* out = p.out->mutable_data<float>();
    for (int64_t b = 0; b < n; ++b) {
      for (int64_t i = 0; i < oh * ow; ++i) {
        const float* g = grid + (b * oh * ow + i) * 2;
        const double cx = Coordinate(g[0], w, p), cy = Coordinate(g[1], h, p);
        for (int64_t ch = 0; ch < c; ++ch) {
          const float* plane = x + (b * c + ch) * h * w;
          auto at = [&](int64_t yy, int64_t xx) -> double {
            return yy >= 0 && yy < h && xx >= 0 && xx < w ? plane[yy * w + xx] : 0.0;
          };
          double v;
          if (p.nearest) {
            v = at(static_cast<int64_t>(std::round(cy)), static_cast<int64_t>(std::round(cx)));
          } else {
            const double x0 = std::floor(cx), y0 = std::floor(cy), fx = cx - x0, fy = cy - y0;
            const int64_t ix = static_cast<int64_t>(x0), iy = static_cast<int64_t>(y0);
            v = at(iy, ix) * (1 - fx) * (1 - fy) + at(iy, ix + 1) * fx * (1 - fy) +
                at(iy + 1, ix) * (1 - fx) * fy + at(iy + 1, ix + 1) * fx * fy;
          }
          out[(b * c + ch) * oh * ow + i] = static_cast<float>(v);
        }
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(GridSampleOp)
LITE_KERNEL_CLASS(GridSampleKernel)
