// gru_unit (one GRU step): Input [B, 3D] (the projected x), HiddenPrev
// [B, D], Weight: D * 2D values [D, 2D] (update and reset gates) followed by
// D * D values [D, D] (candidate), Bias [1, 3D] optional. With g = Input +
// Bias: u = gate_act(g_u + h W_u), r = gate_act(g_r + h W_r),
// ResetHiddenPrev = r * h, c = act(g_c + (r * h) W_c), Gate = [u, r, c] and
// Hidden = u * c + (1 - u) * h, or with origin_mode (u * h + (1 - u) * c).
// Activations by Paddle's number: 0 identity, 1 sigmoid, 2 tanh, 3 relu.
// float32; sums in double.
#include <cmath>

#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct GruUnitParam {
  const Tensor *input{nullptr}, *h_prev{nullptr}, *weight{nullptr}, *bias{nullptr};
  Tensor *gate{nullptr}, *reset{nullptr}, *hidden{nullptr};
  int act{2}, gate_act{1};
  bool origin_mode{false};
};

float Act(int kind, double v) {
  switch (kind) {
    case 0: return static_cast<float>(v);
    case 1: return static_cast<float>(1.0 / (1.0 + std::exp(-v)));
    case 2: return static_cast<float>(std::tanh(v));
    default: return static_cast<float>(v > 0 ? v : 0);
  }
}

class GruUnitOp : public OperatorBase<GruUnitParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim &xd = p.input->dims(), &hd = p.h_prev->dims();
    LITE_ENFORCE(hd.size() == 2 && xd.size() == 2 && xd[0] == hd[0] && xd[1] == 3 * hd[1],
                 "op 'gru_unit': expected Input [B, 3D] and HiddenPrev [B, D], got ",
                 DimsToString(xd), " and ", DimsToString(hd));
    const int64_t D = hd[1];
    LITE_ENFORCE(p.weight->numel() == 3 * D * D, "op 'gru_unit': input 'Weight' ",
                 DimsToString(p.weight->dims()), " must hold 3 * D * D = ", 3 * D * D, " values");
    LITE_ENFORCE(!p.bias || p.bias->numel() == 3 * D, "op 'gru_unit': input 'Bias' must hold ",
                 3 * D, " values");
    p.gate->Resize(xd);
    p.reset->Resize(hd);
    p.hidden->Resize(hd);
    for (Tensor* t : {p.gate, p.reset, p.hidden}) t->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.input = GetInput(desc, scope, "Input");
    p.h_prev = GetInput(desc, scope, "HiddenPrev");
    p.weight = GetInput(desc, scope, "Weight");
    p.bias = GetOptionalInput(desc, scope, "Bias");
    p.gate = GetOutput(desc, scope, "Gate");
    p.reset = GetOutput(desc, scope, "ResetHiddenPrev");
    p.hidden = GetOutput(desc, scope, "Hidden");
    p.act = desc.GetAttr<int32_t>("activation", 2);
    p.gate_act = desc.GetAttr<int32_t>("gate_activation", 1);
    p.origin_mode = desc.GetAttr<bool>("origin_mode", false);
    for (const auto& [name, v] : {std::pair<const char*, int>{"activation", p.act},
                                  {"gate_activation", p.gate_act}}) {
      LITE_ENFORCE(v >= 0 && v <= 3, "op 'gru_unit': attribute '", name, "' is ", v,
                   "; expected 0 identity, 1 sigmoid, 2 tanh or 3 relu");
    }
  }
};

class GruUnitKernel : public KernelBase<GruUnitParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const int64_t B = p.h_prev->dims()[0], D = p.h_prev->dims()[1];
    const float* x = p.input->data<float>();
    const float* h = p.h_prev->data<float>();
    const float* w = p.weight->data<float>();
    const float* wc = w + 2 * D * D;
    const float* bias = p.bias ? p.bias->data<float>() : nullptr;
    float* gate = p.gate->mutable_data<float>();
    float* reset = p.reset->mutable_data<float>();
    float* hidden = p.hidden->mutable_data<float>();
    for (int64_t b = 0; b < B; ++b) {
      const float* hb = h + b * D;
      float* g = gate + b * 3 * D;
      for (int64_t k = 0; k < 2 * D; ++k) {
        double s = x[b * 3 * D + k] + (bias ? bias[k] : 0.f);
        for (int64_t j = 0; j < D; ++j) s += double(hb[j]) * w[j * 2 * D + k];
        g[k] = Act(p.gate_act, s);
      }
      for (int64_t j = 0; j < D; ++j) reset[b * D + j] = g[D + j] * hb[j];
      for (int64_t k = 0; k < D; ++k) {
        double s = x[b * 3 * D + 2 * D + k] + (bias ? bias[2 * D + k] : 0.f);
        for (int64_t j = 0; j < D; ++j) s += double(reset[b * D + j]) * wc[j * D + k];
        g[2 * D + k] = Act(p.act, s);
      }
      for (int64_t k = 0; k < D; ++k) {
        const float u = g[k], c = g[2 * D + k];
        hidden[b * D + k] = p.origin_mode ? c + u * (hb[k] - c) : u * (c - hb[k]) + hb[k];
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(GruUnitOp)
LITE_KERNEL_CLASS(GruUnitKernel)
