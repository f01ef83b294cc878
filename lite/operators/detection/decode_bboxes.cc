// decode_bboxes (Caffe SSD's DecodeBBoxes, Paddle Lite): Loc holds
// batch_num * num_priors boxes of 4, Prior the num_priors prior boxes
// (xmin, ymin, xmax, ymax) followed by their 4 variances; Bbox (Loc's dims)
// decodes each offset with v = the variance, or 1 with
// variance_encoded_in_target:
//   corner:      prior + v * loc
//   center_size: centre = v * loc_xy * prior size + prior centre, size =
//                exp(v * loc_wh) * prior size, as corners
//   corner_size: prior corner + v * loc * prior size
// Only share_location = true (one box set for all classes), as Paddle Lite.
// float32.
#include <cmath>

#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct DecodeBboxesParam {
  const Tensor *loc{nullptr}, *prior{nullptr};
  Tensor* bbox{nullptr};
  int batch{1}, priors{0};
  bool encoded{false};
  enum Code { kCorner, kCenterSize, kCornerSize } code{kCorner};
};

class DecodeBboxesOp : public OperatorBase<DecodeBboxesParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    LITE_ENFORCE(p.batch > 0 && p.priors > 0 && p.loc->numel() == int64_t{p.batch} * p.priors * 4,
                 "op 'decode_bboxes': input 'Loc' ", DimsToString(p.loc->dims()), " must hold ",
                 "batch_num * num_priors * 4 = ", int64_t{p.batch} * p.priors * 4, " values");
    LITE_ENFORCE(p.prior->numel() == int64_t{p.priors} * 8, "op 'decode_bboxes': input 'Prior' ",
                 DimsToString(p.prior->dims()), " must hold num_priors boxes and their variances (",
                 int64_t{p.priors} * 8, " values)");
    p.bbox->Resize(p.loc->dims());
    p.bbox->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.loc = GetInput(desc, scope, "Loc");
    p.prior = GetInput(desc, scope, "Prior");
    p.bbox = GetOutput(desc, scope, "Bbox");
    p.batch = desc.GetAttr<int32_t>("batch_num", 1);
    p.priors = desc.GetAttr<int32_t>("num_priors", 0);
    p.encoded = desc.GetAttr<bool>("variance_encoded_in_target", false);
    LITE_ENFORCE(desc.GetAttr<bool>("share_location", true), "op 'decode_bboxes': attribute "
                 "'share_location' = false (one box set per class) is not supported");
    (void)desc.GetAttr<int32_t>("num_loc_classes", 1);        // only matters without share_location
    (void)desc.GetAttr<int32_t>("background_label_id", 0);    // likewise
    const std::string code = desc.GetAttr<std::string>("code_type", "center_size");
    if (code == "corner") {
      p.code = DecodeBboxesParam::kCorner;
    } else if (code == "center_size") {
      p.code = DecodeBboxesParam::kCenterSize;
    } else {
      LITE_ENFORCE(code == "corner_size", "op 'decode_bboxes': attribute 'code_type' is '", code,
                   "'; expected corner, center_size or corner_size");
      p.code = DecodeBboxesParam::kCornerSize;
    }
  }
};

class DecodeBboxesKernel : public KernelBase<DecodeBboxesParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const float* loc = p.loc->data<float>();
    const float* prior = p.prior->data<float>();
    const float* var = prior + 4 * p.priors;
    float* out = p.bbox->mutable_data<float>();
    for (int64_t n = 0; n < p.batch; ++n)
      for (int64_t i = 0; i < p.priors; ++i) {
        const float* pr = prior + i * 4;
        const float* l = loc + (n * p.priors + i) * 4;
        float* o = out + (n * p.priors + i) * 4;
        float v[4] = {1.f, 1.f, 1.f, 1.f};
        if (!p.encoded) std::copy(var + i * 4, var + i * 4 + 4, v);
        const float pw = pr[2] - pr[0], ph = pr[3] - pr[1];
        switch (p.code) {
          case DecodeBboxesParam::kCorner:
            for (int k = 0; k < 4; ++k) o[k] = pr[k] + l[k] * v[k];
            break;
          case DecodeBboxesParam::kCornerSize:
            for (int k = 0; k < 4; ++k) o[k] = pr[k] + l[k] * v[k] * (k % 2 ? ph : pw);
            break;
          case DecodeBboxesParam::kCenterSize: {
            const float cx = v[0] * l[0] * pw + (pr[0] + pr[2]) / 2.f;
            const float cy = v[1] * l[1] * ph + (pr[1] + pr[3]) / 2.f;
            const float w = std::exp(v[2] * l[2]) * pw, h = std::exp(v[3] * l[3]) * ph;
            o[0] = cx - w / 2.f;
            o[1] = cy - h / 2.f;
            o[2] = cx + w / 2.f;
            o[3] = cy + h / 2.f;
            break;
          }
        }
      }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(DecodeBboxesOp)
LITE_KERNEL_CLASS(DecodeBboxesKernel)
