// Poolings (NCHW): AVERAGE_POOL_2D, MAX_POOL_2D, ADAPTIVE_AVERAGE_POOL_2D,
// ADAPTIVE_MAX_POOL_2D.
#include "operation/context.h"
#include "operation/window.h"

namespace nnadapter {
namespace operation {
namespace {

// Reads auto_pad, pads, kernel_shape, strides, ceil_mode (input indices
// 1..5) and returns the output shape.
Dims PoolOutput(Context* ctx) {
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->ExpectRank(0, 4);
  Window w;
  w.auto_pad = AutoPad(ctx, 1);
  ReadPads(ctx, 2, &w);
  const auto kernel = FixedVector(ctx, 3, 2, 1);
  const auto strides = FixedVector(ctx, 4, 2, 1);
  w.strides[0] = static_cast<int32_t>(strides[0]);
  w.strides[1] = static_cast<int32_t>(strides[1]);
  const bool ceil_mode = ctx->Bool(5);
  const Dims in = ctx->InDims(0);
  return {in[0], in[1],
          WindowOutput(ctx, w, 0, in[2], static_cast<int32_t>(kernel[0]),
                       ceil_mode),
          WindowOutput(ctx, w, 1, in[3], static_cast<int32_t>(kernel[1]),
                       ceil_mode)};
}

// return_indices / return_indices_dtype at `i`, `i + 1`: sets output 1.
void Indices(Context* ctx, uint32_t i, const Dims& dims) {
  const bool return_indices = ctx->Bool(i);
  const int32_t dtype = ctx->Int32(i + 1);
  if (dtype != NNADAPTER_INT32 && dtype != NNADAPTER_INT64) {
    ctx->FailInput(i + 1, "expected NNADAPTER_INT32 or NNADAPTER_INT64, got " +
                              std::to_string(dtype));
  }
  if (return_indices && ctx->output_count() != 2) {
    ctx->Fail("return_indices is true: expected 2 output operands, got " +
              std::to_string(ctx->output_count()));
  }
  if (ctx->output_count() == 2) {
    ctx->SetOutputPrecision(1, dims, dtype, 0);
  }
}

Dims AdaptiveOutput(Context* ctx) {
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->ExpectRank(0, 4);
  ctx->ExpectPrecision(1, kInt32OrInt64);
  const Dims in = ctx->InDims(0);
  Dims out = {in[0], in[1], NNADAPTER_UNKNOWN, NNADAPTER_UNKNOWN};
  std::vector<int64_t> shape;
  if (ctx->VectorLength(1) >= 0 && ctx->VectorLength(1) != 2) {
    ctx->FailInput(1, "expected shape [2], got " +
                          DimsToString(ctx->InDims(1)));
  }
  if (ctx->TryIntVector(1, &shape)) {
    for (int k = 0; k < 2; k++) {
      if (shape[k] <= 0) {
        ctx->FailInput(1, "expected positive output sizes, got " +
                              std::to_string(shape[k]));
      }
      out[2 + k] = CheckedExtent(ctx, 1, shape[k]);
    }
  }
  return out;
}

}  // namespace

void Infer_AVERAGE_POOL_2D(Context* ctx) {
  ctx->InputsAndOutputs();
  const Dims out = PoolOutput(ctx);
  ctx->Bool(6);
  ctx->FuseCode(7);
  ctx->SetOutput(0, out, 0);
}

void Infer_MAX_POOL_2D(Context* ctx) {
  ctx->InputsAndOutputs();
  const Dims out = PoolOutput(ctx);
  ctx->FuseCode(8);
  ctx->SetOutput(0, out, 0);
  Indices(ctx, 6, out);
}

void Infer_ADAPTIVE_AVERAGE_POOL_2D(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->SetOutput(0, AdaptiveOutput(ctx), 0);
}

void Infer_ADAPTIVE_MAX_POOL_2D(Context* ctx) {
  ctx->InputsAndOutputs();
  const Dims out = AdaptiveOutput(ctx);
  ctx->SetOutput(0, out, 0);
  Indices(ctx, 2, out);
}

}  // namespace operation
}  // namespace nnadapter
