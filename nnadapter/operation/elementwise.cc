// Element-wise binary/n-ary operations with numpy broadcasting.
//   ADD SUB MUL DIV MAX MIN POW FLOOR_DIV (input0, input1, fuse_code)
//   AND OR XOR (bool), SUM (n inputs), WHERE (condition, input0, input1)
//   EQUAL NOT_EQUAL GREATER GREATER_EQUAL LESS LESS_EQUAL (-> BOOL8)
#include "operation/context.h"

namespace nnadapter {
namespace operation {
namespace {

// Broadcasts input `j` into `dims` (the running result).
void BroadcastInto(Context* ctx, uint32_t j, Dims* dims) {
  int bad = -1;
  Dims out;
  if (!BroadcastDims(*dims, ctx->InDims(j), &out, &bad)) {
    ctx->FailInput(j, "shape " + DimsToString(ctx->InDims(j)) +
                          " cannot be broadcast with " + DimsToString(*dims) +
                          " (output axis " + std::to_string(bad) + ")");
  }
  *dims = out;
}

// The standard lists FLOAT32 and QUANT_INT8_SYMM_PER_LAYER; INT32/INT64 are
// accepted too because shape arithmetic in real models needs them.
void InferArithmetic(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, {NNADAPTER_FLOAT32,
                           NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
                           NNADAPTER_INT32, NNADAPTER_INT64});
  ctx->ExpectSamePrecision(1, 0);
  ctx->FuseCode(2);
  Dims dims = ctx->InDims(0);
  BroadcastInto(ctx, 1, &dims);
  ctx->SetOutput(0, dims, 0);
}

void InferLogical(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, {NNADAPTER_BOOL8});
  ctx->ExpectSamePrecision(1, 0);
  Dims dims = ctx->InDims(0);
  BroadcastInto(ctx, 1, &dims);
  ctx->SetOutput(0, dims, 0);
}

void InferComparison(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, {NNADAPTER_FLOAT32, NNADAPTER_BOOL8,
                           NNADAPTER_INT32, NNADAPTER_INT64,
                           NNADAPTER_QUANT_INT8_SYMM_PER_LAYER});
  ctx->ExpectSamePrecision(1, 0);
  Dims dims = ctx->InDims(0);
  BroadcastInto(ctx, 1, &dims);
  ctx->SetOutputPrecision(0, dims, NNADAPTER_BOOL8, 0);
}

}  // namespace

void Infer_ADD(Context* ctx) { InferArithmetic(ctx); }
void Infer_SUB(Context* ctx) { InferArithmetic(ctx); }
void Infer_MUL(Context* ctx) { InferArithmetic(ctx); }
void Infer_DIV(Context* ctx) { InferArithmetic(ctx); }
void Infer_MAX(Context* ctx) { InferArithmetic(ctx); }
void Infer_MIN(Context* ctx) { InferArithmetic(ctx); }
void Infer_POW(Context* ctx) { InferArithmetic(ctx); }
void Infer_FLOOR_DIV(Context* ctx) { InferArithmetic(ctx); }

void Infer_AND(Context* ctx) { InferLogical(ctx); }
void Infer_OR(Context* ctx) { InferLogical(ctx); }
void Infer_XOR(Context* ctx) { InferLogical(ctx); }

void Infer_EQUAL(Context* ctx) { InferComparison(ctx); }
void Infer_NOT_EQUAL(Context* ctx) { InferComparison(ctx); }
void Infer_GREATER(Context* ctx) { InferComparison(ctx); }
void Infer_GREATER_EQUAL(Context* ctx) { InferComparison(ctx); }
void Infer_LESS(Context* ctx) { InferComparison(ctx); }
void Infer_LESS_EQUAL(Context* ctx) { InferComparison(ctx); }

void Infer_SUM(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, {NNADAPTER_FLOAT32,
                           NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
                           NNADAPTER_INT32, NNADAPTER_INT64});
  Dims dims = ctx->InDims(0);
  for (uint32_t i = 1; i < ctx->input_count(); i++) {
    ctx->ExpectSamePrecision(i, 0);
    BroadcastInto(ctx, i, &dims);
  }
  ctx->SetOutput(0, dims, 0);
}

void Infer_WHERE(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, {NNADAPTER_BOOL8});
  ctx->ExpectPrecision(1, {NNADAPTER_FLOAT32, NNADAPTER_INT32,
                           NNADAPTER_INT64,
                           NNADAPTER_QUANT_INT8_SYMM_PER_LAYER});
  ctx->ExpectSamePrecision(2, 1);
  Dims dims = ctx->InDims(0);
  BroadcastInto(ctx, 1, &dims);
  BroadcastInto(ctx, 2, &dims);
  ctx->SetOutput(0, dims, 1);
}

}  // namespace operation
}  // namespace nnadapter
