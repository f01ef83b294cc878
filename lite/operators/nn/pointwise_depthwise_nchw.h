// A 1x1 conv followed by the depthwise conv that alone reads its output,
// computed together band by band on plain NCHW tensors
// (pointwise_depthwise_fuse_pass makes the pair one depthwise op with
// inputs PointwiseFilter / PointwiseBias).
//
// MobileNetV3's expansions in PP-OCR's detectors widen 8 or 16 channels to
// 8-40 on 320x320 and 160x160 planes and the depthwise conv reads them back
// right away: the widened map (up to 13 MB) went to memory and returned, and
// both convs were bound by that traffic. Here a band of output rows is
// computed from the band of 1x1 outputs it needs (6 channels at a time,
// gemm_6x16_avx2.h), which stays in L2; the band's halo rows are computed
// twice. The arithmetic per element is the same as the two ops'
// (bit-identical to PointwiseConvNchw + DepthwiseConvNchw on one machine).
#pragma once
#include <cstdint>

#include "lite/operators/nn/depthwise_conv_nchw.h"
#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct PointwiseDepthwiseShape {
  int64_t c;          // the 1x1 conv's input channels; its input is [dw.n, c, dw.h, dw.w]
  DepthwiseShape dw;  // the depthwise conv on the 1x1 conv's [N, dw.c, H, W] output
                      // (dw.m == dw.c: one filter per channel)
};

// Whether the band-by-band computation beats the two convs one after the
// other (PointwiseDepthwiseNchw does either).
bool PointwiseDepthwiseFusedPays(const PointwiseDepthwiseShape& s);

// out = dw_act(dwconv(pw_act(conv1x1(in, pw_packed) + pw_bias), dw_filter) + dw_bias);
// `pw_packed` from PointwisePackFilter; either bias may be null.
void PointwiseDepthwiseNchw(const PointwiseDepthwiseShape& s, const float* in,
                            const float* pw_packed, const float* pw_bias,
                            const FusedActivation& pw_act, const float* dw_filter,
                            const float* dw_bias, const FusedActivation& dw_act, float* out,
                            int threads);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
