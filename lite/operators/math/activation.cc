// Unary activation / math ops: Out = f(X), same dims and lod as X. The ops,
// their attributes and kernel precisions are the rows of activations.inc
// whose impl is Activation; formulas: activation_funcs.cc. Float32; the kAny
// rows (abs, square, sign) also take int32/int64. pow also has the optional
// input FactorTensor.
#include <cstdlib>

#include "lite/core/registry.h"
#include "lite/operators/math/activation_funcs.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct ActivationParam {
  const Tensor* x{nullptr};
  const Tensor* factor_tensor{nullptr};  // pow only
  Tensor* out{nullptr};
  ActParam act;
  std::string op_type;
};

class ActivationOp : public OperatorBase<ActivationParam> {
 public:
  void InferShape() override {
    param_.out->Resize(param_.x->dims());
    param_.out->set_lod(param_.x->lod());
    if (param_.x->dtype() != DataType::kUnknown) param_.out->set_dtype(param_.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op_type = desc.Type();
    ActType type;
    LITE_ENFORCE(ActTypeFromName(desc.Type(), &type) && type != ActType::kNone,
                 "op '", desc.Type(), "' is not a unary activation");
    p.act = ReadActParam(type, desc);
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.factor_tensor = type == ActType::kPow
                          ? GetOptionalInput(desc, scope, "FactorTensor")
                          : nullptr;
  }
};

namespace {

template <typename T>
void RunIntUnary(const ActivationParam& p, int threads) {
  const T* x = p.x->data<T>();
  T* y = p.out->mutable_data<T>();
  const int64_t n = p.x->numel();
  const ActType t = p.act.type;
#pragma omp parallel for num_threads(threads) schedule(static) if (n > 65536 && threads > 1)
  for (int64_t i = 0; i < n; ++i) {
    T v = x[i];
    y[i] = t == ActType::kAbs      ? (v < 0 ? T(-v) : v)
           : t == ActType::kSquare ? T(v * v)
                                   : T((v > 0) - (v < 0));
  }
}

}  // namespace

class ActivationKernel : public KernelBase<ActivationParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    LITE_ENFORCE(p.x->initialized(), "op '", p.op_type, "': input 'X' has no data");
    const DataType dt = p.x->dtype();
    if (dt == DataType::kFloat32) {
      ActParam act = p.act;
      if (p.factor_tensor) {
        EnforceDataType(p.op_type, "FactorTensor", *p.factor_tensor, DataType::kFloat32);
        LITE_ENFORCE(p.factor_tensor->numel() == 1, "op '", p.op_type,
                     "': input 'FactorTensor' must hold 1 element, dims are ",
                     DimsToString(p.factor_tensor->dims()));
        act.pow_factor = p.factor_tensor->data<float>()[0];
      }
      ApplyActParallel(act, p.x->data<float>(), p.out->mutable_data<float>(),
                       p.x->numel(), ctx.threads);
      return;
    }
    LITE_ENFORCE(ActivationInfo(p.act.type).precision == PrecisionType::kAny, "op '",
                 p.op_type, "': input 'X' holds ", DataTypeName(dt), " data, expected float32");
    DispatchDataType<int32_t, int64_t>(dt, p.op_type, "X", [&](auto tag) {
      RunIntUnary<typename decltype(tag)::type>(p, ctx.threads);
    });
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ActivationOp)
LITE_KERNEL_CLASS(ActivationKernel)
