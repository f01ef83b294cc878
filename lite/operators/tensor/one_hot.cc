// one_hot_v2: Out = X dims + [depth] with Out[..., X[...]] = 1 and 0
// elsewhere; X int32/int64; depth from the attribute or the depth_tensor
// input; dtype (Paddle VarType number, default float32). An index outside
// [0, depth) is an error unless allow_out_of_range (then the row is all 0).
// one_hot (v1): the same with X's last dim (which must be 1) replaced by
// depth instead of a new dim appended.
#include <algorithm>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct OneHotParam {
  const Tensor* x{nullptr};
  const Tensor* depth_tensor{nullptr};
  Tensor* out{nullptr};
  int64_t depth_attr{-1};
  int64_t depth{0};
  bool allow_out_of_range{false};
  bool v1{false};
  DataType dtype{DataType::kFloat32};
};

class OneHotOp : public OperatorBase<OneHotParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    p.depth = p.depth_attr;
    if (p.depth_tensor) p.depth = ReadInts(*p.depth_tensor, "op '" + op + "': input 'depth_tensor'").at(0);
    LITE_ENFORCE(p.depth > 0, "op '", op, "': depth must be positive, got ", p.depth);
    DDim out = p.x->dims();
    if (p.v1) {
      LITE_ENFORCE(!out.empty() && out.back() == 1, "op 'one_hot': input 'X' dims ",
                   DimsToString(out), " must end in 1");
      out.back() = p.depth;
    } else {
      out.push_back(p.depth);
    }
    p.out->Resize(out);
    p.out->set_dtype(p.dtype);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.depth_tensor = GetOptionalInput(desc, scope, "depth_tensor");
    p.depth_attr = desc.GetAttr<int64_t>("depth", -1);
    p.allow_out_of_range = desc.GetAttr<bool>("allow_out_of_range", false);
    p.v1 = desc.Type() == "one_hot";
    p.dtype = DataTypeFromAttr(desc.GetAttr<int32_t>("dtype", 5), desc.Type());
  }
};

class OneHotKernel : public KernelBase<OneHotParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const std::string& op = key().op_type;
    auto idx = ReadInts(*p.x, "op '" + op + "': input 'X'");
    DispatchType(p.dtype, op, [&](auto tag) {
      using T = decltype(tag);
      T* o = p.out->template mutable_data<T>();
      std::fill(o, o + p.out->numel(), static_cast<T>(0));
      for (size_t i = 0; i < idx.size(); ++i) {
        const int64_t v = idx[i];
        if (v < 0 || v >= p.depth) {
          LITE_ENFORCE(p.allow_out_of_range, "op '", op, "': X[", i, "] = ", v,
                       " is outside [0, depth = ", p.depth, ")");
          continue;
        }
        o[i * p.depth + v] = static_cast<T>(1);
      }
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(OneHotOp)
LITE_KERNEL_CLASS(OneHotKernel)
