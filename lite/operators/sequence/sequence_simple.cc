// Sequence ops that move whole rows inside a LoD batch (X [T, ...], rows of
// width W = numel / T):
// sequence_reverse: Y = each sequence of X backwards; Y keeps X's LoD.
// sequence_softmax: Out = softmax over the rows of each sequence (X [T] or
//   [T, 1]); Out keeps X's LoD.
// sequence_reshape: X [T, D] -> Out [T * D / new_dim, new_dim]; each
//   sequence's length * D must divide by new_dim; offsets scale by D / new_dim.
// sequence_expand_as: X [N, ...] (one row per sequence of Y) -> Out: row n
//   repeated as many times as sequence n of Y is long; Out takes Y's LoD.
#include <cmath>
#include <cstring>

#include "lite/core/registry.h"
#include "lite/operators/sequence/seq_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct SequenceRowsParam {
  std::string op;
  const Tensor* x{nullptr};
  const Tensor* y{nullptr};  // sequence_expand_as
  Tensor* out{nullptr};
  int64_t new_dim{0};
  std::vector<uint64_t> offsets;
};

class SequenceRowsOp : public OperatorBase<SequenceRowsParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    DDim dims = p.x->dims();
    LITE_ENFORCE(!dims.empty(), "op '", p.op, "': input 'X' has no dims");
    if (p.op == "sequence_expand_as") {
      p.offsets = SequenceOffsets(p.op, "Y", *p.y);
      LITE_ENFORCE(dims[0] == static_cast<int64_t>(p.offsets.size()) - 1, "op '", p.op,
                   "': input 'X' has ", dims[0], " rows but 'Y' has ", p.offsets.size() - 1,
                   " sequences");
      dims[0] = static_cast<int64_t>(p.offsets.back());
      p.out->Resize(dims);
      p.out->set_dtype(p.x->dtype());
      p.out->set_lod(p.y->lod());
      return;
    }
    p.offsets = SequenceOffsets(p.op, "X", *p.x);
    LoD lod = p.x->lod();
    if (p.op == "sequence_reshape") {
      LITE_ENFORCE(dims.size() == 2, "op 'sequence_reshape': input 'X' must be [T, D], got ",
                   DimsToString(dims));
      const int64_t d = dims[1];
      LITE_ENFORCE(p.new_dim > 0, "op 'sequence_reshape': attribute 'new_dim' = ", p.new_dim,
                   " must be positive");
      for (auto& o : lod.back()) {
        LITE_ENFORCE((o * d) % p.new_dim == 0, "op 'sequence_reshape': a sequence of ",
                     "'X' ending at row ", o, " holds ", o * d,
                     " values, not a multiple of new_dim ", p.new_dim);
        o = o * d / p.new_dim;
      }
      dims = {dims[0] * d / p.new_dim, p.new_dim};
    }
    if (p.op == "sequence_softmax") {
      LITE_ENFORCE(p.x->numel() == dims[0], "op 'sequence_softmax': input 'X' ",
                   DimsToString(dims), " must hold one value per row ([T] or [T, 1])");
    }
    p.out->Resize(dims);
    p.out->set_dtype(p.x->dtype());
    p.out->set_lod(lod);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op = desc.Type();
    p.x = GetInput(desc, scope, "X");
    if (p.op == "sequence_expand_as") p.y = GetInput(desc, scope, "Y");
    p.out = GetOutput(desc, scope, p.op == "sequence_reverse" ? "Y" : "Out");
    // Required by Paddle's OpMaker (no default).
    if (p.op == "sequence_reshape") p.new_dim = desc.GetAttr<int>("new_dim");
  }
};

class SequenceRowsKernel : public KernelBase<SequenceRowsParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const size_t elem = SizeOf(p.x->dtype());
    const int64_t rows = p.x->dims()[0];
    const size_t row_bytes = rows > 0 ? p.x->numel() / rows * elem : 0;
    const auto* x = static_cast<const uint8_t*>(p.x->raw_data());
    auto* out = static_cast<uint8_t*>(p.out->mutable_data(p.x->dtype()));
    if (p.op == "sequence_reshape") {
      std::memmove(out, x, p.x->numel() * elem);
      return;
    }
    for (size_t s = 0; s + 1 < p.offsets.size(); ++s) {
      const int64_t b = p.offsets[s], e = p.offsets[s + 1];
      if (p.op == "sequence_reverse") {
        for (int64_t t = b; t < e; ++t) {
          std::memcpy(out + (b + e - 1 - t) * row_bytes, x + t * row_bytes, row_bytes);
        }
      } else if (p.op == "sequence_expand_as") {
        for (int64_t t = b; t < e; ++t) std::memcpy(out + t * row_bytes, x + s * row_bytes, row_bytes);
      } else {  // sequence_softmax
        const float* xf = p.x->data<float>();
        float* of = reinterpret_cast<float*>(out);
        float mx = -INFINITY, sum = 0.f;
        for (int64_t t = b; t < e; ++t) mx = std::max(mx, xf[t]);
        for (int64_t t = b; t < e; ++t) sum += (of[t] = std::exp(xf[t] - mx));
        for (int64_t t = b; t < e; ++t) of[t] /= sum;
      }
    }
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(SequenceRowsOp)
LITE_KERNEL_CLASS(SequenceRowsKernel)
