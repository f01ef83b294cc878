// correlation (FlowNet / PWC-Net cost volume): Input1, Input2 [N, C, H, W]
// -> Output [N, D * D, OH, OW] with D = 2 * (max_displacement / stride2) + 1
// and OH = ceil((H + 2 * pad_size - 2 * (max_displacement + r)) / stride1)
// (r = (kernel_size - 1) / 2, likewise OW). Output channel (ti + R) * D +
// (tj + R) (R = max_displacement / stride2) at (h, w) is the mean over the
// kernel window and the channels of Input1 at centre (h * stride1 - pad_size
// + max_displacement + r, ...) times Input2 displaced by (ti, tj) * stride2;
// taps outside either input count as 0 (the sum is still divided by
// kernel_size^2 * C). Paddle's definition (its CUDA kernel); Paddle Lite's
// host kernel shifts the centre by pad_size * stride1 instead of pad_size,
// which differs only when stride1 > 1. Only corr_type_multiply 1. float32.
#include <cmath>

#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct CorrelationParam {
  const Tensor *a{nullptr}, *b{nullptr};
  Tensor* out{nullptr};
  int pad{0}, kernel{1}, max_disp{1}, stride1{1}, stride2{1};
};

class CorrelationOp : public OperatorBase<CorrelationParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& d = p.a->dims();
    LITE_ENFORCE(d.size() == 4 && p.b->dims() == d, "op 'correlation': Input1 ", DimsToString(d),
                 " and Input2 ", DimsToString(p.b->dims()), " must be equal 4-D shapes");
    LITE_ENFORCE(p.kernel > 0 && p.kernel % 2 == 1 && p.stride1 > 0 && p.stride2 > 0 &&
                     p.max_disp >= 0 && p.pad >= 0,
                 "op 'correlation': needs an odd kernel_size, positive strides and non-negative "
                 "pad_size and max_displacement");
    const int border = p.max_disp + (p.kernel - 1) / 2;
    const int64_t eh = d[2] + 2 * p.pad - 2 * border, ew = d[3] + 2 * p.pad - 2 * border;
    LITE_ENFORCE(eh > 0 && ew > 0, "op 'correlation': max_displacement ", p.max_disp,
                 " and kernel_size ", p.kernel, " leave no output for Input1 ", DimsToString(d));
    const int64_t D = 2 * (p.max_disp / p.stride2) + 1;
    p.out->Resize({d[0], D * D, (eh + p.stride1 - 1) / p.stride1, (ew + p.stride1 - 1) / p.stride1});
    p.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.a = GetInput(desc, scope, "Input1");
    p.b = GetInput(desc, scope, "Input2");
    p.out = GetOutput(desc, scope, "Output");
    p.pad = desc.GetAttr<int32_t>("pad_size", 0);
    p.kernel = desc.GetAttr<int32_t>("kernel_size", 1);
    p.max_disp = desc.GetAttr<int32_t>("max_displacement", 1);
    p.stride1 = desc.GetAttr<int32_t>("stride1", 1);
    p.stride2 = desc.GetAttr<int32_t>("stride2", 1);
    LITE_ENFORCE(desc.GetAttr<int32_t>("corr_type_multiply", 1) == 1, "op 'correlation': "
                 "attribute 'corr_type_multiply' must be 1 (the product correlation)");
  }
};

class CorrelationKernel : public KernelBase<CorrelationParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& d = p.a->dims();
    const int64_t N = d[0], C = d[1], H = d[2], W = d[3];
    const DDim& od = p.out->dims();
    const int64_t OH = od[2], OW = od[3];
    const int R = p.max_disp / p.stride2, D = 2 * R + 1, kr = (p.kernel - 1) / 2;
    const double norm = static_cast<double>(p.kernel) * p.kernel * C;
    const float* a = p.a->data<float>();
    const float* b = p.b->data<float>();
    float* out = p.out->mutable_data<float>();
    for (int64_t n = 0; n < N; ++n)
      for (int64_t h = 0; h < OH; ++h)
        for (int64_t w = 0; w < OW; ++w) {
          const int64_t h1 = h * p.stride1 - p.pad + p.max_disp + kr;
          const int64_t w1 = w * p.stride1 - p.pad + p.max_disp + kr;
          for (int ti = -R; ti <= R; ++ti)
            for (int tj = -R; tj <= R; ++tj) {
              double s = 0;
              for (int i = -kr; i <= kr; ++i)
                for (int j = -kr; j <= kr; ++j) {
                  const int64_t y1 = h1 + i, x1 = w1 + j;
                  const int64_t y2 = y1 + ti * p.stride2, x2 = x1 + tj * p.stride2;
                  if (y1 < 0 || y1 >= H || x1 < 0 || x1 >= W || y2 < 0 || y2 >= H || x2 < 0 ||
                      x2 >= W) {
                    continue;
                  }
                  for (int64_t c = 0; c < C; ++c) {
                    s += double(a[((n * C + c) * H + y1) * W + x1]) * b[((n * C + c) * H + y2) * W + x2];
                  }
                }
              const int64_t tc = (ti + R) * D + (tj + R);
              out[((n * D * D + tc) * OH + h) * OW + w] = static_cast<float>(s / norm);
            }
        }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(CorrelationOp)
LITE_KERNEL_CLASS(CorrelationKernel)
