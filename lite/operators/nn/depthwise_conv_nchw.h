// Direct depthwise convolution on plain NCHW tensors (no layout change).
//
// oneDNN's depthwise kernels need nChw16c or NHWC; converting the activations
// there and back cost twice the convolution itself on PP-OCR's detector
// (memory-bound layers: 9 or 25 taps per output). This kernel works one
// output plane at a time: the input plane is copied once, zero padded and
// split into stride phases, so that every tap is one contiguous, vectorized
// multiply-add over the plane (in L1-sized chunks); bias and activation are
// applied while the plane is hot. On AVX2 CPUs (where oneDNN runs its AVX2
// kernels) 3x3 / 5x5 filters run register-blocked tiles of 4 rows x 16
// columns over the same blocks instead, the activation in registers (PP-OCR
// 5x5 layers 1.2-1.6x faster; the large 3x3 planes are bound by memory).
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct DepthwiseShape {
  int64_t n, c, h, w;      // input [N, C, H, W]
  int64_t m;               // output channels (multiple of C; M / C per input channel)
  int64_t kh, kw;          // filter [M, 1, KH, KW]
  int64_t oh, ow;          // output spatial extents
  int sh, sw;              // strides
  int pt, pl;              // top / left padding (bottom/right follow from OH/OW)
};

// True when DepthwiseConvNchw handles the conv (groups == C, undilated,
// strides <= 4).
bool DepthwiseNchwApplies(int64_t groups, int64_t in_c, int64_t filter_in_c,
                          const std::vector<int>& dilations, const std::vector<int>& strides);

// True when the kernel beats oneDNN's blocked one for an output plane of
// oh x ow (1 thread, PP-OCR's detectors, recognizer and classifier): planes
// of >= 1024 outputs; where the AVX2 tiles run beside oneDNN's AVX2 kernels
// (HandKernelsRun) also planes of >= 240 outputs and >= 3 rows (the
// recognizer's 480 x 3x80 planes: 0.26 -> 0.17 ms and 0.19 -> 0.15 ms, the
// layout conversions around oneDNN's kernel included). Below
// that, the per-plane copy loses to oneDNN, whose layout conversions are
// cheap there (cls: 2x96 planes with 5x5 taps).
bool DepthwiseNchwPays(int64_t kh, int64_t kw, int64_t oh, int64_t ow);

// e[i] = s[2i], o[i] = s[2i + 1] for i < n (AVX2 where the CPU has it): the
// even and odd columns of a row, for stride-2 kernels.
void Deinterleave2(const float* s, int64_t n, float* e, float* o);

// kAuto: 3x3, 5x5, 3x5 and 5x3 filters run register-blocked AVX2/FMA tiles
// on CPUs where oneDNN runs its AVX2 kernels; kPortable: always the
// streaming per-row loops (the tests compare both).
enum class DepthwiseKernel { kAuto, kPortable };

// One plane geometry of the kernel (the shape's n, c and m are not used):
// the padded phase blocks (zeroed once: which positions a plane writes
// depends only on the geometry), the tap offsets and the kernel choice.
// Not thread-safe: one per thread.
class DepthwisePlane {
 public:
  explicit DepthwisePlane(const DepthwiseShape& s,
                          DepthwiseKernel kernel = DepthwiseKernel::kAuto);
  ~DepthwisePlane();
  DepthwisePlane(const DepthwisePlane&) = delete;
  DepthwisePlane& operator=(const DepthwisePlane&) = delete;
  const DepthwiseShape& shape() const;
  // out[OH][OW] = act(conv(in[H][W], w[KH][KW]) + b)
  void Run(const float* in, const float* w, float b, const FusedActivation& act, float* out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// out = act(conv(in, filter) + bias); `bias` may be null.
void DepthwiseConvNchw(const DepthwiseShape& s, const float* in, const float* filter,
                       const float* bias, const FusedActivation& act, float* out, int threads,
                       DepthwiseKernel kernel = DepthwiseKernel::kAuto);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
