// The old IfElse pair (Paddle's layers.IfElse):
// split_lod_tensor: X's entries (rows, or with a LoD the sequences of LoD
//   `level`) go to OutTrue or OutFalse by Mask ([entries, 1] bool), in
//   order; each output keeps a LoD of its sequences.
// merge_lod_tensor: the inverse: Out takes the entries of InTrue and
//   InFalse back in Mask order (X only gives the LoD when merging
//   sequences). Any element type.
#include <cstring>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

// Row ranges of the entries of `t`: its LoD at `level` (absolute offsets
// of the lowest level reached through the upper ones), else one per row.
std::vector<uint64_t> Entries(const Tensor& t, int level, const std::string& op) {
  const int64_t rows = t.dims().empty() ? 1 : t.dims()[0];
  if (t.lod().empty()) {
    std::vector<uint64_t> e(rows + 1);
    for (int64_t i = 0; i <= rows; ++i) e[i] = static_cast<uint64_t>(i);
    return e;
  }
  LITE_ENFORCE(level >= 0 && level < static_cast<int>(t.lod().size()), "op '", op, "': attribute 'level' ",
               level, " exceeds the ", t.lod().size(), " LoD levels");
  std::vector<uint64_t> e = t.lod()[level];
  for (size_t l = level + 1; l < t.lod().size(); ++l)
    for (auto& v : e) v = t.lod()[l][v];
  return e;
}

std::vector<bool> ReadMask(const Tensor& mask, size_t entries, const std::string& op) {
  std::vector<bool> m;
  DispatchType(mask.dtype(), op, [&](auto tag) {
    using T = decltype(tag);
    const T* v = mask.template data<T>();
    for (int64_t i = 0; i < mask.numel(); ++i) m.push_back(v[i] != T(0));
  });
  LITE_ENFORCE(m.size() == entries, "op '", op, "': Mask has ", m.size(), " values for ", entries,
               " entries");
  return m;
}

struct SplitMergeParam {
  bool merge{false};
  const Tensor *x{nullptr}, *mask{nullptr}, *in_true{nullptr}, *in_false{nullptr};
  Tensor *out_true{nullptr}, *out_false{nullptr}, *out{nullptr};
  int level{0};
};

class SplitMergeOp : public OperatorBase<SplitMergeParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    if (!p.merge) {
      const auto e = Entries(*p.x, p.level, op);
      const auto m = ReadMask(*p.mask, e.size() - 1, op);
      int64_t rows[2] = {0, 0};
      LoD lods[2] = {{{0}}, {{0}}};
      for (size_t i = 0; i + 1 < e.size(); ++i) {
        const int side = m[i] ? 0 : 1;
        rows[side] += static_cast<int64_t>(e[i + 1] - e[i]);
        lods[side][0].push_back(static_cast<uint64_t>(rows[side]));
      }
      Tensor* outs[2] = {p.out_true, p.out_false};
      for (int s = 0; s < 2; ++s) {
        DDim d = p.x->dims();
        if (d.empty()) d = {1};
        d[0] = rows[s];
        outs[s]->Resize(d);
        outs[s]->set_dtype(p.x->dtype());
        outs[s]->set_lod(p.x->lod().empty() ? LoD{} : lods[s]);
      }
      return;
    }
    const Tensor* parts[2] = {p.in_true, p.in_false};
    LITE_ENFORCE(p.in_true->dtype() == p.in_false->dtype(), "op '", op, "': InTrue is ",
                 DataTypeName(p.in_true->dtype()), ", InFalse ", DataTypeName(p.in_false->dtype()));
    DDim d = p.in_true->dims().empty() ? p.in_false->dims() : p.in_true->dims();
    int64_t rows = 0;
    for (const Tensor* t : parts) rows += t->dims().empty() ? 0 : t->dims()[0];
    if (d.empty()) d = {rows};
    d[0] = rows;
    p.out->Resize(d);
    p.out->set_dtype(p.in_true->dtype());
    p.out->set_lod(p.x->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.merge = desc.Type() == "merge_lod_tensor";
    p.x = GetInput(desc, scope, "X");
    p.mask = GetInput(desc, scope, "Mask");
    p.level = desc.GetAttr<int32_t>("level", 0);
    if (p.merge) {
      p.in_true = GetInput(desc, scope, "InTrue");
      p.in_false = GetInput(desc, scope, "InFalse");
      p.out = GetOutput(desc, scope, "Out");
    } else {
      p.out_true = GetOutput(desc, scope, "OutTrue");
      p.out_false = GetOutput(desc, scope, "OutFalse");
    }
  }
};

class SplitMergeKernel : public KernelBase<SplitMergeParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const std::string& op = key().op_type;
    const size_t es = SizeOf(p.merge ? p.in_true->dtype() : p.x->dtype());
    auto row_bytes = [&](const Tensor& t) {
      const int64_t rows = t.dims().empty() ? 1 : t.dims()[0];
      return rows ? static_cast<size_t>(t.numel() / rows) * es : 0;
    };
    if (!p.merge) {
      const auto e = Entries(*p.x, p.level, op);
      const auto m = ReadMask(*p.mask, e.size() - 1, op);
      const size_t rb = row_bytes(*p.x);
      const char* x = static_cast<const char*>(p.x->raw_data());
      char* o[2] = {static_cast<char*>(p.out_true->mutable_data(p.x->dtype())),
                    static_cast<char*>(p.out_false->mutable_data(p.x->dtype()))};
      for (size_t i = 0; i + 1 < e.size(); ++i) {
        const size_t bytes = (e[i + 1] - e[i]) * rb;
        char*& dst = o[m[i] ? 0 : 1];
        if (bytes) std::memcpy(dst, x + e[i] * rb, bytes);
        dst += bytes;
      }
      return;
    }
    const auto e = Entries(*p.x, p.level, op);
    const auto m = ReadMask(*p.mask, e.size() - 1, op);
    const size_t rb = row_bytes(*p.out);
    const char* src[2] = {static_cast<const char*>(p.in_true->raw_data()),
                          static_cast<const char*>(p.in_false->raw_data())};
    const size_t avail[2] = {static_cast<size_t>(p.in_true->memory_size()),
                             static_cast<size_t>(p.in_false->memory_size())};
    size_t used[2] = {0, 0};
    char* o = static_cast<char*>(p.out->mutable_data(p.in_true->dtype()));
    size_t at = 0;
    for (size_t i = 0; i + 1 < e.size(); ++i) {
      const int s = m[i] ? 0 : 1;
      const size_t bytes = (e[i + 1] - e[i]) * rb;
      LITE_ENFORCE(used[s] + bytes <= avail[s] && at + bytes <= p.out->memory_size(), "op '", op,
                   "': ", s == 0 ? "InTrue" : "InFalse", " has fewer rows than Mask selects");
      if (bytes) std::memcpy(o + at, src[s] + used[s], bytes);
      used[s] += bytes;
      at += bytes;
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(SplitMergeOp)
LITE_KERNEL_CLASS(SplitMergeKernel)
