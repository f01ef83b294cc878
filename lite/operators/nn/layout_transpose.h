// Fast NCHW <-> NHWC float transposes (8x8 AVX register tiles when the CPU
// has AVX, scalar otherwise). oneDNN 2.6's own nchw<->nhwc reorder runs about
// 4x slower than this on 256x56x56, which made it dominate depthwise convs.
#pragma once
#include <cstdint>

namespace paddle {
namespace lite {
namespace x86 {

// src [rows, cols] row-major -> dst [cols, rows] row-major, for each of
// `batch` consecutive matrices. Parallel over tiles with up to `threads`
// OpenMP threads.
void TransposeBatched(const float* src, float* dst, int64_t batch, int64_t rows,
                      int64_t cols, int threads);

// [N, C, H*W] -> [N, H*W, C]
inline void NchwToNhwc(const float* src, float* dst, int64_t n, int64_t c, int64_t hw,
                       int threads) {
  TransposeBatched(src, dst, n, c, hw, threads);
}
// [N, H*W, C] -> [N, C, H*W]
inline void NhwcToNchw(const float* src, float* dst, int64_t n, int64_t c, int64_t hw,
                       int threads) {
  TransposeBatched(src, dst, n, hw, c, threads);
}

}  // namespace x86
}  // namespace lite
}  // namespace paddle
