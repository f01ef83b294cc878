// temporal_shift (TSM): X [N * T, C, H, W] holds N clips of T = seg_num
// frames. With c1 = floor(C * shift_ratio) and c2 = floor(C * 2 *
// shift_ratio), output channel c of frame t takes frame t - 1's channel for
// c < c1, frame t + 1's for c1 <= c < c2 and its own otherwise; a frame
// outside the clip gives 0. data_format NCHW (NHWC refused by name). Any
// element type.
#include <cstring>

#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct TemporalShiftParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  int seg_num{1};
  float shift_ratio{0.25f};
};

class TemporalShiftOp : public OperatorBase<TemporalShiftParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& d = p.x->dims();
    LITE_ENFORCE(d.size() == 4, "op 'temporal_shift': input 'X' must be 4-D, got ",
                 DimsToString(d));
    LITE_ENFORCE(p.seg_num > 0 && d[0] % p.seg_num == 0, "op 'temporal_shift': attribute "
                 "'seg_num' ", p.seg_num, " must be positive and divide X dim 0 (", d[0], ")");
    LITE_ENFORCE(p.shift_ratio >= 0.f && p.shift_ratio <= 0.5f, "op 'temporal_shift': "
                 "attribute 'shift_ratio' ", p.shift_ratio, " must be in [0, 0.5]");
    p.out->Resize(d);
    p.out->set_dtype(p.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.seg_num = desc.GetAttr<int32_t>("seg_num", 1);
    p.shift_ratio = desc.GetAttr<float>("shift_ratio", 0.25f);
    const std::string layout = desc.GetAttr<std::string>("data_format", "NCHW");
    LITE_ENFORCE(layout == "NCHW" || layout == "AnyLayout", "op 'temporal_shift': attribute "
                 "'data_format' is '", layout, "'; only NCHW is supported");
  }
};

class TemporalShiftKernel : public KernelBase<TemporalShiftParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& d = p.x->dims();
    const int64_t T = p.seg_num, N = d[0] / T, C = d[1];
    const size_t plane = static_cast<size_t>(d[2] * d[3]) * SizeOf(p.x->dtype());
    const int64_t c1 = static_cast<int64_t>(C * p.shift_ratio);
    const int64_t c2 = static_cast<int64_t>(C * 2 * p.shift_ratio);
    const char* x = static_cast<const char*>(p.x->raw_data());
    char* o = static_cast<char*>(p.out->mutable_data(p.x->dtype()));
    for (int64_t n = 0; n < N; ++n)
      for (int64_t t = 0; t < T; ++t)
        for (int64_t c = 0; c < C; ++c) {
          const int64_t src_t = c < c1 ? t - 1 : (c < c2 ? t + 1 : t);
          char* dst = o + (((n * T + t) * C) + c) * plane;
          if (src_t < 0 || src_t >= T) {
            std::memset(dst, 0, plane);
          } else {
            std::memcpy(dst, x + (((n * T + src_t) * C) + c) * plane, plane);
          }
        }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(TemporalShiftOp)
LITE_KERNEL_CLASS(TemporalShiftKernel)
