// affine_channel: Out = X * Scale[c] + Bias[c] per channel c (axis 1 for
// data_layout NCHW, the last axis for NHWC); Scale and Bias [C]; float32.
#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct AffineChannelParam {
  const Tensor *x{nullptr}, *scale{nullptr}, *bias{nullptr};
  Tensor* out{nullptr};
  bool nhwc{false};
};

class AffineChannelOp : public OperatorBase<AffineChannelParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& xd = p.x->dims();
    LITE_ENFORCE(xd.size() >= 2, "op 'affine_channel': input 'X' must have rank >= 2, got ",
                 DimsToString(xd));
    const int64_t C = p.nhwc ? xd.back() : xd[1];
    for (const auto& [slot, t] : {std::pair<const char*, const Tensor*>{"Scale", p.scale},
                                  {"Bias", p.bias}}) {
      LITE_ENFORCE(t->numel() == C, "op 'affine_channel': input '", slot, "' ",
                   DimsToString(t->dims()), " must have ", C, " elements (channels of X ",
                   DimsToString(xd), ")");
    }
    SameShapeAsX(*p.x, p.out);
    p.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.scale = GetInput(desc, scope, "Scale");
    p.bias = GetInput(desc, scope, "Bias");
    p.out = GetOutput(desc, scope, "Out");
    const std::string layout = desc.GetAttr<std::string>("data_layout", "AnyLayout");
    LITE_ENFORCE(layout == "NCHW" || layout == "NHWC" || layout == "AnyLayout",
                 "op 'affine_channel': attribute 'data_layout' is '", layout,
                 "'; expected NCHW or NHWC");
    p.nhwc = layout == "NHWC";
  }
};

class AffineChannelKernel : public KernelBase<AffineChannelParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    EnforceDataType("affine_channel", "X", *p.x, DataType::kFloat32);
    const DDim& d = p.x->dims();
    const int64_t C = p.nhwc ? d.back() : d[1];
    const int64_t inner = p.nhwc ? 1 : DimsProduct(d, 2, d.size());
    const float* x = p.x->data<float>();
    const float* s = p.scale->data<float>();
    const float* b = p.bias->data<float>();
    float* o = p.out->mutable_data<float>();
    const int64_t n = p.x->numel();
    for (int64_t i = 0; i < n; ++i) {
      const int64_t c = (i / inner) % C;
      o[i] = x[i] * s[c] + b[c];
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(AffineChannelOp)
LITE_KERNEL_CLASS(AffineChannelKernel)
