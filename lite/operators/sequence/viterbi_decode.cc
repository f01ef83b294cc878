// viterbi_decode (CRF decoding, e.g. LAC / NER heads): Input [B, T, N]
// emissions, Transition [N, N] (transition[j][k]: tag j then tag k), Length
// [B] int64. For each sequence of length L: alpha_0 = x_0 (+ the start row
// Transition[N - 1] with include_bos_eos_tag), alpha_t[k] = max_j(alpha_t-1[j]
// + transition[j][k]) + x_t[k] (the first j on ties), the stop row
// Transition[N - 2] added at the last step with include_bos_eos_tag;
// Scores[b] = max alpha_L-1, Path [B, max L] int64 the best tags by
// backtracking, 0 past each length (a length of 0 gives score 0).
#include <algorithm>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct ViterbiParam {
  const Tensor *input{nullptr}, *transition{nullptr}, *length{nullptr};
  Tensor *scores{nullptr}, *path{nullptr};
  bool bos_eos{true};
  std::vector<int64_t> lengths;
};

class ViterbiOp : public OperatorBase<ViterbiParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& d = p.input->dims();
    LITE_ENFORCE(d.size() == 3, "op 'viterbi_decode': input 'Input' must be [batch, time, tags], "
                 "got ", DimsToString(d));
    LITE_ENFORCE(p.transition->dims() == (DDim{d[2], d[2]}), "op 'viterbi_decode': input "
                 "'Transition' ", DimsToString(p.transition->dims()), " must be [", d[2], ", ", d[2], "]");
    LITE_ENFORCE(!p.bos_eos || d[2] >= 2, "op 'viterbi_decode': include_bos_eos_tag needs at least "
                 "2 tags");
    p.lengths = ReadInts(*p.length, "op 'viterbi_decode': input 'Length'");
    LITE_ENFORCE(static_cast<int64_t>(p.lengths.size()) == d[0], "op 'viterbi_decode': Length has ",
                 p.lengths.size(), " values for ", d[0], " sequences");
    int64_t longest = 0;
    for (int64_t l : p.lengths) {
      LITE_ENFORCE(l >= 0 && l <= d[1], "op 'viterbi_decode': a Length of ", l,
                   " is outside [0, ", d[1], "]");
      longest = std::max(longest, l);
    }
    p.scores->Resize({d[0]});
    p.scores->set_dtype(DataType::kFloat32);
    p.path->Resize({d[0], std::max<int64_t>(longest, 1)});
    p.path->set_dtype(DataType::kInt64);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.input = GetInput(desc, scope, "Input");
    p.transition = GetInput(desc, scope, "Transition");
    p.length = GetInput(desc, scope, "Length");
    p.scores = GetOutput(desc, scope, "Scores");
    p.path = GetOutput(desc, scope, "Path");
    p.bos_eos = desc.GetAttr<bool>("include_bos_eos_tag", true);
  }
};

class ViterbiKernel : public KernelBase<ViterbiParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& d = p.input->dims();
    const int64_t B = d[0], T = d[1], N = d[2], cols = p.path->dims()[1];
    const float* x = p.input->data<float>();
    const float* tr = p.transition->data<float>();
    const float* stop = tr + (N - 2) * N;
    const float* start = tr + (N - 1) * N;
    float* scores = p.scores->mutable_data<float>();
    int64_t* path = p.path->mutable_data<int64_t>();
    std::fill(path, path + B * cols, 0);
    std::vector<float> alpha(N), next(N);
    for (int64_t b = 0; b < B; ++b) {
      const int64_t L = p.lengths[b];
      if (L == 0) {
        scores[b] = 0.f;
        continue;
      }
      const float* xb = x + b * T * N;
      std::vector<int64_t> hist(static_cast<size_t>(L * N), 0);
      for (int64_t k = 0; k < N; ++k) {
        alpha[k] = xb[k] + (p.bos_eos ? start[k] : 0.f) + (p.bos_eos && L == 1 ? stop[k] : 0.f);
      }
      for (int64_t t = 1; t < L; ++t) {
        for (int64_t k = 0; k < N; ++k) {
          int64_t best = 0;
          float v = alpha[0] + tr[k];
          for (int64_t j = 1; j < N; ++j) {
            const float c = alpha[j] + tr[j * N + k];
            if (c > v) v = c, best = j;
          }
          next[k] = v + xb[t * N + k] + (p.bos_eos && t == L - 1 ? stop[k] : 0.f);
          hist[t * N + k] = best;
        }
        alpha.swap(next);
      }
      const int64_t last = std::max_element(alpha.begin(), alpha.end()) - alpha.begin();
      scores[b] = alpha[last];
      int64_t tag = last;
      for (int64_t t = L - 1; t >= 0; --t) {
        path[b * cols + t] = tag;
        if (t > 0) tag = hist[t * N + tag];
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ViterbiOp)
LITE_KERNEL_CLASS(ViterbiKernel)
