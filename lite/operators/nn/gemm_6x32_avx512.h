// The AVX-512 form of gemm_6x16_avx2.h's register-blocked product, for the
// hand-written Winograd convolution where oneDNN runs AVX-512 kernels: 6
// rows of C from a row-block-packed A (6 values per k) and 32 columns of B
// rows. Call only on CPUs with AVX-512F.
#pragma once
#include <immintrin.h>

#include <cstdint>

#include "lite/operators/nn/gemm_6x16_avx2.h"  // kGemmRows

namespace paddle {
namespace lite {
namespace operators {

// C[6][32] = A[K][6] x B[K][ldb], C rows ldc apart. Named accumulators, as
// in Gemm6x16Rows.
__attribute__((target("avx512f"))) inline void Gemm6x32(const float* a, const float* b,
                                                       int64_t k_count, int64_t ldb, float* c,
                                                       int64_t ldc) {
  __m512 c00 = _mm512_setzero_ps(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00,
         c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
  for (int64_t k = 0; k < k_count; ++k, a += kGemmRows, b += ldb) {
    const __m512 b0 = _mm512_loadu_ps(b), b1 = _mm512_loadu_ps(b + 16);
    __m512 av = _mm512_set1_ps(a[0]);
    c00 = _mm512_fmadd_ps(av, b0, c00);
    c01 = _mm512_fmadd_ps(av, b1, c01);
    av = _mm512_set1_ps(a[1]);
    c10 = _mm512_fmadd_ps(av, b0, c10);
    c11 = _mm512_fmadd_ps(av, b1, c11);
    av = _mm512_set1_ps(a[2]);
    c20 = _mm512_fmadd_ps(av, b0, c20);
    c21 = _mm512_fmadd_ps(av, b1, c21);
    av = _mm512_set1_ps(a[3]);
    c30 = _mm512_fmadd_ps(av, b0, c30);
    c31 = _mm512_fmadd_ps(av, b1, c31);
    av = _mm512_set1_ps(a[4]);
    c40 = _mm512_fmadd_ps(av, b0, c40);
    c41 = _mm512_fmadd_ps(av, b1, c41);
    av = _mm512_set1_ps(a[5]);
    c50 = _mm512_fmadd_ps(av, b0, c50);
    c51 = _mm512_fmadd_ps(av, b1, c51);
  }
  const __m512 rows[6][2] = {{c00, c01}, {c10, c11}, {c20, c21},
                             {c30, c31}, {c40, c41}, {c50, c51}};
  for (int r = 0; r < 6; ++r) {
    _mm512_storeu_ps(c + r * ldc, rows[r][0]);
    _mm512_storeu_ps(c + r * ldc + 16, rows[r][1]);
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
