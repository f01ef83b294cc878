// Sliding-window geometry shared by convolutions and poolings.
#ifndef NNADAPTER_DRIVERS_BUILTIN_DEVICE_KERNELS_WINDOW_H_
#define NNADAPTER_DRIVERS_BUILTIN_DEVICE_KERNELS_WINDOW_H_

#include <algorithm>
#include <string>
#include <vector>

#include "drivers/builtin_device/kernels/kernel.h"

namespace nnadapter {
namespace builtin_device {

// Resolves auto_pad into explicit pads {top, bottom, left, right}.
//   NONE: `pads` (absent = zeros); VALID: zeros; SAME: output =
//   ceil(input / stride), total padding split with the extra at the end.
inline int ResolvePads(KernelContext* ctx, int64_t auto_pad,
                       const std::vector<int64_t>& pads_in, int64_t in_h,
                       int64_t in_w, int64_t kh, int64_t kw, int64_t sh,
                       int64_t sw, int64_t dh, int64_t dw,
                       std::vector<int64_t>* pads) {
  pads->assign(4, 0);
  if (auto_pad == NNADAPTER_AUTO_PAD_NONE) {
    if (!pads_in.empty()) {
      if (pads_in.size() != 4)
        return Fail(ctx, "pads: expected 4 values, got " +
                             std::to_string(pads_in.size()));
      *pads = pads_in;
    }
  } else if (auto_pad == NNADAPTER_AUTO_PAD_SAME) {
    int64_t sizes[2] = {in_h, in_w}, k[2] = {kh, kw}, s[2] = {sh, sw},
            d[2] = {dh, dw};
    for (int i = 0; i < 2; i++) {
      int64_t out = (sizes[i] + s[i] - 1) / s[i];
      int64_t total =
          std::max<int64_t>((out - 1) * s[i] + (k[i] - 1) * d[i] + 1 - sizes[i], 0);
      (*pads)[2 * i] = total / 2;
      (*pads)[2 * i + 1] = total - total / 2;
    }
  } else if (auto_pad != NNADAPTER_AUTO_PAD_VALID) {
    return Fail(ctx, "auto_pad: expected 0..2, got " + std::to_string(auto_pad));
  }
  for (auto p : *pads)
    if (p < 0) return Fail(ctx, "pads must be >= 0");
  return NNADAPTER_NO_ERROR;
}

// Output extent of a window sweep, the standard's formula (Paddle's):
// floor or ceil((in + pad0 + pad1 - ext) / s) + 1. With ceil_mode the last
// window may start in the end padding (or past it); it is kept, as in Paddle
// and nnadapter/operation shape inference (PyTorch/ONNX would drop it).
inline int64_t WindowOutput(int64_t in, int64_t pad0, int64_t pad1, int64_t k,
                            int64_t s, int64_t d, bool ceil_mode) {
  int64_t ext = (k - 1) * d + 1;
  int64_t span = in + pad0 + pad1 - ext;
  if (span < 0) return 0;
  return ceil_mode ? (span + s - 1) / s + 1 : span / s + 1;
}

}  // namespace builtin_device
}  // namespace nnadapter

#endif  // NNADAPTER_DRIVERS_BUILTIN_DEVICE_KERNELS_WINDOW_H_
