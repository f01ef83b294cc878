// 1x1 stride-1 unpadded convolution with few input channels on plain NCHW
// float tensors, for CPUs where oneDNN runs its AVX2 kernels.
//
// PP-OCR's detectors widen 8 or 16 channels to 32-96 on 320x320 and 160x160
// planes; oneDNN's GEMM convolution ran those at 12-35 GFLOP/s (the 8 -> 32
// conv @320x320: 4.5 ms for 52 MFLOP and 16 MB of traffic). Here the output
// is out[M][HW] = W[M][C] x in[C][HW] directly on the planes (no layout
// change), in pixel chunks whose input rows stay in cache, 6 output
// channels x 16 pixels per register block (gemm_6x16_avx2.h); bias and the
// fused activation are applied to each block in its registers (those
// act_avx2.h computes; others on each chunk while it is hot).
#pragma once
#include <cstdint>
#include <vector>

#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct PointwiseShape {
  int64_t n, c, hw;  // input [N, C, H, W], hw = H * W (the output's too)
  int64_t m;         // output channels; filter [M, C, 1, 1]
};

// True when PointwiseConvNchw handles the conv: 1x1, stride 1, no padding,
// one group, at most 64 input channels, planes of at least 1024 pixels, and
// a CPU with AVX2 and FMA on which oneDNN does not run AVX-512 kernels.
bool PointwiseNchwApplies(int64_t groups, const std::vector<int64_t>& filter_dims,
                          const std::vector<int>& strides, const std::vector<int>& paddings,
                          int64_t plane);

// A CPU with AVX2 and FMA on which oneDNN does not run AVX-512 kernels (the
// kernels below were measured against oneDNN's AVX2 ones only).
bool PointwiseKernelsAvailable();

// One block of 6 rows: y[r][0..len) = act(sum_k a[k * 6 + r] * x[k][0..len)
// + bias[r]) (x rows ldx apart, y rows ldy apart), `a` one block of a packed
// filter; `bias` (6 values) and `act` may be null (none). AVX2/FMA blocks
// where the CPU has them, bias and activation applied in their registers
// when act_avx2.h computes the activation (else on the rows afterwards:
// the same values either way), else plain loops.
void PointwiseGemmBlock(const float* a, int64_t c, const float* x, int64_t ldx, int64_t len,
                        float* y, int64_t ldy, const float* bias = nullptr,
                        const FusedActivation* act = nullptr);

// The filter [M, C, 1, 1] (an M x C matrix) packed for PointwiseConvNchw and
// PointwiseGemmBlock: blocks of 6 rows, block b at b * C * 6.
std::vector<float> PointwisePackFilter(const float* filter, int64_t m, int64_t c);

// out = act(conv(in, filter) + bias) with `packed` from PointwisePackFilter;
// `bias` may be null.
void PointwiseConvNchw(const PointwiseShape& s, const float* in, const float* packed,
                       const float* bias, const FusedActivation& act, float* out, int threads);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
