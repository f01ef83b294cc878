// A network's RGB stem: a 3x3 stride-2 conv with few input channels (<= 4)
// and few output channels (<= 32) on plain NCHW float tensors, 16 output
// pixels of a row at a time for every output channel.
//
// PP-OCR's detectors start with 3 -> 8 channels at 640x640 stride 2; with
// so few channels oneDNN's kernels write its blocked layout padded to 16
// channels and convert it back: 1.25-1.35 ms for 44 MFLOP on Zen 5. Here
// each input row is split once into its even and odd columns, so the 9 taps
// of 16 outputs read contiguous vectors; the output row is written in
// place, then bias and the fused activation. Sums run over (channel, kh,
// kw) in order: equal to oneDNN's to float rounding.
#pragma once
#include <cstdint>
#include <vector>

#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct StemConvShape {
  int64_t n, c, h, w;  // input [N, C, H, W]
  int64_t m;           // output channels; filter [M, C, 3, 3]
  int64_t oh, ow;      // output spatial extents (stride 2)
  int pt, pl;          // top / left padding
};

// True when StemConvNchw handles the conv: one group, C <= 4, M <= 32, 3x3,
// stride 2, undilated, on CPUs where oneDNN runs AVX-512 kernels (measured
// there only).
bool StemConvApplies(int64_t groups, const std::vector<int64_t>& filter_dims,
                     const std::vector<int>& strides, const std::vector<int>& dilations,
                     const std::vector<int>& paddings);

// out = act(conv(in, filter) + bias); `bias` may be null.
void StemConvNchw(const StemConvShape& s, const float* in, const float* filter,
                  const float* bias, const FusedActivation& act, float* out, int threads);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
