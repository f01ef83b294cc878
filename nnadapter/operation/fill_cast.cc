// Creating and converting tensors: FILL, FILL_LIKE, RANGE, CAST, QUANTIZE,
// DEQUANTIZE.
#include <cmath>

#include "operation/context.h"

namespace nnadapter {
namespace operation {
namespace {

const std::initializer_list<NNAdapterOperandPrecision> kValueTypes = {
    NNADAPTER_FLOAT32, NNADAPTER_INT32, NNADAPTER_INT64, NNADAPTER_BOOL8};

void ExpectScalarShape(Context* ctx, uint32_t i) {
  const Dims d = ctx->InDims(i);
  if (!(d.empty() || (d.size() == 1 && d[0] == 1))) {
    ctx->FailInput(i, "expected shape [1], got " + DimsToString(d));
  }
}

}  // namespace

void Infer_FILL(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kInt32OrInt64);
  ctx->ExpectPrecision(1, kValueTypes);
  ExpectScalarShape(ctx, 1);
  std::vector<int64_t> shape;
  Dims out;
  if (ctx->TryIntVector(0, &shape)) {
    if (shape.size() > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
      ctx->FailInput(0, "more than NNADAPTER_MAX_SIZE_OF_DIMENSIONS values");
    }
    for (size_t k = 0; k < shape.size(); k++) {
      if (shape[k] < 0 || shape[k] > INT32_MAX) {
        ctx->FailInput(0, "invalid extent " + std::to_string(shape[k]) +
                              " at index " + std::to_string(k));
      }
      out.push_back(static_cast<int32_t>(shape[k]));
    }
  } else {
    const int32_t n = ctx->VectorLength(0);
    out = n < 0 ? ctx->CallerDims(0) : Dims(n, NNADAPTER_UNKNOWN);
  }
  ctx->SetOutputPrecision(0, out, ctx->InPrecision(1), -1);
}

void Infer_FILL_LIKE(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, {NNADAPTER_FLOAT32,
                           NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
                           NNADAPTER_INT32, NNADAPTER_INT64, NNADAPTER_BOOL8});
  ctx->ExpectPrecision(1, kValueTypes);
  ExpectScalarShape(ctx, 1);
  ctx->SetOutputPrecision(0, ctx->InDims(0), ctx->InPrecision(1), 0);
}

void Infer_RANGE(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, {NNADAPTER_FLOAT32, NNADAPTER_INT32,
                           NNADAPTER_INT64});
  for (uint32_t i = 0; i < 3; i++) {
    ctx->ExpectSamePrecision(i, 0);
    ExpectScalarShape(ctx, i);
  }
  int32_t length = NNADAPTER_UNKNOWN;
  if (ctx->IsConstant(0) && ctx->IsConstant(1) && ctx->IsConstant(2)) {
    const double start = ctx->Number(0), end = ctx->Number(1),
                 step = ctx->Number(2);
    if (step == 0 || !std::isfinite(step)) {
      ctx->FailInput(2, "expected a finite non-zero step, got " +
                            std::to_string(step));
    }
    const double n = std::ceil((end - start) / step);
    if (!std::isfinite(n) || n > INT32_MAX) {
      ctx->FailInput(1, "the range has too many elements");
    }
    length = n < 0 ? 0 : static_cast<int32_t>(n);
  }
  ctx->SetOutput(0, {length}, 0);
}

void Infer_CAST(Context* ctx) {
  ctx->InputsAndOutputs();
  const std::initializer_list<NNAdapterOperandPrecision> kCastTypes = {
      NNADAPTER_BOOL8,   NNADAPTER_INT8,    NNADAPTER_UINT8,
      NNADAPTER_INT16,   NNADAPTER_INT32,   NNADAPTER_INT64,
      NNADAPTER_FLOAT16, NNADAPTER_FLOAT32, NNADAPTER_FLOAT64};
  ctx->ExpectPrecision(0, kCastTypes);
  const int32_t dtype = ctx->Int32(1);
  bool ok = false;
  for (auto p : kCastTypes) ok = ok || p == dtype;
  if (!ok) {
    ctx->FailInput(1, "expected one of BOOL8, INT8, UINT8, INT16, INT32, "
                      "INT64, FLOAT16, FLOAT32, FLOAT64, got " +
                          PrecisionName(dtype));
  }
  ctx->SetOutputPrecision(0, ctx->InDims(0), dtype, 0);
}

// scale [1] with zero points 0 -> QUANT_INT8_SYMM_PER_LAYER; [1] with a
// non-zero point -> QUANT_UINT8_ASYMM_PER_LAYER; [C] along `axis` with zero
// points 0 -> QUANT_INT8_SYMM_PER_CHANNEL (scales point into the constant
// scale operand, owned by the model). zero_point may be FLOAT32 (as the
// standard documents) or INT32.
void Infer_QUANTIZE(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, {NNADAPTER_FLOAT32});
  const Dims in = ctx->InDims(0);
  const int32_t rank = static_cast<int32_t>(in.size());
  const int32_t axis = rank == 0 ? 0 : ctx->Axis(1, rank);
  const std::vector<float> scales = ctx->FloatVector(2);
  ctx->ExpectPrecision(3, {NNADAPTER_FLOAT32, NNADAPTER_INT32});
  ctx->ExpectConstant(3);
  std::vector<double> zero_points;
  if (ctx->InPrecision(3) == NNADAPTER_FLOAT32) {
    for (float z : ctx->FloatVector(3)) zero_points.push_back(z);
  } else {
    for (int64_t z : ctx->IntVector(3)) {
      zero_points.push_back(static_cast<double>(z));
    }
  }
  if (scales.empty()) ctx->FailInput(2, "expected at least one scale");
  if (zero_points.size() != scales.size()) {
    ctx->FailInput(3, "expected " + std::to_string(scales.size()) +
                          " values (as scale), got " +
                          std::to_string(zero_points.size()));
  }
  for (float s : scales) {
    if (!(s > 0) || !std::isfinite(s)) {
      ctx->FailInput(2, "expected positive scales, got " + std::to_string(s));
    }
  }
  bool symmetric = true;
  for (double z : zero_points) symmetric = symmetric && z == 0;
  NNAdapterOperandType& out = ctx->Out(0);
  if (scales.size() == 1) {
    if (symmetric) {
      ctx->SetOutputPrecision(0, in, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, 0);
      out.symm_per_layer_params.scale = scales[0];
    } else {
      if (zero_points[0] < 0 || zero_points[0] > 255) {
        ctx->FailInput(3, "expected a uint8 zero point, got " +
                              std::to_string(zero_points[0]));
      }
      ctx->SetOutputPrecision(0, in, NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER, 0);
      out.asymm_per_layer_params.scale = scales[0];
      out.asymm_per_layer_params.zero_point =
          static_cast<int32_t>(zero_points[0]);
    }
    return;
  }
  if (rank == 0 || (in[axis] >= 0 &&
                    static_cast<size_t>(in[axis]) != scales.size())) {
    ctx->FailInput(2, "expected 1 scale or one per element of dimension " +
                          std::to_string(axis) + " of " + DimsToString(in) +
                          ", got " + std::to_string(scales.size()));
  }
  if (!symmetric) {
    ctx->FailInput(3, "per-channel quantization must be symmetric (zero "
                      "points 0)");
  }
  ctx->SetOutputPrecision(0, in, NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, 0);
  out.symm_per_channel_params.channel_dim = static_cast<uint32_t>(axis);
  out.symm_per_channel_params.scale_count =
      static_cast<uint32_t>(scales.size());
  out.symm_per_channel_params.scales = static_cast<float*>(ctx->In(2)->buffer);
}

void Infer_DEQUANTIZE(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, {NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
                           NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL,
                           NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER,
                           NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL});
  ctx->SetOutputPrecision(0, ctx->InDims(0), NNADAPTER_FLOAT32, 0);
}

}  // namespace operation
}  // namespace nnadapter
