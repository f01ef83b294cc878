// Convolutions: CONV_2D, CONV_2D_TRANSPOSE, DEFORMABLE_CONV_2D and
// FULLY_CONNECTED (shares the filter/bias quantization rules).
// Layout NCHW; filters of CONV_2D/DEFORMABLE_CONV_2D are
// [C_out, C_in / group, kh, kw]; the filter of CONV_2D_TRANSPOSE follows
// Paddle's conv2d_transpose weights: [C_in, C_out / group, kh, kw].
#include "operation/context.h"
#include "operation/window.h"

namespace nnadapter {
namespace operation {
namespace {

void ExpectGroup(Context* ctx, uint32_t i, int32_t group, int32_t channels,
                 const char* what) {
  if (group < 1) {
    ctx->FailInput(i, "expected group >= 1, got " + std::to_string(group));
  }
  if (channels >= 0 && channels % group != 0) {
    ctx->FailInput(i, "group " + std::to_string(group) + " does not divide " +
                          what + " " + std::to_string(channels));
  }
}

}  // namespace

void Infer_CONV_2D(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->ExpectRank(0, 4);
  ctx->ExpectRank(1, 4);
  ctx->ExpectFilter(1, 0, 0);
  Window w;
  w.auto_pad = AutoPad(ctx, 3);
  ReadPads(ctx, 4, &w);
  ReadStridesDilations(ctx, 5, 7, &w);
  const int32_t group = ctx->Int32(6);
  ctx->FuseCode(8);
  const Dims in = ctx->InDims(0);
  const Dims f = ctx->InDims(1);
  ExpectGroup(ctx, 6, group, in[1], "input channels");
  ExpectGroup(ctx, 6, group, f[0], "output channels (filter dimension 0)");
  if (in[1] >= 0 && f[1] >= 0 &&
      static_cast<int64_t>(f[1]) * group != in[1]) {
    ctx->FailInput(1, "expected dimension 1 = input channels / group = " +
                          std::to_string(in[1]) + " / " +
                          std::to_string(group) + ", got " + DimsToString(f));
  }
  ctx->ExpectBias(2, 0, 1, f[0]);
  ctx->SetOutput(0,
                 {in[0], f[0], WindowOutput(ctx, w, 0, in[2], f[2], false),
                  WindowOutput(ctx, w, 1, in[3], f[3], false)},
                 0);
}

void Infer_CONV_2D_TRANSPOSE(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->ExpectRank(0, 4);
  ctx->ExpectRank(1, 4);
  ctx->ExpectFilter(1, 0, 1);
  Window w;
  w.auto_pad = AutoPad(ctx, 3);
  ReadPads(ctx, 4, &w);
  ReadStridesDilations(ctx, 5, 7, &w);
  const int32_t group = ctx->Int32(6);
  int32_t output_padding[2] = {0, 0};
  if (ctx->InOptional(8)) {
    const auto v = FixedVector(ctx, 8, 2, 0);
    for (int k = 0; k < 2; k++) {
      output_padding[k] = static_cast<int32_t>(v[k]);
      if (output_padding[k] >= std::max(w.strides[k], w.dilations[k])) {
        ctx->FailInput(8, "expected output_padding < max(stride, dilation), "
                          "got " + std::to_string(output_padding[k]));
      }
    }
  }
  ctx->FuseCode(10);
  const Dims in = ctx->InDims(0);
  const Dims f = ctx->InDims(1);
  ExpectGroup(ctx, 6, group, in[1], "input channels");
  ctx->ExpectDim(1, 0, in[1], "input channels");
  const int32_t out_channels =
      f[1] < 0 ? NNADAPTER_UNKNOWN
               : CheckedExtent(ctx, 1, static_cast<int64_t>(f[1]) * group);
  ctx->ExpectBias(2, 0, 1, out_channels);
  Dims out = {in[0], out_channels, NNADAPTER_UNKNOWN, NNADAPTER_UNKNOWN};
  std::vector<int64_t> shape;
  if (ctx->InOptional(9) && ctx->TryIntVector(9, &shape)) {
    if (shape.size() != 2 || shape[0] <= 0 || shape[1] <= 0) {
      ctx->FailInput(9, "expected 2 positive values (height, width)");
    }
    out[2] = CheckedExtent(ctx, 9, shape[0]);
    out[3] = CheckedExtent(ctx, 9, shape[1]);
  } else if (!ctx->InOptional(9)) {
    for (int axis = 0; axis < 2; axis++) {
      const int32_t x = in[2 + axis], k = f[2 + axis];
      if (x < 0 || k < 0) continue;
      int64_t size;
      if (w.auto_pad == NNADAPTER_AUTO_PAD_SAME) {
        size = static_cast<int64_t>(x) * w.strides[axis];
      } else {
        int32_t pb = w.pads[2 * axis], pe = w.pads[2 * axis + 1];
        if (w.auto_pad == NNADAPTER_AUTO_PAD_VALID) pb = pe = 0;
        size = static_cast<int64_t>(x - 1) * w.strides[axis] - pb - pe +
               static_cast<int64_t>(w.dilations[axis]) * (k - 1) + 1 +
               output_padding[axis];
      }
      if (size <= 0) {
        ctx->Fail("output size " + std::to_string(size) + " on spatial axis " +
                  std::to_string(axis) + ", expected > 0");
      }
      out[2 + axis] = CheckedExtent(ctx, 0, size);
    }
  }
  ctx->SetOutput(0, out, 0);
}

void Infer_DEFORMABLE_CONV_2D(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->ExpectRank(0, 4);
  // The mask (input 2) is optional: without it every sample has weight 1.
  const bool has_mask = ctx->InOptional(2) != nullptr;
  ctx->ExpectSamePrecision(1, 0);
  if (has_mask) ctx->ExpectSamePrecision(2, 0);
  ctx->ExpectRank(1, 4);
  if (has_mask) ctx->ExpectRank(2, 4);
  ctx->ExpectRank(3, 4);
  ctx->ExpectFilter(3, 0, 0);
  Window w;
  ReadPads(ctx, 5, &w);
  ReadStridesDilations(ctx, 6, 9, &w);
  const int32_t group = ctx->Int32(7);
  const int32_t deformable_group = ctx->Int32(8);
  ctx->FuseCode(10);
  const Dims in = ctx->InDims(0);
  const Dims f = ctx->InDims(3);
  ExpectGroup(ctx, 7, group, in[1], "input channels");
  ExpectGroup(ctx, 7, group, f[0], "output channels (filter dimension 0)");
  if (deformable_group < 1) {
    ctx->FailInput(8, "expected >= 1, got " + std::to_string(deformable_group));
  }
  if (in[1] >= 0 && f[1] >= 0 &&
      static_cast<int64_t>(f[1]) * group != in[1]) {
    ctx->FailInput(3, "expected dimension 1 = input channels / group, got " +
                          DimsToString(f));
  }
  if (f[2] >= 0 && f[3] >= 0) {
    const int32_t taps = CheckedExtent(
        ctx, 8, static_cast<int64_t>(deformable_group) * f[2] * f[3] * 2) / 2;
    ctx->ExpectDim(1, 1, 2 * taps, "2 * deformable_group * kh * kw");
    if (has_mask) ctx->ExpectDim(2, 1, taps, "deformable_group * kh * kw");
  }
  ctx->ExpectDim(1, 0, in[0], "the batch of input 0");
  if (has_mask) ctx->ExpectDim(2, 0, in[0], "the batch of input 0");
  ctx->ExpectBias(4, 0, 3, f[0]);
  ctx->SetOutput(0,
                 {in[0], f[0], WindowOutput(ctx, w, 0, in[2], f[2], false),
                  WindowOutput(ctx, w, 1, in[3], f[3], false)},
                 0);
}

void Infer_FULLY_CONNECTED(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, kFloatOrQuant8);
  ctx->ExpectRankRange(0, 2, NNADAPTER_MAX_SIZE_OF_DIMENSIONS);
  ctx->ExpectRank(1, 2);
  ctx->ExpectFilter(1, 0, 0);
  ctx->FuseCode(3);
  const Dims in = ctx->InDims(0);
  const Dims wd = ctx->InDims(1);
  ctx->ExpectBias(2, 0, 1, wd[0]);
  const int64_t elements = ElementCount(in);
  int32_t batch = NNADAPTER_UNKNOWN;
  if (wd[1] == 0) ctx->FailInput(1, "input_size (dimension 1) is 0");
  if (elements >= 0 && wd[1] > 0) {
    if (elements % wd[1] != 0) {
      ctx->FailInput(0, "element count " + std::to_string(elements) +
                            " is not a multiple of input_size " +
                            std::to_string(wd[1]) + " (weight dimension 1)");
    }
    batch = CheckedExtent(ctx, 0, elements / wd[1]);
  } else if (in.back() >= 0 && wd[1] >= 0 && in.back() == wd[1]) {
    // [.., input_size]: the batch is the product of the leading dims.
    const int64_t b = ElementCount(Dims(in.begin(), in.end() - 1));
    batch = b < 0 ? NNADAPTER_UNKNOWN : CheckedExtent(ctx, 0, b);
  }
  ctx->SetOutput(0, {batch, wd[0]}, 0);
}

}  // namespace operation
}  // namespace nnadapter
