// assign (Out = copy of X, any element type), fill_any_like (Out has X's
// dims, every element `value`; `dtype` is a Paddle VarType code, -1 = X's
// type) and fill_zeros_like (zeros of X's dims and type).
#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct FillLikeParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  std::string op_type;
  double value{0.0};
  int dtype_code{-1};
};

class FillLikeOp : public OperatorBase<FillLikeParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    p.out->Resize(p.x->dims());
    p.out->set_lod(p.x->lod());
    DataType t = p.x->dtype();
    if (p.dtype_code != -1) DataTypeFromVarTypeCode(p.dtype_code, &t);
    if (t != DataType::kUnknown) p.out->set_dtype(t);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op_type = desc.Type();
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    if (p.op_type == "fill_any_like") {
      p.value = desc.GetAttr<double>("value", 0.0);
      p.dtype_code = desc.GetAttr<int32_t>("dtype", -1);
      DataType t;
      LITE_ENFORCE(p.dtype_code == -1 || DataTypeFromVarTypeCode(p.dtype_code, &t),
                   "op 'fill_any_like': attribute 'dtype' ", p.dtype_code,
                   " is not a supported type code");
    }
  }
};

class FillLikeKernel : public KernelBase<FillLikeParam> {
 public:
  void Run(const RunContext&) override {
    const auto& p = param();
    if (p.op_type == "assign") {
      LITE_ENFORCE(p.x->initialized(), "op 'assign': input 'X' has no data");
      if (p.out != p.x) p.out->CopyFrom(*p.x);
      return;
    }
    DataType t = p.x->dtype();
    if (p.dtype_code != -1) DataTypeFromVarTypeCode(p.dtype_code, &t);
    LITE_ENFORCE(t != DataType::kUnknown, "op '", p.op_type,
                 "': input 'X' has no element type and attribute 'dtype' is -1");
    const int64_t n = p.x->numel();
    DispatchDataType<float, double, int32_t, int64_t, int16_t, int8_t, uint8_t, bool>(
        t, p.op_type, "X", [&](auto tag) {
          using T = typename decltype(tag)::type;
          T* y = p.out->mutable_data<T>();
          const T v = static_cast<T>(p.value);
          for (int64_t i = 0; i < n; ++i) y[i] = v;
        });
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(FillLikeOp)
LITE_KERNEL_CLASS(FillLikeKernel)
