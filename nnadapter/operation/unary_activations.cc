// Element-wise unary operations: the output has the input's shape,
// precision and quantization (a quantized output keeps the caller's scale).
//   ABS ASSIGN COS EXP FLOOR LOG RELU RELU6 RSQRT SIGMOID SIN SQUARE SWISH
//   TANH NOT GELU HARD_SIGMOID HARD_SWISH LEAKY_RELU PRELU SOFTPLUS CLIP
#include <cmath>

#include "operation/context.h"

namespace nnadapter {
namespace operation {
namespace {

void InferSameAsInput(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->SetOutput(0, ctx->InDims(0), 0);
}

// input + constant float scalars (alpha, beta, ...): the first `count`
// operands of the layout.
void InferWithFloatAttributes(Context* ctx, uint32_t count) {
  ctx->Inputs(count);
  ctx->Outputs();
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  for (uint32_t i = 1; i < count; i++) {
    const float v = ctx->Float(i);
    if (!std::isfinite(v)) ctx->FailInput(i, "expected a finite value");
  }
  ctx->SetOutput(0, ctx->InDims(0), 0);
}

void InferWithFloatAttributes(Context* ctx) {
  InferWithFloatAttributes(ctx, ctx->layout().input_count);
}

}  // namespace

void Infer_ABS(Context* ctx) { InferSameAsInput(ctx); }
void Infer_ASSIGN(Context* ctx) { InferSameAsInput(ctx); }
void Infer_COS(Context* ctx) { InferSameAsInput(ctx); }
void Infer_EXP(Context* ctx) { InferSameAsInput(ctx); }
void Infer_FLOOR(Context* ctx) { InferSameAsInput(ctx); }
void Infer_LOG(Context* ctx) { InferSameAsInput(ctx); }
void Infer_RELU(Context* ctx) { InferSameAsInput(ctx); }
void Infer_RELU6(Context* ctx) { InferSameAsInput(ctx); }
void Infer_RSQRT(Context* ctx) { InferSameAsInput(ctx); }
void Infer_SIGMOID(Context* ctx) { InferSameAsInput(ctx); }
void Infer_SIN(Context* ctx) { InferSameAsInput(ctx); }
void Infer_SQUARE(Context* ctx) { InferSameAsInput(ctx); }
void Infer_SWISH(Context* ctx) { InferSameAsInput(ctx); }
void Infer_TANH(Context* ctx) { InferSameAsInput(ctx); }

void Infer_NOT(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, {NNADAPTER_BOOL8});
  ctx->SetOutput(0, ctx->InDims(0), 0);
}

void Infer_GELU(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->Bool(1);
  ctx->SetOutput(0, ctx->InDims(0), 0);
}

void Infer_HARD_SIGMOID(Context* ctx) { InferWithFloatAttributes(ctx); }

void Infer_HARD_SWISH(Context* ctx) { InferWithFloatAttributes(ctx); }

void Infer_LEAKY_RELU(Context* ctx) { InferWithFloatAttributes(ctx); }

// The standard documents (input, alpha); Paddle's softplus also has a
// threshold, accepted as an optional third constant.
void Infer_SOFTPLUS(Context* ctx) {
  InferWithFloatAttributes(ctx, ctx->input_count() == 3 ? 3 : 2);
  if (ctx->Float(1) == 0.0f) ctx->FailInput(1, "expected a non-zero value");
}

void Infer_PRELU(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->ExpectRankRange(0, 1, NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  ctx->ExpectPrecision(1, {NNADAPTER_FLOAT32});
  ctx->ExpectRank(1, 1);
  const Dims input = ctx->InDims(0);
  const int32_t slopes = ctx->InDims(1)[0];
  const int32_t channels = input.size() >= 2 ? input[1] : input[0];
  if (slopes >= 0 && slopes != 1 && channels >= 0 && slopes != channels) {
    ctx->FailInput(1, "expected shape [1] or [" + std::to_string(channels) +
                          "] (the channels of input 0), got [" +
                          std::to_string(slopes) + "]");
  }
  ctx->SetOutput(0, input, 0);
}

void Infer_CLIP(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  for (uint32_t i = 1; i <= 2; i++) {
    ctx->ExpectSamePrecision(i, 0);
    const Dims d = ctx->InDims(i);
    if (!(d.empty() || (d.size() == 1 && (d[0] == 1 || d[0] < 0)))) {
      ctx->FailInput(i, "expected shape [1], got " + DimsToString(d));
    }
  }
  if (ctx->IsConstant(1) && ctx->IsConstant(2) &&
      ctx->InPrecision(0) == NNADAPTER_FLOAT32) {
    const float lo = ctx->Float(1), hi = ctx->Float(2);
    if (lo > hi) {
      ctx->FailInput(1, "expected min <= max, got min " + std::to_string(lo) +
                            " > max " + std::to_string(hi));
    }
  }
  ctx->SetOutput(0, ctx->InDims(0), 0);
}

}  // namespace operation
}  // namespace nnadapter
