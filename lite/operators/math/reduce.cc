// reduce_sum / reduce_mean / reduce_max / reduce_min / reduce_prod (float32,
// int32, int64) and reduce_any / reduce_all (bool). Attributes: `dim` (list;
// negative counts from the end; empty means all), `keep_dim` (false),
// `reduce_all` (false), `out_dtype` (-1 = X's type; otherwise X is converted
// to it first, as Paddle does: paddle.sum of int32 or bool gives int64).
// Reducing every dim without keep_dim gives dims [1] (Paddle 2.x), or a 0-d
// output with the attribute out_0d (Paddle >= 2.5; set by the PIR reader
// when the program declares a 0-d result).
// reduce_mean on integers divides with truncation.
#include <algorithm>
#include <limits>
#include <memory>

#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"

namespace paddle {
namespace lite {
namespace operators {

enum class ReduceKind { kSum, kMean, kMax, kMin, kProd, kAny, kAll };

struct ReduceParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  std::vector<int> dims;
  bool keep_dim{false};
  bool reduce_all{false};
  bool out_0d{false};
  ReduceKind kind{ReduceKind::kSum};
  // kUnknown: the output keeps X's element type.
  DataType out_type{DataType::kUnknown};
  std::string op_type;
  // Normalized: which input dims are reduced (set by InferShape).
  std::vector<bool> reduced;
};

class ReduceOp : public OperatorBase<ReduceParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& d = p.x->dims();
    const int rank = static_cast<int>(d.size());
    p.reduced.assign(rank, p.reduce_all || p.dims.empty());
    if (!p.reduce_all) {
      for (int v : p.dims) {
        LITE_ENFORCE(v >= -rank && v < rank, "op '", p.op_type, "': attribute 'dim' value ", v,
                     " is out of range for X dims ", DimsToString(d));
        p.reduced[v < 0 ? v + rank : v] = true;
      }
    }
    DDim out;
    for (int i = 0; i < rank; ++i) {
      if (!p.reduced[i]) {
        out.push_back(d[i]);
      } else if (p.keep_dim) {
        out.push_back(1);
      }
    }
    if (out.empty() && !p.out_0d) out = {1};
    p.out->Resize(out);
    if (p.out_type != DataType::kUnknown) {
      p.out->set_dtype(p.out_type);
    } else if (p.x->dtype() != DataType::kUnknown) {
      p.out->set_dtype(p.x->dtype());
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op_type = desc.Type();
    static constexpr std::pair<const char*, ReduceKind> kKinds[] = {
        {"reduce_sum", ReduceKind::kSum},   {"reduce_mean", ReduceKind::kMean},
        {"reduce_max", ReduceKind::kMax},   {"reduce_min", ReduceKind::kMin},
        {"reduce_prod", ReduceKind::kProd}, {"reduce_any", ReduceKind::kAny},
        {"reduce_all", ReduceKind::kAll}};
    p.kind = KindOfOpType(p.op_type, kKinds);
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.dims = desc.GetAttr<std::vector<int32_t>>("dim", std::vector<int32_t>{0});
    p.keep_dim = desc.GetAttr<bool>("keep_dim", false);
    p.out_0d = desc.GetAttr<bool>("out_0d", false);
    p.reduce_all = desc.GetAttr<bool>("reduce_all", false);
    const int out_dtype = desc.GetAttr<int32_t>("out_dtype", -1);
    if (out_dtype != -1) {
      p.out_type = cpp::DataTypeFromVarKind(static_cast<cpp::VarKind>(out_dtype));
      const bool logical = p.kind == ReduceKind::kAny || p.kind == ReduceKind::kAll;
      const bool ok = logical ? p.out_type == DataType::kBool
                              : p.out_type == DataType::kFloat32 ||
                                    p.out_type == DataType::kInt32 ||
                                    p.out_type == DataType::kInt64;
      LITE_ENFORCE(ok, "op '", p.op_type, "': attribute 'out_dtype' = ", out_dtype,
                   " is not supported (expected -1, ",
                   logical ? "0 bool" : "2 int32, 3 int64 or 5 float32", ")");
    }
  }
};

namespace {

template <typename T, ReduceKind K>
struct Reducer;
template <typename T>
struct Reducer<T, ReduceKind::kSum> {
  static T Init() { return T(0); }
  static T Apply(T a, T b) { return a + b; }
};
template <typename T>
struct Reducer<T, ReduceKind::kMean> : Reducer<T, ReduceKind::kSum> {};
template <typename T>
struct Reducer<T, ReduceKind::kProd> {
  static T Init() { return T(1); }
  static T Apply(T a, T b) { return a * b; }
};
template <typename T>
struct Reducer<T, ReduceKind::kMax> {
  static T Init() { return std::numeric_limits<T>::lowest(); }
  static T Apply(T a, T b) { return a > b ? a : b; }
};
template <typename T>
struct Reducer<T, ReduceKind::kMin> {
  static T Init() { return std::numeric_limits<T>::max(); }
  static T Apply(T a, T b) { return a < b ? a : b; }
};
template <typename T>
struct Reducer<T, ReduceKind::kAny> {
  static T Init() { return false; }
  static T Apply(T a, T b) { return a || b; }
};
template <typename T>
struct Reducer<T, ReduceKind::kAll> {
  static T Init() { return true; }
  static T Apply(T a, T b) { return a && b; }
};

// in [outer, r, inner] -> out [outer, inner]
template <typename T, ReduceKind K>
void ReduceAxis(const T* in, T* out, int64_t outer, int64_t r, int64_t inner, int threads) {
  using R = Reducer<T, K>;
#pragma omp parallel for num_threads(threads) schedule(static) if (outer * r * inner > 65536 && threads > 1)
  for (int64_t o = 0; o < outer; ++o) {
    const T* src = in + o * r * inner;
    T* dst = out + o * inner;
    if (inner == 1) {
      T acc = R::Init();
      for (int64_t k = 0; k < r; ++k) acc = R::Apply(acc, src[k]);
      dst[0] = acc;
    } else {
      for (int64_t i = 0; i < inner; ++i) dst[i] = R::Init();
      for (int64_t k = 0; k < r; ++k) {
        const T* s = src + k * inner;
        for (int64_t i = 0; i < inner; ++i) dst[i] = R::Apply(dst[i], s[i]);
      }
    }
  }
}

template <typename T, ReduceKind K>
void RunReduce(const ReduceParam& p, const Tensor& x, int threads) {
  const DDim& d = x.dims();
  // Merge neighbouring dims with the same reduced flag.
  std::vector<int64_t> ext;
  std::vector<bool> red;
  for (size_t i = 0; i < d.size(); ++i) {
    if (!ext.empty() && red.back() == p.reduced[i]) {
      ext.back() *= d[i];
    } else {
      ext.push_back(d[i]);
      red.push_back(p.reduced[i]);
    }
  }
  T* out = p.out->mutable_data<T>();
  const int64_t out_n = p.out->numel();
  const T* src = x.data<T>();
  // Reduce groups from the last to the first, each pass into a smaller
  // buffer: the first pass reads X itself and the last one writes Out (no
  // copy of X; the same arithmetic in the same order as through copies).
  std::vector<size_t> groups;
  for (size_t g = ext.size(); g-- > 0;) {
    if (red[g]) groups.push_back(g);
  }
  if (groups.empty()) std::copy(src, src + out_n, out);
  const T* in = src;
  std::unique_ptr<T[]> cur, next;
  int64_t count = 1;
  for (size_t k = 0; k < groups.size(); ++k) {
    const size_t g = groups[k];
    int64_t outer = 1, inner = 1;
    for (size_t i = 0; i < g; ++i) outer *= ext[i];
    for (size_t i = g + 1; i < ext.size(); ++i) inner *= ext[i];
    T* dst = out;
    if (k + 1 < groups.size()) {
      next.reset(new T[outer * inner > 0 ? outer * inner : 1]);
      dst = next.get();
    }
    ReduceAxis<T, K>(in, dst, outer, ext[g], inner, threads);
    count *= ext[g];
    ext[g] = 1;
    if (dst != out) {
      cur.swap(next);
      in = cur.get();
    }
  }
  if constexpr (K == ReduceKind::kMean) {
    for (int64_t i = 0; i < out_n; ++i) out[i] = static_cast<T>(out[i] / static_cast<T>(count));
  }
}

// X converted to `to` (Paddle reduces in out_dtype, converting X first).
void ConvertInput(const ReduceParam& p, DataType to, Tensor* dst) {
  dst->Resize(p.x->dims());
  DispatchDataType<bool, float, int32_t, int64_t>(p.x->dtype(), p.op_type, "X", [&](auto from) {
    using F = typename decltype(from)::type;
    const F* s = p.x->data<F>();
    DispatchDataType<float, int32_t, int64_t>(to, p.op_type, "out_dtype", [&](auto tag) {
      using T = typename decltype(tag)::type;
      T* o = dst->mutable_data<T>();
      for (int64_t i = 0; i < p.x->numel(); ++i) o[i] = static_cast<T>(s[i]);
    });
  });
}

}  // namespace

class ReduceKernel : public KernelBase<ReduceParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    LITE_ENFORCE(p.x->initialized(), "op '", p.op_type, "': input 'X' has no data");
    LITE_ENFORCE(p.x->numel() > 0 || p.kind == ReduceKind::kSum || p.kind == ReduceKind::kProd,
                 "op '", p.op_type, "': cannot reduce an empty X (dims ",
                 DimsToString(p.x->dims()), ")");
    if (p.kind == ReduceKind::kAny || p.kind == ReduceKind::kAll) {
      EnforceDataType(p.op_type, "X", *p.x, DataType::kBool);
      if (p.kind == ReduceKind::kAny) return RunReduce<bool, ReduceKind::kAny>(p, *p.x, ctx.threads);
      return RunReduce<bool, ReduceKind::kAll>(p, *p.x, ctx.threads);
    }
    const Tensor* x = p.x;
    Tensor converted;
    if (p.out_type != DataType::kUnknown && p.out_type != x->dtype()) {
      ConvertInput(p, p.out_type, &converted);
      x = &converted;
    }
    DispatchDataType<float, int32_t, int64_t>(x->dtype(), p.op_type, "X", [&](auto tag) {
      using T = typename decltype(tag)::type;
      switch (p.kind) {
        case ReduceKind::kSum: return RunReduce<T, ReduceKind::kSum>(p, *x, ctx.threads);
        case ReduceKind::kMean: return RunReduce<T, ReduceKind::kMean>(p, *x, ctx.threads);
        case ReduceKind::kMax: return RunReduce<T, ReduceKind::kMax>(p, *x, ctx.threads);
        case ReduceKind::kMin: return RunReduce<T, ReduceKind::kMin>(p, *x, ctx.threads);
        case ReduceKind::kProd: return RunReduce<T, ReduceKind::kProd>(p, *x, ctx.threads);
        default: return;
      }
    });
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ReduceOp)
LITE_KERNEL_CLASS(ReduceKernel)
