// Element moves along axes (any element type):
// flip / reverse: Out = X reversed along every axis of `axis` (Paddle's flip
//   and Paddle Lite's reverse; an axis named twice is refused).
// roll: Out = X rotated by `shifts[i]` along `axis[i]` (element j moves to
//   (j + shift) mod n); the ShiftsTensor input overrides `shifts`; with no
//   `axis` the tensor is rolled as one flat vector by shifts[0].
#include <set>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct FlipRollParam {
  const Tensor* x{nullptr};
  const Tensor* shifts_tensor{nullptr};
  Tensor* out{nullptr};
  bool roll{false};
  std::vector<int64_t> axis, shifts;
  // Per dim of X: a source offset: flip (-1) or a shift in [0, n).
  std::vector<int64_t> shift;
  std::vector<bool> flip;
  bool flat{false};
};

class FlipRollOp : public OperatorBase<FlipRollParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    const DDim& xd = p.x->dims();
    const int64_t rank = static_cast<int64_t>(xd.size());
    p.flip.assign(rank, false);
    p.shift.assign(rank, 0);
    p.flat = false;
    if (!p.roll) {
      std::set<int> seen;
      for (int64_t a : p.axis) {
        int ax = NormalizeAxis(a, rank, op, "axis");
        LITE_ENFORCE(seen.insert(ax).second, "op '", op, "': attribute 'axis' names dim ", ax,
                     " twice");
        p.flip[ax] = true;
      }
    } else {
      std::vector<int64_t> shifts = p.shifts;
      if (p.shifts_tensor) shifts = ReadInts(*p.shifts_tensor, "op 'roll': input 'ShiftsTensor'");
      if (p.axis.empty()) {
        LITE_ENFORCE(shifts.size() == 1, "op 'roll': without 'axis', 'shifts' must have one "
                     "value, got ", shifts.size());
        p.flat = true;
        const int64_t n = p.x->numel();
        p.shift.assign(1, n > 0 ? ((shifts[0] % n) + n) % n : 0);
      } else {
        LITE_ENFORCE(shifts.size() == p.axis.size(), "op 'roll': 'shifts' has ", shifts.size(),
                     " values but 'axis' has ", p.axis.size());
        for (size_t i = 0; i < p.axis.size(); ++i) {
          int ax = NormalizeAxis(p.axis[i], rank, op, "axis");
          const int64_t n = xd[ax];
          if (n > 0) p.shift[ax] = (((p.shift[ax] + shifts[i]) % n) + n) % n;
        }
      }
    }
    p.out->Resize(xd);
    p.out->set_dtype(p.x->dtype());
    p.out->set_lod(p.x->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.roll = desc.Type() == "roll";
    p.axis = desc.GetAttr<std::vector<int64_t>>("axis", {});
    if (p.roll) {
      p.shifts = desc.GetAttr<std::vector<int64_t>>("shifts", {});
      p.shifts_tensor = GetOptionalInput(desc, scope, "ShiftsTensor");
    }
  }
};

template <typename U>
void Move(const FlipRollParam& p, const U* x, U* out) {
  const DDim& d = p.x->dims();
  const int64_t total = p.x->numel();
  if (p.flat) {
    const int64_t s = p.shift[0];
    for (int64_t i = 0; i < total; ++i) out[(i + s) % total] = x[i];
    return;
  }
  const int r = static_cast<int>(d.size());
  std::vector<int64_t> stride(r, 1);
  for (int i = r - 2; i >= 0; --i) stride[i] = stride[i + 1] * d[i + 1];
  for (int64_t o = 0; o < total; ++o) {
    int64_t rem = o, src = 0;
    for (int k = r - 1; k >= 0; --k) {
      int64_t j = rem % d[k];
      rem /= d[k];
      if (p.flip[k]) j = d[k] - 1 - j;
      j -= p.shift[k];
      if (j < 0) j += d[k];
      src += j * stride[k];
    }
    out[o] = x[src];
  }
}

class FlipRollKernel : public KernelBase<FlipRollParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    DispatchBySize(p.x->dtype(), p.roll ? "roll" : "flip", [&](auto tag) {
      using U = decltype(tag);
      p.out->mutable_data(p.x->dtype());
      if (p.out->numel() == 0) return;
      Move<U>(p, static_cast<const U*>(p.x->raw_data()), static_cast<U*>(p.out->raw_data_mut()));
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(FlipRollOp)
LITE_KERNEL_CLASS(FlipRollKernel)
