// lstm (Paddle's LoD LSTM, fluid dynamic_lstm): Input [T, 4D] is the
// already projected x (gate order candidate, input, forget, output), Weight
// [D, 4D] the recurrent weights, Bias [1, 4D] or with use_peepholes [1, 7D]
// (then the peephole weights w_ic, w_fc, w_oc follow). Per step:
//   i = gate(x_i + h W_i + w_ic * c_prev + b_i)
//   f = gate(x_f + h W_f + w_fc * c_prev + b_f)
//   c = f * c_prev + i * cand(x_c + h W_c + b_c)
//   o = gate(x_o + h W_o + w_oc * c + b_o),   h = o * cell(c)
// Each sequence of Input's LoD runs on its own (backwards with is_reverse)
// from H0/C0 [N, D] row n (zeros without them). Hidden and Cell [T, D]
// take Input's LoD; BatchGate/BatchCellPreAct are training outputs (dims only).
#include <cstring>

#include "lite/core/registry.h"
#include "lite/operators/sequence/seq_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct LstmParam {
  const Tensor* input{nullptr};
  const Tensor* weight{nullptr};
  const Tensor* bias{nullptr};
  const Tensor* h0{nullptr};
  const Tensor* c0{nullptr};
  Tensor* hidden{nullptr};
  Tensor* cell{nullptr};
  std::vector<Tensor*> extra;
  bool use_peepholes{true};
  bool is_reverse{false};
  RecurrentAct gate{RecurrentAct::kSigmoid}, cell_act{RecurrentAct::kTanh},
      cand{RecurrentAct::kTanh};
  std::vector<uint64_t> offsets;
};

class LstmOp : public OperatorBase<LstmParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& in = p.input->dims();
    LITE_ENFORCE(in.size() == 2 && in[1] % 4 == 0, "op 'lstm': input 'Input' ",
                 DimsToString(in), " must be [T, 4 * D]");
    const int64_t d = in[1] / 4;
    LITE_ENFORCE(p.weight->dims() == (DDim{d, 4 * d}), "op 'lstm': input 'Weight' ",
                 DimsToString(p.weight->dims()), " must be [", d, ", ", 4 * d, "]");
    const int64_t nb = (p.use_peepholes ? 7 : 4) * d;
    LITE_ENFORCE(p.bias->numel() == nb, "op 'lstm': input 'Bias' ", DimsToString(p.bias->dims()),
                 " must have ", nb, " values (use_peepholes = ", p.use_peepholes, ")");
    p.offsets = SequenceOffsets("lstm", "Input", *p.input);
    const int64_t n = static_cast<int64_t>(p.offsets.size()) - 1;
    for (const Tensor* s : {p.h0, p.c0}) {
      if (!s) continue;
      LITE_ENFORCE(s->dims() == (DDim{n, d}), "op 'lstm': input '", s == p.h0 ? "H0" : "C0",
                   "' ", DimsToString(s->dims()), " must be [", n, ", ", d, "] (one row per sequence)");
    }
    for (Tensor* t : {p.hidden, p.cell}) {
      t->Resize({in[0], d});
      t->set_dtype(DataType::kFloat32);
      t->set_lod(p.input->lod());
    }
    for (Tensor* t : p.extra) t->Resize(in);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.input = GetInput(desc, scope, "Input");
    p.weight = GetInput(desc, scope, "Weight");
    p.bias = GetInput(desc, scope, "Bias");
    p.h0 = GetOptionalInput(desc, scope, "H0");
    p.c0 = GetOptionalInput(desc, scope, "C0");
    p.hidden = GetOutput(desc, scope, "Hidden");
    p.cell = GetOutput(desc, scope, "Cell");
    for (const char* slot : {"BatchGate", "BatchCellPreAct"}) {
      if (Tensor* t = GetOptionalOutput(desc, scope, slot)) p.extra.push_back(t);
    }
    p.use_peepholes = desc.GetAttr<bool>("use_peepholes", true);
    p.is_reverse = desc.GetAttr<bool>("is_reverse", false);
    p.gate = ParseRecurrentAct("lstm", "gate_activation",
                               desc.GetAttr<std::string>("gate_activation", "sigmoid"));
    p.cell_act = ParseRecurrentAct("lstm", "cell_activation",
                                   desc.GetAttr<std::string>("cell_activation", "tanh"));
    p.cand = ParseRecurrentAct("lstm", "candidate_activation",
                               desc.GetAttr<std::string>("candidate_activation", "tanh"));
  }
};

class LstmKernel : public KernelBase<LstmParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const int64_t d = p.weight->dims()[0];
    const float* x = p.input->data<float>();
    const float* w = p.weight->data<float>();
    const float* b = p.bias->data<float>();
    const float* peep = p.use_peepholes ? b + 4 * d : nullptr;
    float* hid = p.hidden->mutable_data<float>();
    float* cel = p.cell->mutable_data<float>();
    // Rows of h/c/g follow ReorderByLength's order: the sequences active at
    // step k are the first active[k] rows and share one GEMM.
    const StepBatches batches = ReorderByLength(p.offsets);
    const int64_t n = static_cast<int64_t>(batches.order.size());
    std::vector<float> g(n * 4 * d), h(n * d, 0.f), c(n * d, 0.f);
    for (int64_t i = 0; i < n; ++i) {
      const size_t s = batches.order[i];
      if (p.h0) std::memcpy(&h[i * d], p.h0->data<float>() + s * d, sizeof(float) * d);
      if (p.c0) std::memcpy(&c[i * d], p.c0->data<float>() + s * d, sizeof(float) * d);
    }
    for (int64_t k = 0; k < static_cast<int64_t>(batches.active.size()); ++k) {
      const int64_t m = batches.active[k];
      for (int64_t i = 0; i < m; ++i) {
        const float* xt = x + batches.Row(p.offsets, i, k, p.is_reverse) * 4 * d;
        for (int64_t j = 0; j < 4 * d; ++j) g[i * 4 * d + j] = xt[j] + b[j];
      }
      AddMatMat(h.data(), m, d, w, d, 4 * d, g.data(), 4 * d);
      for (int64_t i = 0; i < m; ++i) {
        const float* gi = &g[i * 4 * d];
        float* hi = &h[i * d];
        float* ci = &c[i * d];
        for (int64_t j = 0; j < d; ++j) {
          const float cand = ApplyRecurrentAct(p.cand, gi[j]);
          const float ig = ApplyRecurrentAct(p.gate, gi[d + j] + (peep ? ci[j] * peep[j] : 0.f));
          const float fg =
              ApplyRecurrentAct(p.gate, gi[2 * d + j] + (peep ? ci[j] * peep[d + j] : 0.f));
          ci[j] = cand * ig + ci[j] * fg;
          const float og =
              ApplyRecurrentAct(p.gate, gi[3 * d + j] + (peep ? ci[j] * peep[2 * d + j] : 0.f));
          hi[j] = og * ApplyRecurrentAct(p.cell_act, ci[j]);
        }
        const int64_t t = batches.Row(p.offsets, i, k, p.is_reverse);
        std::memcpy(hid + t * d, hi, sizeof(float) * d);
        std::memcpy(cel + t * d, ci, sizeof(float) * d);
      }
    }
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(LstmOp)
LITE_KERNEL_CLASS(LstmKernel)
