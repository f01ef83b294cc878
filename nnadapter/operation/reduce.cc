// Reductions: REDUCE_MAX, REDUCE_MEAN, REDUCE_SUM (input, axes, keepdim) and
// ARG_MAX, ARG_MIN (input, axis, keepdim, dtype).
// Reducing every axis without keepdim gives shape [1] (Paddle's convention).
#include <set>

#include "operation/context.h"

namespace nnadapter {
namespace operation {
namespace {

Dims Reduce(const Dims& in, const std::set<int32_t>& axes, bool keepdim) {
  Dims out;
  for (int32_t k = 0; k < static_cast<int32_t>(in.size()); k++) {
    if (axes.count(k)) {
      if (keepdim) out.push_back(1);
    } else {
      out.push_back(in[k]);
    }
  }
  if (out.empty()) out.push_back(1);
  return out;
}

void InferReduce(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->ExpectPrecision(1, {NNADAPTER_INT32});
  const Dims in = ctx->InDims(0);
  const int32_t rank = static_cast<int32_t>(in.size());
  const std::vector<int64_t> values = ctx->IntVector(1);
  const bool keepdim = ctx->Bool(2);
  std::set<int32_t> axes;
  for (int64_t a : values) {
    const int32_t axis = ctx->NormalizeAxis(1, a, rank);
    if (!axes.insert(axis).second) {
      ctx->FailInput(1, "axis " + std::to_string(a) + " appears twice");
    }
  }
  if (values.empty()) {
    for (int32_t k = 0; k < rank; k++) axes.insert(k);
  }
  ctx->SetOutput(0, Reduce(in, axes, keepdim), 0);
}

void InferArg(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kFloatQuant8OrInt);
  ctx->ExpectRankRange(0, 1, NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  const Dims in = ctx->InDims(0);
  const int32_t axis = ctx->Axis(1, static_cast<int32_t>(in.size()));
  const bool keepdim = ctx->Bool(2);
  const int32_t dtype = ctx->Int32(3);
  if (dtype != NNADAPTER_INT32 && dtype != NNADAPTER_INT64) {
    ctx->FailInput(3, "expected NNADAPTER_INT32 or NNADAPTER_INT64, got " +
                          std::to_string(dtype));
  }
  ctx->SetOutputPrecision(0, Reduce(in, {axis}, keepdim), dtype, 0);
}

}  // namespace

void Infer_REDUCE_MAX(Context* ctx) { InferReduce(ctx); }
void Infer_REDUCE_MEAN(Context* ctx) { InferReduce(ctx); }
void Infer_REDUCE_SUM(Context* ctx) { InferReduce(ctx); }
void Infer_ARG_MAX(Context* ctx) { InferArg(ctx); }
void Infer_ARG_MIN(Context* ctx) { InferArg(ctx); }

}  // namespace operation
}  // namespace nnadapter
