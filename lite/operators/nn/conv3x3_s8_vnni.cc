#include "lite/operators/nn/conv3x3_s8_vnni.h"

#include <immintrin.h>

#include <algorithm>
#include <dnnl.hpp>
#include <omp.h>

namespace paddle {
namespace lite {
namespace operators {

namespace {

constexpr int64_t kLanes = 16;  // output pixels per vector
constexpr int kBlock = 24;      // output channels per pass (Block24)

#define LITE_VNNI_TARGET __attribute__((target("avx512f,avx512bw,avx512dq,avx512vnni")))

bool VnniRuns() {
  static const bool runs = [] {
    const unsigned isa = static_cast<unsigned>(dnnl::get_effective_cpu_isa());
    const unsigned want = static_cast<unsigned>(dnnl::cpu_isa::avx512_core_vnni);
    return __builtin_cpu_supports("avx512vnni") && __builtin_cpu_supports("avx512bw") &&
           (isa & want) == want;
  }();
  return runs;
}

// r[i] (row i, 16 floats) -> r[j] holds column j.
LITE_VNNI_TARGET __attribute__((always_inline)) inline void Transpose16(__m512 r[16]) {
  __m512 t[16];
  for (int i = 0; i < 16; i += 2) {
    t[i] = _mm512_unpacklo_ps(r[i], r[i + 1]);
    t[i + 1] = _mm512_unpackhi_ps(r[i], r[i + 1]);
  }
  for (int i = 0; i < 16; i += 4) {
    r[i] = _mm512_shuffle_ps(t[i], t[i + 2], 0x44);
    r[i + 1] = _mm512_shuffle_ps(t[i], t[i + 2], 0xEE);
    r[i + 2] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0x44);
    r[i + 3] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
  }
  // r[4q + k] now holds, in each 128-bit lane l, column 4l + k's elements of
  // rows 4q .. 4q + 3; gather the lanes.
  for (int k = 0; k < 4; ++k) {
    t[k] = _mm512_shuffle_f32x4(r[k], r[4 + k], 0x88);
    t[4 + k] = _mm512_shuffle_f32x4(r[k], r[4 + k], 0xDD);
    t[8 + k] = _mm512_shuffle_f32x4(r[8 + k], r[12 + k], 0x88);
    t[12 + k] = _mm512_shuffle_f32x4(r[8 + k], r[12 + k], 0xDD);
  }
  for (int k = 0; k < 4; ++k) {
    r[k] = _mm512_shuffle_f32x4(t[k], t[8 + k], 0x88);
    r[8 + k] = _mm512_shuffle_f32x4(t[k], t[8 + k], 0xDD);
    r[4 + k] = _mm512_shuffle_f32x4(t[4 + k], t[12 + k], 0x88);
    r[12 + k] = _mm512_shuffle_f32x4(t[4 + k], t[12 + k], 0xDD);
  }
}

// Row y of image `in` (s8 NHWC, C = 4 * cg channels) into its padded row
// of 4-channel groups: dst[g][1 + x][0..3] = in[y][x][4g .. 4g + 3] + 128.
LITE_VNNI_TARGET void RearrangeRow(const int8_t* in, int64_t w, int64_t cg, int64_t wp,
                                   uint8_t* dst) {
  const __m512i flip = _mm512_set1_epi8(static_cast<char>(0x80));
  for (int64_t x0 = 0; x0 < w; x0 += kLanes) {
    const int64_t px = std::min(kLanes, w - x0);
    const __mmask16 pmask = static_cast<__mmask16>((1u << px) - 1);
    for (int64_t g0 = 0; g0 < cg; g0 += 16) {
      const int64_t gb = std::min<int64_t>(16, cg - g0);
      const __mmask16 gmask = static_cast<__mmask16>((1u << gb) - 1);
      __m512 r[16];
      for (int64_t i = 0; i < 16; ++i) {
        r[i] = i < px ? _mm512_castsi512_ps(_mm512_maskz_loadu_epi32(
                            gmask, in + ((x0 + i) * cg + g0) * 4))
                      : _mm512_setzero_ps();
      }
      Transpose16(r);
      for (int64_t g = 0; g < gb; ++g) {
        const __m512i v = _mm512_xor_si512(_mm512_castps_si512(r[g]), flip);
        _mm512_mask_storeu_epi32(dst + ((g0 + g) * wp + 1 + x0) * 4, pmask, v);
      }
    }
  }
}

// The 24-channel block in assembly: GCC kept 24 vector accumulators in
// registers neither with intrinsics nor with inline asm per tap (it spilled
// a third of them on every tap: 1.48 ms or worse instead of 1.0 for a
// 96 -> 24 conv at 160x160 on Zen 5). zmm0-23 accumulate; per channel group
// and tap, one 64-byte load of 16 pixels' 4 channels (zmm24) and 24
// vpdpbusd with each output channel's 4 weights broadcast from memory.
// Taps of row kh read s0 / s1 / s2; w holds [C / 4][3][3][24] words.
#define LITE_TAPS(KH, S)                                                        \
  ".irp kw,0,1,2\n\t"                                                           \
  "vmovdqu64 \\kw*4(%[" S "]), %%zmm24\n\t"                                     \
  ".irp j,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23\n\t"    \
  "vpdpbusd " #KH "*288+\\kw*96+\\j*4(%[w])%{1to16%}, %%zmm24, %%zmm\\j\n\t" \
  ".endr\n\t"                                                                   \
  ".endr\n\t"
LITE_VNNI_TARGET void Block24(const uint8_t* s0, const uint8_t* s1, const uint8_t* s2,
                              int64_t cg, int64_t wp, const int32_t* w, int32_t* acc) {
  const int64_t step = wp * 4;
  asm volatile(
      ".irp j,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23\n\t"
      "vpxord %%zmm\\j, %%zmm\\j, %%zmm\\j\n\t"
      ".endr\n\t"
      "1:\n\t"
      LITE_TAPS(0, "s0") LITE_TAPS(1, "s1") LITE_TAPS(2, "s2")
      "add %[step], %[s0]\n\t"
      "add %[step], %[s1]\n\t"
      "add %[step], %[s2]\n\t"
      "add $864, %[w]\n\t"
      "dec %[n]\n\t"
      "jnz 1b\n\t"
      ".irp j,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23\n\t"
      "vmovdqu64 %%zmm\\j, \\j*64(%[acc])\n\t"
      ".endr\n\t"
      : [s0] "+r"(s0), [s1] "+r"(s1), [s2] "+r"(s2), [w] "+r"(w), [n] "+r"(cg)
      : [step] "r"(step), [acc] "r"(acc)
      : "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
        "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16",
        "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24");
}
#undef LITE_TAPS

// Output pixels [x0, x0 + 16) of row y for 24 output channels whose
// weights are w ([C / 4][3][3][24] words); rows[kh]: input row y - 1 + kh,
// rearranged.
LITE_VNNI_TARGET __attribute__((always_inline)) inline void Block(
    const uint8_t* const rows[3], int64_t cg, int64_t wp, int64_t x0, const int32_t* w,
    __m512i acc[kBlock]) {
  alignas(64) int32_t sums[kBlock * kLanes];
  Block24(rows[0] + x0 * 4, rows[1] + x0 * 4, rows[2] + x0 * 4, cg, wp, w, sums);
  for (int j = 0; j < kBlock; ++j) acc[j] = _mm512_load_si512(sums + j * kLanes);
}

struct Epilogue {
  const int32_t* comp;
  const float* bias_q;
  const float* scale;
  bool relu;
  bool nhwc;
  float* out;  // image n
  int64_t m, h, w;
};

// acc -> floats of channels m0 .. m0 + 23, pixels [x0, x0 + px) of row y.
LITE_VNNI_TARGET __attribute__((always_inline)) inline void Store(const Epilogue& e,
                                                                  const __m512i acc[kBlock],
                                                                  int64_t m0, int64_t y,
                                                                  int64_t x0, int64_t px) {
  constexpr int B = kBlock;
  __m512 f[32];
  for (int j = 0; j < B; ++j) {
    const __m512i a = _mm512_sub_epi32(acc[j], _mm512_set1_epi32(e.comp[m0 + j]));
    __m512 v = _mm512_add_ps(_mm512_cvtepi32_ps(a), _mm512_set1_ps(e.bias_q[m0 + j]));
    v = _mm512_mul_ps(v, _mm512_set1_ps(e.scale[m0 + j]));
    f[j] = e.relu ? _mm512_max_ps(v, _mm512_setzero_ps()) : v;
  }
  const __mmask16 pmask = static_cast<__mmask16>((1u << px) - 1);
  if (!e.nhwc) {
    for (int j = 0; j < B; ++j) {
      _mm512_mask_storeu_ps(e.out + ((m0 + j) * e.h + y) * e.w + x0, pmask, f[j]);
    }
    return;
  }
  // NHWC: 16 channels at a time, transposed to pixels.
  for (int j0 = 0; j0 < B; j0 += 16) {
    const int nb = std::min(16, B - j0);
    __m512 r[16];
    for (int j = 0; j < 16; ++j) r[j] = j < nb ? f[j0 + j] : _mm512_setzero_ps();
    Transpose16(r);
    const __mmask16 cmask = static_cast<__mmask16>((1u << nb) - 1);
    for (int64_t i = 0; i < px; ++i) {
      _mm512_mask_storeu_ps(e.out + ((y * e.w) + x0 + i) * e.m + m0 + j0, cmask, r[i]);
    }
  }
}

LITE_VNNI_TARGET void Row(const uint8_t* const rows[3], int64_t cg, int64_t wp, const int32_t* w,
                          const Epilogue& e, int64_t y) {
  for (int64_t m0 = 0; m0 < e.m; m0 += kBlock) {
    for (int64_t x0 = 0; x0 < e.w; x0 += kLanes) {
      __m512i acc[kBlock];
      Block(rows, cg, wp, x0, w + m0 * cg * 9, acc);
      Store(e, acc, m0, y, x0, std::min(kLanes, e.w - x0));
    }
  }
}

}  // namespace

bool Conv3x3S8Applies(int64_t groups, const std::vector<int64_t>& filter_dims,
                      const std::vector<int64_t>& in_dims, const std::vector<int>& strides,
                      const std::vector<int>& dilations, const std::vector<int>& paddings) {
  if (groups != 1 || filter_dims.size() != 4 || in_dims.size() != 4) return false;
  const int64_t m = filter_dims[0], c = filter_dims[1];
  if (filter_dims[2] != 3 || filter_dims[3] != 3 || c != in_dims[1]) return false;
  if (c % 4 != 0 || m % kBlock != 0 || m % 16 == 0 || in_dims[3] < kLanes) return false;
  for (int s : strides) {
    if (s != 1) return false;
  }
  for (int d : dilations) {
    if (d != 1) return false;
  }
  if (paddings.size() != 4) return false;
  for (int p : paddings) {
    if (p != 1) return false;
  }
  return VnniRuns();
}

void Conv3x3S8::Pack(const int8_t* filter, int64_t m, int64_t c) {
  m_ = m;
  c_ = c;
  const int64_t cg = c / 4;
  w_.assign(static_cast<size_t>(cg * 9 * m), 0);
  comp_.assign(static_cast<size_t>(m), 0);
  for (int64_t o = 0; o < m; ++o) {
    // The blocks of Row: 24 channels each.
    const int64_t m0 = o / kBlock * kBlock, b = kBlock;
    for (int64_t ic = 0; ic < c; ++ic) {
      for (int64_t k = 0; k < 9; ++k) {
        const int8_t v = filter[(o * c + ic) * 9 + k];
        int32_t& word = w_[m0 * cg * 9 + ((ic / 4) * 9 + k) * b + (o - m0)];
        uint32_t u = static_cast<uint32_t>(word);
        u |= static_cast<uint32_t>(static_cast<uint8_t>(v)) << (8 * (ic % 4));
        word = static_cast<int32_t>(u);
        comp_[o] += 128 * v;
      }
    }
  }
}

void Conv3x3S8::Run(const Conv3x3S8Shape& s, const int8_t* in, const float* bias_q,
                    const float* scale, bool relu, bool out_nhwc, float* out, int threads) {
  const int64_t cg = s.c / 4;
  const int64_t wp = (s.w + kLanes - 1) / kLanes * kLanes + 2;
  const int64_t row = cg * wp * 4;
  threads = std::max(1, threads);
  // Per thread a ring of three rearranged input rows, then one row of 128s
  // (above and below the image). The borders and the columns past W hold
  // 128 (q = 0) for good; a row's interior is rewritten when it enters the
  // ring, so the rows a block reads are in the core's caches (rearranging
  // the whole image first made each conv 0.25 ms slower in the detector).
  const size_t need = static_cast<size_t>((3 * threads + 1) * row);
  if (ring_.size() != need || ring_row_ != row) {
    ring_.assign(need, 0x80);
    ring_row_ = row;
  }
  const uint8_t* border = ring_.data() + 3 * threads * row;
  const int64_t rows_total = s.n * s.h;
#pragma omp parallel num_threads(threads) if (threads > 1)
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    const int64_t r0 = rows_total * t / nt, r1 = rows_total * (t + 1) / nt;
    uint8_t* ring = ring_.data() + 3 * t * row;
    int64_t held[3] = {-1, -1, -1};  // the image row (n * H + y) in each slot
    for (int64_t r = r0; r < r1; ++r) {
      const int64_t n = r / s.h, y = r % s.h;
      const uint8_t* rows[3];
      for (int kh = 0; kh < 3; ++kh) {
        const int64_t iy = y - 1 + kh;
        if (iy < 0 || iy >= s.h) {
          rows[kh] = border;
          continue;
        }
        const int64_t id = n * s.h + iy, slot = id % 3;
        if (held[slot] != id) {
          RearrangeRow(in + id * s.w * s.c, s.w, cg, wp, ring + slot * row);
          held[slot] = id;
        }
        rows[kh] = ring + slot * row;
      }
      const Epilogue e{comp_.data(), bias_q, scale, relu, out_nhwc,
                       out + n * s.m * s.h * s.w, s.m, s.h, s.w};
      Row(rows, cg, wp, w_.data(), e, y);
    }
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
