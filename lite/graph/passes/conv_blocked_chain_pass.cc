// Keeps the activation between two float convs in oneDNN's blocked layout
// (nChw8c or nChw16c, lite/operators/math/blocked_layout.h) where oneDNN's
// blocked kernels run both convs faster than our NCHW kernels or its NCHW
// convolutions do. The tensor keeps its NCHW dims; the producer gets
// output_blocked, the consumer input_blocked, and their kernels read and
// write the blocked data in place: no conversion between them, one at each
// end of a chain.
//
// The convs that join (measured on the PP-OCRv4 recognizer's layers, 1
// thread, conv_bench and the model's profile; docs/performance.md):
//  - 1x1 stride-1 unpadded convs, on AVX2 those with more than 64 input
//    channels (below that our NCHW pointwise kernel is faster): oneDNN's
//    jit_1x1 on blocked data against its GEMM convolution on NCHW, 480 ->
//    480 @6x80: 2.11 ms against 2.19 ms;
//  - depthwise 3x3 / 5x5 convs (one filter per channel, undilated): jit_dw
//    on blocked data against our NCHW tiles, 240 channels @12x80 5x5:
//    0.15 ms against 0.27 ms (AVX2).
// On AVX-512 (nChw16c; our NCHW pointwise kernel and tiles do not run
// there) every unchained conv converts NCHW to nChw16c and back itself;
// chained, the recognizer takes 6.9 ms instead of 8.3, the PP-OCRv4
// detector 27.5 instead of 29.5 (1 thread, 2026-11-29).
// A blocked tensor's channels must be a multiple of kBlockedChannelMultiple
// (whole blocks: the data are the tensor's size, and an activation applied
// afterwards may run over them as a flat array). On AVX2 both channel
// counts of each chained conv must be (as measured); on AVX-512 only the
// blocked side's, the other side being converted anyway (the v3 detector's
// 56 -> 336 -> depthwise 336 -> 56 blocks: 26.5 ms instead of 27.7).
// An edge joins when the producer's Output is no model output and is read
// by the consumer's Input alone, or by a squeeze-excitation block whose
// scaled output the consumer's Input alone reads (the block's whole-plane
// average pool and multiply then read blocked data: attribute
// blocked_data). A chain starts at a 1x1 conv (below).
// Runs where oneDNN runs AVX-512 kernels or AVX2 ones beside our NCHW
// kernels (BlockedChainRuns): elsewhere the trade was not measured. After
// the NNAdapter subgraph pass and the conv fusions, before memory reuse.
#include <glog/logging.h>

#include <algorithm>
#include <limits>
#include <set>

#include "lite/graph/passes/pattern_util.h"
#include "lite/operators/math/blocked_layout.h"
#include "lite/operators/nn/gemm_6x16_avx2.h"  // HandKernelsRun
#include "lite/operators/nn/depthwise_conv_nchw.h"
#include "lite/operators/nn/nn_common.h"
#include "lite/operators/nn/pointwise_conv_nchw.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {

// Which side of a conv an edge would block: its Output (the producer's) or
// its Input (the consumer's).
enum class Side { kOutput, kInput };

// True when `conv` may read or write blocked data on `side` (the rules
// above). On AVX-512 only that side's channels need whole blocks (the other
// side is converted, padded where oneDNN pads); on AVX2 both, as measured.
bool BlockedConv(const Node* conv, const Scope* weights, Side side) {
  if (!PlainFloatConv(conv)) return false;
  const Tensor* f = FloatWeight(InputArg(conv, "Filter"), weights);
  if (!f || f->dims().size() != 4) return false;
  const DDim& fd = f->dims();
  const cpp::OpDesc& d = conv->op;
  const int64_t groups = d.GetAttr<int32_t>("groups", 1);
  const int64_t in_c = fd[1] * groups, out_c = fd[0];
  const bool both = operators::HandKernelsRun();
  if (((both || side == Side::kInput) && in_c % operators::kBlockedChannelMultiple != 0) ||
      ((both || side == Side::kOutput) && out_c % operators::kBlockedChannelMultiple != 0)) {
    return false;
  }
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

// {the whole-plane average pool, the multiply} when `out` is read by
// exactly these two, as a squeeze-excitation block does: the pool's
// [N, C, 1, 1] output is the same in either layout, and the multiply
// scales X = `out` by a per-channel vector computed from it (its Out holds
// blocked data too). Empty otherwise.
std::vector<Node*> SqueezeExcitation(const Node* out) {
  if (out->outlinks.size() != 2) return {};
  Node* pool = nullptr;
  Node* mul = nullptr;
  for (Node* s : out->outlinks) {
    if (IsPlanePool(s) && InputArg(s, "X") == out) pool = s;
    if (IsMul(s) && InputArg(s, "X") == out && PlaneVector(InputArg(s, "Y"))) mul = s;
  }
  if (!pool || !mul || mul->outlinks.size() != 1) return {};
  return {pool, mul};
}

}  // namespace

int ConvBlockedChainPass::Apply(SSAGraph* graph, const PassContext& ctx) {
  if (!operators::BlockedChainRuns()) return 0;
  struct Edge {
    Node *producer, *consumer;
    std::vector<Node*> between;  // a squeeze-excitation's pool and multiply
  };
  std::vector<Edge> edges;
  std::set<const Node*> blocked_input;  // consumers of the edges so far
  for (Node* producer : graph->StmtTopologicalOrder()) {
    if (producer->removed || !BlockedConv(producer, ctx.weights, Side::kOutput)) continue;
    // A chain starts at a 1x1 conv: a depthwise conv at its start would
    // convert its NCHW input where our NCHW depthwise kernel needs none (the
    // recognizer's 128 channels @12x160 on AVX2: 0.15 -> 0.22 ms; on
    // AVX-512 the detector's 32 channels @320x320 stride 2: 0.57 -> 1.34 ms).
    if (producer->op.GetAttr<int32_t>("groups", 1) != 1 && !blocked_input.count(producer)) {
      continue;
    }
    Node* out = OutputArg(producer, "Output");
    if (!out || out->Observed() || !OtherOutputsUnused(producer, out)) continue;
    Node* consumer = SoleConsumer(out);
    if (consumer && InputArg(consumer, "Input") == out &&
        BlockedConv(consumer, ctx.weights, Side::kInput)) {
      edges.push_back({producer, consumer, {}});
      blocked_input.insert(consumer);
      continue;
    }
    std::vector<Node*> se = SqueezeExcitation(out);
    if (se.size() == 2) {
      Node* scaled = OutputArg(se[1], "Out");
      consumer = SoleConsumer(scaled);
      if (consumer && !scaled->Observed() && InputArg(consumer, "Input") == scaled &&
          BlockedConv(consumer, ctx.weights, Side::kInput)) {
        edges.push_back({producer, consumer, se});
        blocked_input.insert(consumer);
      }
    }
  }
  // Marked after the search: a marked conv is no PlainFloatConv any more.
  for (auto& e : edges) {
    e.producer->op.SetAttr("output_blocked", true);
    e.consumer->op.SetAttr("input_blocked", true);
    for (Node* s : e.between) s->op.SetAttr("blocked_data", true);
    VLOG(2) << "conv_blocked_chain_pass: " << e.producer->op.Repr() << " -> "
            << (e.between.empty() ? "" : "squeeze-excitation -> ") << e.consumer->op.Repr()
            << " in the blocked layout";
  }
  return static_cast<int>(edges.size());
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
