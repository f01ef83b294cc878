// Normalizations: BATCH_NORMALIZATION, GROUP_NORMALIZATION,
// INSTANCE_NORMALIZATION, LAYER_NORMALIZATION, LP_NORMALIZATION, LRN; and
// CHANNEL_SHUFFLE (channel-wise, NCHW). Outputs keep the input's type.
#include <cmath>

#include "operation/context.h"

namespace nnadapter {
namespace operation {
namespace {

// Per-channel fp32 parameter of shape [channels].
void ExpectChannelVector(Context* ctx, uint32_t i, int32_t channels) {
  ctx->ExpectPrecision(i, {NNADAPTER_FLOAT32});
  ctx->ExpectRank(i, 1);
  ctx->ExpectDim(i, 0, channels, "the channels of input 0");
}

void ExpectEpsilon(Context* ctx, uint32_t i) {
  const float eps = ctx->Float(i);
  if (!(eps >= 0) || !std::isfinite(eps)) {
    ctx->FailInput(i, "expected a finite epsilon >= 0, got " +
                          std::to_string(eps));
  }
}

// Inputs 1..count are per-channel vectors, input count + 1 the epsilon.
void ExpectChannelParams(Context* ctx, uint32_t count, int32_t channels) {
  for (uint32_t i = 1; i <= count; i++) ExpectChannelVector(ctx, i, channels);
  ExpectEpsilon(ctx, count + 1);
}

// The checks every normalization starts with: operand counts, input 0
// fp32 or int8 of at least `min_rank` dims. Returns its dims.
Dims NormalizedInput(Context* ctx, uint32_t min_rank) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->ExpectRankRange(0, min_rank, NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  return ctx->InDims(0);
}

}  // namespace

void Infer_BATCH_NORMALIZATION(Context* ctx) {
  const Dims in = NormalizedInput(ctx, 2);
  ExpectChannelParams(ctx, 4, in[1]);
  ctx->SetOutput(0, in, 0);
}

void Infer_INSTANCE_NORMALIZATION(Context* ctx) {
  const Dims in = NormalizedInput(ctx, 3);
  ExpectChannelParams(ctx, 2, in[1]);
  ctx->SetOutput(0, in, 0);
}

void Infer_GROUP_NORMALIZATION(Context* ctx) {
  const Dims in = NormalizedInput(ctx, 3);
  ExpectChannelParams(ctx, 2, in[1]);
  const int32_t groups = ctx->Int32(4);
  if (groups < 1 || (in[1] >= 0 && in[1] % groups != 0)) {
    ctx->FailInput(4, "expected a positive divisor of the channels " +
                          std::to_string(in[1]) + ", got " +
                          std::to_string(groups));
  }
  ctx->SetOutput(0, in, 0);
}

void Infer_LAYER_NORMALIZATION(Context* ctx) {
  const Dims in = NormalizedInput(ctx, 1);
  const int32_t rank = static_cast<int32_t>(in.size());
  const int32_t begin = ctx->Axis(3, rank);
  ExpectEpsilon(ctx, 4);
  // scale/bias: either dims[begin:] or their product flattened.
  const Dims tail(in.begin() + begin, in.end());
  const int64_t count = ElementCount(tail);
  for (uint32_t i = 1; i <= 2; i++) {
    ctx->ExpectPrecision(i, {NNADAPTER_FLOAT32});
    const Dims p = ctx->InDims(i);
    const int64_t n = ElementCount(p);
    if (n >= 0 && count >= 0 && n != count) {
      ctx->FailInput(i, "expected " + DimsToString(tail) + " (" +
                            std::to_string(count) +
                            " elements, input dims from begin_norm_axis), "
                            "got " + DimsToString(p));
    }
  }
  ctx->SetOutput(0, in, 0);
}

void Infer_LP_NORMALIZATION(Context* ctx) {
  const Dims in = NormalizedInput(ctx, 1);
  ctx->Axis(1, static_cast<int32_t>(in.size()));
  const int32_t p = ctx->Int32(2);
  if (p != 1 && p != 2) {
    ctx->FailInput(2, "expected 1 or 2, got " + std::to_string(p));
  }
  ExpectEpsilon(ctx, 3);
  ctx->SetOutput(0, in, 0);
}

void Infer_LRN(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, {NNADAPTER_FLOAT32});
  ctx->ExpectRankRange(0, 3, NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  const int32_t size = ctx->Int32(1);
  if (size < 1) {
    ctx->FailInput(1, "expected size >= 1, got " + std::to_string(size));
  }
  for (uint32_t i = 2; i <= 4; i++) {
    if (!std::isfinite(ctx->Float(i))) {
      ctx->FailInput(i, "expected a finite value");
    }
  }
  ctx->SetOutput(0, ctx->InDims(0), 0);
}

// The standard documents `group` as FLOAT32; INT32 (what every converter
// produces) is accepted as well. Either way it must be an integer >= 1 that
// divides the channels.
void Infer_CHANNEL_SHUFFLE(Context* ctx) {
  const Dims in = NormalizedInput(ctx, 2);
  ctx->ExpectPrecision(1, {NNADAPTER_INT32, NNADAPTER_FLOAT32});
  const double g = ctx->Number(1);
  if (g < 1 || g != std::floor(g) ||
      (in[1] >= 0 && in[1] % static_cast<int64_t>(g) != 0)) {
    ctx->FailInput(1, "expected an integer >= 1 dividing the channels " +
                          std::to_string(in[1]) + ", got " +
                          std::to_string(g));
  }
  ctx->SetOutput(0, in, 0);
}

}  // namespace operation
}  // namespace nnadapter
