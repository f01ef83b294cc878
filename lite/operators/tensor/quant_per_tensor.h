// Per-tensor fake quantization, the loop that dominates a QAT model run in
// float (72 activation quant-dequant ops on the PP-OCRv3 detector): AVX2
// when the CPU has it, scalar otherwise, bit-identical to the scalar
// formulas in quant.cc (same operations in the same order, exact rounding).
#pragma once
#include <cstdint>

namespace paddle {
namespace lite {
namespace operators {

// out[i] = quant(x[i], s) (dequantized with s / bin when `dequant`) for
// round_type 1 (ties away from zero, x clipped to +-s) or 0 (ties to even,
// q clipped to [-bin - 1, bin]); inv_s = 1/s as quant.cc computes it.
// Split across `threads` OpenMP threads when n is large.
void QuantPerTensor(const float* x, float* out, int64_t n, float s, float inv_s, float bin,
                    int round_type, bool dequant, int threads);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
