// Keeps the activation between two float convs in oneDNN's blocked layout
// (nChw8c where oneDNN runs AVX2 kernels, nChw16c on AVX-512: the kernel
// picks, conv_param.h) when oneDNN's blocked kernels run both convs faster
// than our NCHW kernels or its NCHW GEMM convolution do. The tensor keeps its
// NCHW dims; the producer gets output_blocked, the consumer input_blocked, and
// their kernels read and write the blocked data in place: no conversion
// between them, one at each end of a chain.
//
// The convs that join (measured on the PP-OCRv4 recognizer's layers, 1
// thread, conv_bench and the model's profile; docs/performance.md):
//  - 1x1 stride-1 unpadded convs with more than 64 input channels (below
//    that our NCHW pointwise kernel is faster): oneDNN's jit_1x1 on blocked
//    data against its GEMM convolution on NCHW, 480 -> 480 @6x80: 2.11 ms
//    against 2.19 ms;
//  - depthwise 3x3 / 5x5 convs (one filter per channel, undilated): jit_dw on
//    blocked data against our NCHW tiles, 240 channels @12x80 5x5: 0.15 ms
//    against 0.27 ms.
// Both channel counts of each must be multiples of 16 (the data of the
// blocked layouts with 8 and 16 channels per block are then the tensor's
// size, and an activation applied afterwards may run over it as a flat
// array). An edge joins when the producer's Output is read by the consumer's
// Input alone and is no model output, and a chain starts at a 1x1 conv (a
// depthwise conv starting one would convert its NCHW input where our tiles
// need no conversion). Runs only where the hand-written NCHW
// kernels run (AVX2 + FMA, oneDNN not on AVX-512; HandKernelsRun): elsewhere
// the trade was not measured. After the NNAdapter subgraph pass and the
// conv fusions, before memory reuse.
#include <glog/logging.h>

#include <algorithm>
#include <limits>
#include <set>

#include "lite/graph/passes/pattern_util.h"
#include "lite/operators/nn/depthwise_conv_nchw.h"
#include "lite/operators/nn/gemm_6x16_avx2.h"
#include "lite/operators/nn/nn_common.h"
#include "lite/operators/nn/pointwise_conv_nchw.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {

constexpr int64_t kBlockMultiple = 16;

// True when `conv` may read and write blocked data (the rules above).
bool BlockedConv(const Node* conv, const Scope* weights) {
  if (!PlainFloatConv(conv)) return false;
  const Tensor* f = FloatWeight(InputArg(conv, "Filter"), weights);
  if (!f || f->dims().size() != 4) return false;
  const DDim& fd = f->dims();
  const cpp::OpDesc& d = conv->op;
  const int64_t groups = d.GetAttr<int32_t>("groups", 1);
  const int64_t in_c = fd[1] * groups, out_c = fd[0];
  if (in_c % kBlockMultiple != 0 || out_c % kBlockMultiple != 0) return false;
  const std::vector<int> strides = d.GetAttr<std::vector<int>>("strides", {1, 1});
  const std::vector<int> dilations = d.GetAttr<std::vector<int>>("dilations", {1, 1});
  const std::vector<int> pads = operators::ReadPaddings4(d);
  if (groups == 1) {
    const std::vector<int64_t> fdims{fd[0], fd[1], fd[2], fd[3]};
    // Not where our NCHW pointwise kernel runs (few input channels) on any
    // plane.
    return fd[2] == 1 && fd[3] == 1 && strides == std::vector<int>{1, 1} &&
           std::all_of(pads.begin(), pads.end(), [](int p) { return p == 0; }) &&
           !operators::PointwiseNchwApplies(1, fdims, strides, pads,
                                            std::numeric_limits<int64_t>::max());
  }
  return groups == in_c && out_c == in_c && fd[2] == fd[3] && (fd[2] == 3 || fd[2] == 5) &&
         operators::DepthwiseNchwApplies(groups, in_c, fd[1], dilations, strides);
}

}  // namespace

int ConvBlockedChainPass::Apply(SSAGraph* graph, const PassContext& ctx) {
  if (!operators::HandKernelsRun()) return 0;
  std::vector<std::pair<Node*, Node*>> edges;
  std::set<const Node*> blocked_input;  // consumers of the edges so far
  for (Node* producer : graph->StmtTopologicalOrder()) {
    if (producer->removed || !BlockedConv(producer, ctx.weights)) continue;
    // A chain starts at a 1x1 conv: a depthwise conv at its start would
    // convert its NCHW input where our NCHW tiles need none (the
    // recognizer's 128 channels @12x160: 0.15 -> 0.22 ms).
    if (producer->op.GetAttr<int32_t>("groups", 1) != 1 && !blocked_input.count(producer)) {
      continue;
    }
    Node* out = OutputArg(producer, "Output");
    Node* consumer = out ? SoleConsumer(out) : nullptr;
    if (!consumer || out->Observed() || !OtherOutputsUnused(producer, out) ||
        InputArg(consumer, "Input") != out || !BlockedConv(consumer, ctx.weights)) {
      continue;
    }
    edges.emplace_back(producer, consumer);
    blocked_input.insert(consumer);
  }
  // Marked after the search: a marked conv is no PlainFloatConv any more.
  for (auto& e : edges) {
    e.first->op.SetAttr("output_blocked", true);
    e.second->op.SetAttr("input_blocked", true);
    VLOG(2) << "conv_blocked_chain_pass: " << e.first->op.Repr() << " -> "
            << e.second->op.Repr() << " in the blocked layout";
  }
  return static_cast<int>(edges.size());
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
