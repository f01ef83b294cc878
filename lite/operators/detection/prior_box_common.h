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
