// Spatial resampling (NCHW): RESIZE_NEAREST, RESIZE_LINEAR, GRID_SAMPLE,
// ROI_ALIGN.
#include <cmath>

#include "operation/context.h"

namespace nnadapter {
namespace operation {
namespace {

// Output = [N, C, H_out, W_out] from `shape` (priority) or `scales`
// (H_out = floor(H_in * scale_h), as Paddle's interpolate).
void InferResize(Context* ctx) {
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->ExpectRank(0, 4);
  const Dims in = ctx->InDims(0);
  Dims out = {in[0], in[1], NNADAPTER_UNKNOWN, NNADAPTER_UNKNOWN};
  const bool has_shape = ctx->InOptional(1) != nullptr;
  const bool has_scales = ctx->InOptional(2) != nullptr;
  if (!has_shape && !has_scales) {
    ctx->Fail("input 1 (shape) and input 2 (scales) are both null, expected "
              "at least one");
  }
  ctx->Bool(3);
  if (has_shape) {
    ctx->ExpectPrecision(1, kInt32OrInt64);
    const int32_t n = ctx->VectorLength(1);
    if (n >= 0 && n != 2) {
      ctx->FailInput(1, "expected 2 values (height, width), got " +
                            std::to_string(n));
    }
    std::vector<int64_t> shape;
    if (ctx->TryIntVector(1, &shape)) {
      for (int k = 0; k < 2; k++) {
        if (shape[k] <= 0 || shape[k] > INT32_MAX) {
          ctx->FailInput(1, "expected positive sizes, got " +
                                std::to_string(shape[k]));
        }
        out[2 + k] = static_cast<int32_t>(shape[k]);
      }
    }
  }
  if (has_scales) {
    ctx->ExpectPrecision(2, {NNADAPTER_FLOAT32});
    const int32_t n = ctx->VectorLength(2);
    if (n >= 0 && n != 2) {
      ctx->FailInput(2, "expected 2 values (height, width), got " +
                            std::to_string(n));
    }
    std::vector<float> scales;
    if (ctx->TryFloatVector(2, &scales)) {
      for (int k = 0; k < 2; k++) {
        if (!(scales[k] > 0) || !std::isfinite(scales[k])) {
          ctx->FailInput(2, "expected positive scales, got " +
                                std::to_string(scales[k]));
        }
      }
      if (!has_shape) {
        for (int k = 0; k < 2; k++) {
          if (in[2 + k] < 0) continue;
          const double size = std::floor(in[2 + k] * double{scales[k]});
          if (size < 1 || size > INT32_MAX) {
            ctx->FailInput(2, "scale " + std::to_string(scales[k]) +
                                  " gives output size " +
                                  std::to_string(size));
          }
          out[2 + k] = static_cast<int32_t>(size);
        }
      }
    }
  }
  ctx->SetOutput(0, out, 0);
}

}  // namespace

void Infer_RESIZE_NEAREST(Context* ctx) {
  ctx->InputsAndOutputs();
  InferResize(ctx);
}

void Infer_RESIZE_LINEAR(Context* ctx) {
  ctx->InputsAndOutputs();
  const int32_t align_mode = ctx->Int32(4);
  if (align_mode != 0 && align_mode != 1) {
    ctx->FailInput(4, "expected 0 or 1, got " + std::to_string(align_mode));
  }
  InferResize(ctx);
}

// Output [N, C, H_grid, W_grid].
void Infer_GRID_SAMPLE(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->ExpectRank(0, 4);
  ctx->ExpectPrecision(1, {NNADAPTER_FLOAT32});
  ctx->ExpectRank(1, 4);
  const Dims in = ctx->InDims(0);
  const Dims grid = ctx->InDims(1);
  ctx->ExpectDim(1, 0, in[0], "the batch of input 0");
  ctx->ExpectDim(1, 3, 2, "(x, y) coordinates");
  ctx->Bool(2);
  const int32_t mode = ctx->Int32(3);
  if (mode < NNADAPTER_INTERPOLATE_MODE_NONE ||
      mode > NNADAPTER_INTERPOLATE_MODE_NEAREST) {
    ctx->FailInput(3, "expected a NNAdapterInterpolateMode (0..2), got " +
                          std::to_string(mode));
  }
  const int32_t pad_mode = ctx->Int32(4);
  if (pad_mode < NNADAPTER_PAD_MODE_NONE ||
      pad_mode > NNADAPTER_PAD_MODE_EDGE) {
    ctx->FailInput(4, "expected a NNAdapterPadMode (0..4), got " +
                          std::to_string(pad_mode));
  }
  ctx->SetOutput(0, {in[0] >= 0 ? in[0] : grid[0], in[1], grid[1], grid[2]},
                 0);
}

// Output [rois_num, C, output_height, output_width].
void Infer_ROI_ALIGN(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->ExpectRank(0, 4);
  ctx->ExpectPrecision(1, {NNADAPTER_FLOAT32});
  ctx->ExpectRank(1, 2);
  ctx->ExpectDim(1, 1, 4, "[x1, y1, x2, y2]");
  ctx->ExpectPrecision(2, kInt32OrInt64);
  ctx->ExpectRank(2, 1);
  const Dims rois = ctx->InDims(1);
  ctx->ExpectDim(2, 0, rois[0], "the number of rois");
  const int32_t height = ctx->Int32(3);
  const int32_t width = ctx->Int32(4);
  if (height < 1) ctx->FailInput(3, "expected >= 1, got " + std::to_string(height));
  if (width < 1) ctx->FailInput(4, "expected >= 1, got " + std::to_string(width));
  ctx->Int32(5);
  const float spatial_scale = ctx->Float(6);
  if (!(spatial_scale > 0) || !std::isfinite(spatial_scale)) {
    ctx->FailInput(6, "expected a positive value, got " +
                          std::to_string(spatial_scale));
  }
  ctx->Bool(7);
  const int32_t count = rois[0] >= 0 ? rois[0] : ctx->InDims(2)[0];
  ctx->SetOutput(0, {count, ctx->InDims(0)[1], height, width}, 0);
}

}  // namespace operation
}  // namespace nnadapter
