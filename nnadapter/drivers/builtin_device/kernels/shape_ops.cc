// Shape manipulation and data movement: RESHAPE, FLATTEN, SQUEEZE,
// UNSQUEEZE, TRANSPOSE, CONCAT, SPLIT, STACK, SLICE, GATHER, EXPAND, TILE,
// PAD, ROLL, CHANNEL_SHUFFLE, MESHGRID, and the generators SHAPE, FILL,
// RANGE. All data movement goes through Gather() (byte copies when the
// precision and quantization are unchanged).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "drivers/builtin_device/kernels/kernel.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {
namespace builtin_device {

namespace {

std::vector<int64_t> Iota(int64_t n) {
  std::vector<int64_t> v(n);
  for (int64_t i = 0; i < n; i++) v[i] = i;
  return v;
}

// Output 0 of `dims`, its element at coordinates idx read from the input
// offset source(idx).
template <typename F>
int GatherByIndex(KernelContext* ctx, const Tensor& in, const Dims& dims,
                  F source) {
  if (int r = CheckSize(ctx, dims)) return r;
  std::vector<int64_t> src(Product(dims)), idx;
  for (int64_t o = 0; o < static_cast<int64_t>(src.size()); o++) {
    Unravel(o, dims, &idx);
    src[o] = source(idx);
  }
  return Gather(ctx, 0, in, dims, src);
}

bool SameStorage(const Tensor& a, const Tensor& b) {
  if (a.type.precision != b.type.precision) return false;
  switch (a.type.precision) {
    case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER:
      return a.type.symm_per_layer_params.scale ==
             b.type.symm_per_layer_params.scale;
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
      return a.type.asymm_per_layer_params.scale ==
                 b.type.asymm_per_layer_params.scale &&
             a.type.asymm_per_layer_params.zero_point ==
                 b.type.asymm_per_layer_params.zero_point;
    case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
    case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL:
      return false;
    default:
      return true;
  }
}

// Concatenates the flat contents of several tensors into one 1-D tensor:
// raw bytes when they share precision/quantization, else real values
// (FLOAT64).
Tensor Combine(const std::vector<const Tensor*>& ts) {
  Tensor t;
  bool same = true;
  for (auto* x : ts) same = same && SameStorage(*x, *ts[0]);
  int64_t total = 0;
  for (auto* x : ts) total += x->count();
  t.dims = {total};
  t.valid = true;
  if (same) {
    t.type = ts[0]->type;
    for (auto* x : ts) t.data.insert(t.data.end(), x->data.begin(), x->data.end());
  } else {
    t.type = NNAdapterOperandType{};
    t.type.precision = NNADAPTER_FLOAT64;
    for (auto* x : ts) {
      std::vector<double> v = Values(*x);
      const uint8_t* b = reinterpret_cast<const uint8_t*>(v.data());
      t.data.insert(t.data.end(), b, b + v.size() * sizeof(double));
    }
  }
  return t;
}

// Output precision default for a movement op whose inputs were combined as
// FLOAT64: use the first input's precision unless per-channel.
int GatherCombined(KernelContext* ctx, size_t out_index, const Tensor& combined,
                   const Tensor& first, const Dims& dims,
                   const std::vector<int64_t>& src) {
  Tensor* out = ctx->out[out_index];
  if (out && out->type.precision == NNADAPTER_UNKNOWN_PRECISION &&
      combined.type.precision != first.type.precision) {
    out->type.precision = IsPerChannelQuantizedPrecision(first.type.precision)
                              ? NNADAPTER_FLOAT32
                              : first.type.precision;
    out->type.symm_per_layer_params = first.type.symm_per_layer_params;
  }
  return Gather(ctx, out_index, combined, dims, src);
}

int CopyWithDims(KernelContext* ctx, const Dims& dims) {
  const Tensor& in = *ctx->in[0];
  if (Product(dims) != in.count())
    return Fail(ctx, "cannot reshape " + DimsToString(in.dims) + " to " +
                         DimsToString(dims));
  return Gather(ctx, 0, in, dims, Iota(in.count()));
}

}  // namespace

int Compute_RESHAPE(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  std::vector<int64_t> shape = IntsAttr(ctx, 1);
  Dims dims;
  int64_t infer = -1, known = 1;
  for (size_t i = 0; i < shape.size(); i++) {
    int64_t d = shape[i];
    if (d == 0) {
      if (i >= in.dims.size())
        return Fail(ctx, "input 1 (shape): 0 at position " + std::to_string(i) +
                             " has no input dimension to copy");
      d = in.dims[i];
    }
    if (d == -1) {
      if (infer >= 0) return Fail(ctx, "input 1 (shape): more than one -1");
      infer = static_cast<int64_t>(i);
      d = 1;
    } else if (d < 0) {
      return Fail(ctx, "input 1 (shape): invalid value " + std::to_string(d));
    } else if (__builtin_mul_overflow(known, d, &known)) {
      return Fail(ctx, "input 1 (shape): the product of " + DimsToString(shape) +
                           " overflows int64");
    }
    dims.push_back(d);
  }
  if (infer >= 0) {
    if (known == 0 || in.count() % known)
      return Fail(ctx, "cannot infer -1 reshaping " + DimsToString(in.dims) +
                           " with shape " + DimsToString(shape));
    dims[infer] = in.count() / known;
  }
  return CopyWithDims(ctx, dims);
}

int Compute_FLATTEN(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  int64_t s = IntAttr(ctx, 1, 0), e = IntAttr(ctx, 2, -1);
  if (rank == 0) return CopyWithDims(ctx, {1});
  if (!NormalizeAxis(&s, rank) || !NormalizeAxis(&e, rank) || s > e)
    return Fail(ctx, "inputs 1/2 (start_axis/end_axis) out of range for rank " +
                         std::to_string(rank));
  Dims dims(in.dims.begin(), in.dims.begin() + s);
  dims.push_back(Product(in.dims, s, e + 1));
  dims.insert(dims.end(), in.dims.begin() + e + 1, in.dims.end());
  return CopyWithDims(ctx, dims);
}

// SQUEEZE removes the listed axes of extent 1 (listed axes of another extent
// are kept); no axes: every extent-1 axis.
int Compute_SQUEEZE(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  std::vector<int64_t> axes = IntsAttr(ctx, 1);
  std::vector<bool> drop(rank, false);
  for (auto a : axes) {
    if (!NormalizeAxis(&a, rank))
      return Fail(ctx, "input 1 (axes): axis out of range");
    drop[a] = in.dims[a] == 1;
  }
  Dims dims;
  for (int64_t i = 0; i < rank; i++) {
    bool d = axes.empty() ? in.dims[i] == 1 : drop[i];
    if (!d) dims.push_back(in.dims[i]);
  }
  return CopyWithDims(ctx, dims);
}

// UNSQUEEZE: axes index the output (rank + len(axes)).
int Compute_UNSQUEEZE(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  std::vector<int64_t> axes = IntsAttr(ctx, 1);
  int64_t out_rank = static_cast<int64_t>(in.dims.size() + axes.size());
  std::vector<bool> ins(out_rank, false);
  for (auto a : axes) {
    if (!NormalizeAxis(&a, out_rank) || ins[a])
      return Fail(ctx, "input 1 (axes): invalid or repeated axis");
    ins[a] = true;
  }
  Dims dims;
  size_t k = 0;
  for (int64_t i = 0; i < out_rank; i++)
    dims.push_back(ins[i] ? 1 : in.dims[k++]);
  return CopyWithDims(ctx, dims);
}

int Compute_TRANSPOSE(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  std::vector<int64_t> perm = IntsAttr(ctx, 1);
  if (perm.empty())
    for (int64_t i = rank - 1; i >= 0; i--) perm.push_back(i);
  std::vector<bool> seen(rank, false);
  if (static_cast<int64_t>(perm.size()) != rank)
    return Fail(ctx, "input 1 (perm): expected " + std::to_string(rank) +
                         " values");
  for (auto& p : perm) {
    if (!NormalizeAxis(&p, rank) || seen[p])
      return Fail(ctx, "input 1 (perm) is not a permutation");
    seen[p] = true;
  }
  Dims dims(rank);
  for (int64_t i = 0; i < rank; i++) dims[i] = in.dims[perm[i]];
  Dims is = Strides(in.dims), ps(rank);
  for (int64_t i = 0; i < rank; i++) ps[i] = is[perm[i]];
  std::vector<int64_t> src(in.count());
  Odometer(dims, {ps}, [&](int64_t o, const std::vector<int64_t>& off) {
    src[o] = off[0];
  });
  return Gather(ctx, 0, in, dims, src);
}

int Compute_CONCAT(KernelContext* ctx) {
  size_t n = ctx->in.size() - 1;
  std::vector<const Tensor*> ts;
  for (size_t i = 0; i < n; i++) {
    if (!ctx->in[i]) return Fail(ctx, "input " + std::to_string(i) + " missing");
    ts.push_back(ctx->in[i]);
  }
  const Dims& d0 = ts[0]->dims;
  int64_t rank = static_cast<int64_t>(d0.size());
  int64_t axis = IntAttr(ctx, n, 0);
  if (!NormalizeAxis(&axis, rank)) return Fail(ctx, "axis out of range");
  Dims dims = d0;
  dims[axis] = 0;
  for (size_t i = 0; i < n; i++) {
    const Dims& d = ts[i]->dims;
    bool ok = static_cast<int64_t>(d.size()) == rank;
    for (int64_t k = 0; ok && k < rank; k++) ok = k == axis || d[k] == d0[k];
    if (!ok)
      return Fail(ctx, "input " + std::to_string(i) + " " + DimsToString(d) +
                           " does not match input 0 " + DimsToString(d0));
    dims[axis] += d[axis];
  }
  if (int r = CheckSize(ctx, dims)) return r;
  Tensor combined = Combine(ts);
  // An empty output may still have huge other extents ([2^30, 0]): no loop.
  int64_t outer = Product(dims) > 0 ? Product(d0, 0, axis) : 0;
  int64_t inner = Product(d0, axis + 1);
  std::vector<int64_t> src;
  std::vector<int64_t> base(n, 0);
  for (size_t i = 1; i < n; i++) base[i] = base[i - 1] + ts[i - 1]->count();
  for (int64_t o = 0; o < outer; o++)
    for (size_t i = 0; i < n; i++) {
      int64_t chunk = ts[i]->dims[axis] * inner;
      for (int64_t j = 0; j < chunk; j++) src.push_back(base[i] + o * chunk + j);
    }
  return GatherCombined(ctx, 0, combined, *ts[0], dims, src);
}

int Compute_STACK(KernelContext* ctx) {
  size_t n = ctx->in.size() - 1;
  std::vector<const Tensor*> ts;
  for (size_t i = 0; i < n; i++) {
    if (!ctx->in[i]) return Fail(ctx, "input " + std::to_string(i) + " missing");
    if (ctx->in[i]->dims != ctx->in[0]->dims)
      return Fail(ctx, "input " + std::to_string(i) + " " +
                           DimsToString(ctx->in[i]->dims) +
                           " differs from input 0 " +
                           DimsToString(ctx->in[0]->dims));
    ts.push_back(ctx->in[i]);
  }
  const Dims& d0 = ts[0]->dims;
  int64_t axis = IntAttr(ctx, n, 0);
  if (!NormalizeAxis(&axis, static_cast<int64_t>(d0.size()) + 1))
    return Fail(ctx, "axis out of range");
  Dims dims = d0;
  dims.insert(dims.begin() + axis, static_cast<int64_t>(n));
  if (int r = CheckSize(ctx, dims)) return r;
  Tensor combined = Combine(ts);
  int64_t outer = Product(dims) > 0 ? Product(d0, 0, axis) : 0;  // see CONCAT
  int64_t inner = Product(d0, axis);
  int64_t each = ts[0]->count();
  std::vector<int64_t> src;
  for (int64_t o = 0; o < outer; o++)
    for (size_t i = 0; i < n; i++)
      for (int64_t j = 0; j < inner; j++) src.push_back(i * each + o * inner + j);
  return GatherCombined(ctx, 0, combined, *ts[0], dims, src);
}

// UNSTACK: output k = the slice k of `axis`, that dimension removed.
int Compute_UNSTACK(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  int64_t axis = IntAttr(ctx, 1, 0);
  if (!NormalizeAxis(&axis, rank)) return Fail(ctx, "input 1 (axis) out of range");
  const int64_t n = static_cast<int64_t>(ctx->out.size());
  if (in.dims[axis] != n)
    return Fail(ctx, "dimension " + std::to_string(axis) + " of input 0 is " +
                         std::to_string(in.dims[axis]) + ", expected " + std::to_string(n) +
                         " (the output count)");
  const int64_t outer = Product(in.dims, 0, axis), inner = Product(in.dims, axis + 1);
  Dims dims = in.dims;
  dims.erase(dims.begin() + axis);
  for (int64_t k = 0; k < n; k++) {
    std::vector<int64_t> src;
    for (int64_t o = 0; o < outer; o++)
      for (int64_t j = 0; j < inner; j++) src.push_back((o * n + k) * inner + j);
    int r = Gather(ctx, static_cast<size_t>(k), in, dims, src);
    if (r) return r;
  }
  return NNADAPTER_NO_ERROR;
}

int Compute_SPLIT(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  int64_t axis = IntAttr(ctx, 1, 0);
  if (!NormalizeAxis(&axis, rank)) return Fail(ctx, "input 1 (axis) out of range");
  std::vector<int64_t> split = IntsAttr(ctx, 2);
  size_t n = ctx->out.size();
  if (split.empty()) {
    if (in.dims[axis] % static_cast<int64_t>(n))
      return Fail(ctx, "axis extent not divisible by the output count");
    split.assign(n, in.dims[axis] / static_cast<int64_t>(n));
  }
  if (split.size() != n)
    return Fail(ctx, "input 2 (split) has " + std::to_string(split.size()) +
                         " values for " + std::to_string(n) + " outputs");
  int64_t sum = 0;
  for (auto s : split) sum += s;
  if (sum != in.dims[axis])
    return Fail(ctx, "input 2 (split) sums to " + std::to_string(sum) +
                         ", expected " + std::to_string(in.dims[axis]));
  int64_t outer = Product(in.dims, 0, axis), inner = Product(in.dims, axis + 1);
  int64_t start = 0;
  for (size_t k = 0; k < n; k++) {
    Dims dims = in.dims;
    dims[axis] = split[k];
    std::vector<int64_t> src;
    for (int64_t o = 0; Product(dims) > 0 && o < outer; o++)  // see CONCAT
      for (int64_t j = 0; j < split[k] * inner; j++)
        src.push_back((o * in.dims[axis] + start) * inner + j);
    int r = Gather(ctx, k, in, dims, src);
    if (r) return r;
    start += split[k];
  }
  return NNADAPTER_NO_ERROR;
}

// SLICE (numpy semantics): negative starts/ends add the extent, then are
// clamped: step > 0 to [0, dim]; step < 0 start to [-1, dim - 1] and end to
// [-1, dim - 1].
int Compute_SLICE(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  std::vector<int64_t> starts = IntsAttr(ctx, 2), ends = IntsAttr(ctx, 3);
  std::vector<int64_t> axes = HasInput(ctx, 1) ? IntsAttr(ctx, 1)
                                               : Iota(starts.size());
  std::vector<int64_t> steps = HasInput(ctx, 4)
                                   ? IntsAttr(ctx, 4)
                                   : std::vector<int64_t>(starts.size(), 1);
  if (starts.size() != axes.size() || ends.size() != axes.size() ||
      steps.size() != axes.size())
    return Fail(ctx, "axes/starts/ends/steps must have the same length");
  std::vector<int64_t> begin(rank, 0), step(rank, 1);
  Dims dims = in.dims;
  for (size_t i = 0; i < axes.size(); i++) {
    int64_t a = axes[i];
    if (!NormalizeAxis(&a, rank)) return Fail(ctx, "input 1 (axes) out of range");
    int64_t d = in.dims[a], s = starts[i], e = ends[i], st = steps[i];
    if (st == 0 || st == INT64_MIN)
      return Fail(ctx, "input 4 (steps) must not be 0");
    if (s < 0) s += d;
    if (e < 0 && e > INT32_MIN) e += d;
    if (st > 0) {
      s = std::min(std::max<int64_t>(s, 0), d);
      e = std::min(std::max<int64_t>(e, 0), d);
      dims[a] = e > s ? (e - s - 1) / st + 1 : 0;
    } else {
      s = std::min(std::max<int64_t>(s, -1), d - 1);
      e = std::min(std::max<int64_t>(e, -1), d - 1);
      dims[a] = s > e ? (s - e - 1) / (-st) + 1 : 0;
    }
    begin[a] = s;
    step[a] = st;
  }
  Dims is = Strides(in.dims);
  return GatherByIndex(ctx, in, dims, [&](const std::vector<int64_t>& idx) {
    int64_t s = 0;
    for (int64_t k = 0; k < rank; k++) s += (begin[k] + idx[k] * step[k]) * is[k];
    return s;
  });
}

int Compute_GATHER(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  const Tensor& indices = *ctx->in[1];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  int64_t axis = IntAttr(ctx, 2, 0);
  if (!NormalizeAxis(&axis, rank)) return Fail(ctx, "input 2 (axis) out of range");
  std::vector<int64_t> id = IntsAttr(ctx, 1);
  int64_t extent = in.dims[axis];
  for (size_t k = 0; k < id.size(); k++) {
    const int64_t given = id[k];
    if (id[k] < 0) id[k] += extent;
    if (id[k] < 0 || id[k] >= extent)
      return Fail(ctx, "input 1 (indices) element " + std::to_string(k) + " is " +
                           std::to_string(given) + ", out of range [" +
                           std::to_string(-extent) + ", " + std::to_string(extent) + ")");
  }
  Dims dims(in.dims.begin(), in.dims.begin() + axis);
  dims.insert(dims.end(), indices.dims.begin(), indices.dims.end());
  dims.insert(dims.end(), in.dims.begin() + axis + 1, in.dims.end());
  if (int r = CheckSize(ctx, dims)) return r;
  int64_t outer = Product(dims) > 0 ? Product(in.dims, 0, axis) : 0;  // see CONCAT
  int64_t inner = Product(in.dims, axis + 1);
  std::vector<int64_t> src;
  for (int64_t o = 0; o < outer; o++)
    for (auto i : id)
      for (int64_t j = 0; j < inner; j++)
        src.push_back((o * extent + i) * inner + j);
  return Gather(ctx, 0, in, dims, src);
}

// EXPAND: numpy broadcast of input to `shape`; -1 keeps the input extent.
int Compute_EXPAND(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  std::vector<int64_t> shape = IntsAttr(ctx, 1);
  Dims want(shape.begin(), shape.end());
  size_t off = want.size() >= in.dims.size() ? want.size() - in.dims.size() : 0;
  for (size_t i = 0; i < want.size(); i++) {
    if (want[i] == -1) {
      if (i < off) return Fail(ctx, "input 1 (shape): -1 in a new leading axis");
      want[i] = in.dims[i - off];
    }
  }
  for (auto d : want)
    if (d < 0) return Fail(ctx, "input 1 (shape) has a negative extent");
  Dims dims;
  if (!BroadcastShape(in.dims, want, &dims))
    return Fail(ctx, "cannot expand " + DimsToString(in.dims) + " to " +
                         DimsToString(want));
  return GatherByIndex(ctx, in, dims, [&](const std::vector<int64_t>& idx) {
    return BroadcastIndex(in.dims, dims, idx);
  });
}

int Compute_TILE(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  std::vector<int64_t> rep = IntsAttr(ctx, 1);
  if (rep.size() != in.dims.size())
    return Fail(ctx, "input 1 (repeats): expected " +
                         std::to_string(in.dims.size()) + " values");
  Dims dims = in.dims;
  for (size_t i = 0; i < dims.size(); i++) {
    if (rep[i] < 0) return Fail(ctx, "input 1 (repeats) must be >= 0");
    dims[i] *= rep[i];
  }
  Dims is = Strides(in.dims);
  return GatherByIndex(ctx, in, dims, [&](const std::vector<int64_t>& idx) {
    int64_t s = 0;
    for (size_t k = 0; k < dims.size(); k++) s += (idx[k] % in.dims[k]) * is[k];
    return s;
  });
}

// PAD: pads = [x0_begin, x0_end, x1_begin, ...] (>= 0). CONSTANT (and NONE)
// fill `value` (default 0); REFLECT mirrors without the edge; REPLICATE and
// EDGE repeat the edge.
int Compute_PAD(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  std::vector<int64_t> pads = IntsAttr(ctx, 1);
  if (static_cast<int64_t>(pads.size()) != 2 * rank)
    return Fail(ctx, "input 1 (pads): expected " + std::to_string(2 * rank) +
                         " values, got " + std::to_string(pads.size()));
  for (auto p : pads)
    if (p < 0 || p > (int64_t(1) << 31))
      return Fail(ctx, "input 1 (pads): padding must be in [0, 2^31]");
  int64_t mode = IntAttr(ctx, 2, NNADAPTER_PAD_MODE_CONSTANT);
  double value = FloatAttr(ctx, 3, 0.0);
  Dims dims = in.dims;
  for (int64_t i = 0; i < rank; i++) {
    dims[i] += pads[2 * i] + pads[2 * i + 1];
    if (mode == NNADAPTER_PAD_MODE_REFLECT &&
        (pads[2 * i] >= in.dims[i] || pads[2 * i + 1] >= in.dims[i]))
      return Fail(ctx, "REFLECT padding must be smaller than the extent");
  }
  if (mode < 0 || mode > 4) return Fail(ctx, "input 2 (mode) invalid");
  if (int r = CheckSize(ctx, dims)) return r;
  std::vector<double> v = Values(in), out(Product(dims));
  Dims is = Strides(in.dims);
  std::vector<int64_t> idx;
  for (int64_t o = 0; o < static_cast<int64_t>(out.size()); o++) {
    Unravel(o, dims, &idx);
    int64_t s = 0;
    bool outside = false;
    for (int64_t k = 0; k < rank; k++) {
      int64_t p = idx[k] - pads[2 * k], d = in.dims[k];
      if (p < 0 || p >= d) {
        if (mode == NNADAPTER_PAD_MODE_REFLECT) {
          p = p < 0 ? -p : 2 * (d - 1) - p;
        } else if (mode == NNADAPTER_PAD_MODE_REPLICATE ||
                   mode == NNADAPTER_PAD_MODE_EDGE) {
          p = p < 0 ? 0 : d - 1;
        } else {
          outside = true;
        }
      }
      s += p * is[k];
    }
    out[o] = outside ? value : v[s];
  }
  return Output(ctx, 0, dims, out, in.type.precision, &in);
}

// ROLL: element i moves to i + shift along each axis; without axes the
// flattened tensor rolls by shifts[0].
int Compute_ROLL(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  int64_t rank = static_cast<int64_t>(in.dims.size());
  std::vector<int64_t> shifts = IntsAttr(ctx, 1), axes = IntsAttr(ctx, 2);
  int64_t n = in.count();
  std::vector<int64_t> src(n);
  if (axes.empty()) {
    if (shifts.size() != 1) return Fail(ctx, "input 1 (shifts): expected 1 value without axes");
    int64_t s = n > 0 ? ((shifts[0] % n) + n) % n : 0;
    for (int64_t o = 0; o < n; o++) src[o] = (o - s + n) % n;
    return Gather(ctx, 0, in, in.dims, src);
  }
  if (shifts.size() != axes.size())
    return Fail(ctx, "inputs 1/2 (shifts/axes) differ in length");
  std::vector<int64_t> total(rank, 0);
  for (size_t i = 0; i < axes.size(); i++) {
    int64_t a = axes[i];
    if (!NormalizeAxis(&a, rank)) return Fail(ctx, "input 2 (axes) out of range");
    int64_t d = in.dims[a];
    if (d > 0) total[a] = (total[a] + shifts[i] % d) % d;
  }
  Dims is = Strides(in.dims);
  std::vector<int64_t> idx;
  for (int64_t o = 0; o < n; o++) {
    Unravel(o, in.dims, &idx);
    int64_t s = 0;
    for (int64_t k = 0; k < rank; k++) {
      int64_t d = in.dims[k];
      int64_t sh = ((total[k] % d) + d) % d;
      s += ((idx[k] - sh + d) % d) * is[k];
    }
    src[o] = s;
  }
  return Gather(ctx, 0, in, in.dims, src);
}

int Compute_CHANNEL_SHUFFLE(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  if (in.dims.size() < 2) return Fail(ctx, "input 0: expected rank >= 2");
  int64_t group = IntAttr(ctx, 1, 1);
  int64_t N = in.dims[0], C = in.dims[1], inner = Product(in.dims, 2);
  if (group <= 0 || C % group)
    return Fail(ctx, "input 1 (group) = " + std::to_string(group) +
                         " must divide the channels " + std::to_string(C));
  int64_t size = C / group;
  std::vector<int64_t> src;
  for (int64_t n = 0; n < N; n++)
    for (int64_t co = 0; co < C; co++) {
      int64_t k = co / group, g = co % group;
      int64_t ci = g * size + k;
      for (int64_t j = 0; j < inner; j++) src.push_back((n * C + ci) * inner + j);
    }
  return Gather(ctx, 0, in, in.dims, src);
}

// MESHGRID ("ij" indexing): output k[i0, ..., in-1] = input_k[i_k].
int Compute_MESHGRID(KernelContext* ctx) {
  size_t n = ctx->in.size();
  Dims dims;
  for (size_t k = 0; k < n; k++) {
    if (!ctx->in[k]) return Fail(ctx, "input " + std::to_string(k) + " missing");
    dims.push_back(ctx->in[k]->count());
  }
  if (ctx->out.size() != n)
    return Fail(ctx, "expected " + std::to_string(n) + " outputs");
  std::vector<int64_t> idx;
  for (size_t k = 0; k < n; k++) {
    std::vector<int64_t> src(Product(dims));
    for (int64_t o = 0; o < static_cast<int64_t>(src.size()); o++) {
      Unravel(o, dims, &idx);
      src[o] = idx[k];
    }
    int r = Gather(ctx, k, *ctx->in[k], dims, src);
    if (r) return r;
  }
  return NNADAPTER_NO_ERROR;
}

int Compute_SHAPE(KernelContext* ctx) {
  const Tensor& in = *ctx->in[0];
  int64_t dtype = IntAttr(ctx, 1, NNADAPTER_INT64);
  if (dtype != NNADAPTER_INT32 && dtype != NNADAPTER_INT64)
    return Fail(ctx, "input 1 (dtype): expected INT32 or INT64");
  std::vector<double> v(in.dims.begin(), in.dims.end());
  return Output(ctx, 0, {static_cast<int64_t>(in.dims.size())}, v,
                static_cast<NNAdapterOperandPrecision>(dtype));
}

int Compute_FILL(KernelContext* ctx) {
  std::vector<int64_t> shape = IntsAttr(ctx, 0);
  Dims dims(shape.begin(), shape.end());
  for (auto d : dims)
    if (d < 0) return Fail(ctx, "input 0 (shape) has a negative extent");
  const Tensor& value = *ctx->in[1];
  if (value.count() < 1) return Fail(ctx, "input 1 (value) is empty");
  if (int r = CheckSize(ctx, dims)) return r;
  std::vector<int64_t> src(Product(dims), 0);
  return Gather(ctx, 0, value, dims, src);
}

// RANGE: length = max(ceil((end - start) / step), 0).
int Compute_RANGE(KernelContext* ctx) {
  double start = FloatAttr(ctx, 0, 0), end = FloatAttr(ctx, 1, 0),
         step = FloatAttr(ctx, 2, 1);
  if (step == 0) return Fail(ctx, "input 2 (step) must not be 0");
  double len = std::ceil((end - start) / step);
  if (!std::isfinite(len) || len > double(MaxElements()))
    return Fail(ctx, "inputs 0..2 (start/end/step) give an invalid length");
  int64_t n = std::max<int64_t>(static_cast<int64_t>(len), 0);
  std::vector<double> v(n);
  for (int64_t i = 0; i < n; i++) v[i] = start + i * step;
  return Output(ctx, 0, {n}, v, ctx->in[0]->type.precision, ctx->in[0]);
}

}  // namespace builtin_device
}  // namespace nnadapter
