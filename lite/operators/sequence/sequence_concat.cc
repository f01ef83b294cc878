// sequence_concat: X[0..k) each with a LoD of the same N sequences ->
//   Out: sequence n = X[0]'s sequence n, then X[1]'s, ...; Out's offsets are
//   the sums of the inputs' offsets.
// sequence_expand: X (with or without a LoD) and Y with a LoD; ref_level
//   (-1 = Y's last level) gives N repeat counts r_n = length of Y's n-th
//   sequence at that level. Unit n of X (its n-th sequence, or row n when X
//   has no LoD) is repeated r_n times; with a LoD on X, Out's LoD lists the
//   repeated units' offsets.
#include <cstring>

#include "lite/core/registry.h"
#include "lite/operators/sequence/seq_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct SequenceJoinParam {
  std::string op;
  std::vector<Tensor*> xs;
  const Tensor* y{nullptr};
  Tensor* out{nullptr};
  int ref_level{-1};
  // Copy plan: (source input, first row, row count) in output order.
  struct Piece { size_t input; int64_t row, rows; };
  std::vector<Piece> pieces;
};

class SequenceJoinOp : public OperatorBase<SequenceJoinParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    p.pieces.clear();
    DDim dims = p.xs[0]->dims();
    LITE_ENFORCE(!dims.empty(), "op '", p.op, "': input 'X' has no dims");
    std::vector<uint64_t> out_offsets = {0};
    if (p.op == "sequence_concat") {
      std::vector<std::vector<uint64_t>> offs;
      for (size_t i = 0; i < p.xs.size(); ++i) {
        offs.push_back(SequenceOffsets(p.op, "X", *p.xs[i]));
        LITE_ENFORCE(offs[i].size() == offs[0].size(), "op 'sequence_concat': input 'X'[", i,
                     "] has ", offs[i].size() - 1, " sequences but 'X'[0] has ", offs[0].size() - 1);
        DDim d = p.xs[i]->dims();
        d[0] = dims[0];
        LITE_ENFORCE(d == dims, "op 'sequence_concat': input 'X'[", i, "] ",
                     DimsToString(p.xs[i]->dims()), " must match 'X'[0] ", DimsToString(p.xs[0]->dims()),
                     " except in dim 0");
      }
      for (size_t s = 0; s + 1 < offs[0].size(); ++s) {
        uint64_t total = 0;
        for (size_t i = 0; i < offs.size(); ++i) {
          const int64_t rows = offs[i][s + 1] - offs[i][s];
          p.pieces.push_back({i, static_cast<int64_t>(offs[i][s]), rows});
          total += rows;
        }
        out_offsets.push_back(out_offsets.back() + total);
      }
      dims[0] = static_cast<int64_t>(out_offsets.back());
      p.out->Resize(dims);
      p.out->set_dtype(p.xs[0]->dtype());
      p.out->set_lod({out_offsets});
      return;
    }
    // sequence_expand
    const Tensor& x = *p.xs[0];
    LITE_ENFORCE(!p.y->lod().empty(), "op 'sequence_expand': input 'Y' needs a LoD");
    CheckLoD("op 'sequence_expand' input 'Y'", p.y->lod(), p.y->dims().empty() ? 0 : p.y->dims()[0]);
    const int level = p.ref_level == -1 ? static_cast<int>(p.y->lod().size()) - 1 : p.ref_level;
    LITE_ENFORCE(level >= 0 && level < static_cast<int>(p.y->lod().size()),
                 "op 'sequence_expand': attribute 'ref_level' = ", p.ref_level, " but 'Y' has ",
                 p.y->lod().size(), " LoD levels");
    const auto& ref = p.y->lod()[level];
    std::vector<uint64_t> units;
    if (x.lod().empty()) {
      for (int64_t i = 0; i <= dims[0]; ++i) units.push_back(i);
    } else {
      units = SequenceOffsets(p.op, "X", x);
    }
    LITE_ENFORCE(units.size() == ref.size(), "op 'sequence_expand': input 'X' has ",
                 units.size() - 1, " units (sequences or rows) but 'Y' has ", ref.size() - 1,
                 " sequences at level ", level);
    for (size_t n = 0; n + 1 < ref.size(); ++n) {
      const int64_t rows = units[n + 1] - units[n];
      for (uint64_t r = 0; r < ref[n + 1] - ref[n]; ++r) {
        p.pieces.push_back({0, static_cast<int64_t>(units[n]), rows});
        out_offsets.push_back(out_offsets.back() + rows);
      }
    }
    dims[0] = static_cast<int64_t>(out_offsets.back());
    p.out->Resize(dims);
    p.out->set_dtype(x.dtype());
    p.out->set_lod(x.lod().empty() ? LoD{} : LoD{out_offsets});
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op = desc.Type();
    p.xs = GetInputList(desc, scope, "X");
    if (p.op == "sequence_expand") {
      p.y = GetInput(desc, scope, "Y");
      p.ref_level = desc.GetAttr<int>("ref_level", -1);
    }
    p.out = GetOutput(desc, scope, "Out");
  }
};

class SequenceJoinKernel : public KernelBase<SequenceJoinParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const size_t elem = SizeOf(p.xs[0]->dtype());
    const int64_t rows0 = p.xs[0]->dims()[0];
    const size_t row = rows0 > 0 ? p.xs[0]->numel() / rows0 * elem
                                 : DimsProduct(p.xs[0]->dims(), 1, p.xs[0]->dims().size()) * elem;
    auto* out = static_cast<uint8_t*>(p.out->mutable_data(p.xs[0]->dtype()));
    for (const auto& piece : p.pieces) {
      const auto* src = static_cast<const uint8_t*>(p.xs[piece.input]->raw_data());
      std::memcpy(out, src + piece.row * row, piece.rows * row);
      out += piece.rows * row;
    }
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(SequenceJoinOp)
LITE_KERNEL_CLASS(SequenceJoinKernel)
