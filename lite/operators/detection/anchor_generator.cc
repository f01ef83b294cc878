// anchor_generator (Faster R-CNN's RPN anchors): for every cell (h, w) of
// Input [N, C, H, W], centre (w * sw + offset * (sw - 1), h * sh + offset *
// (sh - 1)) with stride [sw, sh], and per aspect ratio ar and anchor size s
// (ratios outer), base_w = round(sqrt(sw * sh / ar)), base_h =
// round(base_w * ar), width = s / sw * base_w, height = s / sh * base_h,
// the box centre -+ 0.5 * (size - 1). Anchors [H, W, A, 4]; Variances the
// same shape repeating `variances` (4 values). float32, as Paddle computes.
#include <cmath>

#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct AnchorGeneratorParam {
  const Tensor* input{nullptr};
  Tensor *anchors{nullptr}, *variances{nullptr};
  std::vector<float> sizes, ratios, stride, vars{0.1f, 0.1f, 0.2f, 0.2f};
  float offset{0.5f};
};

class AnchorGeneratorOp : public OperatorBase<AnchorGeneratorParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& d = p.input->dims();
    LITE_ENFORCE(d.size() == 4, "op 'anchor_generator': input 'Input' must be 4-D, got ",
                 DimsToString(d));
    const int64_t A = static_cast<int64_t>(p.sizes.size() * p.ratios.size());
    for (Tensor* t : {p.anchors, p.variances}) {
      t->Resize({d[2], d[3], A, 4});
      t->set_dtype(DataType::kFloat32);
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.input = GetInput(desc, scope, "Input");
    p.anchors = GetOutput(desc, scope, "Anchors");
    p.variances = GetOutput(desc, scope, "Variances");
    p.sizes = desc.GetAttr<std::vector<float>>("anchor_sizes", {64, 128, 256, 512});
    p.ratios = desc.GetAttr<std::vector<float>>("aspect_ratios", {0.5f, 1.f, 2.f});
    p.stride = desc.GetAttr<std::vector<float>>("stride", {16.f, 16.f});
    p.vars = desc.GetAttr<std::vector<float>>("variances", {0.1f, 0.1f, 0.2f, 0.2f});
    p.offset = desc.GetAttr<float>("offset", 0.5f);
    LITE_ENFORCE(p.stride.size() == 2 && p.stride[0] > 0 && p.stride[1] > 0,
                 "op 'anchor_generator': attribute 'stride' must be two positive values");
    LITE_ENFORCE(p.vars.size() == 4, "op 'anchor_generator': attribute 'variances' must have 4 "
                 "values, got ", p.vars.size());
    for (float r : p.ratios) {
      LITE_ENFORCE(r > 0, "op 'anchor_generator': attribute 'aspect_ratios' has ", r,
                   "; ratios must be positive");
    }
  }
};

class AnchorGeneratorKernel : public KernelBase<AnchorGeneratorParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const int64_t H = p.input->dims()[2], W = p.input->dims()[3];
    const float sw = p.stride[0], sh = p.stride[1];
    float* a = p.anchors->mutable_data<float>();
    for (int64_t h = 0; h < H; ++h)
      for (int64_t w = 0; w < W; ++w) {
        const float x_ctr = w * sw + p.offset * (sw - 1);
        const float y_ctr = h * sh + p.offset * (sh - 1);
        for (float ar : p.ratios)
          for (float size : p.sizes) {
            const float base_w = std::round(std::sqrt(sw * sh / ar));
            const float base_h = std::round(base_w * ar);
            const float aw = size / sw * base_w, ah = size / sh * base_h;
            *a++ = x_ctr - 0.5f * (aw - 1);
            *a++ = y_ctr - 0.5f * (ah - 1);
            *a++ = x_ctr + 0.5f * (aw - 1);
            *a++ = y_ctr + 0.5f * (ah - 1);
          }
      }
    float* v = p.variances->mutable_data<float>();
    for (int64_t i = 0; i < p.variances->numel(); ++i) v[i] = p.vars[i % 4];
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(AnchorGeneratorOp)
LITE_KERNEL_CLASS(AnchorGeneratorKernel)
