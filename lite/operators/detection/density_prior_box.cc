// density_prior_box: for every cell of Input [N, C, H, W] over Image
// [N, C, IH, IW] and every (fixed_size, density) pair and fixed ratio, a
// density x density grid of boxes (w = size*sqrt(r), h = size/sqrt(r)).
// step = (step_w, step_h), or image/feature size when either is 0;
// step_average = int((step_w + step_h) / 2), shift = step_average / density
// (integer division); sub-centres start at centre - step_average/2 + shift/2
// and advance by shift (rows outer, columns inner). Coordinates are
// normalized by the image size and always clamped to [0, 1] (Paddle).
// Boxes/Variances: [H, W, num_priors, 4], or [H*W*num_priors, 4] when
// flatten_to_2d; num_priors = sum(density^2) * len(fixed_ratios).
#include <algorithm>
#include <cmath>

#include "lite/core/registry.h"
#include "lite/operators/detection/prior_box_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct DensityPriorBoxParam : PriorBoxCommon {
  std::vector<float> fixed_sizes, fixed_ratios;
  std::vector<int> densities;
  bool flatten{false};
  int64_t num_priors{0};
};

class DensityPriorBoxOp : public OperatorBase<DensityPriorBoxParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& in = p.CheckedInputDims("density_prior_box");
    p.SetOutputs(p.flatten ? DDim{in[2] * in[3] * p.num_priors, 4}
                           : DDim{in[2], in[3], p.num_priors, 4});
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.Attach(desc, scope, /*clip_default=*/false);
    p.fixed_sizes = desc.GetAttr<std::vector<float>>("fixed_sizes");
    p.fixed_ratios = desc.GetAttr<std::vector<float>>("fixed_ratios");
    p.densities = desc.GetAttr<std::vector<int32_t>>("densities");
    p.flatten = desc.GetAttr<bool>("flatten_to_2d", false);
    LITE_ENFORCE(p.fixed_sizes.size() == p.densities.size(), "op 'density_prior_box': "
                 "'fixed_sizes' (", p.fixed_sizes.size(), ") and 'densities' (",
                 p.densities.size(), ") must have the same length");
    p.num_priors = 0;
    for (int d : p.densities) {
      LITE_ENFORCE(d > 0, "op 'density_prior_box': densities must be positive, got ", d);
      p.num_priors += static_cast<int64_t>(d) * d * static_cast<int64_t>(p.fixed_ratios.size());
    }
  }
};

class DensityPriorBoxKernel : public KernelBase<DensityPriorBoxParam> {
 public:
  void Run(const RunContext&) override {
    const auto& p = param();
    const PriorBoxCommon::Grid g = p.GridOf(true);
    const int step_avg = static_cast<int>((g.step_w + g.step_h) * 0.5);
    float* out = p.boxes->mutable_data<float>();
    int64_t k = 0;
    p.ForEachCenter(g, [&](float cx, float cy) {
      for (size_t s = 0; s < p.fixed_sizes.size(); ++s) {
        const int density = p.densities[s];
        const int shift = step_avg / density;
        for (float r : p.fixed_ratios) {
          const float bw = p.fixed_sizes[s] * std::sqrt(r);
          const float bh = p.fixed_sizes[s] / std::sqrt(r);
          const float dcx = static_cast<float>(cx - step_avg / 2. + shift / 2.);
          const float dcy = static_cast<float>(cy - step_avg / 2. + shift / 2.);
          for (int di = 0; di < density; ++di) {
            for (int dj = 0; dj < density; ++dj) {
              const float x = dcx + dj * shift, y = dcy + di * shift;
              out[k++] = static_cast<float>(std::max((x - bw / 2.) / g.img_w, 0.));
              out[k++] = static_cast<float>(std::max((y - bh / 2.) / g.img_h, 0.));
              out[k++] = static_cast<float>(std::min((x + bw / 2.) / g.img_w, 1.));
              out[k++] = static_cast<float>(std::min((y + bh / 2.) / g.img_h, 1.));
            }
          }
        }
      }
    });
    // `clip` would clamp to [0, 1] again; the values already are.
    p.FillVariances();
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(DensityPriorBoxOp)
LITE_KERNEL_CLASS(DensityPriorBoxKernel)
