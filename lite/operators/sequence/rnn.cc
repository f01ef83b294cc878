// rnn (Paddle 2's fused multi-layer RNN, as paddle.nn.LSTM/GRU/SimpleRNN
// export it): Input [T, N, I] (time major), PreState [L * D, N, H] (LSTM:
// h then c), WeightList = for every layer l and direction d (D = 2 with
// is_bidirec) weight_ih [G * H, in], weight_hh [G * H, H], then for every
// layer and direction bias_ih, bias_hh [G * H]; SequenceLength [N] int32
// optional. mode LSTM (gates i, f, g, o), GRU (gates r, z, c), RNN_TANH,
// RNN_RELU:
//   LSTM: c = f * c + i * tanh(g), h = o * tanh(c)
//   GRU:  c = tanh(x_c + r * (h W_hc + b_hc)), h = z * h + (1 - z) * c
//   RNN:  h = act(x W_ih + b_ih + h W_hh + b_hh)
// Out [T, N, D * H] (forward then backward halves), State like PreState
// (the state after each sequence's last valid step); steps at or past a
// sequence's length give zeros in Out. Dropout between layers is a
// training-time operation (is_test programs). The input projection of a
// whole layer is one GEMM; only the recurrent part runs step by step.
#include <algorithm>
#include <cstring>

#include "lite/core/registry.h"
#include "lite/operators/nn/dnnl_matmul.h"
#include "lite/operators/sequence/seq_common.h"

namespace paddle {
namespace lite {
namespace operators {

enum class RnnMode { kLstm, kGru, kRnnTanh, kRnnRelu };

struct RnnParam {
  const Tensor* input{nullptr};
  std::vector<Tensor*> pre_state;
  std::vector<Tensor*> weights;
  const Tensor* seq_len{nullptr};
  Tensor* out{nullptr};
  std::vector<Tensor*> state;
  RnnMode mode{RnnMode::kLstm};
  int gates{4};
  int layers{1};
  int dirs{1};
  int64_t hidden{0};
};

class RnnOp : public OperatorBase<RnnParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& in = p.input->dims();
    LITE_ENFORCE(in.size() == 3, "op 'rnn': input 'Input' must be [T, N, I], got ",
                 DimsToString(in));
    const size_t n_states = p.mode == RnnMode::kLstm ? 2 : 1;
    LITE_ENFORCE(p.pre_state.size() == n_states && p.state.size() == n_states, "op 'rnn': mode ",
                 p.mode == RnnMode::kLstm ? "LSTM" : "GRU/RNN", " needs ", n_states,
                 " 'PreState' and 'State' variables, got ", p.pre_state.size(), " and ",
                 p.state.size());
    const DDim sd{p.layers * p.dirs, in[1], p.hidden};
    for (size_t i = 0; i < n_states; ++i) {
      LITE_ENFORCE(p.pre_state[i]->dims() == sd, "op 'rnn': input 'PreState'[", i, "] ",
                   DimsToString(p.pre_state[i]->dims()), " must be ", DimsToString(sd));
    }
    const size_t nw = static_cast<size_t>(4 * p.layers * p.dirs);
    LITE_ENFORCE(p.weights.size() == nw, "op 'rnn': input 'WeightList' has ", p.weights.size(),
                 " tensors; expected ", nw, " (weight_ih, weight_hh, bias_ih, bias_hh per layer "
                 "and direction)");
    const int64_t gh = p.gates * p.hidden;
    for (int l = 0; l < p.layers; ++l) {
      const int64_t in_w = l == 0 ? in[2] : p.dirs * p.hidden;
      for (int d = 0; d < p.dirs; ++d) {
        const int u = l * p.dirs + d;
        Check(2 * u, {gh, in_w});
        Check(2 * u + 1, {gh, p.hidden});
        Check(2 * p.layers * p.dirs + 2 * u, {gh});
        Check(2 * p.layers * p.dirs + 2 * u + 1, {gh});
      }
    }
    if (p.seq_len) {
      LITE_ENFORCE(p.seq_len->numel() == in[1], "op 'rnn': input 'SequenceLength' has ",
                   p.seq_len->numel(), " values for a batch of ", in[1]);
    }
    p.out->Resize({in[0], in[1], p.dirs * p.hidden});
    p.out->set_dtype(DataType::kFloat32);
    p.out->set_lod(p.input->lod());
    for (Tensor* s : p.state) {
      s->Resize(sd);
      s->set_dtype(DataType::kFloat32);
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.input = GetInput(desc, scope, "Input");
    p.pre_state = GetInputList(desc, scope, "PreState");
    p.weights = GetInputList(desc, scope, "WeightList");
    p.seq_len = GetOptionalInput(desc, scope, "SequenceLength");
    p.out = GetOutput(desc, scope, "Out");
    p.state = GetOutputList(desc, scope, "State");
    const std::string mode = desc.GetAttr<std::string>("mode", "LSTM");
    if (mode == "LSTM") p.mode = RnnMode::kLstm, p.gates = 4;
    else if (mode == "GRU") p.mode = RnnMode::kGru, p.gates = 3;
    else if (mode == "RNN_TANH") p.mode = RnnMode::kRnnTanh, p.gates = 1;
    else if (mode == "RNN_RELU") p.mode = RnnMode::kRnnRelu, p.gates = 1;
    else ThrowError("op 'rnn': attribute 'mode' = '", mode,
                    "' is not one of LSTM, GRU, RNN_TANH, RNN_RELU");
    p.layers = desc.GetAttr<int>("num_layers", 1);
    p.dirs = desc.GetAttr<bool>("is_bidirec", false) ? 2 : 1;
    // Paddle's RNN OpMaker default.
    p.hidden = desc.GetAttr<int>("hidden_size", 100);
    LITE_ENFORCE(p.layers >= 1 && p.hidden >= 1, "op 'rnn': attributes 'num_layers' = ",
                 p.layers, " and 'hidden_size' = ", p.hidden, " must be positive");
  }

 private:
  void Check(int i, const DDim& dims) {
    LITE_ENFORCE(param_.weights[i]->dims() == dims, "op 'rnn': input 'WeightList'[", i, "] ",
                 DimsToString(param_.weights[i]->dims()), " must be ", DimsToString(dims));
  }
};

class RnnKernel : public KernelBase<RnnParam> {
 public:
  void Run(const RunContext& ctx) override {
    auto& p = param();
    const DDim& in = p.input->dims();
    const int64_t steps = in[0], batch = in[1], h = p.hidden, gh = p.gates * h;
    const int units = p.layers * p.dirs;
    std::vector<float> layer_in(p.input->data<float>(), p.input->data<float>() + p.input->numel());
    std::vector<float> layer_out;
    if (matmuls_.size() != static_cast<size_t>(units)) matmuls_.resize(units);
    for (int l = 0; l < p.layers; ++l) {
      const int64_t in_w = l == 0 ? in[2] : p.dirs * h, out_w = p.dirs * h;
      layer_out.assign(static_cast<size_t>(steps * batch * out_w), 0.f);
      for (int d = 0; d < p.dirs; ++d) {
        const int u = l * p.dirs + d;
        // proj[t, n] = x[t, n] W_ih^T + b_ih for all steps at once.
        proj_.resize(static_cast<size_t>(steps * batch * gh));
        if (steps * batch > 0) {
          MatmulSpec spec;
          spec.src_dims = {steps * batch, in_w};
          spec.src_strides = {in_w, 1};
          spec.w_dims = {in_w, gh};
          spec.w_strides = {1, in_w};
          spec.dst_dims = {steps * batch, gh};
          spec.has_bias = true;
          spec.pack_weights = p.weights[2 * u]->persistable();
          spec.threads = ctx.threads;
          matmuls_[u].Run("rnn", spec, FusedActivation(), layer_in.data(),
                          p.weights[2 * u]->data<float>(),
                          p.weights[2 * units + 2 * u]->data<float>(), proj_.data());
        }
        RunDirection(u, d, layer_out.data(), out_w);
      }
      layer_in.swap(layer_out);
    }
    std::copy(layer_in.begin(), layer_in.end(), p.out->mutable_data<float>());
  }

 private:
  // The recurrence of one layer and direction over proj_; writes h into
  // out[t, n, d * H ..] and the final states into State[*][u].
  void RunDirection(int u, int d, float* out, int64_t out_w) {
    auto& p = param();
    const int64_t steps = p.input->dims()[0], batch = p.input->dims()[1], h = p.hidden;
    const int64_t gh = p.gates * h;
    const int units = p.layers * p.dirs;
    const float* w_hh = p.weights[2 * u + 1]->data<float>();
    const float* b_hh = p.weights[2 * units + 2 * u + 1]->data<float>();
    const int32_t* lens = p.seq_len ? p.seq_len->data<int32_t>() : nullptr;
    std::vector<float> hs(h), cs(h), hh(gh);
    for (int64_t n = 0; n < batch; ++n) {
      const int64_t len = lens ? lens[n] : steps;
      LITE_ENFORCE(len >= 0 && len <= steps, "op 'rnn': input 'SequenceLength'[", n, "] = ", len,
                   " is outside [0, ", steps, "]");
      const int64_t so = (static_cast<int64_t>(u) * batch + n) * h;
      std::memcpy(hs.data(), p.pre_state[0]->data<float>() + so, sizeof(float) * h);
      if (p.mode == RnnMode::kLstm) {
        std::memcpy(cs.data(), p.pre_state[1]->data<float>() + so, sizeof(float) * h);
      }
      for (int64_t k = 0; k < len; ++k) {
        const int64_t t = d == 1 ? len - 1 - k : k;
        const float* x = proj_.data() + (t * batch + n) * gh;
        for (int64_t j = 0; j < gh; ++j) {
          const float* row = w_hh + j * h;
          float acc = b_hh[j];
          for (int64_t i = 0; i < h; ++i) acc += hs[i] * row[i];
          hh[j] = acc;
        }
        Step(x, hh.data(), hs.data(), cs.data());
        std::memcpy(out + (t * batch + n) * out_w + d * h, hs.data(), sizeof(float) * h);
      }
      std::memcpy(p.state[0]->mutable_data<float>() + so, hs.data(), sizeof(float) * h);
      if (p.mode == RnnMode::kLstm) {
        std::memcpy(p.state[1]->mutable_data<float>() + so, cs.data(), sizeof(float) * h);
      }
    }
  }

  // One cell step: x = input projection (with b_ih), r = h W_hh^T + b_hh.
  void Step(const float* x, const float* r, float* hs, float* cs) {
    auto& p = param();
    const int64_t h = p.hidden;
    auto sig = [](float v) { return 1.f / (1.f + std::exp(-v)); };
    for (int64_t j = 0; j < h; ++j) {
      switch (p.mode) {
        case RnnMode::kLstm: {
          const float i = sig(x[j] + r[j]), f = sig(x[h + j] + r[h + j]);
          const float g = std::tanh(x[2 * h + j] + r[2 * h + j]);
          const float o = sig(x[3 * h + j] + r[3 * h + j]);
          cs[j] = f * cs[j] + i * g;
          hs[j] = o * std::tanh(cs[j]);
          break;
        }
        case RnnMode::kGru: {
          const float rg = sig(x[j] + r[j]), z = sig(x[h + j] + r[h + j]);
          const float c = std::tanh(x[2 * h + j] + rg * r[2 * h + j]);
          hs[j] = z * hs[j] + (1.f - z) * c;
          break;
        }
        case RnnMode::kRnnTanh: hs[j] = std::tanh(x[j] + r[j]); break;
        case RnnMode::kRnnRelu: hs[j] = std::max(0.f, x[j] + r[j]); break;
      }
    }
  }

  std::vector<float> proj_;
  std::vector<DnnlMatmul> matmuls_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(RnnOp)
LITE_KERNEL_CLASS(RnnKernel)
