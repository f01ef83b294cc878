// stack: joins same-shape inputs X[0..n) along a new axis (in [-(r+1), r]).
// unstack: splits X along `axis` into `num` outputs Y with that axis removed.
// unbind: the same with the outputs named Out (one per entry along `axis`).
// Any element type.
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct StackParam {
  std::vector<Tensor*> xs;   // stack inputs
  const Tensor* x{nullptr};  // unstack input
  Tensor* y{nullptr};        // stack output
  std::vector<Tensor*> ys;   // unstack outputs
  int axis_attr{0};
  int axis{0};
  bool unstack{false};
};

class StackOp : public OperatorBase<StackParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    if (!p.unstack) {
      const DDim& d0 = p.xs[0]->dims();
      for (size_t i = 1; i < p.xs.size(); ++i) {
        LITE_ENFORCE(p.xs[i]->dims() == d0 && p.xs[i]->dtype() == p.xs[0]->dtype(),
                     "op 'stack': input X[", i, "] dims ", DimsToString(p.xs[i]->dims()),
                     " differ from X[0] dims ", DimsToString(d0));
      }
      const int64_t r = static_cast<int64_t>(d0.size());
      p.axis = NormalizeAxis(p.axis_attr, r + 1, "stack", "axis");
      DDim out = d0;
      out.insert(out.begin() + p.axis, static_cast<int64_t>(p.xs.size()));
      p.y->Resize(out);
      p.y->set_dtype(p.xs[0]->dtype());
    } else {
      const DDim& d = p.x->dims();
      const std::string& op = type();
      p.axis = NormalizeAxis(p.axis_attr, static_cast<int64_t>(d.size()), op, "axis");
      LITE_ENFORCE(d[p.axis] == static_cast<int64_t>(p.ys.size()), "op '", op, "': input X dims ",
                   DimsToString(d), " have ", d[p.axis], " entries along axis ", p.axis, " but ",
                   p.ys.size(), " outputs ", op == "unbind" ? "Out" : "Y", " are given");
      DDim out = d;
      out.erase(out.begin() + p.axis);
      for (Tensor* y : p.ys) {
        y->Resize(out);
        y->set_dtype(p.x->dtype());
      }
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.unstack = desc.Type() == "unstack" || desc.Type() == "unbind";
    p.axis_attr = desc.GetAttr<int32_t>("axis", 0);
    if (p.unstack) {
      p.x = GetInput(desc, scope, "X");
      p.ys = GetOutputList(desc, scope, desc.Type() == "unbind" ? "Out" : "Y");
    } else {
      p.xs = GetInputList(desc, scope, "X");
      p.y = GetOutput(desc, scope, "Y");
    }
  }
};

class StackKernel : public KernelBase<StackParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    if (!p.unstack) {
      const DDim& d = p.xs[0]->dims();
      const size_t es = SizeOf(p.xs[0]->dtype());
      const int64_t outer = DimsProduct(d, 0, p.axis);
      const int64_t inner = DimsProduct(d, p.axis, d.size()) * es;
      char* o = static_cast<char*>(p.y->mutable_data(p.xs[0]->dtype()));
      const int64_t n = static_cast<int64_t>(p.xs.size());
      for (int64_t k = 0; k < n; ++k) {
        if (inner == 0) break;
        const char* src = static_cast<const char*>(p.xs[k]->raw_data());
        for (int64_t i = 0; i < outer; ++i) {
          std::memcpy(o + (i * n + k) * inner, src + i * inner, inner);
        }
      }
    } else {
      const DDim& d = p.x->dims();
      const size_t es = SizeOf(p.x->dtype());
      const int64_t outer = DimsProduct(d, 0, p.axis);
      const int64_t inner = DimsProduct(d, p.axis + 1, d.size()) * es;
      const int64_t n = d[p.axis];
      const char* src = static_cast<const char*>(p.x->raw_data());
      for (int64_t k = 0; k < n; ++k) {
        char* o = static_cast<char*>(p.ys[k]->mutable_data(p.x->dtype()));
        if (inner == 0) continue;
        for (int64_t i = 0; i < outer; ++i) {
          std::memcpy(o + i * inner, src + (i * n + k) * inner, inner);
        }
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(StackOp)
LITE_KERNEL_CLASS(StackKernel)
