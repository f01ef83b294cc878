// Nearest-neighbour upsampling of NCHW planes by integer factors: every
// input element repeated kw times along a row, every row kh times. Shared by
// nearest_interp's fast path (interpolate.cc) and by a concat that upsamples
// its inputs (concat.cc, attribute nearest_upsample).
#pragma once
#include <cstdint>

namespace paddle {
namespace lite {
namespace operators {

// out[p][i][j] = x[p][i / kh][j / kw] (+ addend[p][i][j] when addend is not
// null; addend has out's dims) for `planes` planes of in_h x in_w.
void NearestIntegerUpscale(const float* x, int64_t planes, int64_t in_h, int64_t in_w,
                           int64_t kh, int64_t kw, int threads, const float* addend,
                           float* out);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
