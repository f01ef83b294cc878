// arg_max / arg_min: index of the first largest / smallest element along
// `axis`. Attributes: axis, keepdims (false), flatten (false: when true the
// input is treated as 1-D), dtype (Paddle VarType code: 3 int64 (default,
// also for -1), 2 int32). Input float32, int32, int64. A result with no dims
// left gets dims [1], or is 0-d with the attribute out_0d (Paddle >= 2.5;
// set by the PIR reader when the program declares a 0-d result).
#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct ArgMaxParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  int64_t axis{-1};
  bool keepdims{false};
  bool flatten{false};
  bool out_0d{false};
  DataType out_type{DataType::kInt64};
  bool is_min{false};
  std::string op_type;
};

class ArgMaxOp : public OperatorBase<ArgMaxParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& d = p.x->dims();
    const int64_t rank = static_cast<int64_t>(d.size());
    DDim out;
    if (p.flatten) {
      out = p.keepdims ? DDim(d.size(), 1) : p.out_0d ? DDim{} : DDim{1};
    } else {
      LITE_ENFORCE(p.axis >= -rank && p.axis < rank, "op '", p.op_type, "': attribute 'axis' ",
                   p.axis, " is out of range for X dims ", DimsToString(d));
      const int64_t a = p.axis < 0 ? p.axis + rank : p.axis;
      LITE_ENFORCE(d[a] > 0, "op '", p.op_type, "': X dims ", DimsToString(d),
                   " are empty along axis ", p.axis);
      for (int64_t i = 0; i < rank; ++i) {
        if (i != a) out.push_back(d[i]);
        else if (p.keepdims) out.push_back(1);
      }
      if (out.empty() && !p.out_0d) out = {1};
    }
    p.out->Resize(out);
    p.out->set_dtype(p.out_type);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op_type = desc.Type();
    p.is_min = desc.Type() == "arg_min";
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.axis = desc.GetAttr<int64_t>("axis", -1);
    p.keepdims = desc.GetAttr<bool>("keepdims", false);
    p.out_0d = desc.GetAttr<bool>("out_0d", false);
    p.flatten = desc.GetAttr<bool>("flatten", false);
    const int dtype = desc.GetAttr<int32_t>("dtype", 3);
    LITE_ENFORCE(dtype == -1 || dtype == 2 || dtype == 3, "op '", p.op_type,
                 "': attribute 'dtype' is ", dtype, ", expected 2 (int32) or 3 (int64)");
    p.out_type = dtype == 2 ? DataType::kInt32 : DataType::kInt64;
  }
};

namespace {

template <typename T, typename I>
void RunArg(const ArgMaxParam& p, int threads) {
  const DDim& d = p.x->dims();
  const int64_t rank = static_cast<int64_t>(d.size());
  int64_t outer = 1, n = p.x->numel(), inner = 1;
  if (!p.flatten) {
    const int64_t a = p.axis < 0 ? p.axis + rank : p.axis;
    outer = DimsProduct(d, 0, a);
    n = d[a];
    inner = DimsProduct(d, a + 1, d.size());
  }
  LITE_ENFORCE(n > 0, "op '", p.op_type, "': X dims ", DimsToString(d), " are empty");
  const T* x = p.x->data<T>();
  I* out = p.out->mutable_data<I>();
  const bool is_min = p.is_min;
#pragma omp parallel for num_threads(threads) schedule(static) if (outer * n * inner > 65536 && threads > 1)
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      const T* s = x + o * n * inner + i;
      T best = s[0];
      int64_t bi = 0;
      for (int64_t k = 1; k < n; ++k) {
        T v = s[k * inner];
        if (is_min ? v < best : v > best) {
          best = v;
          bi = k;
        }
      }
      out[o * inner + i] = static_cast<I>(bi);
    }
  }
}

}  // namespace

class ArgMaxKernel : public KernelBase<ArgMaxParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    LITE_ENFORCE(p.x->initialized(), "op '", p.op_type, "': input 'X' has no data");
    DispatchDataType<float, int32_t, int64_t>(p.x->dtype(), p.op_type, "X", [&](auto tag) {
      using T = typename decltype(tag)::type;
      if (p.out_type == DataType::kInt32) {
        RunArg<T, int32_t>(p, ctx.threads);
      } else {
        RunArg<T, int64_t>(p, ctx.threads);
      }
    });
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ArgMaxOp)
LITE_KERNEL_CLASS(ArgMaxKernel)
