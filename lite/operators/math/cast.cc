// cast: Out = static_cast<out_dtype>(X). Attributes in_dtype / out_dtype are
// Paddle VarType codes (BOOL 0, INT16 1, INT32 2, INT64 3, FP16 4, FP32 5,
// FP64 6, UINT8 20, INT8 21). FP16 is not supported. in_dtype must match the
// input's actual type. Float to bool is x != 0; float to integer truncates.
#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct CastParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  int in_code{5};
  int out_code{5};
  DataType out_type{DataType::kFloat32};
};

class CastOp : public OperatorBase<CastParam> {
 public:
  void InferShape() override {
    param_.out->Resize(param_.x->dims());
    param_.out->set_lod(param_.x->lod());
    param_.out->set_dtype(param_.out_type);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.in_code = desc.GetAttr<int32_t>("in_dtype", -1);
    p.out_code = desc.GetAttr<int32_t>("out_dtype");
    LITE_ENFORCE(DataTypeFromVarTypeCode(p.out_code, &p.out_type), "op 'cast': attribute 'out_dtype' ",
                 p.out_code, " is not a supported type code (0 bool, 1 int16, 2 int32, 3 int64, "
                 "5 fp32, 6 fp64, 20 uint8, 21 int8)");
    DataType in_type;
    LITE_ENFORCE(p.in_code == -1 || DataTypeFromVarTypeCode(p.in_code, &in_type),
                 "op 'cast': attribute 'in_dtype' ", p.in_code, " is not a supported type code");
  }
};

class CastKernel : public KernelBase<CastParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    LITE_ENFORCE(p.x->initialized(), "op 'cast': input 'X' has no data");
    DataType in_type;
    if (p.in_code != -1 && DataTypeFromVarTypeCode(p.in_code, &in_type)) {
      LITE_ENFORCE(in_type == p.x->dtype(), "op 'cast': attribute 'in_dtype' says ",
                   DataTypeName(in_type), " but input 'X' holds ", DataTypeName(p.x->dtype()));
    }
    const int64_t n = p.x->numel();
    const int threads = ctx.threads;
    DispatchDataType<bool, int8_t, uint8_t, int16_t, int32_t, int64_t, float, double>(
        p.x->dtype(), "cast", "X", [&](auto in_tag) {
          using I = typename decltype(in_tag)::type;
          const I* x = p.x->data<I>();
          DispatchDataType<bool, int8_t, uint8_t, int16_t, int32_t, int64_t, float, double>(
              p.out_type, "cast", "Out", [&](auto out_tag) {
                using O = typename decltype(out_tag)::type;
                O* y = p.out->mutable_data<O>();
#pragma omp parallel for num_threads(threads) schedule(static) if (n > 65536 && threads > 1)
                for (int64_t i = 0; i < n; ++i) {
                  if constexpr (std::is_same_v<O, bool>) {
                    y[i] = x[i] != I(0);
                  } else {
                    y[i] = static_cast<O>(x[i]);
                  }
                }
              });
        });
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(CastOp)
LITE_KERNEL_CLASS(CastKernel)
