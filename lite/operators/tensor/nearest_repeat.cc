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

// out[j] = row[j / k] + add[j] for j < w * k.
void RepeatRowAdd(const float* row, int64_t w, int64_t k, const float* add, float* out) {
  int64_t j = 0;
#if defined(__SSE2__)
  if (k == 2) {
    for (; j + 4 <= w; j += 4) {
      const __m128 v = _mm_loadu_ps(row + j);
      _mm_storeu_ps(out + 2 * j, _mm_add_ps(_mm_unpacklo_ps(v, v), _mm_loadu_ps(add + 2 * j)));
      _mm_storeu_ps(out + 2 * j + 4,
                    _mm_add_ps(_mm_unpackhi_ps(v, v), _mm_loadu_ps(add + 2 * j + 4)));
    }
  }
#endif
  for (; j < w; ++j) {
    for (int64_t t = j * k; t < (j + 1) * k; ++t) out[t] = row[j] + add[t];
  }
}

}  // namespace

void NearestIntegerUpscale(const float* x, int64_t planes, int64_t in_h, int64_t in_w,
                           int64_t kh, int64_t kw, int threads, const float* addend,
                           float* out) {
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
        for (int64_t r = 0; r < kh; ++r) {
          RepeatRowAdd(src + i * in_w, in_w, kw, add + r * out_w, first + r * out_w);
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
