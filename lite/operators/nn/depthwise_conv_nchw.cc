#include "lite/operators/nn/depthwise_conv_nchw.h"

#include <immintrin.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "lite/operators/nn/act_avx2.h"
#include "lite/operators/nn/cpu_clones.h"
#include "lite/operators/nn/gemm_6x16_avx2.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

// The padded input plane is split into sh x sw phase blocks of ph x pw floats:
// padded pixel (y, x) lives in block (y % sh, x % sw) at (y / sh, x / sw).
// Output (oh, ow), tap (kh, kw) reads padded (oh*sh + kh, ow*sw + kw) = block
// (kh % sh, kw % sw) at (oh + kh / sh, ow + kw / sw). With the output laid
// out at the same row pitch pw, every tap is one flat multiply-add over the
// whole plane: out[i] += w * block[i + (kh / sh) * pw + kw / sw].
struct Blocks {
  int64_t ph, pw;  // rows / columns of one phase block
  int sh, sw;
  float* at(float* buf, int64_t rp, int64_t cp) const { return buf + (rp * sw + cp) * ph * pw; }
};

// e[i] = s[2i], o[i] = s[2i+1].
__attribute__((target("avx2,fma"))) void Deinterleave2Avx2(const float* __restrict s,
                                                           int64_t n, float* __restrict e,
                                                           float* __restrict o) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 a = _mm256_loadu_ps(s + 2 * i), b = _mm256_loadu_ps(s + 2 * i + 8);
    // per 128-bit lane: a0 a2 b0 b2 | a4 a6 b4 b6, then lanes' 64-bit pairs
    // reordered to a0 a2 a4 a6 b0 b2 b4 b6
    const __m256 ev = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
    const __m256 od = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
    _mm256_storeu_ps(e + i, _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(ev), 0xD8)));
    _mm256_storeu_ps(o + i, _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(od), 0xD8)));
  }
  for (; i < n; ++i) {
    e[i] = s[2 * i];
    o[i] = s[2 * i + 1];
  }
}

LITE_CPU_CLONES
void Deinterleave2Plain(const float* __restrict s, int64_t n, float* __restrict e,
                        float* __restrict o) {
  for (int64_t i = 0; i < n; ++i) {
    e[i] = s[2 * i];
    o[i] = s[2 * i + 1];
  }
}

}  // namespace

void Deinterleave2(const float* s, int64_t n, float* e, float* o) {
  if (Avx2FmaAvailable()) {
    Deinterleave2Avx2(s, n, e, o);
  } else {
    Deinterleave2Plain(s, n, e, o);
  }
}

namespace {

// Copies the input plane into the phase blocks. Which positions it writes
// depends only on the geometry, so `buf` is zeroed once by its owner and the
// padding stays zero for every plane of the same geometry (zeroing it per
// plane was a full extra pass over the blocks).
void FillBlocks(const float* src, int64_t h, int64_t w, int pt, int pl, const Blocks& b,
                float* buf) {
  for (int64_t ih = 0; ih < h; ++ih) {
    const int64_t y = ih + pt;
    if (y / b.sh >= b.ph) break;
    const float* s = src + ih * w;
    float* row[4];  // sw <= 4 (checked by DepthwiseNchwApplies)
    for (int cp = 0; cp < b.sw; ++cp) row[cp] = b.at(buf, y % b.sh, cp) + (y / b.sh) * b.pw;
    if (b.sw == 1) {
      std::copy(s, s + std::min(w, b.pw - pl), row[0] + pl);
      continue;
    }
    if (b.sw == 2) {
      // even/odd split; start at the first input column of phase 0
      const int64_t first = pl % 2;  // input column landing in phase 0
      if (first == 1 && pl / 2 < b.pw) row[1][pl / 2] = s[0];
      const int64_t base = (pl + first) / 2;  // phase-0 index of column `first`
      const int64_t pairs = std::max<int64_t>(0, std::min((w - first) / 2, b.pw - base));
      Deinterleave2(s + first, pairs, row[0] + base, row[1] + base);
      const int64_t tail = first + 2 * pairs;
      if (tail < w && base + pairs < b.pw) row[0][base + pairs] = s[tail];
      continue;
    }
    int64_t cp = pl % b.sw, idx = pl / b.sw;
    for (int64_t iw = 0; iw < w && idx < b.pw; ++iw) {
      row[cp][idx] = s[iw];
      if (++cp == b.sw) {
        cp = 0;
        ++idx;
      }
    }
  }
}

// y[i] += a * x[i] (kept out of line so the vectorizer sees one flat loop).
LITE_CPU_CLONES_NOINLINE
void Axpy(float* __restrict y, const float* __restrict x, float a, int64_t n) {
  for (int64_t i = 0; i < n; ++i) y[i] += a * x[i];
}

// acc[i] = b + sum_t w[t] * src[t][i] for a fixed tap count T: one pass
// with T loads and one store per output (the per-tap Axpy needs a load and
// a store of acc per tap).
template <int T>
inline __attribute__((always_inline)) void TapsBody(float* __restrict acc,
                                                    const float* const* src, const float* w,
                                                    float b, int64_t n) {
  const float* p[T];
  float wv[T];
  for (int t = 0; t < T; ++t) {
    p[t] = src[t];
    wv[t] = w[t];
  }
  for (int64_t i = 0; i < n; ++i) {
    float sum = b;
    for (int t = 0; t < T; ++t) sum += wv[t] * p[t][i];
    acc[i] = sum;
  }
}

LITE_CPU_CLONES_NOINLINE
void Taps9(float* __restrict acc, const float* const* src, const float* w, float b,
           int64_t n) {
  TapsBody<9>(acc, src, w, b, n);
}

// acc[i] += sum of 5 taps (one kernel row of a 5x5 filter); 25 streams in
// one pass would spill registers.
LITE_CPU_CLONES_NOINLINE
void Taps5Acc(float* __restrict acc, const float* const* src, const float* w, int64_t n) {
  const float *p0 = src[0], *p1 = src[1], *p2 = src[2], *p3 = src[3], *p4 = src[4];
  const float w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3], w4 = w[4];
  for (int64_t i = 0; i < n; ++i) {
    acc[i] += w0 * p0[i] + w1 * p1[i] + w2 * p2[i] + w3 * p3[i] + w4 * p4[i];
  }
}

// The register-blocked AVX2/FMA tile: kRows output rows x 16 columns kept
// in 8 accumulators; each kernel row's kKw weights stay broadcast in
// registers, and every input vector load feeds one FMA (the streaming
// kernels above load and store an accumulator row per kernel row). Tap t
// of output (row 0, column 0) is at `base + off[t]`, rows `pw` apart; `out`
// is the tile's first output at row pitch `ow`. The last tile of a row
// computes all 16 columns (the blocks are padded to 16 columns and beyond)
// and stores the `cols` that exist.
constexpr int kTileCols = 16;
// The activations the tiles apply in registers. Not with a post affine: its
// two constants on top of the 13 registers of a 5x5 tile made the
// recognizer's 240x12x80 layers 12% slower than ApplySerial's one pass over
// the tile's finished rows (in L1).
inline bool InTile(const VecAct& t) {
  return t.InRegisters() && t.kind != VecAct::kNone && !t.scale && !t.shift;
}
constexpr int kTileRows = 4;

template <int kKh, int kKw, int kRows>
__attribute__((target("avx2,fma"))) void DepthwiseTileAvx2(const float* base,
                                                           const int64_t* off, int64_t pw,
                                                           const float* w, float b,
                                                           const VecAct& act, float* out,
                                                           int64_t ow, int64_t cols) {
  __m256 acc[kRows][2];
#pragma GCC unroll 8
  for (int i = 0; i < kRows; ++i) acc[i][0] = acc[i][1] = _mm256_set1_ps(b);
#pragma GCC unroll 8
  for (int kh = 0; kh < kKh; ++kh) {
    __m256 wv[kKw];
#pragma GCC unroll 8
    for (int kw = 0; kw < kKw; ++kw) wv[kw] = _mm256_broadcast_ss(w + kh * kKw + kw);
#pragma GCC unroll 8
    for (int kw = 0; kw < kKw; ++kw) {
      const float* src = base + off[kh * kKw + kw];
#pragma GCC unroll 8
      for (int i = 0; i < kRows; ++i) {
        acc[i][0] = _mm256_fmadd_ps(wv[kw], _mm256_loadu_ps(src + i * pw), acc[i][0]);
        acc[i][1] = _mm256_fmadd_ps(wv[kw], _mm256_loadu_ps(src + i * pw + 8), acc[i][1]);
      }
    }
  }
  if (InTile(act)) {
#pragma GCC unroll 8
    for (int i = 0; i < kRows; ++i) {
      acc[i][0] = Avx2Act(act, acc[i][0]);
      acc[i][1] = Avx2Act(act, acc[i][1]);
    }
  }
  if (cols == kTileCols) {
#pragma GCC unroll 8
    for (int i = 0; i < kRows; ++i) {
      _mm256_storeu_ps(out + i * ow, acc[i][0]);
      _mm256_storeu_ps(out + i * ow + 8, acc[i][1]);
    }
    return;
  }
  alignas(32) static constexpr int kLanes[kTileCols] = {0, 1, 2,  3,  4,  5,  6,  7,
                                                       8, 9, 10, 11, 12, 13, 14, 15};
  const __m256i n = _mm256_set1_epi32(static_cast<int>(cols));
  const __m256i m0 =
      _mm256_cmpgt_epi32(n, _mm256_load_si256(reinterpret_cast<const __m256i*>(kLanes)));
  const __m256i m1 =
      _mm256_cmpgt_epi32(n, _mm256_load_si256(reinterpret_cast<const __m256i*>(kLanes + 8)));
#pragma GCC unroll 8
  for (int i = 0; i < kRows; ++i) {
    _mm256_maskstore_ps(out + i * ow, m0, acc[i][0]);
    _mm256_maskstore_ps(out + i * ow + 8, m1, acc[i][1]);
  }
}

using TileFn = void (*)(const float*, const int64_t*, int64_t, const float*, float,
                        const VecAct&, float*, int64_t, int64_t);

// The tiles of 1..kTileRows rows for a filter size (index rows - 1), or
// nulls.
struct TileFns {
  TileFn rows[kTileRows] = {};
};
template <int kKh, int kKw>
constexpr TileFns Tiles() {
  static_assert(kTileRows == 4, "one tile per row count");
  return {{&DepthwiseTileAvx2<kKh, kKw, 1>, &DepthwiseTileAvx2<kKh, kKw, 2>,
           &DepthwiseTileAvx2<kKh, kKw, 3>, &DepthwiseTileAvx2<kKh, kKw, 4>}};
}
TileFns TilesFor(int64_t kh, int64_t kw) {
  if (kh == 3 && kw == 3) return Tiles<3, 3>();
  if (kh == 5 && kw == 5) return Tiles<5, 5>();
  if (kh == 3 && kw == 5) return Tiles<3, 5>();
  if (kh == 5 && kw == 3) return Tiles<5, 3>();
  return {};
}

// One output plane by tiles; an activation the tiles do not apply runs per
// block of rows while in L1.
void PlaneByTiles(const TileFns& fns, const float* buf, const int64_t* off, int64_t pw,
                  const float* w, float b, const FusedActivation& act, const VecAct& tact,
                  int64_t oh_count, int64_t ow, float* out) {
  for (int64_t oh = 0; oh < oh_count;) {
    const int rows = static_cast<int>(std::min<int64_t>(kTileRows, oh_count - oh));
    const TileFn fn = fns.rows[rows - 1];
    for (int64_t col = 0; col < ow; col += kTileCols) {
      fn(buf + oh * pw + col, off, pw, w, b, tact, out + oh * ow + col, ow,
         std::min<int64_t>(kTileCols, ow - col));
    }
    if (!InTile(tact)) act.ApplySerial(out + oh * ow, rows * ow);
    oh += rows;
  }
}

// The AVX2 tiles run wherever the CPU has AVX2 and FMA, also where oneDNN
// runs AVX-512 kernels: PP-OCRv3 det's large unchained planes there (40 @
// 160x160 3x3: 0.57 -> 0.36 ms; 120 @80x80 stride 2: 0.24 -> 0.15 ms;
// whole run 22.0 -> 21.0 ms, Zen 5) against the flat loops below.
bool TilesRun(int64_t kh, int64_t kw) {
  return Avx2FmaAvailable() && TilesFor(kh, kw).rows[0] != nullptr;
}

}  // namespace

bool DepthwiseNchwPays(int64_t kh, int64_t kw, int64_t oh, int64_t ow) {
  // Planes of 3+ rows and 240+ outputs were measured against oneDNN's AVX2
  // kernels only (HandKernelsRun): on AVX-512 oneDNN keeps them.
  return oh * ow >= 1024 || (HandKernelsRun() && TilesRun(kh, kw) && oh >= 3 && oh * ow >= 240);
}

bool DepthwiseNchwApplies(int64_t groups, int64_t in_c, int64_t filter_in_c,
                          const std::vector<int>& dilations, const std::vector<int>& strides) {
  return groups > 1 && groups == in_c && filter_in_c == 1 && dilations.size() == 2 &&
         dilations[0] == 1 && dilations[1] == 1 && strides.size() == 2 && strides[0] <= 4 &&
         strides[1] <= 4;
}

struct DepthwisePlane::Impl {
  DepthwiseShape s;
  TileFns tiles;
  Blocks blk;
  std::vector<float> buf;           // the phase blocks; padding zeroed once
  std::vector<int64_t> off;         // the tiles' tap offsets in buf
  std::vector<const float*> tap, row;  // the streaming loops' tap origins
};

DepthwisePlane::DepthwisePlane(const DepthwiseShape& s, DepthwiseKernel kernel)
    : impl_(std::make_unique<Impl>()) {
  Impl& d = *impl_;
  d.s = s;
  // Measured on AVX2 only (like the other hand kernels, gemm_6x16_avx2.h).
  if (kernel == DepthwiseKernel::kAuto && TilesRun(s.kh, s.kw)) d.tiles = TilesFor(s.kh, s.kw);
  // The tiles read whole 16-column vectors: the block pitch covers the last
  // tile's columns (the columns past the output's are zero or unused input).
  const int64_t cols = d.tiles.rows[0] ? (s.ow + kTileCols - 1) / kTileCols * kTileCols : s.ow;
  d.blk = Blocks{s.oh + (s.kh - 1) / s.sh, cols + (s.kw - 1) / s.sw, s.sh, s.sw};
  d.buf.assign(static_cast<size_t>(s.sh * s.sw * d.blk.ph * d.blk.pw), 0.f);
  const int64_t taps = s.kh * s.kw;
  d.off.resize(static_cast<size_t>(taps));
  d.tap.resize(static_cast<size_t>(taps));
  d.row.resize(static_cast<size_t>(taps));
  for (int64_t kh = 0; kh < s.kh; ++kh) {
    for (int64_t kw = 0; kw < s.kw; ++kw) {
      const float* t = d.blk.at(d.buf.data(), kh % s.sh, kw % s.sw) + (kh / s.sh) * d.blk.pw +
                       kw / s.sw;
      d.tap[kh * s.kw + kw] = t;
      d.off[kh * s.kw + kw] = t - d.buf.data();
    }
  }
}

DepthwisePlane::~DepthwisePlane() = default;

const DepthwiseShape& DepthwisePlane::shape() const { return impl_->s; }

void DepthwisePlane::Run(const float* in, const float* w, float b, const FusedActivation& act,
                         float* o) {
  Impl& d = *impl_;
  const DepthwiseShape& s = d.s;
  FillBlocks(in, s.h, s.w, s.pt, s.pl, d.blk, d.buf.data());
  if (d.tiles.rows[0]) {
    PlaneByTiles(d.tiles, d.buf.data(), d.off.data(), d.blk.pw, w, b, act, VecAct::From(act),
                 s.oh, s.ow, o);
    return;
  }
  // One output row at a time, written in place: its taps read rows of the
  // (cache-resident) padded blocks at the output's row pitch pw, and the
  // activation runs on the row while it is in L1.
  const int64_t taps = s.kh * s.kw;
  for (int64_t oh = 0; oh < s.oh; ++oh) {
    float* orow = o + oh * s.ow;
    for (int64_t t = 0; t < taps; ++t) d.row[t] = d.tap[t] + oh * d.blk.pw;
    if (taps == 9) {
      Taps9(orow, d.row.data(), w, b, s.ow);  // 3x3: all taps in one pass
    } else {
      std::fill(orow, orow + s.ow, b);
      if (s.kw == 5) {  // one pass per kernel row
        for (int64_t kh = 0; kh < s.kh; ++kh) {
          Taps5Acc(orow, d.row.data() + kh * 5, w + kh * 5, s.ow);
        }
      } else {
        for (int64_t t = 0; t < taps; ++t) Axpy(orow, d.row[t], w[t], s.ow);
      }
    }
    act.ApplySerial(orow, s.ow);
  }
}

void DepthwiseConvNchw(const DepthwiseShape& s, const float* in, const float* filter,
                       const float* bias, const FusedActivation& act, float* out, int threads,
                       DepthwiseKernel kernel) {
  const int64_t mult = s.m / s.c;
  const int64_t planes = s.n * s.m;
  const int64_t in_plane = s.h * s.w, out_plane = s.oh * s.ow;
#pragma omp parallel num_threads(threads) if (planes * out_plane * s.kh * s.kw > 200000)
  {
    DepthwisePlane plane(s, kernel);
#pragma omp for schedule(static)
    for (int64_t p = 0; p < planes; ++p) {
      const int64_t n = p / s.m, oc = p % s.m, ic = oc / mult;
      plane.Run(in + (n * s.c + ic) * in_plane, filter + oc * s.kh * s.kw, bias ? bias[oc] : 0.f,
                act, out + p * out_plane);
    }
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
