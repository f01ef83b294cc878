// grid_sampler: Output [N, C, Ho, Wo] samples X [N, C, H, W] at the points
// of Grid [N, Ho, Wo, 2] ((x, y) in [-1, 1]). A coordinate c maps to the
// pixel position (c + 1) / 2 * (size - 1) with align_corners, else
// ((c + 1) * size - 1) / 2; padding_mode "zeros" reads 0 outside X,
// "border" clamps the position, "reflection" reflects it (about the corner
// pixel centres with align_corners, else about the image edges) and clamps;
// mode "bilinear" weights the four neighbours, "nearest" takes the pixel at
// the position rounded half to even. float32.
#include <algorithm>
#include <cmath>

#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct GridSamplerParam {
  const Tensor *x{nullptr}, *grid{nullptr};
  Tensor* out{nullptr};
  bool align_corners{true};
  bool nearest{false};
  enum Pad { kZeros, kBorder, kReflection } pad{kZeros};
};

class GridSamplerOp : public OperatorBase<GridSamplerParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim &xd = p.x->dims(), &gd = p.grid->dims();
    LITE_ENFORCE(xd.size() == 4 && gd.size() == 4 && gd[3] == 2 && gd[0] == xd[0],
                 "op 'grid_sampler': expected X [N, C, H, W] and Grid [N, Ho, Wo, 2], got X ",
                 DimsToString(xd), " and Grid ", DimsToString(gd));
    p.out->Resize({xd[0], xd[1], gd[1], gd[2]});
    p.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.grid = GetInput(desc, scope, "Grid");
    p.out = GetOutput(desc, scope, "Output");
    p.align_corners = desc.GetAttr<bool>("align_corners", true);
    const std::string mode = desc.GetAttr<std::string>("mode", "bilinear");
    LITE_ENFORCE(mode == "bilinear" || mode == "nearest", "op 'grid_sampler': attribute 'mode' "
                 "is '", mode, "'; expected bilinear or nearest");
    p.nearest = mode == "nearest";
    const std::string pad = desc.GetAttr<std::string>("padding_mode", "zeros");
    if (pad == "zeros") {
      p.pad = GridSamplerParam::kZeros;
    } else if (pad == "border") {
      p.pad = GridSamplerParam::kBorder;
    } else {
      LITE_ENFORCE(pad == "reflection", "op 'grid_sampler': attribute 'padding_mode' is '", pad,
                   "'; expected zeros, border or reflection");
      p.pad = GridSamplerParam::kReflection;
    }
  }
};

// Reflects x into [lo2 / 2, hi2 / 2].
double Reflect(double x, double lo2, double hi2) {
  if (lo2 == hi2) return 0.0;
  const double mn = lo2 / 2, span = (hi2 - lo2) / 2;
  x = std::fabs(x - mn);
  const double extra = std::fmod(x, span);
  const int64_t flips = static_cast<int64_t>(std::floor(x / span));
  return flips % 2 == 0 ? extra + mn : span - extra + mn;
}

class GridSamplerKernel : public KernelBase<GridSamplerParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& xd = p.x->dims();
    const int64_t N = xd[0], C = xd[1], H = xd[2], W = xd[3];
    const int64_t OH = p.grid->dims()[1], OW = p.grid->dims()[2];
    const float* x = p.x->data<float>();
    const float* g = p.grid->data<float>();
    float* out = p.out->mutable_data<float>();
    auto source = [&](double c, int64_t size) {
      double s = p.align_corners ? (c + 1) / 2 * (size - 1) : ((c + 1) * size - 1) / 2;
      if (p.pad == GridSamplerParam::kBorder) {
        s = std::min(std::max(s, 0.0), static_cast<double>(size - 1));
      } else if (p.pad == GridSamplerParam::kReflection) {
        s = p.align_corners ? Reflect(s, 0, 2.0 * (size - 1)) : Reflect(s, -1, 2.0 * size - 1);
        s = std::min(std::max(s, 0.0), static_cast<double>(size - 1));
      }
      // Far outside (or NaN): every tap reads zeros.
      if (!(s > -2.0)) s = -2.0;
      if (!(s < size + 1.0)) s = size + 1.0;
      return s;
    };
    for (int64_t n = 0; n < N; ++n)
      for (int64_t oy = 0; oy < OH; ++oy)
        for (int64_t ox = 0; ox < OW; ++ox) {
          const float* gp = g + ((n * OH + oy) * OW + ox) * 2;
          const double sx = source(gp[0], W), sy = source(gp[1], H);
          for (int64_t c = 0; c < C; ++c) {
            const float* plane = x + (n * C + c) * H * W;
            auto at = [&](int64_t yy, int64_t xx) {
              return yy < 0 || yy >= H || xx < 0 || xx >= W ? 0.0 : double(plane[yy * W + xx]);
            };
            double r;
            if (p.nearest) {
              r = at(static_cast<int64_t>(std::nearbyint(sy)), static_cast<int64_t>(std::nearbyint(sx)));
            } else {
              const int64_t x0 = static_cast<int64_t>(std::floor(sx));
              const int64_t y0 = static_cast<int64_t>(std::floor(sy));
              const double lx = sx - x0, ly = sy - y0;
              r = at(y0, x0) * (1 - lx) * (1 - ly) + at(y0, x0 + 1) * lx * (1 - ly) +
                  at(y0 + 1, x0) * (1 - lx) * ly + at(y0 + 1, x0 + 1) * lx * ly;
            }
            out[((n * C + c) * OH + oy) * OW + ox] = static_cast<float>(r);
          }
        }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(GridSamplerOp)
LITE_KERNEL_CLASS(GridSamplerKernel)
