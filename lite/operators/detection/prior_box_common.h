// What prior_box and density_prior_box share: the slots Input [N, C, H, W],
// Image [N, C, IH, IW], Boxes and Variances, the attributes variances (4
// values), step_w, step_h, offset and clip, the output shapes and the
// variance fill.
#pragma once
#include <string>
#include <vector>

#include "lite/core/op.h"

namespace paddle {
namespace lite {
namespace operators {

struct PriorBoxCommon {
  const Tensor* input{nullptr};
  const Tensor* image{nullptr};
  Tensor* boxes{nullptr};
  Tensor* variances{nullptr};
  std::vector<float> variances_attr;
  bool clip{false};
  float step_w{0}, step_h{0}, offset{0.5f};

  // `clip_default`: prior_box clips unless told otherwise, density_prior_box
  // does not.
  void Attach(const cpp::OpDesc& desc, Scope* scope, bool clip_default) {
    const std::string op = desc.Type();
    input = GetInput(desc, scope, "Input");
    image = GetInput(desc, scope, "Image");
    boxes = GetOutput(desc, scope, "Boxes");
    variances = GetOutput(desc, scope, "Variances");
    variances_attr = desc.GetAttr<std::vector<float>>("variances", {0.1f, 0.1f, 0.2f, 0.2f});
    clip = desc.GetAttr<bool>("clip", clip_default);
    step_w = desc.GetAttr<float>("step_w", 0.f);
    step_h = desc.GetAttr<float>("step_h", 0.f);
    offset = desc.GetAttr<float>("offset", 0.5f);
    LITE_ENFORCE(variances_attr.size() == 4, "op '", op,
                 "': attribute 'variances' must hold 4 values, got ", variances_attr.size());
  }

  // Input's dims, after checking that Input and Image are 4-D.
  const DDim& CheckedInputDims(const std::string& op) const {
    const DDim& in = input->dims();
    const DDim& im = image->dims();
    LITE_ENFORCE(in.size() == 4 && im.size() == 4, "op '", op,
                 "': Input and Image must be 4-D, got ", DimsToString(in), " and ",
                 DimsToString(im));
    return in;
  }

  // Boxes and Variances become float tensors of `dims`.
  void SetOutputs(const DDim& dims) const {
    for (Tensor* t : {boxes, variances}) {
      t->Resize(dims);
      t->set_dtype(DataType::kFloat32);
    }
  }

  // The feature map fh x fw of Input, the image img_h x img_w of Image, and
  // the step between prior centers: step_w / step_h, or where 0 the image
  // extent over the feature map's (`steps_together`: both when either is 0,
  // as density_prior_box does).
  struct Grid {
    int64_t fh, fw;
    float img_h, img_w, step_w, step_h;
  };
  Grid GridOf(bool steps_together) const {
    const DDim& in = input->dims();
    const DDim& im = image->dims();
    Grid g{in[2], in[3], static_cast<float>(im[2]), static_cast<float>(im[3]), step_w, step_h};
    const bool derive_w = steps_together ? step_w == 0 || step_h == 0 : step_w == 0;
    const bool derive_h = steps_together ? step_w == 0 || step_h == 0 : step_h == 0;
    if (derive_w) g.step_w = g.img_w / g.fw;
    if (derive_h) g.step_h = g.img_h / g.fh;
    return g;
  }

  // Calls center(cx, cy) for each feature-map cell, row by row: the cell's
  // center in image pixels.
  template <typename F>
  void ForEachCenter(const Grid& g, F center) const {
    for (int64_t h = 0; h < g.fh; ++h) {
      for (int64_t w = 0; w < g.fw; ++w) {
        center((w + offset) * g.step_w, (h + offset) * g.step_h);
      }
    }
  }

  // Variances repeats the 4 variances once per box.
  void FillVariances() const {
    float* var = variances->mutable_data<float>();
    const int64_t n = boxes->numel();
    for (int64_t i = 0; i < n; ++i) var[i] = variances_attr[i % 4];
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
