// Winograd F(4x4, 3x3) convolution on plain NCHW float tensors, for CPUs
// where oneDNN 2.6 has none (its Winograd kernels need AVX-512), and on
// AVX-512 for large planes, where ours beat oneDNN's.
//
// PP-OCR's detectors spend a third of their time in 3x3 96->24 convs
// (@160x160, @80x80); oneDNN's direct AVX2 kernel runs them at ~77 GFLOP/s.
// Winograd F(4x4, 3x3) needs 4x fewer multiplications: each 4x4 output tile
// reads a 6x6 input tile, transformed to V = B^T d B; the filter is
// transformed once to U = G g G^T; the 36 element-wise products summed over
// the input channels are 36 matrix products M[xi] = U[xi] (OC x IC) by
// V[xi] (IC x tiles), run by an AVX2/FMA register-blocked kernel (AVX-512
// where the CPU has it: gemm_6x32_avx512.h); each output
// tile is A^T M A, then bias and the fused activation. Tiles are processed in
// blocks of whole tile rows so that the transformed tiles stay in L2.
// Rounding differs from direct convolution by ~1e-6 relative (the
// transforms' constants), like oneDNN's own Winograd kernels.
#pragma once
#include <cstdint>
#include <vector>

#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct Winograd3x3Shape {
  int64_t n, c, h, w;  // input [N, C, H, W]
  int64_t m;           // output channels; filter [M, C, 3, 3]
  int64_t oh, ow;      // output spatial extents
  int pt, pl;          // top / left padding (bottom / right follow from OH / OW)
};

// True when Winograd3x3Nchw handles the conv: 3x3, stride 1, undilated,
// one group, enough channels and output for the transforms to pay on this
// CPU: AVX2 and FMA, and where oneDNN runs AVX-512 kernels (with its own
// Winograd) planes of at least 64x64.
bool Winograd3x3Applies(int64_t groups, const std::vector<int64_t>& filter_dims,
                        const std::vector<int>& strides, const std::vector<int>& dilations,
                        int64_t out_h, int64_t out_w);

// The filter [M, C, 3, 3] transformed for Winograd3x3Nchw.
std::vector<float> Winograd3x3Filter(const float* filter, int64_t m, int64_t c);

// out = act(conv(in, filter) + bias) with `packed` from Winograd3x3Filter;
// `bias` may be null.
void Winograd3x3Nchw(const Winograd3x3Shape& s, const float* in, const float* packed,
                     const float* bias, const FusedActivation& act, float* out, int threads);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
