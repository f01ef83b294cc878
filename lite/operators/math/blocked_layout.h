// The blocked layout of float activations between chained convs
// (conv_blocked_chain_pass, attributes input_blocked / output_blocked /
// blocked_data): oneDNN's nChw{B}c, [N][C/B][H][W][B], with B the block of
// the kernels oneDNN runs on this CPU: 16 where it runs AVX-512 kernels
// (nChw16c), 8 elsewhere (nChw8c, its AVX2 kernels). The attributes say
// "blocked", not the block: a program optimized on one CPU runs on another
// with that CPU's block, the same for every kernel of the run. Only tensors
// whose channels are multiples of kBlockedChannelMultiple are blocked: their
// data then have the tensor's NCHW size under either block.
#pragma once
#include <cstdint>
#include <dnnl.hpp>

#include "lite/operators/nn/cpu_clones.h"  // Avx2FmaAvailable

namespace paddle {
namespace lite {
namespace operators {

constexpr int64_t kBlockedChannelMultiple = 16;

// oneDNN runs its AVX-512 kernels on this CPU.
inline bool OneDnnUsesAvx512() {
  static const bool uses = [] {
    const int isa = static_cast<int>(dnnl::get_effective_cpu_isa());
    return (isa & dnnl_cpu_isa_avx512_core) == dnnl_cpu_isa_avx512_core;
  }();
  return uses;
}

// conv_blocked_chain_pass chains convs on this CPU: where oneDNN runs
// AVX-512 kernels, or AVX2 ones beside our hand-written NCHW kernels
// (HandKernelsRun). Elsewhere the trade was not measured.
inline bool BlockedChainRuns() { return OneDnnUsesAvx512() || Avx2FmaAvailable(); }

// B: the channels of one block on this CPU (8 or 16).
inline int64_t BlockedActChannels() {
  static const int64_t b = OneDnnUsesAvx512() ? 16 : 8;
  return b;
}

static_assert(kBlockedChannelMultiple % 16 == 0 && kBlockedChannelMultiple % 8 == 0,
              "whole blocks under either block");

}  // namespace operators
}  // namespace lite
}  // namespace paddle
