// gru (Paddle's LoD GRU, fluid dynamic_gru): Input [T, 3D] is the already
// projected x (gate order update, reset, candidate), Weight [D, 3D] holds the
// update/reset weights [D, 2D] followed by the candidate weights [D, D],
// Bias [1, 3D] optional. Per step:
//   u = gate(x_u + h W_u + b_u),  r = gate(x_r + h W_r + b_r)
//   c = act(x_c + (r * h) W_c + b_c)
//   h = (1 - u) * h + u * c      (origin_mode: u * h + (1 - u) * c)
// Each sequence of Input's LoD runs on its own (backwards with is_reverse)
// from H0 [N, D] row n (zeros without it); the sequences active at a step
// share its two GEMMs (ReorderByLength). Hidden [T, D] takes Input's LoD;
// BatchGate/BatchResetHiddenPrev/BatchHidden are training outputs (dims only).
#include <cstring>

#include "lite/core/registry.h"
#include "lite/operators/sequence/seq_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct GruParam {
  const Tensor* input{nullptr};
  const Tensor* weight{nullptr};
  const Tensor* bias{nullptr};
  const Tensor* h0{nullptr};
  Tensor* hidden{nullptr};
  std::vector<Tensor*> extra;
  bool is_reverse{false};
  bool origin_mode{false};
  RecurrentAct gate{RecurrentAct::kSigmoid}, act{RecurrentAct::kTanh};
  std::vector<uint64_t> offsets;
};

class GruOp : public OperatorBase<GruParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& in = p.input->dims();
    LITE_ENFORCE(in.size() == 2 && in[1] % 3 == 0, "op 'gru': input 'Input' ",
                 DimsToString(in), " must be [T, 3 * D]");
    const int64_t d = in[1] / 3;
    LITE_ENFORCE(p.weight->dims() == (DDim{d, 3 * d}), "op 'gru': input 'Weight' ",
                 DimsToString(p.weight->dims()), " must be [", d, ", ", 3 * d, "]");
    LITE_ENFORCE(!p.bias || p.bias->numel() == 3 * d, "op 'gru': input 'Bias' ",
                 DimsToString(p.bias ? p.bias->dims() : DDim{}), " must have ", 3 * d, " values");
    p.offsets = SequenceOffsets("gru", "Input", *p.input);
    const int64_t n = static_cast<int64_t>(p.offsets.size()) - 1;
    LITE_ENFORCE(!p.h0 || p.h0->dims() == (DDim{n, d}), "op 'gru': input 'H0' ",
                 DimsToString(p.h0 ? p.h0->dims() : DDim{}), " must be [", n, ", ", d,
                 "] (one row per sequence)");
    p.hidden->Resize({in[0], d});
    p.hidden->set_dtype(DataType::kFloat32);
    p.hidden->set_lod(p.input->lod());
    for (Tensor* t : p.extra) t->Resize(in);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.input = GetInput(desc, scope, "Input");
    p.weight = GetInput(desc, scope, "Weight");
    p.bias = GetOptionalInput(desc, scope, "Bias");
    p.h0 = GetOptionalInput(desc, scope, "H0");
    p.hidden = GetOutput(desc, scope, "Hidden");
    for (const char* slot : {"BatchGate", "BatchResetHiddenPrev", "BatchHidden"}) {
      if (Tensor* t = GetOptionalOutput(desc, scope, slot)) p.extra.push_back(t);
    }
    p.is_reverse = desc.GetAttr<bool>("is_reverse", false);
    p.origin_mode = desc.GetAttr<bool>("origin_mode", false);
    p.gate = ParseRecurrentAct("gru", "gate_activation",
                               desc.GetAttr<std::string>("gate_activation", "sigmoid"));
    p.act = ParseRecurrentAct("gru", "activation", desc.GetAttr<std::string>("activation", "tanh"));
  }
};

class GruKernel : public KernelBase<GruParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const int64_t d = p.weight->dims()[0];
    const float* x = p.input->data<float>();
    const float* w_gate = p.weight->data<float>();   // [D, 2D]
    const float* w_cand = w_gate + 2 * d * d;        // [D, D]
    const float* b = p.bias ? p.bias->data<float>() : nullptr;
    float* hid = p.hidden->mutable_data<float>();
    // Row i of h/g/rh belongs to the i-th sequence of `order`; the first
    // active[k] rows step together through two GEMMs on the weights.
    const StepBatches batches = ReorderByLength(p.offsets);
    const int64_t n = static_cast<int64_t>(batches.order.size());
    std::vector<float> g(n * 3 * d), h(n * d, 0.f), rh(n * d);
    for (int64_t i = 0; i < n && p.h0; ++i) {
      std::memcpy(&h[i * d], p.h0->data<float>() + batches.order[i] * d, sizeof(float) * d);
    }
    for (int64_t k = 0; k < static_cast<int64_t>(batches.active.size()); ++k) {
      const int64_t m = batches.active[k];
      for (int64_t i = 0; i < m; ++i) {
        const float* xt = x + batches.Row(p.offsets, i, k, p.is_reverse) * 3 * d;
        for (int64_t j = 0; j < 3 * d; ++j) g[i * 3 * d + j] = xt[j] + (b ? b[j] : 0.f);
      }
      AddMatMat(h.data(), m, d, w_gate, d, 2 * d, g.data(), 3 * d);
      for (int64_t i = 0; i < m; ++i) {
        float* gi = &g[i * 3 * d];
        for (int64_t j = 0; j < 2 * d; ++j) gi[j] = ApplyRecurrentAct(p.gate, gi[j]);
        for (int64_t j = 0; j < d; ++j) rh[i * d + j] = gi[d + j] * h[i * d + j];
      }
      AddMatMat(rh.data(), m, d, w_cand, d, d, g.data() + 2 * d, 3 * d);
      for (int64_t i = 0; i < m; ++i) {
        const float* gi = &g[i * 3 * d];
        float* hi = &h[i * d];
        for (int64_t j = 0; j < d; ++j) {
          const float u = gi[j], c = ApplyRecurrentAct(p.act, gi[2 * d + j]);
          hi[j] = p.origin_mode ? u * hi[j] + (1.f - u) * c : (1.f - u) * hi[j] + u * c;
        }
        std::memcpy(hid + batches.Row(p.offsets, i, k, p.is_reverse) * d, hi, sizeof(float) * d);
      }
    }
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(GruOp)
LITE_KERNEL_CLASS(GruKernel)
