// prior_box: SSD anchors for every cell of Input [N, C, H, W] over Image
// [N, C, IH, IW]. Boxes and Variances are [H, W, num_priors, 4].
// Aspect ratios: 1, then each attribute ratio not yet present (and 1/ar when
// flip). Step = step_w/step_h, or image/feature size when 0; centre =
// (col + offset) * step_w, (row + offset) * step_h. For each min_size:
//   default order: one box per aspect ratio (w = min*sqrt(ar), h =
//   min/sqrt(ar)), then sqrt(min*max) if max_sizes;
//   min_max_aspect_ratios_order: min, sqrt(min*max), then ratios != 1.
// Boxes are normalized by the image size, clipped to [0, 1] when clip.
#include <cmath>

#include "lite/core/registry.h"
#include "lite/operators/detection/prior_box_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct PriorBoxParam : PriorBoxCommon {
  std::vector<float> min_sizes, max_sizes, aspect_ratios;
  bool flip{true}, min_max_order{false};
  std::vector<float> ratios;  // expanded
};

class PriorBoxOp : public OperatorBase<PriorBoxParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& in = p.CheckedInputDims("prior_box");
    const int64_t num = static_cast<int64_t>(p.ratios.size() * p.min_sizes.size() +
                                             p.max_sizes.size());
    p.SetOutputs({in[2], in[3], num, 4});
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.Attach(desc, scope, /*clip_default=*/true);
    p.min_sizes = desc.GetAttr<std::vector<float>>("min_sizes");
    p.max_sizes = desc.GetAttr<std::vector<float>>("max_sizes", {});
    p.aspect_ratios = desc.GetAttr<std::vector<float>>("aspect_ratios", {1.f});
    p.flip = desc.GetAttr<bool>("flip", true);
    p.min_max_order = desc.GetAttr<bool>("min_max_aspect_ratios_order", false);
    LITE_ENFORCE(!p.min_sizes.empty(), "op 'prior_box': attribute 'min_sizes' is empty");
    LITE_ENFORCE(p.max_sizes.empty() || p.max_sizes.size() == p.min_sizes.size(),
                 "op 'prior_box': 'max_sizes' must be empty or as long as 'min_sizes' (",
                 p.min_sizes.size(), "), got ", p.max_sizes.size());
    for (size_t i = 0; i < p.max_sizes.size(); ++i) {
      LITE_ENFORCE(p.max_sizes[i] > p.min_sizes[i], "op 'prior_box': max_sizes[", i, "] = ",
                   p.max_sizes[i], " must exceed min_sizes[", i, "] = ", p.min_sizes[i]);
    }
    p.ratios = {1.f};
    for (float ar : p.aspect_ratios) {
      bool seen = false;
      for (float r : p.ratios) seen = seen || std::fabs(ar - r) < 1e-6f;
      if (seen) continue;
      p.ratios.push_back(ar);
      if (p.flip) p.ratios.push_back(1.f / ar);
    }
  }
};

class PriorBoxKernel : public KernelBase<PriorBoxParam> {
 public:
  void Run(const RunContext&) override {
    const auto& p = param();
    const PriorBoxCommon::Grid g = p.GridOf(false);
    float* out = p.boxes->mutable_data<float>();
    int64_t k = 0;
    p.ForEachCenter(g, [&](float cx, float cy) {
      auto emit = [&](float bw, float bh) {
        out[k++] = (cx - bw) / g.img_w;
        out[k++] = (cy - bh) / g.img_h;
        out[k++] = (cx + bw) / g.img_w;
        out[k++] = (cy + bh) / g.img_h;
      };
      for (size_t s = 0; s < p.min_sizes.size(); ++s) {
        const float mn = p.min_sizes[s];
        if (p.min_max_order) {
          emit(mn / 2.f, mn / 2.f);
          if (!p.max_sizes.empty()) {
            const float m = std::sqrt(mn * p.max_sizes[s]) / 2.f;
            emit(m, m);
          }
          for (float ar : p.ratios) {
            if (std::fabs(ar - 1.f) < 1e-6f) continue;
            emit(mn * std::sqrt(ar) / 2.f, mn / std::sqrt(ar) / 2.f);
          }
        } else {
          for (float ar : p.ratios) emit(mn * std::sqrt(ar) / 2.f, mn / std::sqrt(ar) / 2.f);
          if (!p.max_sizes.empty()) {
            const float m = std::sqrt(mn * p.max_sizes[s]) / 2.f;
            emit(m, m);
          }
        }
      }
    });
    const int64_t n = p.boxes->numel();
    if (p.clip) {
      for (int64_t i = 0; i < n; ++i) out[i] = std::min(std::max(out[i], 0.f), 1.f);
    }
    p.FillVariances();
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(PriorBoxOp)
LITE_KERNEL_CLASS(PriorBoxKernel)
