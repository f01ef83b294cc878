// ConvertDataLayoutNchwToNhwc (utility/optimizer.h). The facts follow Paddle
// Lite's NNAdapter pass of the same purpose: every operand carries the
// permutation of its stored dims relative to the NCHW model; layout-sensitive
// operations are forced to NHWC (their input transposed when it is not
// NHWC yet, CONV_2D filters repacked to [Cout, kh, kw, Cin] or, depthwise,
// [1, kh, kw, Cout]); element-wise operations follow their input's order;
// axis operands are renumbered; model outputs are transposed back.
// Unlike Paddle Lite, an operation the table does not know gets its inputs
// transposed back to NCHW instead of stopping the conversion.
#include <algorithm>
#include <climits>
#include <cstring>
#include <map>

#include "nnadapter/utility/logging.h"
#include "nnadapter/utility/optimizer.h"
#include "optimizer_graph.h"

namespace nnadapter {

namespace {

using optimizer::Permutation;

// How an operation treats the layout of its data operands.
enum class LayoutRule {
  kNhwc,         // input 0 forced to NHWC, output 0 NHWC (and CONV_2D's filter)
  kFollow,       // output 0 in input 0's order (other inputs: scalars)
  kBroadcast,    // inputs 0 and 1 aligned to one order, the output's
  kAxis,         // output 0 in input 0's order, the axis operand renumbered
  kConcat,       // every data input aligned, the last operand (axis) renumbered
  kPads,         // output 0 in input 0's order, the [2 * rank] pads permuted
  kReduce,       // axes renumbered; without keepdim the output drops them
  kPerLayer,     // kFollow when input `axis_input` (the scale) is a scalar
};

struct LayoutEntry {
  NNAdapterOperationType type;
  LayoutRule rule;
  int axis_input;  // kAxis: the axis operand's index
};

// The one table of the pass.
constexpr LayoutEntry kLayoutTable[] = {
    {NNADAPTER_CONV_2D, LayoutRule::kNhwc, -1},
    {NNADAPTER_AVERAGE_POOL_2D, LayoutRule::kNhwc, -1},
    {NNADAPTER_MAX_POOL_2D, LayoutRule::kNhwc, -1},
    {NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, LayoutRule::kNhwc, -1},
    {NNADAPTER_BATCH_NORMALIZATION, LayoutRule::kNhwc, -1},
    {NNADAPTER_PRELU, LayoutRule::kNhwc, -1},
    {NNADAPTER_RESIZE_NEAREST, LayoutRule::kNhwc, -1},
    {NNADAPTER_RESIZE_LINEAR, LayoutRule::kNhwc, -1},
    {NNADAPTER_CONV_2D_TRANSPOSE, LayoutRule::kNhwc, -1},
    {NNADAPTER_ADAPTIVE_MAX_POOL_2D, LayoutRule::kNhwc, -1},
    {NNADAPTER_ABS, LayoutRule::kFollow, -1},
    {NNADAPTER_CLIP, LayoutRule::kFollow, -1},
    {NNADAPTER_EXP, LayoutRule::kFollow, -1},
    {NNADAPTER_FLOOR, LayoutRule::kFollow, -1},
    {NNADAPTER_GELU, LayoutRule::kFollow, -1},
    {NNADAPTER_HARD_SIGMOID, LayoutRule::kFollow, -1},
    {NNADAPTER_HARD_SWISH, LayoutRule::kFollow, -1},
    {NNADAPTER_LEAKY_RELU, LayoutRule::kFollow, -1},
    {NNADAPTER_LOG, LayoutRule::kFollow, -1},
    {NNADAPTER_RELU, LayoutRule::kFollow, -1},
    {NNADAPTER_RELU6, LayoutRule::kFollow, -1},
    {NNADAPTER_SIGMOID, LayoutRule::kFollow, -1},
    {NNADAPTER_SQUARE, LayoutRule::kFollow, -1},
    {NNADAPTER_SWISH, LayoutRule::kFollow, -1},
    {NNADAPTER_TANH, LayoutRule::kFollow, -1},
    {NNADAPTER_CAST, LayoutRule::kFollow, -1},
    {NNADAPTER_COS, LayoutRule::kFollow, -1},
    {NNADAPTER_NOT, LayoutRule::kFollow, -1},
    {NNADAPTER_RSQRT, LayoutRule::kFollow, -1},
    {NNADAPTER_SIN, LayoutRule::kFollow, -1},
    {NNADAPTER_SOFTPLUS, LayoutRule::kFollow, -1},
    {NNADAPTER_ASSIGN, LayoutRule::kFollow, -1},
    {NNADAPTER_DEQUANTIZE, LayoutRule::kFollow, -1},
    {NNADAPTER_QUANTIZE, LayoutRule::kPerLayer, 2},
    {NNADAPTER_ADD, LayoutRule::kBroadcast, -1},
    {NNADAPTER_SUB, LayoutRule::kBroadcast, -1},
    {NNADAPTER_MUL, LayoutRule::kBroadcast, -1},
    {NNADAPTER_DIV, LayoutRule::kBroadcast, -1},
    {NNADAPTER_MAX, LayoutRule::kBroadcast, -1},
    {NNADAPTER_MIN, LayoutRule::kBroadcast, -1},
    {NNADAPTER_POW, LayoutRule::kBroadcast, -1},
    {NNADAPTER_SUM, LayoutRule::kBroadcast, -1},
    {NNADAPTER_SOFTMAX, LayoutRule::kAxis, 1},
    {NNADAPTER_LOG_SOFTMAX, LayoutRule::kAxis, 1},
    {NNADAPTER_CONCAT, LayoutRule::kConcat, -1},
    {NNADAPTER_PAD, LayoutRule::kPads, 1},
    {NNADAPTER_REDUCE_MAX, LayoutRule::kReduce, 1},
    {NNADAPTER_REDUCE_MEAN, LayoutRule::kReduce, 1},
    {NNADAPTER_REDUCE_SUM, LayoutRule::kReduce, 1},
};

const LayoutEntry* FindLayoutEntry(NNAdapterOperationType type) {
  for (const auto& e : kLayoutTable) {
    if (e.type == type) return &e;
  }
  return nullptr;
}

const Permutation kNchwToNhwc = NchwToNhwcPermutation();

class LayoutConverter {
 public:
  LayoutConverter(OwnedModel* model, BoundaryLayout boundary)
      : m_(model), boundary_(boundary) {}

  size_t Run() {
    if (boundary_ == BoundaryLayout::kNhwc) {
      for (core::Operand* in : m_->model.input_operands) {
        if (!in || in->type.dimensions.count != 4) continue;
        optimizer::PermuteDimensions(&in->type.dimensions, kNchwToNhwc);
        in->type.layout = NNADAPTER_NHWC;
        perm_[in] = kNchwToNhwc;
      }
    }
    for (auto* op : SortOperationsInTopologicalOrder(&m_->model)) Convert(op);
    RestoreOutputs();
    optimizer::RemoveUnusedOperands(&m_->model);
    return transposes_;
  }

 private:
  Permutation Of(const core::Operand* o) const {
    auto it = perm_.find(o);
    return it != perm_.end() ? it->second
                             : optimizer::IdentityPermutation(o->type.dimensions.count);
  }

  // Makes input `i` of `op` stored in order `to` (a TRANSPOSE of a tensor,
  // a permuted copy of a constant).
  void Align(core::Operation* op, size_t i, const Permutation& to) {
    core::Operand* x = op->input_operands[i];
    const Permutation from = Of(x);
    if (from == to) return;
    auto key = std::make_pair(x, to);
    auto done = aligned_.find(key);
    core::Operand* y = nullptr;
    if (done != aligned_.end()) {
      y = done->second;
    } else if (IsConstantOperand(x)) {
      y = optimizer::PermutedConstant(m_, x, optimizer::Between(from, to));
      if (!y) return;  // leave a malformed constant to the driver's checks
    } else {
      NNAdapterOperandType type = x->type;
      optimizer::PermuteDimensions(&type.dimensions, optimizer::Between(from, to));
      type.layout = to == kNchwToNhwc ? NNADAPTER_NHWC : NNADAPTER_NCHW;
      y = optimizer::AddOperand(m_, type);
      Reorder(x, from, to, y);
    }
    aligned_[key] = y;
    perm_[y] = to;
    op->input_operands[i] = y;
  }

  // The operation writing `y` (stored in `to`) from `x` (stored in `from`):
  // a TRANSPOSE, or a RESHAPE when the bytes stay where they are.
  void Reorder(core::Operand* x, const Permutation& from, const Permutation& to,
               core::Operand* y) {
    const Permutation q = optimizer::Between(from, to);
    if (KeepsMemoryOrder(x->type.dimensions, q)) {
      const auto& d = y->type.dimensions;
      optimizer::AddOperation(
          &m_->model, NNADAPTER_RESHAPE,
          {x, optimizer::AddInt32Constant(m_, {d.data, d.data + d.count}, false)}, {y});
    } else {
      optimizer::AddOperation(&m_->model, NNADAPTER_TRANSPOSE,
                              {x, optimizer::AddInt32Constant(m_, q, false)}, {y});
      transposes_++;
    }
  }

  // Transposing known `dims` by `q` moves only dims of extent 1 (the others
  // keep their relative order): the memory order does not change.
  static bool KeepsMemoryOrder(const NNAdapterOperandDimensionType& dims,
                               const Permutation& q) {
    if (!HasKnownDimensions(dims)) return false;
    int32_t last = -1;
    for (int32_t axis : q) {
      if (dims.data[axis] == 1) continue;
      if (axis < last) return false;
      last = axis;
    }
    return true;
  }

  // Output `o` of an operation is stored in order `p` from now on.
  void SetOutput(core::Operation* op, size_t k, const Permutation& p) {
    core::Operand* o = op->output_operands[k];
    if (optimizer::IsIdentity(p)) return;
    optimizer::PermuteDimensions(&o->type.dimensions, p);
    if (p == kNchwToNhwc) o->type.layout = NNADAPTER_NHWC;
    perm_[o] = p;
  }

  void Convert(core::Operation* op) {
    const LayoutEntry* e = FindLayoutEntry(op->type);
    bool plain = e && !op->input_operands.empty() && op->input_operands[0] &&
                 !op->output_operands.empty();
    for (size_t k = 0; plain && k < op->output_operands.size(); k++) {
      plain = op->output_operands[k] != nullptr;
    }
    if (!plain) return Fallback(op);
    const uint32_t rank = op->input_operands[0]->type.dimensions.count;
    switch (e->rule) {
      case LayoutRule::kNhwc:
        if (rank != 4 || op->output_operands.size() != 1 ||
            op->output_operands[0]->type.dimensions.count != 4 ||
            (op->type == NNADAPTER_CONV_2D && !ConvFilter(op)) ||
            (op->type == NNADAPTER_CONV_2D_TRANSPOSE && !ConvTransposeFilter(op)) ||
            (op->type == NNADAPTER_PRELU &&
             (op->input_operands.size() < 2 || !op->input_operands[1] ||
              op->input_operands[1]->type.dimensions.count > 1))) {
          return Fallback(op);
        }
        Align(op, 0, kNchwToNhwc);
        SetOutput(op, 0, kNchwToNhwc);
        return;
      case LayoutRule::kPerLayer:
        if (!ScalarOrAbsent(op, static_cast<size_t>(e->axis_input))) return Fallback(op);
        [[fallthrough]];
      case LayoutRule::kFollow:
        if (op->output_operands.size() != 1) return Fallback(op);
        SetOutput(op, 0, Of(op->input_operands[0]));
        return;
      case LayoutRule::kAxis:
        return ConvertAxis(op, Of(op->input_operands[0]),
                           static_cast<size_t>(e->axis_input), {0});
      case LayoutRule::kBroadcast:
        return ConvertBroadcast(op);
      case LayoutRule::kPads:
        return ConvertPads(op, static_cast<size_t>(e->axis_input));
      case LayoutRule::kReduce:
        return ConvertReduce(op, static_cast<size_t>(e->axis_input));
      case LayoutRule::kConcat: {
        // In the order of the first tensor (constants follow it).
        std::vector<size_t> data;
        const core::Operand* first = nullptr;
        for (size_t i = 0; i + 1 < op->input_operands.size(); i++) {
          data.push_back(i);
          const core::Operand* x = op->input_operands[i];
          if (!first && x && !IsConstantOperand(x)) first = x;
        }
        if (!first) return Fallback(op);
        return ConvertAxis(op, Of(first), op->input_operands.size() - 1, data);
      }
    }
  }

  // Inputs `data` aligned to `p`, the output in `p`, the axis renumbered.
  void ConvertAxis(core::Operation* op, const Permutation& p, size_t axis_input,
                   const std::vector<size_t>& data) {
    int32_t axis = 0;
    const int32_t rank = static_cast<int32_t>(p.size());
    if (optimizer::IsIdentity(p)) return Fallback(op);
    if (axis_input >= op->input_operands.size() ||
        !GetConstantInt32(op->input_operands[axis_input], &axis) ||
        axis < -rank || axis >= rank) {
      return Fallback(op);
    }
    for (size_t i : data) {
      if (!op->input_operands[i] ||
          op->input_operands[i]->type.dimensions.count != p.size()) {
        return Fallback(op);
      }
    }
    for (size_t i : data) Align(op, i, p);
    if (axis < 0) axis += rank;
    const int32_t stored = optimizer::Inverse(p)[axis];
    op->input_operands[axis_input] = optimizer::AddInt32Constant(m_, {stored}, true);
    SetOutput(op, 0, p);
  }

  // The constant INT32 values of input `i` of `op` (false if it is not one
  // with `count` values, count < 0: any).
  static bool Int32Values(const core::Operation* op, size_t i, int64_t count,
                          std::vector<int32_t>* values) {
    const core::Operand* o = i < op->input_operands.size() ? op->input_operands[i] : nullptr;
    if (!o || !IsConstantOperand(o) || o->type.precision != NNADAPTER_INT32 || !o->buffer ||
        o->type.dimensions.count > 1 || (count >= 0 && o->length != count * sizeof(int32_t))) {
      return false;
    }
    values->resize(o->length / sizeof(int32_t));
    std::memcpy(values->data(), o->buffer, o->length);
    return true;
  }

  // PAD: pads [begin, end] per dimension, in the stored order.
  void ConvertPads(core::Operation* op, size_t pads_input) {
    const Permutation p = Of(op->input_operands[0]);
    std::vector<int32_t> pads;
    if (optimizer::IsIdentity(p) || !Int32Values(op, pads_input, 2 * p.size(), &pads)) {
      return Fallback(op);
    }
    std::vector<int32_t> stored(pads.size());
    for (size_t i = 0; i < p.size(); i++) {
      stored[2 * i] = pads[2 * p[i]];
      stored[2 * i + 1] = pads[2 * p[i] + 1];
    }
    op->input_operands[pads_input] = optimizer::AddInt32Constant(m_, stored, false);
    SetOutput(op, 0, p);
  }

  // REDUCE_*: axes renumbered; with keepdim false the output keeps the
  // stored order of the axes that remain.
  void ConvertReduce(core::Operation* op, size_t axes_input) {
    const Permutation p = Of(op->input_operands[0]);
    const int32_t rank = static_cast<int32_t>(p.size());
    std::vector<int32_t> axes;
    bool keepdim = true;
    if (optimizer::IsIdentity(p) || !Int32Values(op, axes_input, -1, &axes) ||
        (op->input_operands.size() > axes_input + 1 && op->input_operands[axes_input + 1] &&
         !GetConstantBool(op->input_operands[axes_input + 1], &keepdim))) {
      return Fallback(op);
    }
    std::vector<bool> reduced(p.size(), false);
    for (int32_t& a : axes) {
      if (a < -rank || a >= rank) return Fallback(op);
      if (a < 0) a += rank;
      reduced[a] = true;
    }
    const Permutation inv = optimizer::Inverse(p);
    std::vector<int32_t> stored;
    for (int32_t a : axes) stored.push_back(inv[a]);
    Permutation out;  // the remaining original axes, renumbered, in stored order
    for (int32_t axis : p) {
      if (keepdim) {
        out.push_back(axis);
      } else if (!reduced[axis]) {
        out.push_back(static_cast<int32_t>(
            std::count(reduced.begin(), reduced.begin() + axis, false)));
      }
    }
    if (out.size() != op->output_operands[0]->type.dimensions.count) return Fallback(op);
    op->input_operands[axes_input] = optimizer::AddInt32Constant(m_, stored, false);
    SetOutput(op, 0, out);
  }

  // Binary operations (inputs 0 and 1, then the fuse code) and SUM (every
  // input is data).
  void ConvertBroadcast(core::Operation* op) {
    const size_t n = op->type == NNADAPTER_SUM ? op->input_operands.size() : 2;
    if (op->input_operands.size() < n || n < 2 || op->output_operands.size() != 1) {
      return Fallback(op);
    }
    const uint32_t rank = op->output_operands[0]->type.dimensions.count;
    // The order of the first non-constant input of full rank.
    Permutation p;
    for (size_t i = 0; i < n; i++) {
      const core::Operand* x = op->input_operands[i];
      if (!x || x->type.dimensions.count > rank) return Fallback(op);
      if (p.empty() && !IsConstantOperand(x) && x->type.dimensions.count == rank) {
        p = Of(x);
      }
    }
    if (p.empty() || optimizer::IsIdentity(p)) return Fallback(op);
    for (size_t i = 0; i < n; i++) {
      core::Operand* x = op->input_operands[i];
      if (x->type.dimensions.count == rank) {
        Align(op, i, p);
      } else if (IsConstantOperand(x)) {
        op->input_operands[i] = ExpandedConstant(x, rank, p);
      } else {
        // A lower-rank tensor: leading 1s (a RESHAPE), then the same order.
        op->input_operands[i] = Expanded(x, rank);
        Align(op, i, p);
      }
    }
    SetOutput(op, 0, p);
  }

  // `type` with 1s prepended to its dims up to `rank` (a per-channel axis
  // follows its dim; alternative shapes are dropped).
  static NNAdapterOperandType WithLeadingOnes(NNAdapterOperandType type, uint32_t rank) {
    const uint32_t pad = rank - type.dimensions.count;
    for (int32_t i = static_cast<int32_t>(type.dimensions.count) - 1; i >= 0; i--) {
      type.dimensions.data[i + pad] = type.dimensions.data[i];
    }
    for (uint32_t i = 0; i < pad; i++) type.dimensions.data[i] = 1;
    type.dimensions.count = rank;
    type.dimensions.dynamic_count = 0;
    if (IsPerChannelQuantizedPrecision(type.precision)) {
      type.symm_per_channel_params.channel_dim += pad;
    }
    return type;
  }

  // A lower-rank tensor `x` (stored in its original order) as rank `rank`
  // with leading 1s, written by a RESHAPE.
  core::Operand* Expanded(core::Operand* x, uint32_t rank) {
    NNAdapterOperandType type = WithLeadingOnes(x->type, rank);
    core::Operand* y = optimizer::AddOperand(m_, type);
    const auto& d = type.dimensions;
    optimizer::AddOperation(
        &m_->model, NNADAPTER_RESHAPE,
        {x, optimizer::AddInt32Constant(m_, {d.data, d.data + d.count}, false)}, {y});
    return y;
  }

  // Input `i` of `op` is absent or a constant of at most one element.
  static bool ScalarOrAbsent(const core::Operation* op, size_t i) {
    const core::Operand* o = i < op->input_operands.size() ? op->input_operands[i] : nullptr;
    return !o || (IsConstantOperand(o) && GetElementCount(o->type.dimensions) <= 1);
  }

  // A lower-rank constant broadcast against a rank-`rank` tensor stored in
  // `p`: leading 1s added, then permuted like the tensor.
  core::Operand* ExpandedConstant(core::Operand* x, uint32_t rank,
                                  const Permutation& p) {
    const NNAdapterOperandType type = WithLeadingOnes(x->type, rank);
    core::Operand* expanded = optimizer::AddConstant(m_, type, x->buffer, x->length);
    core::Operand* y = optimizer::PermutedConstant(m_, expanded, p);
    return y ? y : x;
  }

  // CONV_2D's filter [Cout, Cin/g, kh, kw] -> [Cout, kh, kw, Cin/g], or
  // [1, kh, kw, Cout] when depthwise (group == C_in, group != 1).
  bool ConvFilter(core::Operation* op) {
    if (op->input_operands.size() < 7) return false;
    core::Operand* filter = op->input_operands[1];
    int32_t group = 1;
    if (!filter || !IsConstantOperand(filter) || filter->type.dimensions.count != 4 ||
        !GetConstantInt32(op->input_operands[6], &group)) {
      return false;
    }
    // C of the input as it is stored now (before it is made NHWC).
    const core::Operand* x = op->input_operands[0];
    const int32_t channels = x->type.dimensions.data[optimizer::Inverse(Of(x))[1]];
    const bool depthwise = group != 1 && channels == group;
    const Permutation p = NhwcConvFilterPermutation(depthwise);
    core::Operand* packed = optimizer::PermutedConstant(m_, filter, p);
    if (!packed) return false;
    packed->type.layout = NNADAPTER_NHWC;
    op->input_operands[1] = packed;
    return true;
  }

  // CONV_2D_TRANSPOSE's filter [Cin, Cout/g, kh, kw] -> [Cout, kh, kw, Cin/g]
  // (per group g: [g, Cin/g, Cout/g, kh, kw] -> [g, Cout/g, kh, kw, Cin/g]);
  // with one group the permutation {1, 2, 3, 0}. A per-channel filter only
  // with one group (its channel axis follows).
  bool ConvTransposeFilter(core::Operation* op) {
    if (op->input_operands.size() < 7) return false;
    core::Operand* filter = op->input_operands[1];
    int32_t group = 1;
    if (!filter || !IsConstantOperand(filter) || filter->type.dimensions.count != 4 ||
        !HasKnownDimensions(filter->type.dimensions) ||
        !GetConstantInt32(op->input_operands[6], &group) || group <= 0) {
      return false;
    }
    const int32_t* d = filter->type.dimensions.data;
    if (group == 1) {
      core::Operand* packed = optimizer::PermutedConstant(m_, filter, {1, 2, 3, 0});
      if (!packed) return false;
      packed->type.layout = NNADAPTER_NHWC;
      op->input_operands[1] = packed;
      return true;
    }
    const int64_t bytes = GetOperandTypeBufferLength(filter->type);
    if (d[0] % group || IsPerChannelQuantizedPrecision(filter->type.precision) ||
        !filter->buffer || bytes < 0 || filter->length != static_cast<uint64_t>(bytes) ||
        static_cast<int64_t>(d[1]) * group > INT32_MAX) {
      return false;
    }
    const std::vector<uint8_t> out = PermuteBytes(
        filter->buffer, GetOperandPrecisionDataLength(filter->type.precision),
        {group, d[0] / group, d[1], d[2], d[3]}, {0, 2, 3, 4, 1});
    if (out.size() != static_cast<size_t>(bytes)) return false;
    NNAdapterOperandType type = filter->type;
    const int32_t packed_dims[4] = {d[1] * group, d[2], d[3], d[0] / group};
    std::copy(packed_dims, packed_dims + 4, type.dimensions.data);
    type.layout = NNADAPTER_NHWC;
    op->input_operands[1] = optimizer::AddConstant(m_, type, out.data(), out.size());
    return true;
  }

  // An operation the table does not cover: every input back in NCHW order.
  void Fallback(core::Operation* op) {
    for (size_t i = 0; i < op->input_operands.size(); i++) {
      core::Operand* x = op->input_operands[i];
      if (x && !optimizer::IsIdentity(Of(x))) {
        Align(op, i, optimizer::IdentityPermutation(x->type.dimensions.count));
      }
    }
  }

  // A model output stored in another order than the boundary's: the
  // operation writes a new operand and a TRANSPOSE (or RESHAPE) writes the
  // model output in the boundary's order.
  void RestoreOutputs() {
    for (core::Operand* o : m_->model.output_operands) {
      const Permutation p = Of(o);
      const uint32_t rank = o->type.dimensions.count;
      const Permutation target = boundary_ == BoundaryLayout::kNhwc && rank == 4
                                     ? kNchwToNhwc
                                     : optimizer::IdentityPermutation(rank);
      if (p == target) continue;
      core::Operation* producer = GetOperandProducer(&m_->model, o);
      if (!producer) continue;
      core::Operand* t = optimizer::AddOperand(m_, o->type);
      for (auto& out : producer->output_operands) {
        if (out == o) out = t;
      }
      // Other readers of the output read the permuted value too.
      optimizer::ReplaceInput(&m_->model, o, t);
      o->type.dimensions = t->type.dimensions;
      optimizer::PermuteDimensions(&o->type.dimensions, optimizer::Between(p, target));
      o->type.layout = target == kNchwToNhwc ? NNADAPTER_NHWC : NNADAPTER_NCHW;
      Reorder(t, p, target, o);
      perm_[t] = p;
      perm_[o] = target;
    }
  }

  OwnedModel* m_;
  const BoundaryLayout boundary_;
  std::map<const core::Operand*, Permutation> perm_;
  std::map<std::pair<const core::Operand*, Permutation>, core::Operand*> aligned_;
  size_t transposes_ = 0;
};

}  // namespace

namespace optimizer {
bool RunsInNhwc(NNAdapterOperationType type) {
  const LayoutEntry* e = FindLayoutEntry(type);
  return e && e->rule == LayoutRule::kNhwc;
}
}  // namespace optimizer

size_t ConvertDataLayoutNchwToNhwc(OwnedModel* model, BoundaryLayout boundary) {
  const size_t transposes = LayoutConverter(model, boundary).Run();
  NNADAPTER_VLOG(3) << "NCHW->NHWC: " << transposes << " transposes inserted";
  return transposes;
}

}  // namespace nnadapter
