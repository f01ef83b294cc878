// Sliding-window attributes shared by convolutions and poolings.
#ifndef NNADAPTER_OPERATION_WINDOW_H_
#define NNADAPTER_OPERATION_WINDOW_H_

#include <vector>

#include "operation/context.h"

namespace nnadapter {
namespace operation {

struct Window {
  int32_t auto_pad = NNADAPTER_AUTO_PAD_NONE;
  int32_t pads[4] = {0, 0, 0, 0};  // top, bottom, left, right
  int32_t strides[2] = {1, 1};
  int32_t dilations[2] = {1, 1};
};

// A constant NNAdapterAutoPadCode.
int32_t AutoPad(const Context* ctx, uint32_t i);
// A constant int32 vector of `n` elements, each >= `min_value`.
std::vector<int64_t> FixedVector(const Context* ctx, uint32_t i, size_t n,
                                 int64_t min_value);
// Optional pads [4] (absent = zeros).
void ReadPads(const Context* ctx, uint32_t i, Window* w);
void ReadStridesDilations(const Context* ctx, uint32_t strides,
                          uint32_t dilations, Window* w);
// Output extent of spatial axis 0 (height) or 1 (width) given auto_pad,
// pads, stride, dilation and ceil_mode; NNADAPTER_UNKNOWN if the input
// extent is unknown; fails if the result is not positive.
int32_t WindowOutput(const Context* ctx, const Window& w, int axis,
                     int32_t in, int32_t kernel, bool ceil_mode);

}  // namespace operation
}  // namespace nnadapter

#endif  // NNADAPTER_OPERATION_WINDOW_H_
