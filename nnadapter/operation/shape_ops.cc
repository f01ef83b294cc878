// Shape manipulation: RESHAPE, FLATTEN, SQUEEZE, UNSQUEEZE, TRANSPOSE,
// EXPAND, TILE, SHAPE. Values of shape-like operands are used when they are
// constants; otherwise the affected extents are NNADAPTER_UNKNOWN.
#include <algorithm>
#include <limits>
#include <set>

#include "operation/context.h"

namespace nnadapter {
namespace operation {
namespace {

// Output dims when a shape operand `i` is not constant: its length gives the
// rank if known, otherwise the caller's dims stay.
Dims UnknownOfLength(Context* ctx, uint32_t i) {
  const int32_t n = ctx->VectorLength(i);
  if (n < 0) return ctx->CallerDims(0);
  if (n > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
    ctx->FailInput(i, "expected at most " +
                          std::to_string(NNADAPTER_MAX_SIZE_OF_DIMENSIONS) +
                          " values, got " + std::to_string(n));
  }
  return Dims(n, NNADAPTER_UNKNOWN);
}

void ExpectMaxRank(Context* ctx, uint32_t i, size_t rank) {
  if (rank > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
    ctx->FailInput(i, "the output rank " + std::to_string(rank) +
                          " exceeds NNADAPTER_MAX_SIZE_OF_DIMENSIONS");
  }
}

// The checks every shape operation starts with: operand counts and the
// precisions its data input 0 may have (bool only where values are just
// copied). Returns the dims of input 0.
Dims DataInput(Context* ctx, bool bool_too) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, bool_too ? kFloatQuant8IntOrBool : kFloatQuant8OrInt);
  return ctx->InDims(0);
}

// The values of the shape-like input 1 (int32 or int64, at most the
// maximum rank); false when they are known only at run time.
bool ShapeValues(Context* ctx, std::vector<int64_t>* values) {
  ctx->ExpectPrecision(1, kInt32OrInt64);
  if (!ctx->TryIntVector(1, values)) return false;
  ExpectMaxRank(ctx, 1, values->size());
  return true;
}

// EXPAND and TILE: `count` values of input 1 give the output axes, aligned
// to the right with input 0's dims; fewer values than dims is an error,
// more prepend axes of extent 1. Returns how many axes are prepended.
size_t LeadingAxes(Context* ctx, const Dims& in, size_t count,
                   const std::string& at_least) {
  if (count < in.size()) {
    ctx->FailInput(1, "expected " + at_least + std::to_string(in.size()) +
                          " values (the rank of input 0), got " +
                          std::to_string(count));
  }
  return count - in.size();
}

}  // namespace

void Infer_RESHAPE(Context* ctx) {
  const Dims in = DataInput(ctx, true);
  std::vector<int64_t> shape;
  if (!ShapeValues(ctx, &shape)) {
    ctx->SetOutput(0, UnknownOfLength(ctx, 1), 0);
    return;
  }
  Dims out(shape.size());
  int infer_at = -1;
  int64_t known = 1;
  bool all_known = true;
  for (size_t k = 0; k < shape.size(); k++) {
    const int64_t v = shape[k];
    if (v == -1) {
      if (infer_at >= 0) {
        ctx->FailInput(1, "more than one -1 in " + DimsToString(
                              Dims(shape.begin(), shape.end())));
      }
      infer_at = static_cast<int>(k);
      continue;
    }
    if (v < -1) {
      ctx->FailInput(1, "invalid value " + std::to_string(v) + " at index " +
                            std::to_string(k));
    }
    int32_t d = CheckedExtent(ctx, 1, v);
    if (v == 0) {
      if (k >= in.size()) {
        ctx->FailInput(1, "0 at index " + std::to_string(k) +
                              " copies an input dimension, but the input " +
                              "has rank " + std::to_string(in.size()));
      }
      d = in[k];
    }
    out[k] = d;
    if (d < 0) {
      all_known = false;
    } else {
      if (d != 0 && known > (int64_t{1} << 53) / d) {
        ctx->FailInput(1, "the shape has too many elements");
      }
      known *= d;
    }
  }
  const int64_t total = ElementCount(in);
  if (infer_at >= 0) {
    out[infer_at] = NNADAPTER_UNKNOWN;
    if (total >= 0 && all_known) {
      if (known == 0 || total % known != 0) {
        ctx->FailInput(1, "cannot infer -1: " + std::to_string(total) +
                              " elements are not a multiple of " +
                              std::to_string(known));
      }
      out[infer_at] = CheckedExtent(ctx, 1, total / known);
    }
  } else if (total >= 0 && all_known && total != known) {
    ctx->FailInput(1, "shape " + DimsToString(out) + " has " +
                          std::to_string(known) + " elements, input " +
                          DimsToString(in) + " has " + std::to_string(total));
  }
  ctx->SetOutput(0, out, 0);
}

void Infer_FLATTEN(Context* ctx) {
  DataInput(ctx, false);
  ctx->ExpectRankRange(0, 1, NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  const Dims in = ctx->InDims(0);
  const int32_t rank = static_cast<int32_t>(in.size());
  const int32_t start = ctx->Axis(1, rank);
  const int32_t end = ctx->Axis(2, rank);
  if (start > end) {
    ctx->FailInput(2, "expected end_axis >= start_axis (" +
                          std::to_string(start) + "), got " +
                          std::to_string(end));
  }
  Dims out(in.begin(), in.begin() + start);
  const int64_t n = ElementCount(Dims(in.begin() + start, in.begin() + end + 1));
  out.push_back(n < 0 ? NNADAPTER_UNKNOWN : CheckedExtent(ctx, 0, n));
  out.insert(out.end(), in.begin() + end + 1, in.end());
  ctx->SetOutput(0, out, 0);
}

// Axes of size 1 are removed; an axis listed explicitly is removed when its
// extent is 1 or unknown and kept otherwise (Paddle's squeeze2). Absent or
// empty axes remove every extent known to be 1.
void Infer_SQUEEZE(Context* ctx) {
  const Dims in = DataInput(ctx, false);
  const int32_t rank = static_cast<int32_t>(in.size());
  std::set<int32_t> axes;
  if (ctx->InOptional(1)) {
    ctx->ExpectPrecision(1, {NNADAPTER_INT32});
    for (int64_t a : ctx->IntVector(1)) {
      axes.insert(ctx->NormalizeAxis(1, a, rank));
    }
  }
  Dims out;
  for (int32_t k = 0; k < rank; k++) {
    const bool remove =
        axes.empty() ? in[k] == 1 : (axes.count(k) && in[k] <= 1);
    if (!remove) out.push_back(in[k]);
  }
  ctx->SetOutput(0, out, 0);
}

void Infer_UNSQUEEZE(Context* ctx) {
  const Dims in = DataInput(ctx, false);
  ctx->ExpectPrecision(1, {NNADAPTER_INT32});
  const std::vector<int64_t> values = ctx->IntVector(1);
  if (values.empty()) ctx->FailInput(1, "expected at least one axis");
  const int32_t out_rank = static_cast<int32_t>(in.size() + values.size());
  ExpectMaxRank(ctx, 1, out_rank);
  std::set<int32_t> axes;
  for (int64_t a : values) {
    // Axes index the output (rank R + len(axes)), as in numpy/ONNX.
    if (!axes.insert(ctx->NormalizeAxis(1, a, out_rank)).second) {
      ctx->FailInput(1, "axis " + std::to_string(a) + " appears twice");
    }
  }
  Dims out;
  size_t next = 0;
  for (int32_t k = 0; k < out_rank; k++) {
    out.push_back(axes.count(k) ? 1 : in[next++]);
  }
  ctx->SetOutput(0, out, 0);
}

void Infer_TRANSPOSE(Context* ctx) {
  const Dims in = DataInput(ctx, false);
  ctx->ExpectPrecision(1, {NNADAPTER_INT32});
  const int32_t rank = static_cast<int32_t>(in.size());
  const std::vector<int64_t> perm = ctx->IntVector(1);
  if (perm.size() != in.size()) {
    ctx->FailInput(1, "expected " + std::to_string(rank) +
                          " values (the rank of input 0), got " +
                          std::to_string(perm.size()));
  }
  std::vector<bool> seen(rank, false);
  Dims out(rank);
  for (int32_t k = 0; k < rank; k++) {
    const int32_t p = ctx->NormalizeAxis(1, perm[k], rank);
    if (seen[p]) {
      ctx->FailInput(1, "not a permutation: " + std::to_string(perm[k]) +
                            " appears twice");
    }
    seen[p] = true;
    out[k] = in[p];
  }
  ctx->SetOutput(0, out, 0);
}

// shape values of -1 keep the input extent (Paddle's expand_v2).
void Infer_EXPAND(Context* ctx) {
  const Dims in = DataInput(ctx, true);
  std::vector<int64_t> shape;
  if (!ShapeValues(ctx, &shape)) {
    Dims out = UnknownOfLength(ctx, 1);
    if (out.size() < in.size()) {
      ctx->FailInput(1, "expected at least " + std::to_string(in.size()) +
                            " values (the rank of input 0)");
    }
    ctx->SetOutput(0, out, 0);
    return;
  }
  const size_t lead = LeadingAxes(ctx, in, shape.size(), "at least ");
  Dims out(shape.size());
  for (size_t k = 0; k < shape.size(); k++) {
    const int32_t x = k < lead ? 1 : in[k - lead];
    const int64_t s = shape[k];
    if (s == -1) {
      if (k < lead) {
        ctx->FailInput(1, "-1 at index " + std::to_string(k) +
                              " has no input dimension to keep");
      }
      out[k] = x;
    } else if (s < 0) {
      ctx->FailInput(1, "invalid value " + std::to_string(s));
    } else if (x >= 0 && x != 1 && x != s) {
      ctx->FailInput(1, "cannot expand dimension of size " +
                            std::to_string(x) + " to " + std::to_string(s));
    } else {
      out[k] = CheckedExtent(ctx, 1, s);
    }
  }
  ctx->SetOutput(0, out, 0);
}

void Infer_TILE(Context* ctx) {
  const Dims in = DataInput(ctx, true);
  std::vector<int64_t> repeats;
  if (!ShapeValues(ctx, &repeats)) {
    const int32_t n = ctx->VectorLength(1);
    const int32_t rank = std::max<int32_t>(n, static_cast<int32_t>(in.size()));
    ctx->SetOutput(0, n < 0 ? ctx->CallerDims(0) : Dims(rank, -1), 0);
    return;
  }
  const size_t lead = LeadingAxes(ctx, in, repeats.size(), "");
  Dims out(repeats.size());
  for (size_t k = 0; k < repeats.size(); k++) {
    if (repeats[k] < 1) {
      ctx->FailInput(1, "expected repeats >= 1, got " +
                            std::to_string(repeats[k]) + " at index " +
                            std::to_string(k));
    }
    const int32_t x = k < lead ? 1 : in[k - lead];
    if (repeats[k] > std::numeric_limits<int32_t>::max()) {
      ctx->FailInput(1, "repeats " + std::to_string(repeats[k]) +
                            " does not fit in int32");
    }
    out[k] = x < 0 ? NNADAPTER_UNKNOWN : CheckedExtent(ctx, 1, x * repeats[k]);
  }
  ctx->SetOutput(0, out, 0);
}

void Infer_SHAPE(Context* ctx) {
  DataInput(ctx, true);
  const int32_t dtype = ctx->Int32(1);
  if (dtype != NNADAPTER_INT32 && dtype != NNADAPTER_INT64) {
    ctx->FailInput(1, "expected NNADAPTER_INT32 or NNADAPTER_INT64, got " +
                          std::to_string(dtype));
  }
  ctx->SetOutputPrecision(0, {static_cast<int32_t>(ctx->InRank(0))}, dtype,
                          -1);
}

}  // namespace operation
}  // namespace nnadapter
