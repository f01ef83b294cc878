#include "lite/operators/nn/winograd_conv3x3.h"

#include <immintrin.h>

#include <algorithm>
#include <cstring>

#include "lite/operators/nn/gemm_6x16_avx2.h"
#include "lite/operators/nn/gemm_6x32_avx512.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {

constexpr int64_t kRows = kGemmRows;  // output channels per register block
constexpr int64_t kTiles = 36;        // 6x6 transformed values per tile
constexpr int64_t kBlockN = 32;       // target tiles per block (whole tile rows)

int64_t RoundUp(int64_t x, int64_t m) { return (x + m - 1) / m * m; }

// The 1-D input transform B^T d of 6 values (a column or row of a tile), on
// 8 lanes.
struct In6 {
  __m256 t0, t1, t2, t3, t4, t5;
};
__attribute__((target("avx2,fma"))) inline In6 TransformIn(__m256 d0, __m256 d1, __m256 d2,
                                                           __m256 d3, __m256 d4, __m256 d5) {
  const __m256 four = _mm256_set1_ps(4.f), five = _mm256_set1_ps(5.f),
               two = _mm256_set1_ps(2.f);
  const __m256 d4_d2 = _mm256_sub_ps(d4, d2);  // shared by t1 .. t4
  const __m256 d3_d1 = _mm256_sub_ps(d3, d1);
  return {
      _mm256_add_ps(_mm256_fnmadd_ps(five, d2, _mm256_mul_ps(four, d0)), d4),
      _mm256_fnmadd_ps(four, _mm256_add_ps(d1, d2), _mm256_add_ps(d3, d4)),
      _mm256_fmadd_ps(four, _mm256_sub_ps(d1, d2), _mm256_sub_ps(d4, d3)),
      _mm256_fmadd_ps(two, d3_d1, d4_d2),
      _mm256_fnmadd_ps(two, d3_d1, d4_d2),
      _mm256_add_ps(_mm256_fnmadd_ps(five, d3, _mm256_mul_ps(four, d1)), d5)};
}

// Vertical pass over one tile row: t[k][x] = (B^T rows)[k] at column x for
// the 6 zero-padded input rows `rows`, `width` a multiple of 8.
__attribute__((target("avx2,fma"))) void VerticalIn(const float* const rows[6], int64_t width,
                                                    float* t) {
  for (int64_t x = 0; x < width; x += 8) {
    const In6 v = TransformIn(_mm256_loadu_ps(rows[0] + x), _mm256_loadu_ps(rows[1] + x),
                              _mm256_loadu_ps(rows[2] + x), _mm256_loadu_ps(rows[3] + x),
                              _mm256_loadu_ps(rows[4] + x), _mm256_loadu_ps(rows[5] + x));
    _mm256_storeu_ps(t + x, v.t0);
    _mm256_storeu_ps(t + width + x, v.t1);
    _mm256_storeu_ps(t + 2 * width + x, v.t2);
    _mm256_storeu_ps(t + 3 * width + x, v.t3);
    _mm256_storeu_ps(t + 4 * width + x, v.t4);
    _mm256_storeu_ps(t + 5 * width + x, v.t5);
  }
}

// Columns 0..3 of 8 consecutive 4-float groups p[4 j + c] (j = 0..7), as
// four vectors with lane j.
__attribute__((target("avx2,fma"))) inline void Deinterleave4(const float* p, __m256 c[4]) {
  const __m256 x0 = _mm256_loadu_ps(p), x1 = _mm256_loadu_ps(p + 8),
               x2 = _mm256_loadu_ps(p + 16), x3 = _mm256_loadu_ps(p + 24);
  const __m256 b0 = _mm256_permute2f128_ps(x0, x2, 0x20), b1 = _mm256_permute2f128_ps(x0, x2, 0x31);
  const __m256 b2 = _mm256_permute2f128_ps(x1, x3, 0x20), b3 = _mm256_permute2f128_ps(x1, x3, 0x31);
  const __m256 a0 = _mm256_unpacklo_ps(b0, b1), a1 = _mm256_unpackhi_ps(b0, b1);
  const __m256 a2 = _mm256_unpacklo_ps(b2, b3), a3 = _mm256_unpackhi_ps(b2, b3);
  c[0] = _mm256_shuffle_ps(a0, a2, 0x44);
  c[1] = _mm256_shuffle_ps(a0, a2, 0xEE);
  c[2] = _mm256_shuffle_ps(a1, a3, 0x44);
  c[3] = _mm256_shuffle_ps(a1, a3, 0xEE);
}

// The inverse: lanes j of c[0..3] to p[4 j + c].
__attribute__((target("avx2,fma"))) inline void Interleave4(const __m256 c[4], float* p) {
  const __m256 a0 = _mm256_unpacklo_ps(c[0], c[1]), a1 = _mm256_unpackhi_ps(c[0], c[1]);
  const __m256 a2 = _mm256_unpacklo_ps(c[2], c[3]), a3 = _mm256_unpackhi_ps(c[2], c[3]);
  const __m256 b0 = _mm256_shuffle_ps(a0, a2, 0x44), b1 = _mm256_shuffle_ps(a0, a2, 0xEE);
  const __m256 b2 = _mm256_shuffle_ps(a1, a3, 0x44), b3 = _mm256_shuffle_ps(a1, a3, 0xEE);
  _mm256_storeu_ps(p, _mm256_permute2f128_ps(b0, b1, 0x20));
  _mm256_storeu_ps(p + 8, _mm256_permute2f128_ps(b2, b3, 0x20));
  _mm256_storeu_ps(p + 16, _mm256_permute2f128_ps(b0, b1, 0x31));
  _mm256_storeu_ps(p + 24, _mm256_permute2f128_ps(b2, b3, 0x31));
}

// Horizontal pass: for the tiles of one row of `t` (tile tx reads columns
// 4 tx .. 4 tx + 5), v[l][tx] = (t B)[l]; `v` rows are `ld` apart. Works on
// groups of 8 tiles: `t` is readable up to 4 RoundUp(tiles, 8) + 8 and `v`
// writable up to RoundUp(tiles, 8).
__attribute__((target("avx2,fma"))) void HorizontalIn(const float* t, int64_t tiles, float* v,
                                                      int64_t ld) {
  for (int64_t tx = 0; tx < tiles; tx += 8) {
    __m256 lo[4], hi[4];
    Deinterleave4(t + 4 * tx, lo);
    Deinterleave4(t + 4 * tx + 4, hi);  // columns 4, 5 = the next tile's 0, 1
    const In6 r = TransformIn(lo[0], lo[1], lo[2], lo[3], hi[0], hi[1]);
    _mm256_storeu_ps(v + tx, r.t0);
    _mm256_storeu_ps(v + ld + tx, r.t1);
    _mm256_storeu_ps(v + 2 * ld + tx, r.t2);
    _mm256_storeu_ps(v + 3 * ld + tx, r.t3);
    _mm256_storeu_ps(v + 4 * ld + tx, r.t4);
    _mm256_storeu_ps(v + 5 * ld + tx, r.t5);
  }
}

// The 1-D output transform A^T m of 6 values to 4, on 8 lanes.
__attribute__((target("avx2,fma"))) inline void TransformOut4(const __m256 m[6], __m256 o[4]) {
  const __m256 two = _mm256_set1_ps(2.f), four = _mm256_set1_ps(4.f),
               eight = _mm256_set1_ps(8.f);
  const __m256 s12 = _mm256_add_ps(m[1], m[2]), d12 = _mm256_sub_ps(m[1], m[2]);
  const __m256 s34 = _mm256_add_ps(m[3], m[4]), d34 = _mm256_sub_ps(m[3], m[4]);
  o[0] = _mm256_add_ps(_mm256_add_ps(m[0], s12), s34);
  o[1] = _mm256_fmadd_ps(two, d34, d12);
  o[2] = _mm256_fmadd_ps(four, s34, s12);
  o[3] = _mm256_add_ps(_mm256_fmadd_ps(eight, d34, d12), m[5]);
}

// Output transform of one tile row: m[xi] points at the 36 transformed
// values of the tiles (lanes, groups of 8: readable up to RoundUp(tiles, 8));
// row i of the 4 output rows, column 4 tx + j, goes to o[i * ldo + 4 tx + j]
// (ldo >= 4 RoundUp(tiles, 8)).
__attribute__((target("avx2,fma"))) void TransformOut(const float* const m[kTiles],
                                                      int64_t tiles, float* o, int64_t ldo) {
  for (int64_t tx = 0; tx < tiles; tx += 8) {
    __m256 p[4][6];  // A^T M, column by column
    for (int b = 0; b < 6; ++b) {
      __m256 col[6], out[4];
      for (int a = 0; a < 6; ++a) col[a] = _mm256_loadu_ps(m[a * 6 + b] + tx);
      TransformOut4(col, out);
      for (int i = 0; i < 4; ++i) p[i][b] = out[i];
    }
    for (int i = 0; i < 4; ++i) {
      __m256 row[4];
      TransformOut4(p[i], row);
      Interleave4(row, o + i * ldo + 4 * tx);
    }
  }
}

}  // namespace

bool Winograd3x3Applies(int64_t groups, const std::vector<int64_t>& filter_dims,
                        const std::vector<int>& strides, const std::vector<int>& dilations,
                        int64_t out_h, int64_t out_w) {
  // Measured on the detectors' convs (1 thread): on AVX2, 16 -> 8 channels
  // or fewer than 16 tiles do not pay for the transforms; where oneDNN runs
  // AVX-512 kernels (ours then multiply with Gemm6x32) only planes of 64x64
  // and more do: PP-OCR's 96 -> 24 at 160x160 2.85-3.10 ms against
  // oneDNN's Winograd 4.9 ms, at 80x80 0.79 against 1.10, but at 40x40 0.35
  // against 0.32 (Zen 5, same window).
  const bool pays = HandKernelsRun() ? out_h * out_w >= 256
                                     : OneDnnUsesAvx512() && Avx2FmaAvailable() &&
                                           out_h * out_w >= 64 * 64;
  return groups == 1 && filter_dims.size() == 4 && filter_dims[2] == 3 &&
         filter_dims[3] == 3 && filter_dims[1] >= 16 && filter_dims[0] >= 8 &&
         strides.size() == 2 && strides[0] == 1 && strides[1] == 1 && dilations.size() == 2 &&
         dilations[0] == 1 && dilations[1] == 1 && pays;
}

std::vector<float> Winograd3x3Filter(const float* filter, int64_t m, int64_t c) {
  const int64_t mp = RoundUp(m, kRows);
  // U[xi][oc block][ic][oc in block]
  std::vector<float> u(static_cast<size_t>(kTiles * mp * c), 0.f);
  for (int64_t oc = 0; oc < m; ++oc) {
    for (int64_t ic = 0; ic < c; ++ic) {
      const float* g = filter + (oc * c + ic) * 9;
      float t[6][3];  // G g
      for (int j = 0; j < 3; ++j) {
        const float g0 = g[j], g1 = g[3 + j], g2 = g[6 + j];
        t[0][j] = g0 / 4.f;
        t[1][j] = -(g0 + g1 + g2) / 6.f;
        t[2][j] = -(g0 - g1 + g2) / 6.f;
        t[3][j] = g0 / 24.f + g1 / 12.f + g2 / 6.f;
        t[4][j] = g0 / 24.f - g1 / 12.f + g2 / 6.f;
        t[5][j] = g2;
      }
      for (int a = 0; a < 6; ++a) {
        const float g0 = t[a][0], g1 = t[a][1], g2 = t[a][2];
        const float row[6] = {g0 / 4.f,
                              -(g0 + g1 + g2) / 6.f,
                              -(g0 - g1 + g2) / 6.f,
                              g0 / 24.f + g1 / 12.f + g2 / 6.f,
                              g0 / 24.f - g1 / 12.f + g2 / 6.f,
                              g2};
        for (int b = 0; b < 6; ++b) {
          const int64_t xi = a * 6 + b;
          u[static_cast<size_t>(((xi * (mp / kRows) + oc / kRows) * c + ic) * kRows +
                                oc % kRows)] = row[b];
        }
      }
    }
  }
  return u;
}

void Winograd3x3Nchw(const Winograd3x3Shape& s, const float* in, const float* packed,
                     const float* bias, const FusedActivation& act, float* out, int threads) {
  const int64_t tiles_h = (s.oh + 3) / 4, tiles_w = (s.ow + 3) / 4;
  const int64_t rows_per_block =
      std::min(tiles_h, std::max<int64_t>(1, (kBlockN + tiles_w - 1) / tiles_w));
  const int64_t blocks_per_image = (tiles_h + rows_per_block - 1) / rows_per_block;
  // Tile columns per block: a tile row is transformed in groups of 8 tiles,
  // so the last row of a block may write up to RoundUp(tiles_w, 8) columns.
  const int64_t tiles_w8 = RoundUp(tiles_w, 8);
  const int64_t ld = RoundUp((rows_per_block - 1) * tiles_w + tiles_w8, 8);
  const int64_t mp = RoundUp(s.m, kRows);
  // Input columns a tile row reads, padded for the groups of 8 tiles.
  const int64_t width = 4 * tiles_w8 + 8;
  const int64_t in_plane = s.h * s.w, out_plane = s.oh * s.ow;
  const int64_t work = s.n * blocks_per_image;
  static const bool avx512 = __builtin_cpu_supports("avx512f");
#pragma omp parallel num_threads(threads) if (threads > 1 && work > 1)
  {
    std::vector<float> zero(static_cast<size_t>(width), 0.f);
    std::vector<float> padded(static_cast<size_t>(6 * width), 0.f);
    std::vector<float> t(static_cast<size_t>(6 * width));
    std::vector<float> v(static_cast<size_t>(kTiles * s.c * ld), 0.f);
    std::vector<float> mbuf(static_cast<size_t>(kTiles * mp * ld));
    std::vector<float> orow(static_cast<size_t>(4 * 4 * tiles_w8));
#pragma omp for schedule(static)
    for (int64_t job = 0; job < work; ++job) {
      const int64_t n = job / blocks_per_image, block = job % blocks_per_image;
      const int64_t ty0 = block * rows_per_block;
      const int64_t rows = std::min(rows_per_block, tiles_h - ty0);
      // 1. V[xi][ic][tile] = B^T d B.
      for (int64_t ic = 0; ic < s.c; ++ic) {
        const float* plane = in + (n * s.c + ic) * in_plane;
        for (int64_t r = 0; r < rows; ++r) {
          const int64_t y0 = (ty0 + r) * 4 - s.pt;
          const float* src[6];
          for (int k = 0; k < 6; ++k) {
            const int64_t y = y0 + k;
            if (y < 0 || y >= s.h) {
              src[k] = zero.data();
              continue;
            }
            float* p = padded.data() + k * width;
            // Columns -pl .. width - pl - 1 of row y, zeros outside.
            const int64_t x_begin = std::max<int64_t>(0, s.pl);
            const int64_t x_end = std::min<int64_t>(width, s.w + s.pl);
            std::fill(p, p + x_begin, 0.f);
            if (x_end > x_begin) {
              std::memcpy(p + x_begin, plane + y * s.w + (x_begin - s.pl),
                          static_cast<size_t>(x_end - x_begin) * sizeof(float));
            }
            std::fill(p + std::max(x_begin, x_end), p + width, 0.f);
            src[k] = p;
          }
          VerticalIn(src, width, t.data());
          for (int k = 0; k < 6; ++k) {
            HorizontalIn(t.data() + k * width, tiles_w,
                         v.data() + ((k * 6) * s.c + ic) * ld + r * tiles_w, s.c * ld);
          }
        }
      }
      // 2. M[xi] = U[xi] V[xi] (the padded tile columns hold stale values
      // that are never read back).
      for (int64_t xi = 0; xi < kTiles; ++xi) {
        const float* vx = v.data() + xi * s.c * ld;
        for (int64_t ob = 0; ob < mp / kRows; ++ob) {
          const float* a = packed + (xi * (mp / kRows) + ob) * s.c * kRows;
          float* c = mbuf.data() + (xi * mp + ob * kRows) * ld;
          int64_t col = 0;
          if (avx512) {
            for (; col + 32 <= ld; col += 32) Gemm6x32(a, vx + col, s.c, ld, c + col, ld);
          }
          for (; col + 16 <= ld; col += 16) Gemm6x16(a, vx + col, s.c, ld, c + col, ld);
          for (; col < ld; col += 8) Gemm6x8(a, vx + col, s.c, ld, c + col, ld);
        }
      }
      // 3. Output tiles A^T M A, bias, activation.
      for (int64_t oc = 0; oc < s.m; ++oc) {
        const float b = bias ? bias[oc] : 0.f;
        float* plane = out + (n * s.m + oc) * out_plane;
        for (int64_t r = 0; r < rows; ++r) {
          const float* m[kTiles];
          for (int64_t xi = 0; xi < kTiles; ++xi) {
            m[xi] = mbuf.data() + (xi * mp + oc) * ld + r * tiles_w;
          }
          TransformOut(m, tiles_w, orow.data(), 4 * tiles_w8);
          const int64_t y0 = (ty0 + r) * 4;
          const int64_t out_rows = std::min<int64_t>(4, s.oh - y0);
          for (int64_t i = 0; i < out_rows; ++i) {
            float* dst = plane + (y0 + i) * s.ow;
            const float* src = orow.data() + i * 4 * tiles_w8;
            for (int64_t x = 0; x < s.ow; ++x) dst[x] = src[x] + b;
          }
          act.ApplySerial(plane + y0 * s.ow, out_rows * s.ow);
        }
      }
    }
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
