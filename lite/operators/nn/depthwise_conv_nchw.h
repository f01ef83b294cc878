// Direct depthwise convolution on plain NCHW tensors (no layout change).
//
// oneDNN's depthwise kernels need nChw16c or NHWC; converting the activations
// there and back cost twice the convolution itself on PP-OCR's detector
// (memory-bound layers: 9 or 25 taps per output). This kernel works one
// output plane at a time: the input plane is copied once, zero padded and
// split into stride phases, so that every tap is one contiguous, vectorized
// multiply-add over the plane (in L1-sized chunks); bias and activation are
// applied while the plane is hot.
#pragma once
#include <cstdint>
#include <vector>

#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct DepthwiseShape {
  int64_t n, c, h, w;      // input [N, C, H, W]
  int64_t m;               // output channels (multiple of C; M / C per input channel)
  int64_t kh, kw;          // filter [M, 1, KH, KW]
  int64_t oh, ow;          // output spatial extents
  int sh, sw;              // strides
  int pt, pl;              // top / left padding (bottom/right follow from OH/OW)
};

// True when DepthwiseConvNchw handles the conv (groups == C, undilated,
// strides <= 4).
bool DepthwiseNchwApplies(int64_t groups, int64_t in_c, int64_t filter_in_c,
                          const std::vector<int>& dilations, const std::vector<int>& strides);

// out = act(conv(in, filter) + bias); `bias` may be null.
void DepthwiseConvNchw(const DepthwiseShape& s, const float* in, const float* filter,
                       const float* bias, const FusedActivation& act, float* out,
                       int threads);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
