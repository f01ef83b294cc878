// The blocked layout of float activations between chained convs
// (conv_blocked_chain_pass, attributes input_blocked / output_blocked /
// blocked_data): oneDNN's nChw8c, [N][C/8][H][W][8], the block of its AVX2
// kernels (conv2d.cc hands it to oneDNN as nChw8c on every CPU). Only
// tensors whose channels are multiples of kBlockedChannelMultiple are
// blocked: their data then have the tensor's NCHW size.
#pragma once
#include <cstdint>

namespace paddle {
namespace lite {
namespace operators {

constexpr int64_t kBlockedActChannels = 8;
constexpr int64_t kBlockedChannelMultiple = 16;
static_assert(kBlockedChannelMultiple % kBlockedActChannels == 0, "whole blocks");

}  // namespace operators
}  // namespace lite
}  // namespace paddle
