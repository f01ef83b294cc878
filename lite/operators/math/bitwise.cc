// bitwise_and / bitwise_or / bitwise_xor: Out = X op Y, broadcasting as
// numpy (Paddle's bitwise ops have no `axis`); bitwise_not: Out = ~X (for
// bool, logical not). bool, uint8, int8, int16, int32, int64; Out has X's
// type.
// atan2: Out = atan2(X1, X2) (the angle of (X2, X1)), broadcasting as numpy;
// float32/float64 (integer inputs give float64, as Paddle).
#include <cmath>

#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

enum class BitwiseKind { kAnd, kOr, kXor, kNot, kAtan2 };

struct BitwiseParam {
  const Tensor* x{nullptr};
  const Tensor* y{nullptr};  // null for bitwise_not
  Tensor* out{nullptr};
  BitwiseKind kind{BitwiseKind::kAnd};
  std::string op_type;
  CachedBroadcastPlan broadcast;
};

bool IsAtan2(const BitwiseParam& p) { return p.kind == BitwiseKind::kAtan2; }

class BitwiseOp : public OperatorBase<BitwiseParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    if (!p.y) {
      p.out->Resize(p.x->dims());
    } else {
      // Validated first for an error naming the op's own slot names.
      const bool a = IsAtan2(p);
      BroadcastOutputDims(p.op_type, p.x->dims(), p.y->dims(), -1, a ? "X1" : "X", a ? "X2" : "Y");
      p.out->Resize(p.broadcast.Update(p.op_type, p.x->dims(), p.y->dims(), -1).out_dims);
    }
    p.out->set_lod(p.x->lod());
    DataType t = p.x->dtype();
    if (IsAtan2(p) && t != DataType::kFloat32 && t != DataType::kFloat64) t = DataType::kFloat64;
    p.out->set_dtype(t);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op_type = desc.Type();
    static constexpr std::pair<const char*, BitwiseKind> kKinds[] = {
        {"bitwise_and", BitwiseKind::kAnd}, {"bitwise_or", BitwiseKind::kOr},
        {"bitwise_xor", BitwiseKind::kXor}, {"bitwise_not", BitwiseKind::kNot},
        {"atan2", BitwiseKind::kAtan2}};
    p.kind = KindOfOpType(p.op_type, kKinds);
    const bool a = IsAtan2(p);
    p.x = GetInput(desc, scope, a ? "X1" : "X");
    p.y = p.kind == BitwiseKind::kNot ? nullptr : GetInput(desc, scope, a ? "X2" : "Y");
    p.out = GetOutput(desc, scope, "Out");
    p.broadcast.valid = false;
  }
};

template <typename T>
void RunBitwise(const BitwiseParam& p, int threads) {
  const T* x = p.x->data<T>();
  T* out = p.out->mutable_data<T>();
  if (p.kind == BitwiseKind::kNot) {
    const int64_t n = p.x->numel();
    for (int64_t i = 0; i < n; ++i) {
      if constexpr (std::is_same_v<T, bool>) {
        out[i] = !x[i];
      } else {
        out[i] = static_cast<T>(~x[i]);
      }
    }
    return;
  }
  const T* y = p.y->data<T>();
  const auto& plan = p.broadcast.plan;
  switch (p.kind) {
    case BitwiseKind::kAnd:
      return BroadcastBinary(plan, threads, x, y, out, [](T a, T b) { return static_cast<T>(a & b); });
    case BitwiseKind::kOr:
      return BroadcastBinary(plan, threads, x, y, out, [](T a, T b) { return static_cast<T>(a | b); });
    case BitwiseKind::kXor:
      return BroadcastBinary(plan, threads, x, y, out, [](T a, T b) { return static_cast<T>(a ^ b); });
    default:
      return;
  }
}

template <typename T, typename O>
void RunAtan2(const BitwiseParam& p, int threads) {
  BroadcastBinary(p.broadcast.plan, threads, p.x->data<T>(), p.y->data<T>(),
                  p.out->mutable_data<O>(), [](T a, T b) {
                    return static_cast<O>(std::atan2(static_cast<O>(a), static_cast<O>(b)));
                  });
}

class BitwiseKernel : public KernelBase<BitwiseParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    const bool a = IsAtan2(p);
    LITE_ENFORCE(p.x->initialized(), "op '", p.op_type, "': input '", a ? "X1" : "X",
                 "' has no data");
    if (p.y) EnforceDataType(p.op_type, a ? "X2" : "Y", *p.y, p.x->dtype());
    if (a) {
      DispatchDataType<float, double, int32_t, int64_t>(p.x->dtype(), p.op_type, "X1",
                                                        [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_same_v<T, float>) {
          RunAtan2<T, float>(p, ctx.threads);
        } else {
          RunAtan2<T, double>(p, ctx.threads);
        }
      });
      return;
    }
    DispatchDataType<bool, uint8_t, int8_t, int16_t, int32_t, int64_t>(
        p.x->dtype(), p.op_type, "X",
        [&](auto tag) { RunBitwise<typename decltype(tag)::type>(p, ctx.threads); });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(BitwiseOp)
LITE_KERNEL_CLASS(BitwiseKernel)
