#include "operation/window.h"

namespace nnadapter {
namespace operation {

int32_t AutoPad(const Context* ctx, uint32_t i) {
  const int32_t v = ctx->Int32(i);
  if (v < NNADAPTER_AUTO_PAD_NONE || v > NNADAPTER_AUTO_PAD_VALID) {
    ctx->FailInput(i, "expected a NNAdapterAutoPadCode (0..2), got " +
                          std::to_string(v));
  }
  return v;
}

// A constant int32 vector of `n` elements, each >= `min_value`.
std::vector<int64_t> FixedVector(const Context* ctx, uint32_t i, size_t n,
                                 int64_t min_value) {
  ctx->ExpectPrecision(i, {NNADAPTER_INT32});
  std::vector<int64_t> v = ctx->IntVector(i);
  if (v.size() != n) {
    ctx->FailInput(i, "expected " + std::to_string(n) + " values, got " +
                          std::to_string(v.size()));
  }
  for (size_t k = 0; k < n; k++) {
    if (v[k] < min_value) {
      ctx->FailInput(i, "expected values >= " + std::to_string(min_value) +
                            ", got " + std::to_string(v[k]) + " at index " +
                            std::to_string(k));
    }
  }
  return v;
}

void ReadPads(const Context* ctx, uint32_t i, Window* w) {
  if (!ctx->InOptional(i)) return;
  const auto v = FixedVector(ctx, i, 4, 0);
  for (int k = 0; k < 4; k++) w->pads[k] = static_cast<int32_t>(v[k]);
}

void ReadStridesDilations(const Context* ctx, uint32_t strides, uint32_t dilations,
                          Window* w) {
  const auto s = FixedVector(ctx, strides, 2, 1);
  const auto d = FixedVector(ctx, dilations, 2, 1);
  for (int k = 0; k < 2; k++) {
    w->strides[k] = static_cast<int32_t>(s[k]);
    w->dilations[k] = static_cast<int32_t>(d[k]);
  }
}

int32_t WindowOutput(const Context* ctx, const Window& w, int axis,
                     int32_t in, int32_t kernel, bool ceil_mode) {
  int32_t pb = w.pads[2 * axis], pe = w.pads[2 * axis + 1];
  if (w.auto_pad == NNADAPTER_AUTO_PAD_VALID) pb = pe = 0;
  if (w.auto_pad == NNADAPTER_AUTO_PAD_SAME &&
      !SamePadding(in, kernel, w.strides[axis], w.dilations[axis], &pb, &pe)) {
    return NNADAPTER_UNKNOWN;
  }
  if (in < 0 || kernel < 0) return NNADAPTER_UNKNOWN;
  const int32_t out = WindowOutputSize(in, kernel, w.strides[axis],
                                       w.dilations[axis], pb, pe, ceil_mode);
  if (out <= 0) {
    ctx->Fail(std::string("output ") + (axis == 0 ? "height" : "width") +
              " is " + std::to_string(out) + " (input " + std::to_string(in) +
              ", kernel " + std::to_string(kernel) + ", pads " +
              std::to_string(pb) + "+" + std::to_string(pe) + ", stride " +
              std::to_string(w.strides[axis]) + ", dilation " +
              std::to_string(w.dilations[axis]) + "), expected > 0");
  }
  return out;
}

}  // namespace operation
}  // namespace nnadapter
