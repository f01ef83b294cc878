// An int8 3x3 stride-1 convolution with few output channels, on AVX512-VNNI:
// each vector holds 16 output pixels of a row of one output channel, so the
// output channel count needs no padding.
//
// The QAT detector's head convs are 96 -> 24 channels at 160x160 and
// 80x80 (36% of its multiply-adds): oneDNN's int8 kernels vectorize over
// output channels and pad 24 to 32, a quarter of the work wasted (1.9-2.1
// ms each at 160x160 on Zen 5; here 1.28, of which ~0.1 rearranging; the
// multiply-adds alone would take 0.96 at this core's 8.6 G vpdpbusd/s).
// Here each input row is rearranged, as it is
// needed, into 4-channel groups, [C / 4][W + 2][4] bytes, as u8 (q + 128;
// the borders hold 128, i.e. q = 0), so one 64-byte load is the
// 4 channels of 16 neighbouring pixels for one tap; each such load feeds
// one vpdpbusd per output channel with that channel's 4 weights
// broadcast. The +128 is taken back by subtracting 128 * sum(w[m]).
//
// The integer sums are exact, and the float epilogue is oneDNN's:
// ((float)acc + bias_q[m]) * scale[m], then relu, so the result is
// bit-identical to the oneDNN int8 convolution with the same output scales
// and the bias divided by them (conv2d_int8.cc).
#pragma once
#include <cstdint>
#include <vector>

namespace paddle {
namespace lite {
namespace operators {

struct Conv3x3S8Shape {
  int64_t n, c, h, w;  // input [N, C, H, W]; the output is [N, M, H, W]
  int64_t m;
};

// True when Conv3x3S8 handles the conv: one group, 3x3 filter, stride 1,
// dilation 1, padding 1 on every side, C % 4 == 0, M a multiple of 24 and
// not of 16 (where oneDNN pads: 24, 72, 120, ...; only 24 was measured
// against oneDNN, the blocks are the same), W >= 16, on CPUs with AVX512-VNNI
// where oneDNN runs its AVX512-VNNI kernels (not under ONEDNN_MAX_CPU_ISA
// below it).
bool Conv3x3S8Applies(int64_t groups, const std::vector<int64_t>& filter_dims,
                      const std::vector<int64_t>& in_dims, const std::vector<int>& strides,
                      const std::vector<int>& dilations, const std::vector<int>& paddings);

class Conv3x3S8 {
 public:
  // The quantized filter [M, C, 3, 3].
  void Pack(const int8_t* filter, int64_t m, int64_t c);
  bool packed() const { return !w_.empty(); }
  // in: s8 NHWC [N, H, W, C]. out[n, m, y, x] = act(((float)acc + bias_q[m])
  // * scale[m]) with act relu or none, written NCHW or NHWC (out_nhwc).
  void Run(const Conv3x3S8Shape& s, const int8_t* in, const float* bias_q, const float* scale,
           bool relu, bool out_nhwc, float* out, int threads);

 private:
  int64_t m_{0}, c_{0};
  // Blocks of 24 output channels of [C / 4][3][3][24] words, each the s8
  // weights of 4 input channels.
  std::vector<int32_t> w_;
  std::vector<int32_t> comp_;  // [M]: 128 * sum of w[m]
  // Per thread three rows of [C / 4][Wp][4] u8, then a row of 128s.
  std::vector<uint8_t> ring_;
  int64_t ring_row_{0};
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
