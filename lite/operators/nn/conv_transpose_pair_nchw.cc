#include "lite/operators/nn/conv_transpose_pair_nchw.h"

#include <algorithm>
#include <vector>

#include "lite/operators/nn/cpu_clones.h"
#include "lite/operators/nn/vec16.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {

// Pixels of an input row per step: one V16.
constexpr int64_t kLanes = kV16Lanes;

// a[m][l] = b1[m] + sum_k xb[k][l] * w1t[m][k] for B output channels m0 ..
// m0 + B - 1 of the first op at one tap (w1t: that tap's [m1][c] weights),
// relu applied when asked: B independent sums per input channel.
template <int B>
__attribute__((always_inline)) inline void FirstOpChannels(const float* xb, int64_t c,
                                                           const float* w1t, const float* b1,
                                                           bool relu, int64_t m0, float* a) {
  V16 acc[B];
  for (int j = 0; j < B; ++j) acc[j] = (V16){} + (b1 ? b1[m0 + j] : 0.f);
  const float* w = w1t + m0 * c;
  for (int64_t k = 0; k < c; ++k) {
    const V16 x = LITE_CONST_V16(xb + k * kLanes);
    for (int j = 0; j < B; ++j) acc[j] += x * w[j * c + k];
  }
  if (relu) {  // max(x, 0) with NaN -> 0, as the relu kernels
    for (int j = 0; j < B; ++j) acc[j] = acc[j] > 0.f ? acc[j] : (V16){};
  }
  for (int j = 0; j < B; ++j) LITE_V16(a + (m0 + j) * kLanes) = acc[j];
}

LITE_CPU_CLONES_NOINLINE
void FirstOp(const float* xb, int64_t c, const float* w1t, const float* b1, bool relu,
             int64_t m1, float* a) {
  int64_t m = 0;
  for (; m + 8 <= m1; m += 8) FirstOpChannels<8>(xb, c, w1t, b1, relu, m, a);
  for (; m < m1; ++m) FirstOpChannels<1>(xb, c, w1t, b1, relu, m, a);
}

// o[j][l] += sum_m a[m][l] * f2[m][j] for the second op's outputs j0 ..
// j0 + NJ - 1 (output channel, tap) of one first-op tap, in registers.
template <int NJ>
__attribute__((always_inline)) inline void SecondOpOutputs(const float* a, int64_t m1,
                                                           const float* f2, int64_t m2t2,
                                                           int64_t j0, float* o) {
  V16 acc[NJ];
  for (int j = 0; j < NJ; ++j) acc[j] = LITE_CONST_V16(o + (j0 + j) * kLanes);
  for (int64_t m = 0; m < m1; ++m) {
    const V16 am = LITE_CONST_V16(a + m * kLanes);
    const float* w = f2 + m * m2t2 + j0;
    for (int j = 0; j < NJ; ++j) acc[j] += am * w[j];
  }
  for (int j = 0; j < NJ; ++j) LITE_V16(o + (j0 + j) * kLanes) = acc[j];
}

LITE_CPU_CLONES_NOINLINE
void SecondOp(const float* a, int64_t m1, const float* f2, int64_t m2t2, float* o) {
  int64_t j = 0;
  for (; j + 4 <= m2t2; j += 4) SecondOpOutputs<4>(a, m1, f2, m2t2, j, o);
  for (; j < m2t2; ++j) SecondOpOutputs<1>(a, m1, f2, m2t2, j, o);
}

// One output row piece of a 2x2 then 2x2 pair: row[4 l + 2 kw1 + kw2] =
// v[kw1 t_stride + kw2 16 + l] for the 16 lanes l, written as four vectors
// (a scalar loop over 64 elements took a quarter of the pair's time).
// (__builtin_shufflevector: GCC 12 and clang both have it.)
#define LITE_INTERLEAVE_LO 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23
#define LITE_INTERLEAVE_HI 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31
#define LITE_PAIRS_LO 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23
#define LITE_PAIRS_HI 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31
LITE_CPU_CLONES_NOINLINE
void InterleaveTaps2x2(const float* v, int64_t t_stride, float* row) {
  const V16 a = LITE_CONST_V16(v), b = LITE_CONST_V16(v + kLanes);
  const V16 c = LITE_CONST_V16(v + t_stride), d = LITE_CONST_V16(v + t_stride + kLanes);
  const V16 ab_lo = __builtin_shufflevector(a, b, LITE_INTERLEAVE_LO);
  const V16 ab_hi = __builtin_shufflevector(a, b, LITE_INTERLEAVE_HI);
  const V16 cd_lo = __builtin_shufflevector(c, d, LITE_INTERLEAVE_LO);
  const V16 cd_hi = __builtin_shufflevector(c, d, LITE_INTERLEAVE_HI);
  LITE_V16(row) = __builtin_shufflevector(ab_lo, cd_lo, LITE_PAIRS_LO);
  LITE_V16(row + kLanes) = __builtin_shufflevector(ab_lo, cd_lo, LITE_PAIRS_HI);
  LITE_V16(row + 2 * kLanes) = __builtin_shufflevector(ab_hi, cd_hi, LITE_PAIRS_LO);
  LITE_V16(row + 3 * kLanes) = __builtin_shufflevector(ab_hi, cd_hi, LITE_PAIRS_HI);
}
#undef LITE_INTERLEAVE_LO
#undef LITE_INTERLEAVE_HI
#undef LITE_PAIRS_LO
#undef LITE_PAIRS_HI

}  // namespace

std::vector<float> ConvTransposePairPackFirst(const float* f1, const DDim& dims) {
  const int64_t c = dims[0], m1 = dims[1], taps = dims[2] * dims[3];
  std::vector<float> w1(static_cast<size_t>(taps * m1 * c));
  for (int64_t k = 0; k < c; ++k) {
    for (int64_t m = 0; m < m1; ++m) {
      for (int64_t t = 0; t < taps; ++t) w1[(t * m1 + m) * c + k] = f1[(k * m1 + m) * taps + t];
    }
  }
  return w1;
}

void ConvTransposePairNchw(const ConvTransposePairShape& s, const float* in,
                           const float* f1_packed, const float* b1, const FusedActivation& act1,
                           const float* f2, const float* b2, const FusedActivation& act2,
                           float* out, int threads) {
  const int64_t t1n = s.kh1 * s.kw1, t2n = s.kh2 * s.kw2, m2t2 = s.m2 * t2n;
  int64_t oh, ow;
  ConvTransposePairOutput(s, &oh, &ow);
  const int64_t blocks = (s.w + kLanes - 1) / kLanes;
  const int64_t step = s.kw1 * s.kw2;  // output columns per input column
  const bool relu1 = act1.kind == FusedActivation::kRelu && !act1.HasPostAffine();
#pragma omp parallel for num_threads(threads) schedule(static) collapse(2) if (threads > 1)
  for (int64_t n = 0; n < s.n; ++n) {
    for (int64_t ih = 0; ih < s.h; ++ih) {
      thread_local std::vector<float> scratch;
      scratch.resize(static_cast<size_t>((s.c + s.m1 + t1n * m2t2) * kLanes));
      float* xb = scratch.data();
      float* a = xb + s.c * kLanes;
      float* o = a + s.m1 * kLanes;
      for (int64_t b = 0; b < blocks; ++b) {
        const int64_t iw0 = b * kLanes, lanes = std::min(kLanes, s.w - iw0);
        for (int64_t k = 0; k < s.c; ++k) {
          const float* x = in + ((n * s.c + k) * s.h + ih) * s.w + iw0;
          float* d = xb + k * kLanes;
          for (int64_t l = 0; l < lanes; ++l) d[l] = x[l];
          for (int64_t l = lanes; l < kLanes; ++l) d[l] = 0.f;
        }
        for (int64_t t = 0; t < t1n; ++t) {
          float* ot = o + t * m2t2 * kLanes;
          for (int64_t j = 0; j < m2t2; ++j) {
            const float v = b2 ? b2[j / t2n] : 0.f;
            std::fill(ot + j * kLanes, ot + (j + 1) * kLanes, v);
          }
          FirstOp(xb, s.c, f1_packed + t * s.m1 * s.c, b1, relu1, s.m1, a);
          if (!relu1 && !act1.Identity()) act1.ApplySerial(a, s.m1 * kLanes);
          SecondOp(a, s.m1, f2, m2t2, ot);
        }
        if (!act2.Identity()) act2.ApplySerial(o, t1n * m2t2 * kLanes);
        // Output pixel (oh, ow) = ((ih KH1 + kh1) KH2 + kh2, (iw KW1 + kw1) KW2 + kw2):
        // each output row's piece written left to right.
        for (int64_t kh1 = 0; kh1 < s.kh1; ++kh1) {
          for (int64_t m = 0; m < s.m2; ++m) {
            for (int64_t kh2 = 0; kh2 < s.kh2; ++kh2) {
              float* row = out + ((n * s.m2 + m) * oh + (ih * s.kh1 + kh1) * s.kh2 + kh2) * ow +
                           iw0 * step;
              // o[t = kh1 KW1 + kw1][j = (m KH2 + kh2) KW2 + kw2][l]
              const float* v = o + ((kh1 * s.kw1 * s.m2 + m) * s.kh2 + kh2) * s.kw2 * kLanes;
              const int64_t t_stride = m2t2 * kLanes;
              if (lanes == kLanes && s.kw1 == 2 && s.kw2 == 2) {
                InterleaveTaps2x2(v, t_stride, row);
                continue;
              }
              for (int64_t l = 0; l < lanes; ++l) {
                for (int64_t kw1 = 0; kw1 < s.kw1; ++kw1) {
                  for (int64_t kw2 = 0; kw2 < s.kw2; ++kw2) {
                    row[l * step + kw1 * s.kw2 + kw2] = v[kw1 * t_stride + kw2 * kLanes + l];
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
