// The AVX2/FMA register-blocked product shared by the hand-written conv
// paths (Winograd's 36 products, small-K pointwise convs): 6 rows of C from
// a row-block-packed A (6 values per k) and rows of B. Call only on CPUs
// with AVX2 and FMA (Avx2FmaAvailable).
#pragma once
#include <immintrin.h>

#include <cstdint>
#include <dnnl.hpp>

#include "lite/operators/math/blocked_layout.h"  // OneDnnUsesAvx512
#include "lite/operators/nn/cpu_clones.h"       // Avx2FmaAvailable

namespace paddle {
namespace lite {
namespace operators {

constexpr int64_t kGemmRows = 6;

// Where the hand-written conv kernels (Winograd, 1x1, depthwise tiles) run:
// a CPU with AVX2 and FMA on which oneDNN runs its AVX2 kernels, the ones
// they were measured against (on AVX-512 they stay off).
inline bool HandKernelsRun() { return Avx2FmaAvailable() && !OneDnnUsesAvx512(); }

// The 6 x 16 product A[K][6] (broadcast per row) x B[K][ldb] (B rows ldb
// apart), handed to store(row, columns 0-7, columns 8-15) row by row. Named
// accumulators: with an array GCC stored all twelve to the stack on every
// step.
template <typename Store>
__attribute__((target("avx2,fma"))) inline void Gemm6x16Rows(const float* a, const float* b,
                                                            int64_t k_count, int64_t ldb,
                                                            const Store& store) {
  __m256 c00 = _mm256_setzero_ps(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00,
         c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
  for (int64_t k = 0; k < k_count; ++k, a += kGemmRows, b += ldb) {
    const __m256 b0 = _mm256_loadu_ps(b), b1 = _mm256_loadu_ps(b + 8);
    __m256 av = _mm256_broadcast_ss(a);
    c00 = _mm256_fmadd_ps(av, b0, c00);
    c01 = _mm256_fmadd_ps(av, b1, c01);
    av = _mm256_broadcast_ss(a + 1);
    c10 = _mm256_fmadd_ps(av, b0, c10);
    c11 = _mm256_fmadd_ps(av, b1, c11);
    av = _mm256_broadcast_ss(a + 2);
    c20 = _mm256_fmadd_ps(av, b0, c20);
    c21 = _mm256_fmadd_ps(av, b1, c21);
    av = _mm256_broadcast_ss(a + 3);
    c30 = _mm256_fmadd_ps(av, b0, c30);
    c31 = _mm256_fmadd_ps(av, b1, c31);
    av = _mm256_broadcast_ss(a + 4);
    c40 = _mm256_fmadd_ps(av, b0, c40);
    c41 = _mm256_fmadd_ps(av, b1, c41);
    av = _mm256_broadcast_ss(a + 5);
    c50 = _mm256_fmadd_ps(av, b0, c50);
    c51 = _mm256_fmadd_ps(av, b1, c51);
  }
  store(0, c00, c01);
  store(1, c10, c11);
  store(2, c20, c21);
  store(3, c30, c31);
  store(4, c40, c41);
  store(5, c50, c51);
}

// The same for 8 columns: store(row, columns 0-7).
template <typename Store>
__attribute__((target("avx2,fma"))) inline void Gemm6x8Rows(const float* a, const float* b,
                                                           int64_t k_count, int64_t ldb,
                                                           const Store& store) {
  __m256 c0 = _mm256_setzero_ps(), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0;
  for (int64_t k = 0; k < k_count; ++k, a += kGemmRows, b += ldb) {
    const __m256 b0 = _mm256_loadu_ps(b);
    c0 = _mm256_fmadd_ps(_mm256_broadcast_ss(a), b0, c0);
    c1 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 1), b0, c1);
    c2 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 2), b0, c2);
    c3 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 3), b0, c3);
    c4 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 4), b0, c4);
    c5 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 5), b0, c5);
  }
  store(0, c0);
  store(1, c1);
  store(2, c2);
  store(3, c3);
  store(4, c4);
  store(5, c5);
}

// Rows of C ldc apart, as they come.
struct StoreGemmRows {
  float* c;
  int64_t ldc;
  __attribute__((target("avx2,fma"))) void operator()(int r, __m256 v0, __m256 v1) const {
    _mm256_storeu_ps(c + r * ldc, v0);
    _mm256_storeu_ps(c + r * ldc + 8, v1);
  }
  __attribute__((target("avx2,fma"))) void operator()(int r, __m256 v) const {
    _mm256_storeu_ps(c + r * ldc, v);
  }
};

// C[6][16] = A[K][6] x B[K][ldb], C rows ldc apart.
__attribute__((target("avx2,fma"))) inline void Gemm6x16(const float* a, const float* b,
                                                        int64_t k_count, int64_t ldb, float* c,
                                                        int64_t ldc) {
  Gemm6x16Rows(a, b, k_count, ldb, StoreGemmRows{c, ldc});
}

// C[6][8] likewise (the last 8 columns).
__attribute__((target("avx2,fma"))) inline void Gemm6x8(const float* a, const float* b,
                                                       int64_t k_count, int64_t ldb, float* c,
                                                       int64_t ldc) {
  Gemm6x8Rows(a, b, k_count, ldb, StoreGemmRows{c, ldc});
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
