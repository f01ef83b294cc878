// gather: Out = X indexed by Index (int32/int64, 1-D or [K, 1]) along `axis`
//   (attribute, or the Axis input); out dims = X dims with dims[axis] = K.
// gather_nd: Index [..., k] addresses the first k dims of X; out dims =
//   Index dims[:-1] + X dims[k:]. Indices must be in range (checked).
// index_select: gather along attribute `dim` (Paddle's index_select; Index
//   1-D, int32/int64).
// Any element type.
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct GatherParam {
  const Tensor* x{nullptr};
  const Tensor* index{nullptr};
  const Tensor* axis_tensor{nullptr};
  Tensor* out{nullptr};
  int axis_attr{0};
  int axis{0};
  bool nd{false};
};

class GatherOp : public OperatorBase<GatherParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& xd = p.x->dims();
    const DDim& id = p.index->dims();
    const std::string& op = type();
    DDim out;
    if (!p.nd) {
      int64_t axis = p.axis_attr;
      if (p.axis_tensor) axis = ReadInts(*p.axis_tensor, "op 'gather': input 'Axis'").at(0);
      p.axis = NormalizeAxis(axis, static_cast<int64_t>(xd.size()), op,
                             op == "index_select" ? "dim" : "axis");
      LITE_ENFORCE(id.size() == 1 || (id.size() == 2 && id[1] == 1), "op '", op, "': Index must "
                   "be 1-D or [K, 1], got ", DimsToString(id));
      out = xd;
      out[p.axis] = id[0];
    } else {
      LITE_ENFORCE(!id.empty() && id.back() <= static_cast<int64_t>(xd.size()), "op 'gather_nd': "
                   "last dim of Index ", DimsToString(id), " exceeds the rank of X ",
                   DimsToString(xd));
      out.assign(id.begin(), id.end() - 1);
      out.insert(out.end(), xd.begin() + id.back(), xd.end());
    }
    p.out->Resize(out);
    p.out->set_dtype(p.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.nd = desc.Type() == "gather_nd";
    p.x = GetInput(desc, scope, "X");
    p.index = GetInput(desc, scope, "Index");
    p.out = GetOutput(desc, scope, "Out");
    p.axis_tensor = GetOptionalInput(desc, scope, "Axis");
    p.axis_attr = desc.GetAttr<int32_t>(desc.Type() == "index_select" ? "dim" : "axis", 0);
  }
};

class GatherKernel : public KernelBase<GatherParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const std::string& op = key().op_type;
    const DDim& xd = p.x->dims();
    auto idx = ReadInts(*p.index, "op '" + op + "': input 'Index'");
    const size_t es = SizeOf(p.x->dtype());
    const char* x = static_cast<const char*>(p.x->raw_data());
    char* o = static_cast<char*>(p.out->mutable_data(p.x->dtype()));
    if (!p.nd) {
      const int64_t outer = DimsProduct(xd, 0, p.axis), n = xd[p.axis];
      const int64_t inner = DimsProduct(xd, p.axis + 1, xd.size()) * es;
      const int64_t k = static_cast<int64_t>(idx.size());
      for (int64_t j = 0; j < k; ++j) {
        LITE_ENFORCE(idx[j] >= 0 && idx[j] < n, "op '", op, "': Index[", j, "] = ", idx[j],
                     " is out of range [0, ", n, ") of X dims ", DimsToString(xd), " axis ", p.axis);
      }
      for (int64_t i = 0; i < outer; ++i)
        for (int64_t j = 0; j < k; ++j)
          std::memcpy(o + (i * k + j) * inner, x + (i * n + idx[j]) * inner, inner);
    } else {
      const DDim& id = p.index->dims();
      const int64_t depth = id.back();
      const int64_t rows = depth ? static_cast<int64_t>(idx.size()) / depth : Numel(DDim(id.begin(), id.end() - 1));
      const int64_t slice = DimsProduct(xd, depth, xd.size()) * es;
      for (int64_t r = 0; r < rows; ++r) {
        int64_t off = 0;
        for (int64_t k = 0; k < depth; ++k) {
          const int64_t v = idx[r * depth + k];
          LITE_ENFORCE(v >= 0 && v < xd[k], "op 'gather_nd': Index value ", v, " at row ", r,
                       " is out of range [0, ", xd[k], ") of X dim ", k);
          off = off * xd[k] + v;
        }
        std::memcpy(o + r * slice, x + off * slice, slice);
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(GatherOp)
LITE_KERNEL_CLASS(GatherKernel)
