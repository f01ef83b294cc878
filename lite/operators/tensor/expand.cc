// Broadcasting copies (any element type):
// expand_v2: X broadcast to `shape` (or the Shape input, or the
//   expand_shapes_tensor list); X dims align to the right, -1 keeps the X
//   dim, an X dim must be 1 or equal to the target.
// expand_as_v2: X broadcast to the dims of Y (or the target_shape attribute).
// tile: X repeated repeat_times (or RepeatTimes / repeat_times_tensor) times
//   per dim; the shorter of X dims and repeat_times is padded with leading 1s.
// expand (v1): tile with expand_times (or ExpandTimes / expand_times_tensor)
//   of exactly X's rank.
// expand_as (v1): X tiled to the dims of target_tensor (same rank, each
//   target dim a multiple of X's).
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct ExpandParam {
  const Tensor* x{nullptr};
  const Tensor* y{nullptr};
  const Tensor* shape_tensor{nullptr};
  std::vector<Tensor*> shape_list;
  std::vector<int64_t> shape;
  Tensor* out{nullptr};
  enum Kind { kExpand, kExpandAs, kTile, kTileAs } kind{kExpand};
  DDim in_aligned;  // X dims padded with leading 1s to the output rank
};

class ExpandOp : public OperatorBase<ExpandParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    const DDim& xd = p.x->dims();
    std::vector<int64_t> target = p.shape;
    if (p.shape_tensor) {
      target = ReadInts(*p.shape_tensor, "op '" + op + "': input '" +
                                             (p.kind == ExpandParam::kTile ? (op == "expand" ? "ExpandTimes" : "RepeatTimes")
                                                                  : "Shape") + "'");
    } else if (!p.shape_list.empty()) {
      target = ReadIntList(p.shape_list, "op '" + op + "': shape tensor list");
    } else if (p.kind == ExpandParam::kExpandAs && p.y) {
      target = p.y->dims();
    }
    if (p.kind == ExpandParam::kTileAs) {
      // Repeats that tile X to the target's dims.
      const DDim& td = p.y->dims();
      LITE_ENFORCE(td.size() == xd.size(), "op 'expand_as': input 'target_tensor' dims ",
                   DimsToString(td), " must have the rank of X dims ", DimsToString(xd));
      target.clear();
      for (size_t i = 0; i < xd.size(); ++i) {
        LITE_ENFORCE(xd[i] > 0 && td[i] % xd[i] == 0, "op 'expand_as': target_tensor dim ", i,
                     " (", td[i], ") is not a multiple of X dim ", xd[i]);
        target.push_back(td[i] / xd[i]);
      }
    }
    if (op == "expand") {
      LITE_ENFORCE(target.size() == xd.size(), "op 'expand': expand_times ",
                   DimsToString(target), " must have one entry per X dim ", DimsToString(xd));
    }
    DDim out;
    if (p.kind == ExpandParam::kTile || p.kind == ExpandParam::kTileAs) {
      const size_t r = std::max(xd.size(), target.size());
      DDim x(r - xd.size(), 1), rep(r - target.size(), 1);
      x.insert(x.end(), xd.begin(), xd.end());
      rep.insert(rep.end(), target.begin(), target.end());
      for (size_t i = 0; i < r; ++i) {
        LITE_ENFORCE(rep[i] >= 0, "op '", op, "': repeat times ", DimsToString(target),
                     " has a negative entry");
        out.push_back(x[i] * rep[i]);
      }
      p.in_aligned = x;
    } else {
      LITE_ENFORCE(target.size() >= xd.size(), "op '", op, "': target shape ",
                   DimsToString(target), " has lower rank than X dims ", DimsToString(xd));
      const size_t lead = target.size() - xd.size();
      DDim x(lead, 1);
      x.insert(x.end(), xd.begin(), xd.end());
      for (size_t i = 0; i < target.size(); ++i) {
        int64_t t = target[i];
        if (t == -1 && i >= lead) t = x[i];
        LITE_ENFORCE(t >= 0 && (x[i] == 1 || x[i] == t), "op '", op, "': cannot expand X dims ",
                     DimsToString(xd), " to shape ", DimsToString(target), " (dim ", i, ")");
        out.push_back(t);
      }
      p.in_aligned = x;
    }
    p.out->Resize(out);
    p.out->set_dtype(p.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    const std::string& op = desc.Type();
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    if (op == "expand") {
      p.kind = ExpandParam::kTile;
      p.shape = desc.GetAttr<std::vector<int64_t>>("expand_times", {});
      p.shape_tensor = GetOptionalInput(desc, scope, "ExpandTimes");
      p.shape_list = GetOptionalInputList(desc, scope, "expand_times_tensor");
    } else if (op == "expand_as") {
      p.kind = ExpandParam::kTileAs;
      p.y = GetInput(desc, scope, "target_tensor");
    } else if (op == "tile") {
      p.kind = ExpandParam::kTile;
      p.shape = desc.GetAttr<std::vector<int64_t>>("repeat_times", {});
      p.shape_tensor = GetOptionalInput(desc, scope, "RepeatTimes");
      p.shape_list = GetOptionalInputList(desc, scope, "repeat_times_tensor");
    } else if (op == "expand_as_v2") {
      p.kind = ExpandParam::kExpandAs;
      p.y = GetOptionalInput(desc, scope, "Y");
      p.shape = desc.GetAttr<std::vector<int64_t>>("target_shape", {});
      LITE_ENFORCE(p.y || !p.shape.empty(), "op 'expand_as_v2': needs input 'Y' or attribute "
                   "'target_shape'");
    } else {
      p.shape = desc.GetAttr<std::vector<int64_t>>("shape", {});
      p.shape_tensor = GetOptionalInput(desc, scope, "Shape");
      p.shape_list = GetOptionalInputList(desc, scope, "expand_shapes_tensor");
    }
  }
};

template <typename U>
void BroadcastCopy(const U* x, U* out, const DDim& in, const DDim& od) {
  const int r = static_cast<int>(od.size());
  const int64_t total = Numel(od);
  std::vector<int64_t> in_stride(r, 1);
  for (int i = r - 2; i >= 0; --i) in_stride[i] = in_stride[i + 1] * in[i + 1];
  for (int64_t o = 0; o < total; ++o) {
    int64_t rem = o, off = 0;
    for (int d = r - 1; d >= 0; --d) {
      off += ((rem % od[d]) % in[d]) * in_stride[d];
      rem /= od[d];
    }
    out[o] = x[off];
  }
}

class ExpandKernel : public KernelBase<ExpandParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    DispatchBySize(p.x->dtype(), "expand", [&](auto tag) {
      using U = decltype(tag);
      p.out->mutable_data(p.x->dtype());
      if (p.out->numel() == 0) return;
      BroadcastCopy<U>(static_cast<const U*>(p.x->raw_data()), static_cast<U*>(p.out->raw_data_mut()),
                       p.in_aligned, p.out->dims());
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ExpandOp)
LITE_KERNEL_CLASS(ExpandKernel)
