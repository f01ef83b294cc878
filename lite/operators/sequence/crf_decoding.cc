// crf_decoding: Viterbi decoding of a linear-chain CRF.
// Emission [T, K] with a LoD (or padded [N, S, K] with Length [N], int64);
// Transition [K + 2, K]: row 0 the start weights, row 1 the end weights,
// rows 2.. the tag-to-tag weights w[i][j] (from i to j). Per sequence:
//   a[0][j] = start[j] + x[0][j];  a[t][j] = max_i(a[t-1][i] + w[i][j]) + x[t][j]
//   last = argmax_j(a[T-1][j] + end[j]), then backtracking.
// ViterbiPath [T, 1] (or [N, S]) int64 takes Emission's LoD; with Label (same
// shape, int64) it is 1 where the path equals the label and 0 elsewhere.
// Ties keep the lowest tag, as Paddle's strict comparison does.
#include <limits>

#include "lite/core/registry.h"
#include "lite/operators/sequence/seq_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct CrfDecodingParam {
  const Tensor* emission{nullptr};
  const Tensor* transition{nullptr};
  const Tensor* label{nullptr};
  const Tensor* length{nullptr};
  Tensor* path{nullptr};
  std::vector<uint64_t> offsets;  // LoD case
};

class CrfDecodingOp : public OperatorBase<CrfDecodingParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& ed = p.emission->dims();
    const int64_t k = ed.empty() ? 0 : ed.back();
    LITE_ENFORCE(p.transition->dims() == (DDim{k + 2, k}), "op 'crf_decoding': input 'Transition' ",
                 DimsToString(p.transition->dims()), " must be [", k + 2, ", ", k,
                 "] (start row, end row, then tag-to-tag weights)");
    DDim out;
    if (p.length) {
      LITE_ENFORCE(ed.size() == 3, "op 'crf_decoding': with input 'Length', 'Emission' must be "
                   "[N, S, K], got ", DimsToString(ed));
      LITE_ENFORCE(p.length->numel() == ed[0], "op 'crf_decoding': input 'Length' has ",
                   p.length->numel(), " values for ", ed[0], " sequences");
      out = {ed[0], ed[1]};
    } else {
      LITE_ENFORCE(ed.size() == 2, "op 'crf_decoding': input 'Emission' must be [T, K] with a "
                   "LoD, got ", DimsToString(ed));
      p.offsets = SequenceOffsets("crf_decoding", "Emission", *p.emission);
      out = {ed[0], 1};
    }
    if (p.label) {
      LITE_ENFORCE(p.label->numel() == Numel(out), "op 'crf_decoding': input 'Label' ",
                   DimsToString(p.label->dims()), " must have one tag per row of 'Emission' (",
                   Numel(out), ")");
    }
    p.path->Resize(out);
    p.path->set_dtype(DataType::kInt64);
    p.path->set_lod(p.emission->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.emission = GetInput(desc, scope, "Emission");
    p.transition = GetInput(desc, scope, "Transition");
    p.label = GetOptionalInput(desc, scope, "Label");
    p.length = GetOptionalInput(desc, scope, "Length");
    p.path = GetOutput(desc, scope, "ViterbiPath");
  }
};

class CrfDecodingKernel : public KernelBase<CrfDecodingParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const int64_t k = p.transition->dims()[1];
    const float* x = p.emission->data<float>();
    int64_t* path = p.path->mutable_data<int64_t>();
    if (p.length) {
      const DDim& ed = p.emission->dims();
      const int64_t* len = p.length->data<int64_t>();
      for (int64_t n = 0; n < ed[0]; ++n) {
        LITE_ENFORCE(len[n] >= 0 && len[n] <= ed[1], "op 'crf_decoding': input 'Length'[", n,
                     "] = ", len[n], " is outside [0, ", ed[1], "]");
        std::fill(path + n * ed[1], path + (n + 1) * ed[1], 0);
        Decode(x + n * ed[1] * k, len[n], k, path + n * ed[1]);
      }
    } else {
      for (size_t s = 0; s + 1 < p.offsets.size(); ++s) {
        const int64_t b = p.offsets[s], e = p.offsets[s + 1];
        Decode(x + b * k, e - b, k, path + b);
      }
    }
    if (p.label) {
      const int64_t* label = p.label->data<int64_t>();
      for (int64_t i = 0; i < p.path->numel(); ++i) path[i] = path[i] == label[i] ? 1 : 0;
    }
  }

 private:
  void Decode(const float* x, int64_t len, int64_t k, int64_t* path) {
    if (len == 0) return;
    const float* start = p_w();
    const float* end = start + k;
    const float* w = start + 2 * k;
    alpha_.assign(static_cast<size_t>(len * k), 0.f);
    track_.assign(static_cast<size_t>(len * k), 0);
    for (int64_t j = 0; j < k; ++j) alpha_[j] = start[j] + x[j];
    for (int64_t t = 1; t < len; ++t) {
      for (int64_t j = 0; j < k; ++j) {
        float best = -std::numeric_limits<float>::infinity();
        int64_t arg = 0;
        for (int64_t i = 0; i < k; ++i) {
          const float v = alpha_[(t - 1) * k + i] + w[i * k + j];
          if (v > best) {
            best = v;
            arg = i;
          }
        }
        alpha_[t * k + j] = best + x[t * k + j];
        track_[t * k + j] = arg;
      }
    }
    float best = -std::numeric_limits<float>::infinity();
    int64_t last = 0;
    for (int64_t j = 0; j < k; ++j) {
      const float v = alpha_[(len - 1) * k + j] + end[j];
      if (v > best) {
        best = v;
        last = j;
      }
    }
    path[len - 1] = last;
    for (int64_t t = len - 1; t > 0; --t) {
      last = track_[t * k + last];
      path[t - 1] = last;
    }
  }
  const float* p_w() { return param().transition->data<float>(); }

  std::vector<float> alpha_;
  std::vector<int64_t> track_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(CrfDecodingOp)
LITE_KERNEL_CLASS(CrfDecodingKernel)
