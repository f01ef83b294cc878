// Shared helpers of the math op family: element-type dispatch, Paddle's
// elementwise broadcasting (axis + numpy rules) and a broadcast loop driver
// used by elementwise_*, compare and logical ops.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "lite/core/op.h"

namespace paddle {
namespace lite {
namespace operators {

template <typename T>
struct TypeTag {
  using type = T;
};

// Calls fn(TypeTag<T>{}) for the first T in Ts whose DataType equals dtype;
// throws an Error naming the op and the input otherwise.
template <typename... Ts, typename Fn>
void DispatchDataType(DataType dtype, const std::string& op, const char* what,
                      Fn&& fn) {
  bool done = false;
  ((!done && dtype == DataTypeTrait<Ts>::value
        ? (fn(TypeTag<Ts>{}), done = true)
        : false),
   ...);
  if (!done) {
    std::string supported;
    ((supported += (supported.empty() ? "" : ", ") +
                   std::string(DataTypeName(DataTypeTrait<Ts>::value))),
     ...);
    ThrowError("op '", op, "': input '", what, "' has unsupported element type ",
               DataTypeName(dtype), " (supported: ", supported, ")");
  }
}

// Requires that tensor t holds data (was fed/computed) and has type `want`.
void EnforceDataType(const std::string& op, const char* slot, const Tensor& t,
                     DataType want);

// Output dims of Paddle's elementwise broadcasting of X and Y:
// - equal ranks: numpy rules (each dim equal or one of them 1);
// - rank(Y) < rank(X): Y's dims line up with X's starting at `axis`
//   (axis == -1 means rank(X) - rank(Y), i.e. trailing alignment); trailing
//   1s of Y are trimmed first so that Y = [C, 1] fits at the last axis;
// - rank(X) < rank(Y): the same with the roles swapped (numpy style).
// Throws an Error naming the op, both dims and the axis when incompatible.
DDim BroadcastOutputDims(const std::string& op, const DDim& x, const DDim& y,
                         int axis);
// The same, naming the operands `x_name` and `y_name` in errors (for ops
// whose inputs are not called X and Y).
DDim BroadcastOutputDims(const std::string& op, const DDim& x, const DDim& y, int axis,
                         const char* x_name, const char* y_name);

// Loop plan for out = f(x, y) over broadcast operands: the dims are padded
// to a common rank, size-1 output dims removed and neighbouring dims with the
// same broadcast pattern merged, so that the innermost loop runs over a
// contiguous row (per-channel broadcast of Y [C] onto X [N, C, H, W] becomes
// rows of H*W with a scalar y).
struct BroadcastPlan {
  DDim out_dims;
  std::vector<int64_t> dims;       // collapsed extents (>= 1 entry)
  std::vector<int64_t> x_strides;  // 0 where X is broadcast
  std::vector<int64_t> y_strides;
  bool same_shape{false};
};
BroadcastPlan MakeBroadcastPlan(const std::string& op, const DDim& x,
                                const DDim& y, int axis);

// A BroadcastPlan kept with the X / Y dims it was made for: ops call Update
// from InferShape (which runs before every Run) and the plan is remade only
// when the dims changed.
struct CachedBroadcastPlan {
  BroadcastPlan plan;
  DDim x, y;
  bool valid{false};
  const BroadcastPlan& Update(const std::string& op, const DDim& xd, const DDim& yd, int axis) {
    if (!valid || x != xd || y != yd) {
      plan = MakeBroadcastPlan(op, xd, yd, axis);
      x = xd;
      y = yd;
      valid = true;
    }
    return plan;
  }
};

// The "axis" attribute of a broadcasting op: -1 or a dim index.
int ReadBroadcastAxis(const cpp::OpDesc& desc);

// The kind of an op that serves several op types, looked up in its table of
// {op type, kind}; throws naming the op when the table lacks it.
template <typename Kind, size_t N>
Kind KindOfOpType(const std::string& op_type, const std::pair<const char*, Kind> (&table)[N]) {
  for (const auto& entry : table) {
    if (op_type == entry.first) return entry.second;
  }
  ThrowError("op '", op_type, "': not one of the op types this operator serves");
}

// Out takes X's dims and LoD, and X's element type when it is known.
inline void SameShapeAsX(const Tensor& x, Tensor* out) {
  out->Resize(x.dims());
  out->set_lod(x.lod());
  if (x.dtype() != DataType::kUnknown) out->set_dtype(x.dtype());
}

// Runs row(xrow, yrow, outrow, n, x_is_vector, y_is_vector) over the plan,
// where rows are contiguous runs of the innermost collapsed dim (split into
// chunks for long rows), in parallel over `threads` OpenMP threads when the
// output is large. `row` must not throw.
template <typename RowFn>
void ForEachBroadcastRow(const BroadcastPlan& plan, int threads, RowFn&& row) {
  const size_t k = plan.dims.size();
  const int64_t inner = plan.dims[k - 1];
  const bool xv = plan.x_strides[k - 1] != 0;
  const bool yv = plan.y_strides[k - 1] != 0;
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < k; ++i) rows *= plan.dims[i];
  const int64_t kChunk = 16384;
  const int64_t chunks = inner > kChunk ? (inner + kChunk - 1) / kChunk : 1;
  const int64_t chunk_len = (inner + chunks - 1) / chunks;
  const int64_t work = rows * chunks;
  const int64_t total = rows * inner;
#pragma omp parallel for num_threads(threads) schedule(static) if (total > 32768 && threads > 1)
  for (int64_t w = 0; w < work; ++w) {
    int64_t r = w / chunks;
    int64_t c = w % chunks;
    int64_t xo = 0, yo = 0;
    for (size_t j = k - 1; j-- > 0;) {
      int64_t idx = r % plan.dims[j];
      r /= plan.dims[j];
      xo += idx * plan.x_strides[j];
      yo += idx * plan.y_strides[j];
    }
    int64_t begin = c * chunk_len;
    int64_t n = inner - begin < chunk_len ? inner - begin : chunk_len;
    int64_t row_start = (w / chunks) * inner + begin;
    row(xo + (xv ? begin : 0), yo + (yv ? begin : 0), row_start, n, xv, yv);
  }
}

// Applies out[i] = f(x[i], y[i]) over a broadcast plan; x, y, out are the
// typed base pointers.
// One row of a broadcast binary op: out[i] = f(x[i], y[i]), where an
// operand that is not a vector (xv / yv false) is its first value repeated.
template <typename T, typename O, typename F>
inline void BinaryRow(const F& f, const T* xp, const T* yp, O* op, int64_t n, bool xv,
                      bool yv) {
  if (xv && yv) {
    for (int64_t i = 0; i < n; ++i) op[i] = f(xp[i], yp[i]);
  } else if (xv) {
    const T b = *yp;
    for (int64_t i = 0; i < n; ++i) op[i] = f(xp[i], b);
  } else if (yv) {
    const T a = *xp;
    for (int64_t i = 0; i < n; ++i) op[i] = f(a, yp[i]);
  } else {
    const O v = f(*xp, *yp);
    for (int64_t i = 0; i < n; ++i) op[i] = v;
  }
}

// Applies out[i] = f(x[i], y[i]) over a broadcast plan; x, y, out are the
// typed base pointers.
template <typename T, typename O, typename F>
void BroadcastBinary(const BroadcastPlan& plan, int threads, const T* x,
                     const T* y, O* out, F f) {
  ForEachBroadcastRow(plan, threads,
                      [&](int64_t xo, int64_t yo, int64_t oo, int64_t n,
                          bool xv, bool yv) {
                        BinaryRow(f, x + xo, y + yo, out + oo, n, xv, yv);
                      });
}

// Paddle VarType codes used by cast / fill_any_like / arg_max `dtype`.
// Returns false for codes with no tensor type in this runtime.
bool DataTypeFromVarTypeCode(int code, DataType* type);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
