// Indexing and reordering: GATHER, SLICE, PAD, ROLL, TOP_K.
#include <algorithm>
#include <limits>

#include "operation/context.h"

namespace nnadapter {
namespace operation {
namespace {

// Numpy slicing of one extent.
int32_t SliceLength(int64_t d, int64_t start, int64_t end, int64_t step) {
  if (step > 0) {
    start = start < 0 ? start + d : start;
    end = end < 0 ? end + d : end;
    start = std::min(std::max<int64_t>(start, 0), d);
    end = std::min(std::max<int64_t>(end, 0), d);
    return end > start ? static_cast<int32_t>((end - start + step - 1) / step)
                       : 0;
  }
  start = start < 0 ? start + d : start;
  end = end < 0 ? end + d : end;
  start = std::min(std::max<int64_t>(start, -1), d - 1);
  end = std::min(std::max<int64_t>(end, -1), d - 1);
  return start > end
             ? static_cast<int32_t>((start - end + (-step) - 1) / (-step))
             : 0;
}

const std::initializer_list<NNAdapterOperandPrecision> kData = {
    NNADAPTER_FLOAT32, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, NNADAPTER_INT32,
    NNADAPTER_INT64};

}  // namespace

void Infer_GATHER(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kData);
  ctx->ExpectRankRange(0, 1, NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  ctx->ExpectPrecision(1, kInt32OrInt64);
  const Dims in = ctx->InDims(0);
  const Dims indices = ctx->InDims(1);
  const int32_t axis = ctx->Axis(2, static_cast<int32_t>(in.size()));
  std::vector<int64_t> values;
  if (in[axis] >= 0 && ctx->IsConstant(1) && ctx->InRank(1) <= 1 &&
      ctx->TryIntVector(1, &values)) {
    for (int64_t v : values) {
      if (v < -in[axis] || v >= in[axis]) {
        ctx->FailInput(1, "index " + std::to_string(v) +
                              " is out of range for dimension " +
                              std::to_string(axis) + " of size " +
                              std::to_string(in[axis]));
      }
    }
  }
  Dims out(in.begin(), in.begin() + axis);
  out.insert(out.end(), indices.begin(), indices.end());
  out.insert(out.end(), in.begin() + axis + 1, in.end());
  if (out.size() > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
    ctx->FailInput(1, "output rank " + std::to_string(out.size()) +
                          " exceeds NNADAPTER_MAX_SIZE_OF_DIMENSIONS");
  }
  ctx->SetOutput(0, out, 0);
}

void Infer_SLICE(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kData);
  const Dims in = ctx->InDims(0);
  const int32_t rank = static_cast<int32_t>(in.size());
  std::vector<int64_t> starts, ends, steps, axes;
  const bool known_starts = ctx->TryIntVector(2, &starts);
  const bool known_ends = ctx->TryIntVector(3, &ends);
  const bool has_steps = ctx->InOptional(4) != nullptr;
  const bool known_steps = !has_steps || ctx->TryIntVector(4, &steps);
  const int32_t count = ctx->VectorLength(2);
  if (ctx->InOptional(1)) {
    axes = ctx->IntVector(1);
  } else {
    if (count < 0) ctx->FailInput(2, "length unknown and no axes given");
    for (int32_t k = 0; k < count; k++) axes.push_back(k);
  }
  const uint32_t names[] = {2, 3, 4};
  for (uint32_t i : names) {
    if (i == 4 && !has_steps) continue;
    const int32_t n = ctx->VectorLength(i);
    if (n >= 0 && static_cast<size_t>(n) != axes.size()) {
      ctx->FailInput(i, "expected " + std::to_string(axes.size()) +
                            " values (one per axis), got " +
                            std::to_string(n));
    }
  }
  if (!has_steps) steps.assign(axes.size(), 1);
  Dims out = in;
  std::vector<bool> seen(rank, false);
  for (size_t k = 0; k < axes.size(); k++) {
    const int32_t axis = ctx->NormalizeAxis(1, axes[k], rank);
    if (seen[axis]) {
      ctx->FailInput(1, "axis " + std::to_string(axes[k]) + " appears twice");
    }
    seen[axis] = true;
    if (known_steps && steps[k] == 0) {
      ctx->FailInput(4, "step 0 at index " + std::to_string(k));
    }
    if (!known_starts || !known_ends || !known_steps || in[axis] < 0) {
      out[axis] = NNADAPTER_UNKNOWN;
      continue;
    }
    out[axis] = SliceLength(in[axis], starts[k], ends[k], steps[k]);
  }
  ctx->SetOutput(0, out, 0);
}

void Infer_PAD(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kData);
  ctx->ExpectPrecision(1, {NNADAPTER_INT32});
  const Dims in = ctx->InDims(0);
  const int32_t mode = ctx->Int32(2);
  if (mode < NNADAPTER_PAD_MODE_NONE || mode > NNADAPTER_PAD_MODE_EDGE) {
    ctx->FailInput(2, "expected a NNAdapterPadModeCode (0..4), got " +
                          std::to_string(mode));
  }
  if (ctx->InOptional(3)) {
    ctx->ExpectSamePrecision(3, 0);
  } else if (mode == NNADAPTER_PAD_MODE_CONSTANT) {
    ctx->FailInput(3, "required by NNADAPTER_PAD_MODE_CONSTANT, got null");
  }
  const int32_t n = ctx->VectorLength(1);
  if (n >= 0 && static_cast<size_t>(n) != 2 * in.size()) {
    ctx->FailInput(1, "expected " + std::to_string(2 * in.size()) +
                          " values (2 * rank of input 0), got " +
                          std::to_string(n));
  }
  std::vector<int64_t> pads;
  Dims out(in.size(), NNADAPTER_UNKNOWN);
  if (ctx->TryIntVector(1, &pads)) {
    for (size_t k = 0; k < in.size(); k++) {
      if (pads[2 * k] < 0 || pads[2 * k + 1] < 0) {
        ctx->FailInput(1, "expected pads >= 0, got " +
                              std::to_string(std::min(pads[2 * k],
                                                      pads[2 * k + 1])) +
                              " for dimension " + std::to_string(k));
      }
      if (in[k] < 0) continue;
      const int64_t d = in[k] + pads[2 * k] + pads[2 * k + 1];
      if (d < 0) {
        ctx->FailInput(1, "pads make dimension " + std::to_string(k) +
                              " negative (" + std::to_string(d) + ")");
      }
      out[k] = CheckedExtent(ctx, 1, d);
    }
  }
  ctx->SetOutput(0, out, 0);
}

void Infer_ROLL(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kData);
  ctx->ExpectPrecision(1, kInt32OrInt64);
  const Dims in = ctx->InDims(0);
  const int32_t shifts = ctx->VectorLength(1);
  size_t axes_count = 0;
  if (ctx->InOptional(2)) {
    ctx->ExpectPrecision(2, {NNADAPTER_INT32});
    const std::vector<int64_t> axes = ctx->IntVector(2);
    for (int64_t a : axes) {
      ctx->NormalizeAxis(2, a, static_cast<int32_t>(in.size()));
    }
    axes_count = axes.size();
  }
  if (shifts >= 0) {
    const size_t expected = axes_count == 0 ? 1 : axes_count;
    if (static_cast<size_t>(shifts) != expected) {
      ctx->FailInput(1, "expected " + std::to_string(expected) +
                            " values (one per axis), got " +
                            std::to_string(shifts));
    }
  }
  ctx->SetOutput(0, in, 0);
}

void Infer_TOP_K(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kData);
  ctx->ExpectRankRange(0, 1, NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  ctx->ExpectPrecision(1, kInt32OrInt64);
  Dims out = ctx->InDims(0);
  const int32_t axis = ctx->Axis(2, static_cast<int32_t>(out.size()));
  ctx->Bool(3);
  ctx->Bool(4);
  const int32_t dtype = ctx->Int32(5);
  if (dtype != NNADAPTER_INT32 && dtype != NNADAPTER_INT64) {
    ctx->FailInput(5, "expected NNADAPTER_INT32 or NNADAPTER_INT64, got " +
                          std::to_string(dtype));
  }
  std::vector<int64_t> k;
  if (ctx->TryIntVector(1, &k)) {
    if (k.size() != 1 || k[0] < 1) {
      ctx->FailInput(1, "expected one value >= 1");
    }
    if (out[axis] >= 0 && k[0] > out[axis]) {
      ctx->FailInput(1, "k = " + std::to_string(k[0]) +
                            " exceeds dimension " + std::to_string(axis) +
                            " of size " + std::to_string(out[axis]));
    }
    out[axis] = CheckedExtent(ctx, 1, k[0]);
  } else {
    out[axis] = NNADAPTER_UNKNOWN;
  }
  ctx->SetOutput(0, out, 0);
  ctx->SetOutputPrecision(1, out, dtype, 0);
}

}  // namespace operation
}  // namespace nnadapter
