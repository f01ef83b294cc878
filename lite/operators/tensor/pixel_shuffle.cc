// pixel_shuffle: X [N, C*r*r, H, W] -> Out [N, C, H*r, W*r] with
// Out[n, c, h*r + i, w*r + j] = X[n, c*r*r + i*r + j, h, w]
// (data_format NHWC: the same on [N, H, W, C*r*r] -> [N, H*r, W*r, C]).
// Any element type.
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct PixelShuffleParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  int r{1};
  bool nhwc{false};
};

class PixelShuffleOp : public OperatorBase<PixelShuffleParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& d = p.x->dims();
    LITE_ENFORCE(d.size() == 4, "op 'pixel_shuffle': input X must be 4-D, got ", DimsToString(d));
    const int64_t c = p.nhwc ? d[3] : d[1];
    LITE_ENFORCE(c % (p.r * p.r) == 0, "op 'pixel_shuffle': channels ", c,
                 " are not divisible by upscale_factor^2 = ", p.r * p.r, " (X dims ",
                 DimsToString(d), ")");
    const int64_t oc = c / (p.r * p.r);
    p.out->Resize(p.nhwc ? DDim{d[0], d[1] * p.r, d[2] * p.r, oc}
                         : DDim{d[0], oc, d[2] * p.r, d[3] * p.r});
    p.out->set_dtype(p.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.x = GetInput(desc, scope, "X");
    param_.out = GetOutput(desc, scope, "Out");
    param_.r = desc.GetAttr<int32_t>("upscale_factor", 1);
    LITE_ENFORCE(param_.r >= 1, "op 'pixel_shuffle': upscale_factor must be >= 1, got ", param_.r);
    std::string fmt = desc.GetAttr<std::string>("data_format", std::string("NCHW"));
    LITE_ENFORCE(fmt == "NCHW" || fmt == "NHWC", "op 'pixel_shuffle': data_format \"", fmt,
                 "\" is not supported");
    param_.nhwc = fmt == "NHWC";
  }
};

class PixelShuffleKernel : public KernelBase<PixelShuffleParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& d = p.x->dims();
    const int64_t n = d[0], r = p.r;
    const int64_t h = p.nhwc ? d[1] : d[2], w = p.nhwc ? d[2] : d[3];
    const int64_t c = (p.nhwc ? d[3] : d[1]) / (r * r);
    DispatchBySize(p.x->dtype(), "pixel_shuffle", [&](auto tag) {
      using U = decltype(tag);
      const U* x = static_cast<const U*>(p.x->raw_data());
      U* o = static_cast<U*>(p.out->mutable_data(p.x->dtype()));
      const int64_t ic = c * r * r, oh = h * r, ow = w * r;
      for (int64_t b = 0; b < n; ++b)
        for (int64_t ch = 0; ch < c; ++ch)
          for (int64_t y = 0; y < oh; ++y)
            for (int64_t z = 0; z < ow; ++z) {
              const int64_t sc = ch * r * r + (y % r) * r + (z % r), sy = y / r, sz = z / r;
              const int64_t oi = p.nhwc ? ((b * oh + y) * ow + z) * c + ch : ((b * c + ch) * oh + y) * ow + z;
              const int64_t ii = p.nhwc ? ((b * h + sy) * w + sz) * ic + sc : ((b * ic + sc) * h + sy) * w + sz;
              o[oi] = x[ii];
            }
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(PixelShuffleOp)
LITE_KERNEL_CLASS(PixelShuffleKernel)
