#include "lite/operators/nn/depthwise_conv_nchw.h"
#include "lite/operators/nn/cpu_clones.h"

#include <algorithm>
#include <vector>

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
LITE_CPU_CLONES
void Deinterleave2(const float* __restrict s, int64_t n, float* __restrict e,
                   float* __restrict o) {
  for (int64_t i = 0; i < n; ++i) {
    e[i] = s[2 * i];
    o[i] = s[2 * i + 1];
  }
}

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

}  // namespace

bool DepthwiseNchwApplies(int64_t groups, int64_t in_c, int64_t filter_in_c,
                          const std::vector<int>& dilations, const std::vector<int>& strides) {
  return groups > 1 && groups == in_c && filter_in_c == 1 && dilations.size() == 2 &&
         dilations[0] == 1 && dilations[1] == 1 && strides.size() == 2 && strides[0] <= 4 &&
         strides[1] <= 4;
}

void DepthwiseConvNchw(const DepthwiseShape& s, const float* in, const float* filter,
                       const float* bias, const FusedActivation& act, float* out,
                       int threads) {
  const int64_t mult = s.m / s.c;
  Blocks blk{s.oh + (s.kh - 1) / s.sh, s.ow + (s.kw - 1) / s.sw, s.sh, s.sw};
  const int64_t planes = s.n * s.m;
  const int64_t in_plane = s.h * s.w, out_plane = s.oh * s.ow;
#pragma omp parallel num_threads(threads) if (planes * out_plane * s.kh * s.kw > 200000)
  {
    std::vector<float> buf(static_cast<size_t>(s.sh * s.sw * blk.ph * blk.pw), 0.f);
    const int64_t taps = s.kh * s.kw;
    std::vector<const float*> tap(static_cast<size_t>(taps)), row(static_cast<size_t>(taps));
#pragma omp for schedule(static)
    for (int64_t p = 0; p < planes; ++p) {
      const int64_t n = p / s.m, oc = p % s.m, ic = oc / mult;
      FillBlocks(in + (n * s.c + ic) * in_plane, s.h, s.w, s.pt, s.pl, blk, buf.data());
      const float* w = filter + oc * s.kh * s.kw;
      const float b = bias ? bias[oc] : 0.f;
      for (int64_t kh = 0; kh < s.kh; ++kh) {
        for (int64_t kw = 0; kw < s.kw; ++kw) {
          tap[kh * s.kw + kw] = blk.at(buf.data(), kh % s.sh, kw % s.sw) +
                                (kh / s.sh) * blk.pw + kw / s.sw;
        }
      }
      // One output row at a time, written in place: its taps read rows of
      // the (cache-resident) padded blocks at the output's row pitch pw, and
      // the activation runs on the row while it is in L1.
      float* o = out + p * out_plane;
      for (int64_t oh = 0; oh < s.oh; ++oh) {
        float* orow = o + oh * s.ow;
        for (int64_t t = 0; t < taps; ++t) row[t] = tap[t] + oh * blk.pw;
        if (taps == 9) {
          Taps9(orow, row.data(), w, b, s.ow);  // 3x3: all taps in one pass
        } else {
          std::fill(orow, orow + s.ow, b);
          if (s.kw == 5) {  // one pass per kernel row
            for (int64_t kh = 0; kh < s.kh; ++kh) {
              Taps5Acc(orow, row.data() + kh * 5, w + kh * 5, s.ow);
            }
          } else {
            for (int64_t t = 0; t < taps; ++t) Axpy(orow, row[t], w[t], s.ow);
          }
        }
        act.ApplySerial(orow, s.ow);
      }
    }
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
