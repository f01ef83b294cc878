// linear_interp, linear_interp_v2: 1-D linear interpolation of X [N, C, W]
// (data_layout NCW; NWC refused by name) along W, with the rules of
// bilinear_interp on one axis: the output width comes from SizeTensor, else
// a positive scale (Scale input, else `scale`: a float in v1, a list in v2)
// as int(in * scale), then OutSize overrides, else out_w; the source
// coordinate of output l is ratio * (l + 0.5) - 0.5 (clamped at 0) when
// align_mode is 0 without align_corners, else ratio * l, with ratio =
// align_corners ? (in - 1) / (out - 1) : (v2 with a scale ? 1 / scale :
// in / out); equal widths copy. float32.
#include <algorithm>
#include <cstring>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct LinearInterpParam {
  const Tensor *x{nullptr}, *out_size{nullptr}, *scale_tensor{nullptr};
  std::vector<Tensor*> size_list;
  Tensor* out{nullptr};
  std::vector<float> scale_attr;
  int64_t out_w_attr{-1};
  bool align_corners{true}, v2{false};
  int align_mode{1};
  float ratio{1.f};
};

class LinearInterpOp : public OperatorBase<LinearInterpParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    const DDim& d = p.x->dims();
    LITE_ENFORCE(d.size() == 3, "op '", op, "': input X must be 3-D [N, C, W], got ",
                 DimsToString(d));
    const int64_t in_w = d[2];
    int64_t out_w = p.out_w_attr;
    float scale = -1.f;
    if (!p.size_list.empty()) {
      out_w = ReadIntList(p.size_list, "op '" + op + "': input 'SizeTensor'").at(0);
    } else {
      std::vector<float> s = p.scale_attr;
      if (p.scale_tensor) s = ReadFloats(*p.scale_tensor, "op '" + op + "': input 'Scale'");
      if (!s.empty() && s[0] > 0) {
        scale = s[0];
        out_w = static_cast<int64_t>(static_cast<float>(in_w) * scale);
      }
      if (p.out_size) out_w = ReadInts(*p.out_size, "op '" + op + "': input 'OutSize'").at(0);
    }
    LITE_ENFORCE(out_w > 0, "op '", op, "': output width ", out_w, " must be positive; set "
                 "out_w, scale, OutSize or SizeTensor");
    if (out_w > 1) {
      p.ratio = p.align_corners ? static_cast<float>(in_w - 1) / static_cast<float>(out_w - 1)
                : (p.v2 && scale > 0) ? 1.f / scale
                                      : static_cast<float>(in_w) / static_cast<float>(out_w);
    } else {
      p.ratio = 0.f;
    }
    p.out->Resize({d[0], d[1], out_w});
    p.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    const std::string& op = desc.Type();
    p.v2 = op == "linear_interp_v2";
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.out_size = GetOptionalInput(desc, scope, "OutSize");
    p.scale_tensor = GetOptionalInput(desc, scope, "Scale");
    p.size_list = GetOptionalInputList(desc, scope, "SizeTensor");
    p.out_w_attr = desc.GetAttr<int32_t>("out_w", -1);
    if (p.v2) {
      p.scale_attr = desc.GetAttr<std::vector<float>>("scale", {});
    } else {
      const float s = desc.GetAttr<float>("scale", 0.f);
      if (s > 0) p.scale_attr = {s};
    }
    p.align_corners = desc.GetAttr<bool>("align_corners", true);
    p.align_mode = desc.GetAttr<int32_t>("align_mode", 1);
    const std::string layout = desc.GetAttr<std::string>("data_layout", "NCHW");
    LITE_ENFORCE(layout == "NCHW" || layout == "NCW" || layout == "AnyLayout", "op '", op,
                 "': attribute 'data_layout' is '", layout, "'; only NCW is supported");
  }
};

class LinearInterpKernel : public KernelBase<LinearInterpParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& d = p.x->dims();
    const int64_t rows = d[0] * d[1], in_w = d[2], out_w = p.out->dims()[2];
    const float* x = p.x->data<float>();
    float* out = p.out->mutable_data<float>();
    if (in_w == out_w) {
      std::memcpy(out, x, sizeof(float) * rows * in_w);
      return;
    }
    const bool half_pixel = p.align_mode == 0 && !p.align_corners;
    for (int64_t l = 0; l < out_w; ++l) {
      // As Paddle: the half-pixel source is computed in double.
      int64_t xw = half_pixel ? static_cast<int64_t>(p.ratio * (l + 0.5) - 0.5)
                              : static_cast<int64_t>(p.ratio * l);
      xw = std::min<int64_t>(std::max<int64_t>(xw, 0), in_w - 1);
      const int64_t xe = xw < in_w - 1 ? xw + 1 : xw;
      float src = static_cast<float>(p.ratio * (l + 0.5) - 0.5);
      src = src > 0 ? src : 0.f;
      const float dw = half_pixel ? src - static_cast<float>(xw) : p.ratio * l - static_cast<float>(xw);
      const float de = 1.f - dw;
      for (int64_t r = 0; r < rows; ++r) out[r * out_w + l] = x[r * in_w + xw] * de + x[r * in_w + xe] * dw;
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(LinearInterpOp)
LITE_KERNEL_CLASS(LinearInterpKernel)
