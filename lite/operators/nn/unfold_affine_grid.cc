// unfold (im2col): X [N, C, H, W] -> Out [N, C * kh * kw, L] with L the
//   number of sliding windows (oh * ow); row c * kh * kw + i * kw + j holds
//   X[n, c, oh * sh - pad_top + i * dh, ow * sw - pad_left + j * dw] (0 in
//   the padding). paddings [top, left, bottom, right].
// affine_grid: Output [N, H, W, 2] = Theta [N, 2, 3] applied to (x, y, 1)
//   for the H x W target grid (x from -1 to 1 across W; with align_corners
//   the end points are the corner pixel centres, else the pixel edges); H,
//   W from the OutputShape input or the output_shape attribute [N, C, H, W].
// float32.
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct UnfoldParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  std::vector<int64_t> kernel, strides, pads, dilations;
  int64_t oh{0}, ow{0};
};

class UnfoldOp : public OperatorBase<UnfoldParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& d = p.x->dims();
    LITE_ENFORCE(d.size() == 4, "op 'unfold': input 'X' must be 4-D, got ", DimsToString(d));
    int64_t out[2];
    for (int k = 0; k < 2; ++k) {
      const int64_t span = p.dilations[k] * (p.kernel[k] - 1) + 1;
      const int64_t extent = d[2 + k] + p.pads[k] + p.pads[k + 2] - span;
      LITE_ENFORCE(p.kernel[k] > 0 && p.strides[k] > 0 && p.dilations[k] > 0 && extent >= 0,
                   "op 'unfold': kernel_sizes ", DimsToString(p.kernel), " do not fit X ",
                   DimsToString(d), " with paddings ", DimsToString(p.pads));
      out[k] = extent / p.strides[k] + 1;
    }
    p.oh = out[0];
    p.ow = out[1];
    p.out->Resize({d[0], d[1] * p.kernel[0] * p.kernel[1], p.oh * p.ow});
    p.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Y");
    p.kernel = desc.GetAttr<std::vector<int64_t>>("kernel_sizes", {});
    p.strides = desc.GetAttr<std::vector<int64_t>>("strides", {1, 1});
    p.pads = desc.GetAttr<std::vector<int64_t>>("paddings", {0, 0, 0, 0});
    p.dilations = desc.GetAttr<std::vector<int64_t>>("dilations", {1, 1});
    LITE_ENFORCE(p.kernel.size() == 2 && p.strides.size() == 2 && p.pads.size() == 4 &&
                     p.dilations.size() == 2,
                 "op 'unfold': kernel_sizes, strides and dilations need 2 values and paddings 4");
  }
};

class UnfoldKernel : public KernelBase<UnfoldParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& d = p.x->dims();
    const int64_t N = d[0], C = d[1], H = d[2], W = d[3], KH = p.kernel[0], KW = p.kernel[1];
    const int64_t L = p.oh * p.ow;
    const float* x = p.x->data<float>();
    float* out = p.out->mutable_data<float>();
    for (int64_t n = 0; n < N; ++n)
      for (int64_t c = 0; c < C; ++c)
        for (int64_t i = 0; i < KH; ++i)
          for (int64_t j = 0; j < KW; ++j) {
            float* row = out + ((n * C + c) * KH * KW + i * KW + j) * L;
            for (int64_t oy = 0; oy < p.oh; ++oy)
              for (int64_t ox = 0; ox < p.ow; ++ox) {
                const int64_t y = oy * p.strides[0] - p.pads[0] + i * p.dilations[0];
                const int64_t xx = ox * p.strides[1] - p.pads[1] + j * p.dilations[1];
                row[oy * p.ow + ox] =
                    y >= 0 && y < H && xx >= 0 && xx < W ? x[((n * C + c) * H + y) * W + xx] : 0.f;
              }
          }
  }
};

struct AffineGridParam {
  const Tensor *theta{nullptr}, *shape_tensor{nullptr};
  Tensor* out{nullptr};
  std::vector<int64_t> shape;
  bool align_corners{true};
};

class AffineGridOp : public OperatorBase<AffineGridParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& td = p.theta->dims();
    LITE_ENFORCE(td.size() == 3 && td[1] == 2 && td[2] == 3, "op 'affine_grid': input 'Theta' "
                 "must be [N, 2, 3], got ", DimsToString(td));
    std::vector<int64_t> s = p.shape;
    if (p.shape_tensor) s = ReadInts(*p.shape_tensor, "op 'affine_grid': input 'OutputShape'");
    LITE_ENFORCE(s.size() == 4 && s[2] > 0 && s[3] > 0, "op 'affine_grid': the output shape ",
                 DimsToString(s), " must be [N, C, H, W] with positive H and W");
    p.out->Resize({td[0], s[2], s[3], 2});
    p.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.theta = GetInput(desc, scope, "Theta");
    p.shape_tensor = GetOptionalInput(desc, scope, "OutputShape");
    p.out = GetOutput(desc, scope, "Output");
    p.shape = desc.GetAttr<std::vector<int64_t>>("output_shape", {});
    p.align_corners = desc.GetAttr<bool>("align_corners", true);
  }
};

// The i-th of n evenly spaced grid coordinates in [-1, 1].
float GridCoord(int64_t i, int64_t n, bool align_corners) {
  if (n == 1) return align_corners ? -1.f : 0.f;
  if (align_corners) return -1.f + 2.f * static_cast<float>(i) / static_cast<float>(n - 1);
  return (2.f * static_cast<float>(i) + 1.f) / static_cast<float>(n) - 1.f;
}

class AffineGridKernel : public KernelBase<AffineGridParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& od = p.out->dims();
    const int64_t N = od[0], H = od[1], W = od[2];
    const float* t = p.theta->data<float>();
    float* out = p.out->mutable_data<float>();
    for (int64_t n = 0; n < N; ++n)
      for (int64_t h = 0; h < H; ++h)
        for (int64_t w = 0; w < W; ++w) {
          const float x = GridCoord(w, W, p.align_corners), y = GridCoord(h, H, p.align_corners);
          const float* th = t + n * 6;
          float* o = out + ((n * H + h) * W + w) * 2;
          o[0] = th[0] * x + th[1] * y + th[2];
          o[1] = th[3] * x + th[4] * y + th[5];
        }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(UnfoldOp)
LITE_KERNEL_CLASS(UnfoldKernel)
LITE_OP_CLASS(AffineGridOp)
LITE_KERNEL_CLASS(AffineGridKernel)
