#include "lite/operators/nn/pointwise_depthwise_nchw.h"

#include <algorithm>
#include <memory>
#include <vector>

#include "lite/operators/nn/gemm_6x16_avx2.h"  // kGemmRows
#include "lite/operators/nn/pointwise_conv_nchw.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

// Floats of one band: of the 6 channels' 1x1 outputs, and of the input rows
// they read (both in L2 beside the depthwise blocks).
constexpr int64_t kBandFloats = 48 * 1024;

// The smallest 1x1 output map for which the bands pay: the map must not fit
// in cache for its round trip to cost more than the bands' halo rows (1x1
// outputs computed twice) and their overheads. Measured (1 thread, fused /
// one after the other, ms): PP-OCRv3's detector 8 x 320 x 320 (3.3 MB) 1.44
// / 1.80, 40 x 160 x 160 (4.1 MB) 1.55 / 2.0, 120 x 80 x 80 (3.1 MB, stride
// 2) 0.99 / 1.15, 336 x 40 x 40 (2.2 MB) 1.43-1.53 / 1.29-1.45; PP-OCRv4's
// detector 32 x 320 x 320 (13 MB) 4.7 / 7.9, 48 x 160 x 160 (4.9 MB) 3.4 /
// 3.9, 96 x 80 x 80 (2.5 MB) 1.9 / 1.8; its recognizer's 0.5-1 MB maps
// (160 columns: bands of 2-17 rows) 1.1-1.7x as long fused. Below it the two
// convs run one after the other through a scratch map (the same arithmetic
// either way).
constexpr int64_t kFusedMinMapBytes = 2816 << 10;  // 2.75 MiB

// The depthwise geometries of one thread's bands (first, inner, last).
class PlaneCache {
 public:
  explicit PlaneCache(const DepthwiseShape& s) : base_(s) {}
  DepthwisePlane& Get(int64_t h, int pt, int64_t oh) {
    for (auto& p : planes_) {
      const DepthwiseShape& s = p->shape();
      if (s.h == h && s.pt == pt && s.oh == oh) return *p;
    }
    DepthwiseShape s = base_;
    s.h = h;
    s.pt = pt;
    s.oh = oh;
    planes_.push_back(std::make_unique<DepthwisePlane>(s));
    return *planes_.back();
  }

 private:
  DepthwiseShape base_;
  std::vector<std::unique_ptr<DepthwisePlane>> planes_;
};

// The two convs one after the other, through a scratch map (kept for the
// thread's next call; at most kFusedMinMapBytes).
__attribute__((noinline)) void OneAfterTheOther(
    const PointwiseDepthwiseShape& s, const float* in, const float* pw_packed,
    const float* pw_bias, const FusedActivation& pw_act, const float* dw_filter,
    const float* dw_bias, const FusedActivation& dw_act, float* out, int threads) {
  const DepthwiseShape& d = s.dw;
  static thread_local std::vector<float> map;
  const size_t need = static_cast<size_t>(d.n * d.c * d.h * d.w);
  if (map.size() < need) map.resize(need);  // not shrunk: no refill next call
  PointwiseConvNchw(PointwiseShape{d.n, s.c, d.h * d.w, d.c}, in, pw_packed, pw_bias, pw_act,
                    map.data(), threads);
  DepthwiseConvNchw(d, map.data(), dw_filter, dw_bias, dw_act, out, threads);
}

}  // namespace

bool PointwiseDepthwiseFusedPays(const PointwiseDepthwiseShape& s) {
  return s.dw.n * s.dw.c * s.dw.h * s.dw.w * static_cast<int64_t>(sizeof(float)) >=
         kFusedMinMapBytes;
}

void PointwiseDepthwiseNchw(const PointwiseDepthwiseShape& s, const float* in,
                            const float* pw_packed, const float* pw_bias,
                            const FusedActivation& pw_act, const float* dw_filter,
                            const float* dw_bias, const FusedActivation& dw_act, float* out,
                            int threads) {
  const DepthwiseShape& d = s.dw;
  const int64_t m = d.c, hw = d.h * d.w, taps = d.kh * d.kw;
  if (!PointwiseDepthwiseFusedPays(s)) {
    OneAfterTheOther(s, in, pw_packed, pw_bias, pw_act, dw_filter, dw_bias, dw_act, out,
                     threads);
    return;
  }
  const int64_t blocks = (m + kGemmRows - 1) / kGemmRows;
  // Output rows per band: its input rows fit kBandFloats for 6 channels and
  // for the c input channels.
  const int64_t rows_fit = std::max<int64_t>(
      d.kh, kBandFloats / (std::max<int64_t>(kGemmRows, s.c) * std::max<int64_t>(d.w, 1)));
  const int64_t band = std::max<int64_t>(1, (rows_fit - d.kh) / d.sh + 1);
  const int64_t bands = (d.oh + band - 1) / band;
  const int64_t jobs = d.n * bands * blocks;  // channel blocks innermost: one input band each
#pragma omp parallel num_threads(threads) if (threads > 1 && jobs > 1)
  {
    PlaneCache planes(d);
    const int64_t max_in_rows = std::min<int64_t>(d.h, (band - 1) * d.sh + d.kh);
    std::vector<float> pw(static_cast<size_t>(kGemmRows * max_in_rows * d.w));
#pragma omp for schedule(static)
    for (int64_t job = 0; job < jobs; ++job) {
      const int64_t n = job / (bands * blocks), b = job / blocks % bands, cb = job % blocks;
      const int64_t o0 = b * band, o1 = std::min(d.oh, o0 + band);
      // input rows [y0, y1) in unpadded coordinates, clipped to the plane
      const int64_t y0 = o0 * d.sh - d.pt, y1 = (o1 - 1) * d.sh - d.pt + d.kh;
      const int64_t i0 = std::max<int64_t>(0, y0), i1 = std::min(d.h, y1);
      const int64_t len = std::max<int64_t>(0, i1 - i0) * d.w;
      const int64_t rows = std::min(kGemmRows, m - cb * kGemmRows);
      if (len > 0) {
        const float* a = pw_packed + cb * s.c * kGemmRows;
        const float* x = in + n * s.c * hw + i0 * d.w;
        float block_bias[kGemmRows] = {};
        if (pw_bias) {
          std::copy(pw_bias + cb * kGemmRows, pw_bias + cb * kGemmRows + rows, block_bias);
        }
        PointwiseGemmBlock(a, s.c, x, hw, len, pw.data(), len, pw_bias ? block_bias : nullptr,
                           &pw_act);
      }
      DepthwisePlane& plane =
          planes.Get(std::max<int64_t>(0, i1 - i0), static_cast<int>(i0 - y0), o1 - o0);
      for (int64_t r = 0; r < rows; ++r) {
        const int64_t ch = cb * kGemmRows + r;
        const float* row = pw.data() + r * len;
        plane.Run(row, dw_filter + ch * taps, dw_bias ? dw_bias[ch] : 0.f, dw_act,
                  out + ((n * m + ch) * d.oh + o0) * d.ow);
      }
    }
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
