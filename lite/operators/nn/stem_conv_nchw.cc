#include "lite/operators/nn/stem_conv_nchw.h"

#include <algorithm>

#include "lite/operators/math/blocked_layout.h"  // OneDnnUsesAvx512
#include "lite/operators/nn/cpu_clones.h"
#include "lite/operators/nn/depthwise_conv_nchw.h"  // Deinterleave2
#include "lite/operators/nn/vec16.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {

constexpr int64_t kLanes = kV16Lanes;  // output pixels per step
constexpr int64_t kMaxC = 4, kMaxM = 32;

// Output row pieces of 16 pixels for output channels m0 .. m0 + B - 1:
// out[m][x] = bias[m] + sum over (c, kh, kw) of w[m][c][kh][kw] *
// tap(c, kh, kw)[x], where tap(c, kh, 0 / 1 / 2) = even[c][kh] / odd[c][kh]
// / even[c][kh] + 1; out[m] holds ow floats.
template <int B>
__attribute__((always_inline)) inline void StemRow(const float* const* even,
                                                   const float* const* odd, int64_t c,
                                                   const float* w, const float* bias, int64_t m0,
                                                   int64_t ow, float* const* out) {
  for (int64_t x = 0; x < ow; x += kLanes) {
    V16 acc[B];
    for (int j = 0; j < B; ++j) acc[j] = (V16){} + (bias ? bias[m0 + j] : 0.f);
    for (int64_t ic = 0; ic < c; ++ic) {
      for (int kh = 0; kh < 3; ++kh) {
        const float* e = even[ic * 3 + kh] + x;
        const float* o = odd[ic * 3 + kh] + x;
        const V16 t0 = LITE_CONST_V16(e), t1 = LITE_CONST_V16(o), t2 = LITE_CONST_V16(e + 1);
        for (int j = 0; j < B; ++j) {
          const float* wj = w + (((m0 + j) * c + ic) * 3 + kh) * 3;
          acc[j] += t0 * wj[0];
          acc[j] += t1 * wj[1];
          acc[j] += t2 * wj[2];
        }
      }
    }
    for (int j = 0; j < B; ++j) {
      if (x + kLanes <= ow) {
        LITE_V16(out[m0 + j] + x) = acc[j];
      } else {
        float tail[kLanes];
        LITE_V16(tail) = acc[j];
        for (int64_t k = 0; k < ow - x; ++k) out[m0 + j][x + k] = tail[k];
      }
    }
  }
}

LITE_CPU_CLONES_NOINLINE
void StemRows(const float* const* even, const float* const* odd, int64_t c, const float* w,
              const float* bias, int64_t m, int64_t ow, float* const* out) {
  int64_t m0 = 0;
  for (; m0 + 8 <= m; m0 += 8) StemRow<8>(even, odd, c, w, bias, m0, ow, out);
  for (; m0 + 4 <= m; m0 += 4) StemRow<4>(even, odd, c, w, bias, m0, ow, out);
  for (; m0 < m; ++m0) StemRow<1>(even, odd, c, w, bias, m0, ow, out);
}

}  // namespace

bool StemConvApplies(int64_t groups, const std::vector<int64_t>& filter_dims,
                     const std::vector<int>& strides, const std::vector<int>& dilations,
                     const std::vector<int>& paddings) {
  return groups == 1 && filter_dims.size() == 4 && filter_dims[0] <= kMaxM &&
         filter_dims[1] <= kMaxC && filter_dims[2] == 3 && filter_dims[3] == 3 &&
         strides == std::vector<int>{2, 2} && dilations == std::vector<int>{1, 1} &&
         paddings.size() == 4 &&
         std::all_of(paddings.begin(), paddings.end(), [](int p) { return p >= 0; }) &&
         OneDnnUsesAvx512();
}

void StemConvNchw(const StemConvShape& s, const float* in, const float* filter,
                  const float* bias, const FusedActivation& act, float* out, int threads) {
  const int64_t ow_pad = (s.ow + kLanes - 1) / kLanes * kLanes;
  // even[x] = input column 2x - pl, odd[x] = 2x + 1 - pl (zero outside); the
  // taps read even up to ow_pad (kw = 2).
  const int64_t half = ow_pad + 1;
  const int64_t rows = s.n * s.oh;
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1 && rows > 1)
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t n = r / s.oh, oy = r % s.oh;
    thread_local std::vector<float> buf;
    buf.resize(static_cast<size_t>(s.c * 3 * 2 * half));
    const float* even[kMaxC * 3];
    const float* odd[kMaxC * 3];
    float* outs[kMaxM];
    for (int64_t ic = 0; ic < s.c; ++ic) {
      for (int kh = 0; kh < 3; ++kh) {
        float* e = buf.data() + ((ic * 3 + kh) * 2) * half;
        float* o = e + half;
        const int64_t y = oy * 2 + kh - s.pt;
        const float* row = y >= 0 && y < s.h ? in + ((n * s.c + ic) * s.h + y) * s.w : nullptr;
        if (!row) {
          std::fill(e, e + 2 * half, 0.f);  // e and o
        } else {
          // Columns x with both 2x - pl and 2x + 1 - pl inside the row: [x0, x1).
          const int64_t x0 = std::min<int64_t>(half, (s.pl + 1) / 2);
          const int64_t x1 = std::max(x0, std::min<int64_t>(half, (s.w + s.pl) / 2));
          auto edge = [&](int64_t x) {
            const int64_t xe = 2 * x - s.pl, xo = xe + 1;
            e[x] = xe >= 0 && xe < s.w ? row[xe] : 0.f;
            o[x] = xo >= 0 && xo < s.w ? row[xo] : 0.f;
          };
          for (int64_t x = 0; x < x0; ++x) edge(x);
          Deinterleave2(row + 2 * x0 - s.pl, x1 - x0, e + x0, o + x0);
          for (int64_t x = x1; x < half; ++x) edge(x);
        }
        even[ic * 3 + kh] = e;
        odd[ic * 3 + kh] = o;
      }
    }
    for (int64_t m = 0; m < s.m; ++m) outs[m] = out + ((n * s.m + m) * s.oh + oy) * s.ow;
    StemRows(even, odd, s.c, filter, bias, s.m, s.ow, outs);
    if (!act.Identity()) {
      for (int64_t m = 0; m < s.m; ++m) act.ApplySerial(outs[m], s.ow);
    }
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
