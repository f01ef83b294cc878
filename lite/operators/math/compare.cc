// Comparison ops equal, not_equal, less_than, less_equal, greater_than,
// greater_equal (attribute `axis`, broadcasting as elementwise_*; inputs
// float32/int32/int64/bool of the same type) and logical_and / logical_or /
// logical_xor (bool or numeric inputs: nonzero is true) and logical_not.
// Out is bool. Float equal/not_equal use Paddle's tolerance |a - b| < 1e-8.
#include <cmath>
#include <type_traits>

#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {

enum class CompareKind { kEq, kNe, kLt, kLe, kGt, kGe, kAnd, kOr, kXor, kNot };

struct CompareParam {
  const Tensor* x{nullptr};
  const Tensor* y{nullptr};  // null for logical_not
  Tensor* out{nullptr};
  int axis{-1};
  CompareKind kind{CompareKind::kEq};
  std::string op_type;
  CachedBroadcastPlan broadcast;
};

class CompareOp : public OperatorBase<CompareParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    if (!p.y) {
      p.out->Resize(p.x->dims());
    } else {
      p.out->Resize(p.broadcast.Update(p.op_type, p.x->dims(), p.y->dims(), p.axis).out_dims);
    }
    p.out->set_lod(p.x->lod());
    p.out->set_dtype(DataType::kBool);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op_type = desc.Type();
    static constexpr std::pair<const char*, CompareKind> kKinds[] = {
        {"equal", CompareKind::kEq},          {"not_equal", CompareKind::kNe},
        {"less_than", CompareKind::kLt},      {"less_equal", CompareKind::kLe},
        {"greater_than", CompareKind::kGt},   {"greater_equal", CompareKind::kGe},
        {"logical_and", CompareKind::kAnd},   {"logical_or", CompareKind::kOr},
        {"logical_xor", CompareKind::kXor},   {"logical_not", CompareKind::kNot}};
    p.kind = KindOfOpType(p.op_type, kKinds);
    p.x = GetInput(desc, scope, "X");
    p.y = p.kind == CompareKind::kNot ? nullptr : GetInput(desc, scope, "Y");
    p.out = GetOutput(desc, scope, "Out");
    p.axis = ReadBroadcastAxis(desc);
    p.broadcast.valid = false;
  }
};

namespace {

// Paddle's float equality: |a - b| < 1e-8 (infinities compare exactly, NaN
// is never equal); exact for integers and bool.
template <typename T>
inline bool PaddleEqual(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isinf(a) || std::isinf(b)) return a == b;
    return std::fabs(static_cast<double>(a) - static_cast<double>(b)) < 1e-8;
  } else {
    return a == b;
  }
}

template <typename T>
void RunCompare(const CompareParam& p, int threads) {
  const T* x = p.x->data<T>();
  const T* y = p.y->data<T>();
  bool* out = p.out->mutable_data<bool>();
  switch (p.kind) {
    case CompareKind::kEq:
      return BroadcastBinary(p.broadcast.plan, threads, x, y, out, [](T a, T b) { return PaddleEqual(a, b); });
    case CompareKind::kNe:
      return BroadcastBinary(p.broadcast.plan, threads, x, y, out, [](T a, T b) { return !PaddleEqual(a, b); });
    case CompareKind::kLt:
      return BroadcastBinary(p.broadcast.plan, threads, x, y, out, [](T a, T b) { return a < b; });
    case CompareKind::kLe:
      return BroadcastBinary(p.broadcast.plan, threads, x, y, out, [](T a, T b) { return a <= b; });
    case CompareKind::kGt:
      return BroadcastBinary(p.broadcast.plan, threads, x, y, out, [](T a, T b) { return a > b; });
    case CompareKind::kGe:
      return BroadcastBinary(p.broadcast.plan, threads, x, y, out, [](T a, T b) { return a >= b; });
    case CompareKind::kAnd:
      return BroadcastBinary(p.broadcast.plan, threads, x, y, out,
                             [](T a, T b) { return a != T(0) && b != T(0); });
    case CompareKind::kOr:
      return BroadcastBinary(p.broadcast.plan, threads, x, y, out,
                             [](T a, T b) { return a != T(0) || b != T(0); });
    case CompareKind::kXor:
      return BroadcastBinary(p.broadcast.plan, threads, x, y, out,
                             [](T a, T b) { return (a != T(0)) != (b != T(0)); });
    case CompareKind::kNot:
      return;
  }
}

}  // namespace

class CompareKernel : public KernelBase<CompareParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    LITE_ENFORCE(p.x->initialized(), "op '", p.op_type, "': input 'X' has no data");
    if (p.kind == CompareKind::kNot) {
      DispatchDataType<bool, float, int32_t, int64_t>(p.x->dtype(), p.op_type, "X", [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* x = p.x->data<T>();
        bool* out = p.out->mutable_data<bool>();
        const int64_t n = p.x->numel();
        for (int64_t i = 0; i < n; ++i) out[i] = x[i] == T(0);
      });
      return;
    }
    EnforceDataType(p.op_type, "Y", *p.y, p.x->dtype());
    DispatchDataType<float, int32_t, int64_t, bool>(p.x->dtype(), p.op_type, "X", [&](auto tag) {
      RunCompare<typename decltype(tag)::type>(p, ctx.threads);
    });
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(CompareOp)
LITE_KERNEL_CLASS(CompareKernel)
