#include "lite/operators/tensor/nearest_repeat.h"

#include <algorithm>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace paddle {
namespace lite {
namespace operators {
namespace {

// out[j] = row[j / k] for j < w * k.
void RepeatRow(const float* row, int64_t w, int64_t k, float* out) {
  int64_t j = 0;
#if defined(__SSE2__)
  if (k == 2) {
    for (; j + 4 <= w; j += 4) {
      const __m128 v = _mm_loadu_ps(row + j);
      _mm_storeu_ps(out + 2 * j, _mm_unpacklo_ps(v, v));
      _mm_storeu_ps(out + 2 * j + 4, _mm_unpackhi_ps(v, v));
    }
  } else if (k == 4) {
    for (; j < w; ++j) _mm_storeu_ps(out + 4 * j, _mm_set1_ps(row[j]));
  } else if (k == 8) {
    for (; j < w; ++j) {
      const __m128 v = _mm_set1_ps(row[j]);
      _mm_storeu_ps(out + 8 * j, v);
      _mm_storeu_ps(out + 8 * j + 4, v);
    }
  }
#endif
  for (; j < w; ++j) std::fill(out + j * k, out + (j + 1) * k, row[j]);
}

// out[j] = row[j / k] + term(add[j]) for j < w * k, term(a) = a without a
// scale, a * scale (+ a with plus_x) with one.
template <bool kScaled, bool kPlusX>
void RepeatRowAddT(const float* row, int64_t w, int64_t k, const float* add, float scale,
                   float* out) {
  auto term = [scale](float a) {
    if (!kScaled) return a;
    const float as = a * scale;
    return kPlusX ? as + a : as;
  };
  int64_t j = 0;
#if defined(__SSE2__)
  if (k == 2) {
    const __m128 s = _mm_set1_ps(scale);
    auto vterm = [s](__m128 a) {
      if (!kScaled) return a;
      const __m128 as = _mm_mul_ps(a, s);
      return kPlusX ? _mm_add_ps(as, a) : as;
    };
    for (; j + 4 <= w; j += 4) {
      const __m128 v = _mm_loadu_ps(row + j);
      _mm_storeu_ps(out + 2 * j,
                    _mm_add_ps(_mm_unpacklo_ps(v, v), vterm(_mm_loadu_ps(add + 2 * j))));
      _mm_storeu_ps(out + 2 * j + 4,
                    _mm_add_ps(_mm_unpackhi_ps(v, v), vterm(_mm_loadu_ps(add + 2 * j + 4))));
    }
  }
#endif
  for (; j < w; ++j) {
    for (int64_t t = j * k; t < (j + 1) * k; ++t) out[t] = row[j] + term(add[t]);
  }
}

void RepeatRowAdd(const float* row, int64_t w, int64_t k, const float* add, const float* scale,
                  bool plus_x, float* out) {
  if (!scale) {
    RepeatRowAddT<false, false>(row, w, k, add, 0.f, out);
  } else if (plus_x) {
    RepeatRowAddT<true, true>(row, w, k, add, *scale, out);
  } else {
    RepeatRowAddT<true, false>(row, w, k, add, *scale, out);
  }
}

}  // namespace

void NearestIntegerUpscale(const float* x, int64_t planes, int64_t in_h, int64_t in_w,
                           int64_t kh, int64_t kw, int threads, const UpscaleAddend& term,
                           float* out) {
  const float* addend = term.addend;
  const int64_t out_w = in_w * kw, in_hw = in_h * in_w, out_hw = in_hw * kh * kw;
  const size_t row_bytes = static_cast<size_t>(out_w) * sizeof(float);
#pragma omp parallel for num_threads(threads) schedule(static) if (planes * out_hw > 65536)
  for (int64_t nc = 0; nc < planes; ++nc) {
    const float* src = x + nc * in_hw;
    float* dst = out + nc * out_hw;
    for (int64_t i = 0; i < in_h; ++i) {
      float* first = dst + i * kh * out_w;
      if (addend) {
        const float* add = addend + nc * out_hw + i * kh * out_w;
        const float* scale = term.scale ? term.scale + nc % term.scale_period : nullptr;
        for (int64_t r = 0; r < kh; ++r) {
          RepeatRowAdd(src + i * in_w, in_w, kw, add + r * out_w, scale, term.plus_x,
                       first + r * out_w);
        }
        continue;
      }
      RepeatRow(src + i * in_w, in_w, kw, first);
      for (int64_t r = 1; r < kh; ++r) std::memcpy(first + r * out_w, first, row_bytes);
    }
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
