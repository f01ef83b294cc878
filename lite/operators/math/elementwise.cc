// The element-wise binary ops of elementwise_ops.inc (elementwise_<name>)
// and their fused fusion_elementwise_<name>_activation forms.
//
// Out = act(X op Y) with Paddle's broadcasting (see BroadcastOutputDims in
// math_common.h): `axis` (-1 = trailing alignment) places the smaller operand
// inside the larger one; equal ranks broadcast numpy-style. `act_type`
// (optional on every elementwise op, set by fusion passes) applies a float
// activation to the result; its attributes use the activation's Paddle names.
// Element types: float32, int32, int64, and (ONNX models have them)
// float64, int8, uint8, int16 where integer results wrap to the type as in
// ONNX; only float32 takes a fused activation other than relu. floordiv and mod follow Python semantics (floor division,
// remainder with the sign of Y); integer division by zero is an error.
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "lite/core/registry.h"
#include "lite/operators/math/activation_funcs.h"
#include "lite/operators/math/blocked_layout.h"
#include "lite/operators/nn/quantize_s8.h"
#include "lite/operators/math/math_common.h"
#include "lite/operators/nn/cpu_clones.h"

namespace paddle {
namespace lite {
namespace operators {

enum class BinaryKind {
#define LITE_ELEMENTWISE(name__, kind__, fusion__, nnadapter__) kind__,
#include "lite/operators/math/elementwise_ops.inc"
#undef LITE_ELEMENTWISE
};

struct ElementwiseParam {
  const Tensor* x{nullptr};
  const Tensor* y{nullptr};
  Tensor* out{nullptr};
  int axis{-1};
  BinaryKind kind{BinaryKind::kAdd};
  ActParam act;
  std::string op_type;
  std::string x_name, y_name;  // the variables, for messages
  CachedBroadcastPlan broadcast;
  // X and Out hold NHWC data under NCHW dims (int8_nhwc_chain_pass); Y
  // too when its dims equal X's; elementwise_mul also takes a per-channel Y
  // of dims [N or 1, C, 1, 1] (a squeeze-excitation scale, the same in
  // either layout). No other broadcasting.
  bool nhwc_data{false};
  // X and Out hold blocked data (nChw16c or nChw8c, conv_blocked_chain_pass,
  // blocked_layout.h), with the same rules.
  bool blocked_data{false};
  // elementwise_mul only, float32, Out dims = X dims (mul_plus_x_fuse_pass):
  // Out = act(X * Y + X), the product rounded before the sum.
  bool plus_x{false};
  // > 0 (output_int8 + Out0_scale = {s}, int8_nhwc_chain_pass): the
  // nhwc_data channel multiply, or the nhwc_data add of equal dims without
  // fused activation, writes Out as s8 NHWC, QuantizeS8(out / s), for the
  // int8 convs that alone read it.
  float out_scale{0.f};
};

namespace {

BinaryKind KindFromOpType(const std::string& type) {
  std::string t = type;
  const std::string fused = "fusion_";
  if (t.compare(0, fused.size(), fused) == 0) t = t.substr(fused.size());
  const std::string suffix = "_activation";
  if (t.size() > suffix.size() &&
      t.compare(t.size() - suffix.size(), suffix.size(), suffix) == 0) {
    t = t.substr(0, t.size() - suffix.size());
  }
#define LITE_ELEMENTWISE(name__, kind__, fusion__, nnadapter__) \
  if (t == "elementwise_" #name__) return BinaryKind::kind__;
#include "lite/operators/math/elementwise_ops.inc"
#undef LITE_ELEMENTWISE
  ThrowError("op '", type, "' is not an elementwise op");
}

template <typename T, BinaryKind K>
struct BinaryFn;
template <typename T>
struct BinaryFn<T, BinaryKind::kAdd> {
  T operator()(T a, T b) const { return a + b; }
};
template <typename T>
struct BinaryFn<T, BinaryKind::kSub> {
  T operator()(T a, T b) const { return a - b; }
};
template <typename T>
struct BinaryFn<T, BinaryKind::kMul> {
  T operator()(T a, T b) const { return a * b; }
};
template <typename T>
struct BinaryFn<T, BinaryKind::kDiv> {
  T operator()(T a, T b) const { return a / b; }
};
template <typename T>
struct BinaryFn<T, BinaryKind::kMax> {
  T operator()(T a, T b) const { return a > b ? a : b; }
};
template <typename T>
struct BinaryFn<T, BinaryKind::kMin> {
  T operator()(T a, T b) const { return a < b ? a : b; }
};
template <typename T>
struct BinaryFn<T, BinaryKind::kPow> {
  T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<T>(std::llround(std::pow(static_cast<double>(a),
                                                  static_cast<double>(b))));
    } else {
      return std::pow(a, b);
    }
  }
};
template <typename T>
struct BinaryFn<T, BinaryKind::kFloorDiv> {
  T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      T q = a / b;
      if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
      return q;
    } else {
      return std::floor(a / b);
    }
  }
};
template <typename T>
struct BinaryFn<T, BinaryKind::kMod> {
  T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      if constexpr (std::is_signed_v<T>) {
        if (b == T(-1)) return T(0);  // lowest % -1 traps on x86 (SIGFPE)
      }
      T r = a % b;
      if (r != 0 && ((r < 0) != (b < 0))) r += b;
      return r;
    } else {
      T r = std::fmod(a, b);
      if (r != 0 && ((r < 0) != (b < 0))) r += b;
      return r;
    }
  }
};

// The lowest value of a signed integer type divided by -1 has no result in
// the type (and traps on x86: SIGFPE). The pair is looked for only when both
// values occur, on one thread, so the common case costs two scans.
template <typename T>
void EnforceNoDivisionOverflow(const ElementwiseParam& p) {
  const T lowest = std::numeric_limits<T>::lowest();
  const T* x = p.x->data<T>();
  const T* y = p.y->data<T>();
  const T* x_end = x + p.x->numel();
  const T* y_end = y + p.y->numel();
  if (std::find(x, x_end, lowest) == x_end || std::find(y, y_end, T(-1)) == y_end) return;
  int64_t xi = -1, yi = -1;
  ForEachBroadcastRow(p.broadcast.plan, 1,
                      [&](int64_t xo, int64_t yo, int64_t, int64_t n, bool xv, bool yv) {
                        for (int64_t i = 0; i < n && xi < 0; ++i) {
                          const int64_t a = xo + (xv ? i : 0), b = yo + (yv ? i : 0);
                          if (x[a] == lowest && y[b] == T(-1)) {
                            xi = a;
                            yi = b;
                          }
                        }
                      });
  LITE_ENFORCE(xi < 0, "op '", p.op_type, "': integer division overflow: input 'X' ('", p.x_name,
               "') element ", xi, " is ", static_cast<int64_t>(lowest), " and input 'Y' ('",
               p.y_name, "') element ", yi, " is -1; the quotient does not fit ",
               DataTypeName(p.x->dtype()));
}

template <typename T, BinaryKind K>
void RunTyped(const ElementwiseParam& p, int threads) {
  const T* x = p.x->data<T>();
  const T* y = p.y->data<T>();
  T* out = p.out->mutable_data<T>();
  if constexpr (std::is_integral_v<T>) {
    if (K == BinaryKind::kDiv || K == BinaryKind::kFloorDiv ||
        K == BinaryKind::kMod) {
      const int64_t ny = p.y->numel();
      for (int64_t i = 0; i < ny; ++i) {
        LITE_ENFORCE(y[i] != 0, "op '", p.op_type, "': integer division by zero (input 'Y' ('",
                     p.y_name, "') element ", i, ")");
      }
    }
    if constexpr (std::is_signed_v<T>) {
      if (K == BinaryKind::kDiv || K == BinaryKind::kFloorDiv) EnforceNoDivisionOverflow<T>(p);
    }
  }
  const BinaryFn<T, K> f;
  const ActParam& act = p.act;
  ForEachBroadcastRow(
      p.broadcast.plan, threads,
      [&](int64_t xo, int64_t yo, int64_t oo, int64_t n, bool xv, bool yv) {
        T* op = out + oo;
        BinaryRow(f, x + xo, y + yo, op, n, xv, yv);
        if (act.type == ActType::kNone) return;
        if constexpr (std::is_same_v<T, float>) {
          ApplyAct(act, op, op, n);
        } else {
          for (int64_t i = 0; i < n; ++i) op[i] = op[i] > 0 ? op[i] : T(0);
        }
      });
}

template <typename T>
void RunKind(const ElementwiseParam& p, int threads) {
  switch (p.kind) {
#define LITE_ELEMENTWISE(name__, kind__, fusion__, nnadapter__) \
  case BinaryKind::kind__:                                      \
    return RunTyped<T, BinaryKind::kind__>(p, threads);
#include "lite/operators/math/elementwise_ops.inc"
#undef LITE_ELEMENTWISE
  }
}

// Out = act(X * Y + X) over the broadcast plan (X has Out's dims). The tree
// is built for baseline x86-64 (no FMA), so the product is rounded before
// the sum, as elementwise_mul then elementwise_add computed it.
void RunMulPlusX(const ElementwiseParam& p, int threads) {
  const float* x = p.x->data<float>();
  const float* y = p.y->data<float>();
  float* out = p.out->mutable_data<float>();
  ForEachBroadcastRow(p.broadcast.plan, threads,
                      [&](int64_t xo, int64_t yo, int64_t oo, int64_t n, bool, bool yv) {
                        const float* xr = x + xo;
                        const float* yr = y + yo;
                        float* o = out + oo;
                        if (yv) {
                          for (int64_t i = 0; i < n; ++i) o[i] = xr[i] * yr[i] + xr[i];
                        } else {
                          const float b = *yr;
                          for (int64_t i = 0; i < n; ++i) o[i] = xr[i] * b + xr[i];
                        }
                        if (p.act.type != ActType::kNone) ApplyAct(p.act, o, o, n);
                      });
}

// Out = QuantizeS8(X + Y, 1 / out_scale) for equal dims (output_int8): the
// float sum rounded, then quantized, in chunks split between the threads.
void RunAddS8(const ElementwiseParam& p, int threads) {
  const float* x = p.x->data<float>();
  const float* y = p.y->data<float>();
  int8_t* out = p.out->mutable_data<int8_t>();
  const int64_t n = p.x->numel();
  constexpr int64_t kChunk = 1 << 14;
  const int64_t chunks = (n + kChunk - 1) / kChunk;
  const float inv = 1.f / p.out_scale;
#pragma omp parallel for num_threads(threads) schedule(static) if (chunks > 4 && threads > 1)
  for (int64_t c = 0; c < chunks; ++c) {
    const int64_t b = c * kChunk, e = std::min(n, b + kChunk);
    QuantizeSumS8Array(x + b, y + b, out + b, e - b, inv);
  }
}

// o = x * y over `rows` rows of one group of B channels (y: its B scales),
// as one vector per row; inlined into the CPU clones below (target_clones
// takes no templates).
template <int64_t B>
__attribute__((always_inline)) inline void MulRowsOfBlock(const float* x, const float* y,
                                                          int64_t rows, float* o) {
  float scale[B];
  for (int64_t k = 0; k < B; ++k) scale[k] = y[k];
  for (int64_t i = 0; i < rows; ++i, x += B, o += B) {
    for (int64_t k = 0; k < B; ++k) o[k] = x[k] * scale[k];
  }
}
LITE_CPU_CLONES
void MulRowsOf8(const float* x, const float* y, int64_t rows, float* o) {
  MulRowsOfBlock<8>(x, y, rows, o);
}
LITE_CPU_CLONES
void MulRowsOf16(const float* x, const float* y, int64_t rows, float* o) {
  MulRowsOfBlock<16>(x, y, rows, o);
}

// NHWC data [N, H*W, C] times a per-channel Y (nhwc_data): blocks of whole
// pixels, each scaled by the image's channel vector, instead of one
// broadcast row of C elements per pixel. Blocked data (blocked_data) are
// [N * C / group][H*W][group]: the same with `group` channels per image.
void RunGroupedChannelMul(const ElementwiseParam& p, int threads, int64_t group) {
  const DDim& xd = p.x->dims();
  const int64_t groups = xd[1] / group;
  const int64_t n = xd[0] * groups, c = group, hw = xd[2] * xd[3];
  const int64_t y_step = p.y->dims()[0] == 1 ? 0 : xd[1];
  const int64_t block = std::max<int64_t>(1, 8192 / c);  // pixels per task
  const int64_t per_image = (hw + block - 1) / block;
  const float* x = p.x->data<float>();
  const float* y = p.y->data<float>();
  const bool s8 = p.out_scale > 0.f;
  float* out = s8 ? nullptr : p.out->mutable_data<float>();
  int8_t* out_s8 = s8 ? p.out->mutable_data<int8_t>() : nullptr;
#pragma omp parallel for num_threads(threads) schedule(static) if (n * hw * c > 65536 && threads > 1)
  for (int64_t t = 0; t < n * per_image; ++t) {
    const int64_t b = t / per_image, i0 = (t % per_image) * block;
    const int64_t len = (std::min(hw, i0 + block) - i0) * c;
    const float* yb = y + (b / groups) * y_step + (b % groups) * group;
    const float* xs = x + (b * hw + i0) * c;
    // An s8 output: the task's floats in a per-thread buffer, then quantized.
    thread_local std::vector<float> task_floats;
    if (s8 && static_cast<int64_t>(task_floats.size()) < len) task_floats.resize(len);
    float* o = s8 ? task_floats.data() : out + (b * hw + i0) * c;
    if (p.plus_x) {
      for (int64_t i = 0; i < len; i += c) {
        for (int64_t k = 0; k < c; ++k) o[i + k] = xs[i + k] * yb[k] + xs[i + k];
      }
    } else if (c == 8) {
      MulRowsOf8(xs, yb, len / c, o);
    } else if (c == 16) {
      MulRowsOf16(xs, yb, len / c, o);
    } else {
      for (int64_t i = 0; i < len; i += c) {
        for (int64_t k = 0; k < c; ++k) o[i + k] = xs[i + k] * yb[k];
      }
    }
    if (p.act.type != ActType::kNone) ApplyAct(p.act, o, o, len);
    if (s8) QuantizeS8Array(o, out_s8 + (b * hw + i0) * c, len, 1.f / p.out_scale);
  }
}

}  // namespace

class ElementwiseOp : public OperatorBase<ElementwiseParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    if ((p.nhwc_data || p.blocked_data) && p.x->dims() != p.y->dims()) {
      InferNhwcChannelBroadcast();
      return;
    }
    const bool s8_add = p.kind == BinaryKind::kAdd && p.x->dims() == p.y->dims();
    LITE_ENFORCE(p.out_scale <= 0.f || s8_add, "op '", p.op_type,
                 "': attribute output_int8 needs a per-channel Y [N or 1, C, 1, 1] (multiply) ",
                 "or equal dims (add), got X ", DimsToString(p.x->dims()), " and Y ",
                 DimsToString(p.y->dims()));
    const BroadcastPlan& plan = p.broadcast.Update(p.op_type, p.x->dims(), p.y->dims(), p.axis);
    LITE_ENFORCE(!p.plus_x || plan.out_dims == p.x->dims(), "op '", p.op_type, "': with plus_x ",
                 "(Out = X * Y + X) input 'X' ", DimsToString(p.x->dims()),
                 " must have the output's dims, got Y ", DimsToString(p.y->dims()));
    p.out->Resize(plan.out_dims);
    p.out->set_lod(p.x->dims() == plan.out_dims ? p.x->lod() : p.y->lod());
    if (p.out_scale > 0.f) {
      p.out->set_dtype(DataType::kInt8);
    } else if (p.x->dtype() != DataType::kUnknown) {
      p.out->set_dtype(p.x->dtype());
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op_type = desc.Type();
    p.kind = KindFromOpType(desc.Type());
    p.x = GetInput(desc, scope, "X");
    p.y = GetInput(desc, scope, "Y");
    p.x_name = desc.Input("X").front();
    p.y_name = desc.Input("Y").front();
    p.out = GetOutput(desc, scope, "Out");
    p.axis = ReadBroadcastAxis(desc);
    p.act = ReadFusedActParam(desc);
    p.nhwc_data = desc.GetAttr<bool>("nhwc_data", false);
    p.blocked_data = desc.GetAttr<bool>("blocked_data", false);
    p.plus_x = desc.GetAttr<bool>("plus_x", false);
    if (desc.GetAttr<bool>("output_int8", false)) {
      const auto scale = desc.GetAttr<std::vector<float>>("Out0_scale", {});
      const bool plain_add = p.kind == BinaryKind::kAdd && p.act.type == ActType::kNone;
      LITE_ENFORCE((p.kind == BinaryKind::kMul || plain_add) && p.nhwc_data &&
                       scale.size() == 1 && scale[0] > 0.f,
                   "op '", p.op_type, "': attribute output_int8 is for elementwise_mul or "
                   "elementwise_add (no fused activation) with nhwc_data and one positive "
                   "Out0_scale, got ", scale.size(), " scale(s)");
      p.out_scale = scale[0];
    }
    LITE_ENFORCE(!p.plus_x || p.kind == BinaryKind::kMul, "op '", p.op_type,
                 "': attribute plus_x is only defined for elementwise_mul");
    p.broadcast.valid = false;
  }

 private:
  // X [N, C, H, W] holding NHWC data times Y [N or 1, C, 1, 1]
  // (RunGroupedChannelMul).
  void InferNhwcChannelBroadcast() {
    auto& p = param_;
    const DDim& x = p.x->dims();
    const DDim& y = p.y->dims();
    const bool per_channel = p.kind == BinaryKind::kMul && x.size() == 4 && y.size() == 4 &&
                             (y[0] == x[0] || y[0] == 1) && y[1] == x[1] && y[2] == 1 &&
                             y[3] == 1;
    LITE_ENFORCE(per_channel, "op '", p.op_type, "': inputs X ", DimsToString(x), " and Y ",
                 DimsToString(y),
                 " must have equal dims (or, for elementwise_mul, Y [N or 1, C, 1, 1]): they "
                 "hold ", p.nhwc_data ? "NHWC data between int8 convs (attribute nhwc_data)"
                 : "blocked data between convs (attribute blocked_data)");
    LITE_ENFORCE(!p.blocked_data || x[1] % BlockedActChannels() == 0, "op '", p.op_type,
                 "': input X ", DimsToString(x), " holds blocked data (attribute "
                 "blocked_data), which needs channels that are a multiple of ",
                 BlockedActChannels());
    p.out->Resize(x);
    p.out->set_lod(p.x->lod());
    if (p.out_scale > 0.f) {
      p.out->set_dtype(DataType::kInt8);
    } else if (p.x->dtype() != DataType::kUnknown) {
      p.out->set_dtype(p.x->dtype());
    }
  }
};

class ElementwiseKernel : public KernelBase<ElementwiseParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    LITE_ENFORCE(p.x->initialized(), "op '", p.op_type, "': input 'X' has no data");
    EnforceDataType(p.op_type, "Y", *p.y, p.x->dtype());
    if (p.x->dtype() != DataType::kFloat32) {
      LITE_ENFORCE(p.act.type == ActType::kNone || p.act.type == ActType::kRelu,
                   "op '", p.op_type, "': fused activation '",
                   p.op_type, "' act_type is only supported on float32 inputs, X is ",
                   DataTypeName(p.x->dtype()));
    }
    if ((p.nhwc_data || p.blocked_data) && p.x->dims() != p.y->dims()) {
      EnforceDataType(p.op_type, "X", *p.x, DataType::kFloat32);
      RunGroupedChannelMul(p, ctx.threads, p.nhwc_data ? p.x->dims()[1] : BlockedActChannels());
      return;
    }
    if (p.out_scale > 0.f) {  // an add of equal dims (InferShape), quantized as it writes
      EnforceDataType(p.op_type, "X", *p.x, DataType::kFloat32);
      RunAddS8(p, ctx.threads);
      return;
    }
    if (p.plus_x) {
      EnforceDataType(p.op_type, "X", *p.x, DataType::kFloat32);
      RunMulPlusX(p, ctx.threads);
      return;
    }
    DispatchDataType<float, int32_t, int64_t, double, int8_t, uint8_t, int16_t>(
        p.x->dtype(), p.op_type, "X", [&](auto tag) {
          using T = typename decltype(tag)::type;
          RunKind<T>(p, ctx.threads);
        });
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ElementwiseOp)
LITE_KERNEL_CLASS(ElementwiseKernel)
