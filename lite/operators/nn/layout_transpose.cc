#include "lite/operators/nn/layout_transpose.h"

#include <immintrin.h>

namespace paddle {
namespace lite {
namespace x86 {
namespace {

// 8x8 tile: dst[j * ld + i] = src[i * ls + j].
__attribute__((target("avx"))) void Tile8x8Avx(const float* src, int64_t ls, float* dst,
                                               int64_t ld) {
  __m256 r0 = _mm256_loadu_ps(src + 0 * ls), r1 = _mm256_loadu_ps(src + 1 * ls);
  __m256 r2 = _mm256_loadu_ps(src + 2 * ls), r3 = _mm256_loadu_ps(src + 3 * ls);
  __m256 r4 = _mm256_loadu_ps(src + 4 * ls), r5 = _mm256_loadu_ps(src + 5 * ls);
  __m256 r6 = _mm256_loadu_ps(src + 6 * ls), r7 = _mm256_loadu_ps(src + 7 * ls);
  __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
  __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
  __m256 t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5);
  __m256 t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
  __m256 s0 = _mm256_shuffle_ps(t0, t2, 0x44), s1 = _mm256_shuffle_ps(t0, t2, 0xEE);
  __m256 s2 = _mm256_shuffle_ps(t1, t3, 0x44), s3 = _mm256_shuffle_ps(t1, t3, 0xEE);
  __m256 s4 = _mm256_shuffle_ps(t4, t6, 0x44), s5 = _mm256_shuffle_ps(t4, t6, 0xEE);
  __m256 s6 = _mm256_shuffle_ps(t5, t7, 0x44), s7 = _mm256_shuffle_ps(t5, t7, 0xEE);
  _mm256_storeu_ps(dst + 0 * ld, _mm256_permute2f128_ps(s0, s4, 0x20));
  _mm256_storeu_ps(dst + 1 * ld, _mm256_permute2f128_ps(s1, s5, 0x20));
  _mm256_storeu_ps(dst + 2 * ld, _mm256_permute2f128_ps(s2, s6, 0x20));
  _mm256_storeu_ps(dst + 3 * ld, _mm256_permute2f128_ps(s3, s7, 0x20));
  _mm256_storeu_ps(dst + 4 * ld, _mm256_permute2f128_ps(s0, s4, 0x31));
  _mm256_storeu_ps(dst + 5 * ld, _mm256_permute2f128_ps(s1, s5, 0x31));
  _mm256_storeu_ps(dst + 6 * ld, _mm256_permute2f128_ps(s2, s6, 0x31));
  _mm256_storeu_ps(dst + 7 * ld, _mm256_permute2f128_ps(s3, s7, 0x31));
}

constexpr int64_t kTile = 32;

// One kTile x kTile block (clipped at the edges) of src [R, C] -> dst [C, R].
void Block(const float* src, float* dst, int64_t R, int64_t C, int64_t r0, int64_t c0,
           bool avx) {
  const int64_t r1 = r0 + kTile < R ? r0 + kTile : R;
  const int64_t c1 = c0 + kTile < C ? c0 + kTile : C;
  int64_t r = r0;
  if (avx) {
    for (; r + 8 <= r1; r += 8) {
      int64_t c = c0;
      for (; c + 8 <= c1; c += 8) Tile8x8Avx(src + r * C + c, C, dst + c * R + r, R);
      for (; c < c1; ++c)
        for (int64_t k = r; k < r + 8; ++k) dst[c * R + k] = src[k * C + c];
    }
  }
  for (; r < r1; ++r)
    for (int64_t c = c0; c < c1; ++c) dst[c * R + r] = src[r * C + c];
}

}  // namespace

void TransposeBatched(const float* src, float* dst, int64_t batch, int64_t rows,
                      int64_t cols, int threads) {
  static const bool avx = __builtin_cpu_supports("avx");
  const int64_t rb = (rows + kTile - 1) / kTile, cb = (cols + kTile - 1) / kTile;
  const int64_t blocks = batch * rb * cb;
  const int64_t plane = rows * cols;
#pragma omp parallel for num_threads(threads) schedule(static) if (plane * batch > 65536)
  for (int64_t b = 0; b < blocks; ++b) {
    const int64_t n = b / (rb * cb), rem = b % (rb * cb);
    Block(src + n * plane, dst + n * plane, rows, cols, (rem / cb) * kTile,
          (rem % cb) * kTile, avx);
  }
}

}  // namespace x86
}  // namespace lite
}  // namespace paddle
