// Operations along one axis that keep the input's shape and type:
// SOFTMAX, LOG_SOFTMAX, CUM_SUM.
#include "operation/context.h"

namespace nnadapter {
namespace operation {
namespace {

void InferAlongAxis(Context* ctx) {
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->ExpectRankRange(0, 1, NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  ctx->Axis(1, static_cast<int32_t>(ctx->InRank(0)));
}

}  // namespace

void Infer_SOFTMAX(Context* ctx) {
  ctx->InputsAndOutputs();
  InferAlongAxis(ctx);
  ctx->SetOutput(0, ctx->InDims(0), 0);
}

void Infer_LOG_SOFTMAX(Context* ctx) {
  ctx->InputsAndOutputs();
  InferAlongAxis(ctx);
  ctx->SetOutput(0, ctx->InDims(0), 0);
}

void Infer_CUM_SUM(Context* ctx) {
  ctx->InputsAndOutputs();
  InferAlongAxis(ctx);
  ctx->Bool(2);
  ctx->Bool(3);
  ctx->SetOutput(0, ctx->InDims(0), 0);
}

}  // namespace operation
}  // namespace nnadapter
