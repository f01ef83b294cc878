// Joining and splitting: CONCAT, SPLIT, STACK, UNSTACK, MESHGRID.
#include "operation/context.h"

namespace nnadapter {
namespace operation {

void Infer_CONCAT(Context* ctx) {
  ctx->InputsAndOutputs();
  const uint32_t n = ctx->input_count() - 1;
  ctx->ExpectPrecision(0, kFloatQuant8IntOrBool);
  ctx->ExpectRankRange(0, 1, NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  Dims out = ctx->InDims(0);
  const int32_t rank = static_cast<int32_t>(out.size());
  const int32_t axis = ctx->Axis(n, rank);
  for (uint32_t i = 1; i < n; i++) {
    ctx->ExpectSamePrecision(i, 0);
    ctx->ExpectRank(i, static_cast<uint32_t>(rank));
    const Dims d = ctx->InDims(i);
    for (int32_t k = 0; k < rank; k++) {
      if (k == axis) {
        out[k] = (out[k] < 0 || d[k] < 0)
                     ? NNADAPTER_UNKNOWN
                     : CheckedExtent(ctx, i, static_cast<int64_t>(out[k]) + d[k]);
      } else if (d[k] >= 0 && out[k] >= 0 && d[k] != out[k]) {
        ctx->FailInput(i, "dimension " + std::to_string(k) + " is " +
                              std::to_string(d[k]) + ", expected " +
                              std::to_string(out[k]) + " (as input 0)");
      } else if (out[k] < 0) {
        out[k] = d[k];
      }
    }
  }
  ctx->SetOutput(0, out, 0);
}

void Infer_SPLIT(Context* ctx) {
  ctx->Inputs();
  ctx->ExpectPrecision(0, kFloatQuant8OrInt);
  ctx->ExpectRankRange(0, 1, NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  const Dims in = ctx->InDims(0);
  const int32_t axis = ctx->Axis(1, static_cast<int32_t>(in.size()));
  ctx->ExpectPrecision(2, {NNADAPTER_INT32});
  std::vector<int64_t> split = ctx->IntVector(2);
  if (split.empty()) ctx->FailInput(2, "expected at least one section");
  ctx->Outputs(static_cast<uint32_t>(split.size()));
  int infer_at = -1;
  int64_t sum = 0;
  for (size_t k = 0; k < split.size(); k++) {
    if (split[k] == -1 && infer_at < 0) {
      infer_at = static_cast<int>(k);
    } else if (split[k] < 0) {
      ctx->FailInput(2, "invalid section size " + std::to_string(split[k]) +
                            " at index " + std::to_string(k));
    } else {
      sum += split[k];
    }
  }
  const int32_t extent = in[axis];
  if (extent >= 0) {
    if (infer_at >= 0) {
      if (sum > extent) {
        ctx->FailInput(2, "sections sum to " + std::to_string(sum) +
                              ", more than dimension " +
                              std::to_string(axis) + " = " +
                              std::to_string(extent));
      }
      split[infer_at] = extent - sum;
    } else if (sum != extent) {
      ctx->FailInput(2, "sections sum to " + std::to_string(sum) +
                            ", expected dimension " + std::to_string(axis) +
                            " of input 0 = " + std::to_string(extent));
    }
  }
  for (uint32_t j = 0; j < split.size(); j++) {
    Dims out = in;
    out[axis] = static_cast<int32_t>(split[j]);
    ctx->SetOutput(j, out, 0);
  }
}

void Infer_UNSTACK(Context* ctx) {
  ctx->Inputs();
  ctx->ExpectPrecision(0, kFloatQuant8OrInt);
  ctx->ExpectRankRange(0, 1, NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  const Dims in = ctx->InDims(0);
  const int32_t axis = ctx->Axis(1, static_cast<int32_t>(in.size()));
  const int32_t num = ctx->Int32(2);
  if (num < 1) ctx->FailInput(2, "num must be positive, got " + std::to_string(num));
  if (in[axis] >= 0 && in[axis] != num) {
    ctx->FailInput(2, "num is " + std::to_string(num) + " but dimension " +
                          std::to_string(axis) + " of input 0 is " + std::to_string(in[axis]));
  }
  ctx->Outputs(static_cast<uint32_t>(num));
  Dims out = in;
  out.erase(out.begin() + axis);
  for (int32_t j = 0; j < num; j++) ctx->SetOutput(static_cast<uint32_t>(j), out, 0);
}

void Infer_STACK(Context* ctx) {
  ctx->InputsAndOutputs();
  const uint32_t n = ctx->input_count() - 1;
  ctx->ExpectPrecision(0, kFloatQuant8OrInt);
  Dims shape = ctx->InDims(0);
  const int32_t rank = static_cast<int32_t>(shape.size());
  if (rank + 1 > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
    ctx->FailInput(0, "rank too large to stack");
  }
  // The axis indexes the output, whose rank is R + 1.
  const int32_t axis = ctx->Axis(n, rank + 1);
  for (uint32_t i = 1; i < n; i++) {
    ctx->ExpectSamePrecision(i, 0);
    ctx->ExpectRank(i, static_cast<uint32_t>(rank));
    const Dims d = ctx->InDims(i);
    for (int32_t k = 0; k < rank; k++) {
      if (d[k] >= 0 && shape[k] >= 0 && d[k] != shape[k]) {
        ctx->FailInput(i, "shape " + DimsToString(d) + " differs from input 0 " +
                              DimsToString(shape));
      }
      if (shape[k] < 0) shape[k] = d[k];
    }
  }
  shape.insert(shape.begin() + axis, static_cast<int32_t>(n));
  ctx->SetOutput(0, shape, 0);
}

void Infer_MESHGRID(Context* ctx) {
  ctx->Inputs();
  const uint32_t n = ctx->input_count();
  if (n > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
    ctx->Fail("expected at most " +
              std::to_string(NNADAPTER_MAX_SIZE_OF_DIMENSIONS) +
              " input operands, got " + std::to_string(n));
  }
  ctx->ExpectPrecision(0, kFloatQuant8OrInt);
  Dims out;
  for (uint32_t i = 0; i < n; i++) {
    ctx->ExpectSamePrecision(i, 0);
    out.push_back(ctx->VectorLength(i));
  }
  ctx->Outputs(n);
  for (uint32_t j = 0; j < n; j++) ctx->SetOutput(j, out, j);
}

}  // namespace operation
}  // namespace nnadapter
