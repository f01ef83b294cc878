// Nearest-neighbour upsampling of NCHW planes by integer factors: every
// input element repeated kw times along a row, every row kh times. Shared by
// nearest_interp's fast path (interpolate.cc) and by a concat that upsamples
// its inputs (concat.cc, attribute nearest_upsample).
#pragma once
#include <cstdint>

namespace paddle {
namespace lite {
namespace operators {

// What is added to the upsampled planes: addend[p][i][j] (out's dims),
// first multiplied by a per-plane scale when `scale` is not null (plane p's
// scale is scale[p % scale_period]) plus itself with plus_x: a * s + a,
// each step rounded as elementwise_mul with plus_x rounds it.
struct UpscaleAddend {
  const float* addend{nullptr};
  const float* scale{nullptr};
  int64_t scale_period{1};
  bool plus_x{false};
};

// out[p][i][j] = x[p][i / kh][j / kw] (+ the addend term when add.addend is
// not null) for `planes` planes of in_h x in_w.
void NearestIntegerUpscale(const float* x, int64_t planes, int64_t in_h, int64_t in_w,
                           int64_t kh, int64_t kw, int threads, const UpscaleAddend& add,
                           float* out);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
