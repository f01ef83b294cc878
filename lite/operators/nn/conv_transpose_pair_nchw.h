// Two one-tap transposed convs in a row (kernel == stride, no padding, no
// dilation, one group), computed together pixel by pixel on plain NCHW
// tensors (conv_transpose_pair_fuse_pass makes the pair one
// conv2d_transpose op with inputs PreFilter / PreBias).
//
// The DB head of every PP-OCR detector upsamples 24 channels x2 (relu) to a
// 24-channel map 4x the input's size, then x2 again to one channel
// (sigmoid): on a 640x640 page the middle map is 9.8 MB, written by the
// first op and read back by the second, and both were bound by that
// traffic (1.4 + 0.75 ms on Zen 5). Here each input pixel's channels give
// the first op's KH1 x KW1 output pixels, which stay in registers and give
// the second op's outputs directly. Sums run over the input channels in
// order, as a GEMM may not: results agree with the two ops to float
// rounding (relative ~1e-6), not bit for bit.
#pragma once
#include <cstdint>
#include <vector>

#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct ConvTransposePairShape {
  int64_t n, c, h, w;  // the input [N, C, H, W]
  int64_t m1, kh1, kw1;  // the first op: Filter [C, M1, KH1, KW1]
  int64_t m2, kh2, kw2;  // the second: Filter [M1, M2, KH2, KW2]
};

// The pair's output dims [N, M2, H * KH1 * KH2, W * KW1 * KW2].
inline void ConvTransposePairOutput(const ConvTransposePairShape& s, int64_t* oh, int64_t* ow) {
  *oh = s.h * s.kh1 * s.kh2;
  *ow = s.w * s.kw1 * s.kw2;
}

// The first filter [C, M1, KH1, KW1] as ConvTransposePairNchw reads it
// ([tap][M1][C]); a PackedFilterCache keeps it between runs.
std::vector<float> ConvTransposePairPackFirst(const float* f1, const DDim& dims);

// out = act2(convT2(act1(convT1(in, f1) + b1), f2) + b2), `f1_packed` from
// ConvTransposePairPackFirst, f2 in Paddle's layout [M1, M2, KH2, KW2];
// either bias may be null.
void ConvTransposePairNchw(const ConvTransposePairShape& s, const float* in,
                           const float* f1_packed,
                           const float* b1, const FusedActivation& act1, const float* f2,
                           const float* b2, const FusedActivation& act2, float* out,
                           int threads);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
