// box_clip: Output = Input boxes (x1, y1, x2, y2 in the last dim of 4)
//   clipped to their image: x to [0, round(w / scale) - 1], y to [0,
//   round(h / scale) - 1] with ImInfo rows (h, w, scale); the image of each
//   box comes from the LoD of Input (one level), or image 0 without a LoD.
// polygon_box_transform (EAST/SAST text detectors): Input [N, G, H, W]
//   geometry offsets become coordinates: an even plane n * G + g gives
//   4 * column - value, an odd one 4 * row - value.
// float32.
#include <algorithm>
#include <cmath>

#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct BoxClipParam {
  const Tensor *input{nullptr}, *im_info{nullptr};
  Tensor* output{nullptr};
  bool polygon{false};
};

class BoxClipOp : public OperatorBase<BoxClipParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& d = p.input->dims();
    if (p.polygon) {
      LITE_ENFORCE(d.size() == 4, "op 'polygon_box_transform': input 'Input' must be 4-D, got ",
                   DimsToString(d));
    } else {
      LITE_ENFORCE(!d.empty() && d.back() == 4, "op 'box_clip': input 'Input' dims ",
                   DimsToString(d), " must end in 4");
      LITE_ENFORCE(p.im_info->dims().size() == 2 && p.im_info->dims()[1] == 3,
                   "op 'box_clip': input 'ImInfo' must be [batch, 3], got ",
                   DimsToString(p.im_info->dims()));
      LITE_ENFORCE(p.input->lod().size() <= 1, "op 'box_clip': input 'Input' has ",
                   p.input->lod().size(), " LoD levels; one is supported");
    }
    p.output->Resize(d);
    p.output->set_dtype(DataType::kFloat32);
    p.output->set_lod(p.input->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.polygon = desc.Type() == "polygon_box_transform";
    p.input = GetInput(desc, scope, "Input");
    if (!p.polygon) p.im_info = GetInput(desc, scope, "ImInfo");
    p.output = GetOutput(desc, scope, "Output");
  }
};

class BoxClipKernel : public KernelBase<BoxClipParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const float* in = p.input->data<float>();
    float* out = p.output->mutable_data<float>();
    const DDim& d = p.input->dims();
    if (p.polygon) {
      const int64_t planes = d[0] * d[1], H = d[2], W = d[3];
      for (int64_t n = 0; n < planes; ++n)
        for (int64_t h = 0; h < H; ++h)
          for (int64_t w = 0; w < W; ++w) {
            const int64_t at = (n * H + h) * W + w;
            out[at] = static_cast<float>((n % 2 == 0 ? w : h) * 4) - in[at];
          }
      return;
    }
    const int64_t boxes = p.input->numel() / 4;
    std::vector<uint64_t> starts = {0, static_cast<uint64_t>(boxes)};
    if (!p.input->lod().empty()) starts = p.input->lod()[0];
    LITE_ENFORCE(starts.back() == static_cast<uint64_t>(boxes) &&
                     static_cast<int64_t>(starts.size()) - 1 <= p.im_info->dims()[0],
                 "op 'box_clip': the LoD of Input covers ", starts.back(), " boxes of ", boxes,
                 " in ", starts.size() - 1, " images; ImInfo has ", p.im_info->dims()[0]);
    const float* info = p.im_info->data<float>();
    for (size_t img = 0; img + 1 < starts.size(); ++img) {
      const float im_h = std::round(info[img * 3] / info[img * 3 + 2]);
      const float im_w = std::round(info[img * 3 + 1] / info[img * 3 + 2]);
      for (uint64_t b = starts[img]; b < starts[img + 1]; ++b)
        for (int k = 0; k < 4; ++k) {
          const float limit = (k % 2 == 0 ? im_w : im_h) - 1;
          out[b * 4 + k] = std::max(std::min(in[b * 4 + k], limit), 0.f);
        }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(BoxClipOp)
LITE_KERNEL_CLASS(BoxClipKernel)
