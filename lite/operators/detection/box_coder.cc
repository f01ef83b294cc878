// box_coder (Paddle semantics, float32). Boxes are [x1, y1, x2, y2]; when
// !box_normalized widths/heights get +1. Variances come from PriorBoxVar
// ([M, 4]), else the `variance` attribute (4 values), else 1.
// encode_center_size: TargetBox [N, 4], PriorBox [M, 4] -> Out [N, M, 4]:
//   ((tcx - pcx) / pw, (tcy - pcy) / ph, log|tw / pw|, log|th / ph|) / var.
// decode_center_size: TargetBox [N, M, 4] -> Out [N, M, 4]; the prior of
//   element (i, j) is PriorBox[j] when axis = 0 ([M, 4]) or PriorBox[i] when
//   axis = 1 ([N, 4]): c = var01 * t01 * p_wh + p_c, wh = exp(var23 * t23) *
//   p_wh, box = c -+ wh / 2 (max corner minus 1 when !box_normalized).
#include <cmath>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct BoxCoderParam {
  const Tensor* prior{nullptr};
  const Tensor* prior_var{nullptr};
  const Tensor* target{nullptr};
  Tensor* out{nullptr};
  bool encode{false};
  bool normalized{true};
  int axis{0};
  std::vector<float> variance;
};

class BoxCoderOp : public OperatorBase<BoxCoderParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& pd = p.prior->dims();
    const DDim& td = p.target->dims();
    LITE_ENFORCE(pd.size() == 2 && pd[1] == 4, "op 'box_coder': PriorBox must be [M, 4], got ",
                 DimsToString(pd));
    if (p.prior_var) {
      LITE_ENFORCE(p.prior_var->dims() == pd, "op 'box_coder': PriorBoxVar dims ",
                   DimsToString(p.prior_var->dims()), " must equal PriorBox dims ",
                   DimsToString(pd));
    }
    if (p.encode) {
      LITE_ENFORCE(td.size() == 2 && td[1] == 4, "op 'box_coder': encode_center_size needs "
                   "TargetBox [N, 4], got ", DimsToString(td));
      p.out->Resize({td[0], pd[0], 4});
    } else {
      LITE_ENFORCE(td.size() == 3 && td[2] == 4, "op 'box_coder': decode_center_size needs "
                   "TargetBox [N, M, 4], got ", DimsToString(td));
      LITE_ENFORCE((p.axis == 0 && td[1] == pd[0]) || (p.axis == 1 && td[0] == pd[0]),
                   "op 'box_coder': PriorBox ", DimsToString(pd), " does not match TargetBox ",
                   DimsToString(td), " along axis ", p.axis);
      p.out->Resize(td);
    }
    p.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.prior = GetInput(desc, scope, "PriorBox");
    p.prior_var = GetOptionalInput(desc, scope, "PriorBoxVar");
    p.target = GetInput(desc, scope, "TargetBox");
    p.out = GetOutput(desc, scope, "OutputBox");
    std::string code = desc.GetAttr<std::string>("code_type", std::string("encode_center_size"));
    LITE_ENFORCE(code == "encode_center_size" || code == "decode_center_size",
                 "op 'box_coder': attribute 'code_type' = \"", code,
                 "\" (expected encode_center_size or decode_center_size)");
    p.encode = code == "encode_center_size";
    p.normalized = desc.GetAttr<bool>("box_normalized", true);
    p.axis = desc.GetAttr<int32_t>("axis", 0);
    LITE_ENFORCE(p.axis == 0 || p.axis == 1, "op 'box_coder': attribute 'axis' = ", p.axis,
                 " (expected 0 or 1)");
    p.variance = desc.GetAttr<std::vector<float>>("variance", {});
    LITE_ENFORCE(p.variance.empty() || p.variance.size() == 4, "op 'box_coder': attribute "
                 "'variance' must hold 4 values, got ", p.variance.size());
  }
};

class BoxCoderKernel : public KernelBase<BoxCoderParam> {
 public:
  void Run(const RunContext&) override {
    const auto& p = param();
    const float* prior = p.prior->data<float>();
    const float* pvar = p.prior_var ? p.prior_var->data<float>() : nullptr;
    const float* t = p.target->data<float>();
    float* out = p.out->mutable_data<float>();
    const float norm = p.normalized ? 0.f : 1.f;
    const DDim& od = p.out->dims();
    const int64_t n = od[0], m = od[1];
    auto var = [&](int64_t prior_idx, int k) {
      if (pvar) return pvar[prior_idx * 4 + k];
      if (!p.variance.empty()) return p.variance[k];
      return 1.f;
    };
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < m; ++j) {
        const int64_t pi = p.encode || p.axis == 0 ? j : i;
        const float* pb = prior + pi * 4;
        const float pw = pb[2] - pb[0] + norm, ph = pb[3] - pb[1] + norm;
        const float pcx = pb[0] + pw / 2, pcy = pb[1] + ph / 2;
        float* o = out + (i * m + j) * 4;
        if (p.encode) {
          const float* tb = t + i * 4;
          const float tcx = (tb[0] + tb[2]) / 2, tcy = (tb[1] + tb[3]) / 2;
          const float tw = tb[2] - tb[0] + norm, th = tb[3] - tb[1] + norm;
          o[0] = (tcx - pcx) / pw / var(pi, 0);
          o[1] = (tcy - pcy) / ph / var(pi, 1);
          o[2] = std::log(std::fabs(tw / pw)) / var(pi, 2);
          o[3] = std::log(std::fabs(th / ph)) / var(pi, 3);
        } else {
          const float* tb = t + (i * m + j) * 4;
          const float cx = var(pi, 0) * tb[0] * pw + pcx;
          const float cy = var(pi, 1) * tb[1] * ph + pcy;
          const float w = std::exp(var(pi, 2) * tb[2]) * pw;
          const float h = std::exp(var(pi, 3) * tb[3]) * ph;
          o[0] = cx - w / 2;
          o[1] = cy - h / 2;
          o[2] = cx + w / 2 - norm;
          o[3] = cy + h / 2 - norm;
        }
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(BoxCoderOp)
LITE_KERNEL_CLASS(BoxCoderKernel)
