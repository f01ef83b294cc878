#include "lite/operators/nn/pointwise_conv_nchw.h"

#include <algorithm>
#include <cmath>

#include "lite/operators/nn/act_avx2.h"
#include "lite/operators/nn/gemm_6x16_avx2.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {

// Measured on AVX2 (1 thread): up to 64 input channels this kernel beats
// oneDNN's (16 -> 32 @320x320: 3.4 vs 5.8 ms; 48 -> 48 @160x160: 2.0 vs
// 3.4 ms), at 96 they are equal, from 192 oneDNN's jit_1x1 is ~10% faster.
constexpr int64_t kMaxChannels = 64;
constexpr int64_t kMinPlane = 1024;
// Pixels per chunk: 64 input rows of 512 floats are 128 KB (L2).
constexpr int64_t kChunk = 512;

// PointwiseGemmBlock without AVX2 (the fused kernel's fallback,
// pointwise_depthwise_nchw.h: its pass only runs where our kernels do, but
// a program optimized there may run elsewhere).
LITE_CPU_CLONES
void GemmBlockPlain(const float* a, int64_t c, const float* x, int64_t ldx, int64_t len,
                    float* y, int64_t ldy) {
  for (int64_t r = 0; r < kGemmRows; ++r) {
    float* yr = y + r * ldy;
    std::fill(yr, yr + len, 0.f);
    for (int64_t k = 0; k < c; ++k) {
      const float w = a[k * kGemmRows + r];
      const float* xk = x + k * ldx;
      for (int64_t i = 0; i < len; ++i) yr[i] += w * xk[i];
    }
  }
}

// One output of the block's last (< 8) pixels: the vector blocks' fused
// multiply-adds in the same order.
float TailDot(const float* a, int64_t c, const float* x, int64_t ldx, int64_t p, int64_t r) {
  float acc = 0.f;
  for (int64_t k = 0; k < c; ++k) acc = std::fma(a[k * kGemmRows + r], x[k * ldx + p], acc);
  return acc;
}

// Rows of y with bias and activation K applied in registers: the same
// operations, in the same order, as adding the bias to the stored rows and
// then FusedActivation::ApplySerial (act_avx2.h).
template <VecAct::Kind K>
struct StoreBiasAct {
  float* y;
  int64_t ldy;
  const float* bias;  // 6 values, or null
  Avx2ActOf<K> act;
  __attribute__((target("avx2,fma"))) __m256 Finish(int r, __m256 v) const {
    if (bias) v = _mm256_add_ps(v, _mm256_set1_ps(bias[r]));
    return act(v);
  }
  __attribute__((target("avx2,fma"))) void operator()(int r, __m256 v0, __m256 v1) const {
    _mm256_storeu_ps(y + r * ldy, Finish(r, v0));
    _mm256_storeu_ps(y + r * ldy + 8, Finish(r, v1));
  }
  __attribute__((target("avx2,fma"))) void operator()(int r, __m256 v) const {
    _mm256_storeu_ps(y + r * ldy, Finish(r, v));
  }
};

template <VecAct::Kind K>
__attribute__((target("avx2,fma"))) void GemmBlockInRegisters(
    const float* a, int64_t c, const float* x, int64_t ldx, int64_t len, float* y, int64_t ldy,
    const float* bias, const VecAct& t, const FusedActivation* act) {
  StoreBiasAct<K> store{y, ldy, bias, Avx2ActOf<K>(t)};
  int64_t p = 0;
  for (; p + 16 <= len; p += 16) {
    store.y = y + p;
    Gemm6x16Rows(a, x + p, c, ldx, store);
  }
  for (; p + 8 <= len; p += 8) {
    store.y = y + p;
    Gemm6x8Rows(a, x + p, c, ldx, store);
  }
  for (; p < len; ++p) {
    for (int64_t r = 0; r < kGemmRows; ++r) {
      float v = TailDot(a, c, x, ldx, p, r);
      if (bias) v += bias[r];
      y[r * ldy + p] = act ? act->Apply(v) : v;
    }
  }
}

}  // namespace

bool PointwiseKernelsAvailable() { return HandKernelsRun(); }

void PointwiseGemmBlock(const float* a, int64_t c, const float* x, int64_t ldx, int64_t len,
                        float* y, int64_t ldy, const float* bias, const FusedActivation* act) {
  const bool epilogue = bias || (act && !act->Identity());
  const VecAct t = act ? VecAct::From(*act) : VecAct{};
  if (epilogue && Avx2FmaAvailable() && WithVecActKind(t, [&](auto kind) {
        GemmBlockInRegisters<decltype(kind)::value>(a, c, x, ldx, len, y, ldy, bias, t, act);
      })) {
    return;
  }
  if (!Avx2FmaAvailable()) {
    GemmBlockPlain(a, c, x, ldx, len, y, ldy);
  } else {
    int64_t p = 0;
    for (; p + 16 <= len; p += 16) Gemm6x16(a, x + p, c, ldx, y + p, ldy);
    for (; p + 8 <= len; p += 8) Gemm6x8(a, x + p, c, ldx, y + p, ldy);
    // The last pixels with the same fused multiply-adds as the vector
    // blocks: a pixel's value does not depend on where a caller's chunk ends.
    for (; p < len; ++p) {
      for (int64_t r = 0; r < kGemmRows; ++r) y[r * ldy + p] = TailDot(a, c, x, ldx, p, r);
    }
  }
  if (!epilogue) return;
  for (int64_t r = 0; r < kGemmRows; ++r) {
    float* row = y + r * ldy;
    if (bias) {
      const float b = bias[r];
      for (int64_t i = 0; i < len; ++i) row[i] += b;
    }
    if (act) act->ApplySerial(row, len);
  }
}

bool PointwiseNchwApplies(int64_t groups, const std::vector<int64_t>& filter_dims,
                          const std::vector<int>& strides, const std::vector<int>& paddings,
                          int64_t plane) {
  return groups == 1 && filter_dims.size() == 4 && filter_dims[2] == 1 &&
         filter_dims[3] == 1 && filter_dims[1] <= kMaxChannels && strides.size() == 2 &&
         strides[0] == 1 && strides[1] == 1 &&
         std::all_of(paddings.begin(), paddings.end(), [](int p) { return p == 0; }) &&
         plane >= kMinPlane && PointwiseKernelsAvailable();
}

std::vector<float> PointwisePackFilter(const float* filter, int64_t m, int64_t c) {
  const int64_t blocks = (m + kGemmRows - 1) / kGemmRows;
  // [block][ic][row in block], rows past M zero.
  std::vector<float> packed(static_cast<size_t>(blocks * c * kGemmRows), 0.f);
  for (int64_t oc = 0; oc < m; ++oc) {
    for (int64_t ic = 0; ic < c; ++ic) {
      packed[static_cast<size_t>(((oc / kGemmRows) * c + ic) * kGemmRows + oc % kGemmRows)] =
          filter[oc * c + ic];
    }
  }
  return packed;
}

void PointwiseConvNchw(const PointwiseShape& s, const float* in, const float* packed,
                       const float* bias, const FusedActivation& act, float* out, int threads) {
  const int64_t blocks = (s.m + kGemmRows - 1) / kGemmRows;
  const int64_t chunks = (s.hw + kChunk - 1) / kChunk;
  const int64_t work = s.n * chunks;
#pragma omp parallel num_threads(threads) if (threads > 1 && work > 1)
  {
    // The last, partial block of output channels is computed here first.
    std::vector<float> partial(static_cast<size_t>(kGemmRows * kChunk));
#pragma omp for schedule(static)
    for (int64_t job = 0; job < work; ++job) {
      const int64_t n = job / chunks, p0 = (job % chunks) * kChunk;
      const int64_t len = std::min(kChunk, s.hw - p0);
      const float* x = in + n * s.c * s.hw + p0;
      for (int64_t ob = 0; ob < blocks; ++ob) {
        const float* a = packed + ob * s.c * kGemmRows;
        const int64_t rows = std::min(kGemmRows, s.m - ob * kGemmRows);
        float* y = out + (n * s.m + ob * kGemmRows) * s.hw + p0;
        float* dst = rows == kGemmRows ? y : partial.data();
        const int64_t ldc = rows == kGemmRows ? s.hw : kChunk;
        float block_bias[kGemmRows] = {};
        if (bias) std::copy(bias + ob * kGemmRows, bias + ob * kGemmRows + rows, block_bias);
        PointwiseGemmBlock(a, s.c, x, s.hw, len, dst, ldc, bias ? block_bias : nullptr, &act);
        if (dst != y) {
          for (int64_t r = 0; r < rows; ++r) {
            std::copy(dst + r * ldc, dst + r * ldc + len, y + r * s.hw);
          }
        }
      }
    }
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
