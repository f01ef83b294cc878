// ctc_align (CTC greedy decoding: PP-OCR's post-processing as an op): drops
// `blank` tokens and, with merge_repeated, a token equal to the one before
// it in the input (so "a a blank a" gives "a a").
// LoD form: Input [total, 1] int32/int64 with one LoD sequence per sample;
//   Output [kept, 1] with the LoD of the kept tokens; when nothing at all is
//   kept, Output is [1, 1] = -1 with LoD {0, 1} (Paddle's convention).
// Padded form (no LoD): Input [B, T] and InputLength [B, 1]; Output [B, T]
//   holds each row's kept tokens followed by padding_value, and
//   OutputLength [B, 1] their count.
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct CtcAlignParam {
  const Tensor *input{nullptr}, *input_length{nullptr};
  Tensor *output{nullptr}, *output_length{nullptr};
  int64_t blank{0}, padding_value{0};
  bool merge_repeated{true};
  // Computed in InferShape (LoD form: the output extent depends on values).
  std::vector<int64_t> kept;
  std::vector<uint64_t> kept_lod;
};

class CtcAlignOp : public OperatorBase<CtcAlignParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& d = p.input->dims();
    auto tokens = ReadInts(*p.input, "op 'ctc_align': input 'Input'");
    auto keep = [&](int64_t from, int64_t to, std::vector<int64_t>* out) {
      int64_t prev = -1;
      for (int64_t i = from; i < to; ++i) {
        const int64_t t = tokens[i];
        if (t != p.blank && !(p.merge_repeated && t == prev)) out->push_back(t);
        prev = t;
      }
    };
    p.kept.clear();
    if (!p.input->lod().empty()) {
      const auto& l = p.input->lod()[0];
      LITE_ENFORCE(!l.empty() && l.back() == static_cast<uint64_t>(tokens.size()) &&
                       (d.size() == 1 || (d.size() == 2 && d[1] == 1)),
                   "op 'ctc_align': input 'Input' ", DimsToString(d),
                   " must be [total, 1] with a LoD ending at total");
      p.kept_lod.assign(1, 0);
      for (size_t s = 0; s + 1 < l.size(); ++s) {
        LITE_ENFORCE(l[s] <= l[s + 1], "op 'ctc_align': the LoD of Input is not ascending");
        keep(static_cast<int64_t>(l[s]), static_cast<int64_t>(l[s + 1]), &p.kept);
        p.kept_lod.push_back(p.kept.size());
      }
      if (p.kept.empty()) {
        p.kept = {-1};
        p.kept_lod = {0, 1};
      }
      p.output->Resize({static_cast<int64_t>(p.kept.size()), 1});
      p.output->set_lod({p.kept_lod});
    } else {
      LITE_ENFORCE(d.size() == 2 && p.input_length && p.output_length,
                   "op 'ctc_align': an Input without LoD must be [batch, time] with inputs "
                   "'InputLength' and outputs 'OutputLength', got Input ", DimsToString(d));
      auto lengths = ReadInts(*p.input_length, "op 'ctc_align': input 'InputLength'");
      LITE_ENFORCE(static_cast<int64_t>(lengths.size()) == d[0], "op 'ctc_align': InputLength has ",
                   lengths.size(), " values for ", d[0], " rows");
      p.kept_lod.assign(1, 0);
      for (int64_t b = 0; b < d[0]; ++b) {
        LITE_ENFORCE(lengths[b] >= 0 && lengths[b] <= d[1], "op 'ctc_align': InputLength[", b,
                     "] = ", lengths[b], " is outside [0, ", d[1], "]");
        keep(b * d[1], b * d[1] + lengths[b], &p.kept);
        p.kept_lod.push_back(p.kept.size());
      }
      p.output->Resize(d);
      p.output_length->Resize({d[0], 1});
      p.output_length->set_dtype(p.input_length->dtype());
    }
    p.output->set_dtype(p.input->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.input = GetInput(desc, scope, "Input");
    p.input_length = GetOptionalInput(desc, scope, "InputLength");
    p.output = GetOutput(desc, scope, "Output");
    p.output_length = GetOptionalOutput(desc, scope, "OutputLength");
    p.blank = desc.GetAttr<int32_t>("blank", 0);
    p.merge_repeated = desc.GetAttr<bool>("merge_repeated", true);
    p.padding_value = desc.GetAttr<int32_t>("padding_value", 0);
  }
};

class CtcAlignKernel : public KernelBase<CtcAlignParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    auto write = [](Tensor* t, const std::vector<int64_t>& v) {
      if (t->dtype() == DataType::kInt32) {
        int32_t* o = t->mutable_data<int32_t>();
        for (size_t i = 0; i < v.size(); ++i) o[i] = static_cast<int32_t>(v[i]);
      } else {
        LITE_ENFORCE(t->dtype() == DataType::kInt64, "op 'ctc_align': tokens must be int32 or "
                     "int64, got ", DataTypeName(t->dtype()));
        std::copy(v.begin(), v.end(), t->mutable_data<int64_t>());
      }
    };
    if (!p.input->lod().empty()) {
      write(p.output, p.kept);
      return;
    }
    const DDim& d = p.input->dims();
    std::vector<int64_t> rows(static_cast<size_t>(d[0] * d[1]), p.padding_value), counts;
    for (int64_t b = 0; b < d[0]; ++b) {
      const uint64_t from = p.kept_lod[b], to = p.kept_lod[b + 1];
      for (uint64_t k = from; k < to; ++k) rows[b * d[1] + (k - from)] = p.kept[k];
      counts.push_back(static_cast<int64_t>(to - from));
    }
    write(p.output, rows);
    write(p.output_length, counts);
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(CtcAlignOp)
LITE_KERNEL_CLASS(CtcAlignKernel)
