// im2sequence (OCR CRNN front ends): X [N, C, H, W] -> Out [N * oh * ow,
//   C * kh * kw]: one row per window (row-major over oh, ow), column
//   c * kh * kw + i * kw + j holding X[n, c, h * sh - pad_top + i, w * sw -
//   pad_left + j] (0 in the padding); paddings [top, left, bottom, right];
//   Out's LoD has one sequence per image. The Y input (real image sizes
//   with out_stride) is refused by name. float32.
// sequence_arithmetic (search_seq_arithmetic): Out = X, and within each
//   LoD sequence the first min(len X, len Y) values become X + Y (op_type 1),
//   X - Y (2) or X * Y (3). float32.
#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct Im2SeqParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  std::vector<int64_t> kernels, strides{1, 1}, pads{0, 0, 0, 0};
  int64_t oh{0}, ow{0};
};

class Im2SeqOp : public OperatorBase<Im2SeqParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& d = p.x->dims();
    LITE_ENFORCE(d.size() == 4, "op 'im2sequence': input 'X' must be 4-D, got ", DimsToString(d));
    const int64_t eh = d[2] + p.pads[0] + p.pads[2] - p.kernels[0];
    const int64_t ew = d[3] + p.pads[1] + p.pads[3] - p.kernels[1];
    LITE_ENFORCE(eh >= 0 && ew >= 0 && p.strides[0] > 0 && p.strides[1] > 0,
                 "op 'im2sequence': kernels ", DimsToString(p.kernels), " do not fit X ",
                 DimsToString(d));
    p.oh = eh / p.strides[0] + 1;
    p.ow = ew / p.strides[1] + 1;
    p.out->Resize({d[0] * p.oh * p.ow, d[1] * p.kernels[0] * p.kernels[1]});
    p.out->set_dtype(DataType::kFloat32);
    std::vector<uint64_t> lod;
    for (int64_t n = 0; n <= d[0]; ++n) lod.push_back(static_cast<uint64_t>(n * p.oh * p.ow));
    p.out->set_lod({lod});
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    LITE_ENFORCE(!desc.HasInput("Y") || desc.Input("Y").empty(), "op 'im2sequence': input 'Y' "
                 "(real image sizes with out_stride) is not supported");
    p.kernels = desc.GetAttr<std::vector<int64_t>>("kernels", {});
    p.strides = desc.GetAttr<std::vector<int64_t>>("strides", {1, 1});
    p.pads = desc.GetAttr<std::vector<int64_t>>("paddings", {0, 0, 0, 0});
    LITE_ENFORCE(p.kernels.size() == 2 && p.strides.size() == 2 && p.pads.size() == 4,
                 "op 'im2sequence': kernels and strides need 2 values and paddings 4");
  }
};

class Im2SeqKernel : public KernelBase<Im2SeqParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& d = p.x->dims();
    const int64_t N = d[0], C = d[1], H = d[2], W = d[3], KH = p.kernels[0], KW = p.kernels[1];
    const int64_t cols = C * KH * KW;
    const float* x = p.x->data<float>();
    float* out = p.out->mutable_data<float>();
    for (int64_t n = 0; n < N; ++n)
      for (int64_t h = 0; h < p.oh; ++h)
        for (int64_t w = 0; w < p.ow; ++w) {
          float* row = out + ((n * p.oh + h) * p.ow + w) * cols;
          for (int64_t c = 0; c < C; ++c)
            for (int64_t i = 0; i < KH; ++i)
              for (int64_t j = 0; j < KW; ++j) {
                const int64_t y = h * p.strides[0] - p.pads[0] + i;
                const int64_t xx = w * p.strides[1] - p.pads[1] + j;
                row[(c * KH + i) * KW + j] =
                    y < 0 || y >= H || xx < 0 || xx >= W ? 0.f : x[((n * C + c) * H + y) * W + xx];
              }
        }
  }
};

struct SeqArithParam {
  const Tensor *x{nullptr}, *y{nullptr};
  Tensor* out{nullptr};
  int op_type{1};
};

class SeqArithOp : public OperatorBase<SeqArithParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    LITE_ENFORCE(!p.x->lod().empty() && !p.y->lod().empty() &&
                     p.x->lod()[0].size() == p.y->lod()[0].size(),
                 "op '", op, "': X and Y need LoDs with the same number of sequences");
    LITE_ENFORCE(p.op_type >= 1 && p.op_type <= 3, "op '", op, "': attribute 'op_type' ",
                 p.op_type, " must be 1 (add), 2 (sub) or 3 (mul)");
    LITE_ENFORCE(!p.x->dims().empty() && p.x->dims()[0] > 0 && !p.y->dims().empty() &&
                     p.x->numel() / p.x->dims()[0] == p.y->numel() / std::max<int64_t>(p.y->dims()[0], 1),
                 "op '", op, "': X ", DimsToString(p.x->dims()), " and Y ",
                 DimsToString(p.y->dims()), " rows must have the same width");
    p.out->Resize(p.x->dims());
    p.out->set_dtype(DataType::kFloat32);
    p.out->set_lod(p.x->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.y = GetInput(desc, scope, "Y");
    p.out = GetOutput(desc, scope, "Out");
    p.op_type = desc.GetAttr<int32_t>("op_type", 1);
  }
};

class SeqArithKernel : public KernelBase<SeqArithParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const auto& xl = p.x->lod()[0];
    const auto& yl = p.y->lod()[0];
    const int64_t inner = p.x->numel() / p.x->dims()[0];
    const float* x = p.x->data<float>();
    const float* y = p.y->data<float>();
    float* out = p.out->mutable_data<float>();
    std::copy(x, x + p.x->numel(), out);
    for (size_t s = 0; s + 1 < xl.size(); ++s) {
      const int64_t lx = static_cast<int64_t>(xl[s + 1] - xl[s]) * inner;
      const int64_t ly = static_cast<int64_t>(yl[s + 1] - yl[s]) * inner;
      const float* xs = x + xl[s] * inner;
      const float* ys = y + yl[s] * inner;
      float* os = out + xl[s] * inner;
      for (int64_t j = 0; j < std::min(lx, ly); ++j) {
        os[j] = p.op_type == 1 ? xs[j] + ys[j] : (p.op_type == 2 ? xs[j] - ys[j] : xs[j] * ys[j]);
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(Im2SeqOp)
LITE_KERNEL_CLASS(Im2SeqKernel)
LITE_OP_CLASS(SeqArithOp)
LITE_KERNEL_CLASS(SeqArithKernel)
