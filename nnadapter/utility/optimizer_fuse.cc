// Fusions into CONV_2D (utility/optimizer.h): a following BATCH_NORMALIZATION
// or per-channel constant ADD is folded into the filter and bias, a
// following RELU / RELU6 into the fuse code. Float32 NCHW convolutions with
// constant filters only; the fused operation must be the conv output's only
// reader.
#include <cmath>
#include <cstring>
#include <set>

#include "nnadapter/utility/logging.h"
#include "nnadapter/utility/optimizer.h"
#include "optimizer_graph.h"

namespace nnadapter {

namespace {

constexpr size_t kConvBias = 2, kConvFuseCode = 8;

// A float NCHW CONV_2D without fused activation: its Cout and its filter.
bool FusibleConv(const core::Operation& op, int32_t* cout,
                 std::vector<float>* filter) {
  if (op.type != NNADAPTER_CONV_2D || op.input_operands.size() != 9 ||
      op.output_operands.size() != 1) {
    return false;
  }
  const core::Operand* w = op.input_operands[1];
  const core::Operand* out = op.output_operands[0];
  int32_t fuse = -1;
  if (!w || !out || out->type.layout != NNADAPTER_NCHW ||
      out->type.precision != NNADAPTER_FLOAT32 || w->type.dimensions.count != 4 ||
      !GetConstantInt32(op.input_operands[kConvFuseCode], &fuse) ||
      fuse != NNADAPTER_FUSED_NONE) {
    return false;
  }
  *cout = w->type.dimensions.data[0];
  return *cout > 0 && optimizer::ReadFloats(w, GetElementCount(w->type.dimensions), filter);
}

// The conv's bias (zeros when absent).
bool ConvBias(const core::Operation& op, int32_t cout, std::vector<float>* bias) {
  const core::Operand* b = op.input_operands[kConvBias];
  if (!b) {
    bias->assign(static_cast<size_t>(cout), 0.f);
    return true;
  }
  return optimizer::ReadFloats(b, cout, bias);
}

core::Operand* FloatConstant(OwnedModel* m, const core::Operand* like,
                             std::vector<int32_t> dims, const std::vector<float>& v) {
  NNAdapterOperandType type;
  std::memset(&type, 0, sizeof(type));
  type.precision = NNADAPTER_FLOAT32;
  type.layout = like ? like->type.layout : NNADAPTER_NCHW;
  type.dimensions.count = static_cast<uint32_t>(dims.size());
  for (size_t i = 0; i < dims.size(); i++) type.dimensions.data[i] = dims[i];
  return optimizer::AddConstant(m, type, v.data(), v.size() * sizeof(float));
}

// `next` (reading the conv's output) disappears: the conv writes its output.
void Absorb(core::Model* model, core::Operation* conv, core::Operation* next) {
  conv->output_operands[0] = next->output_operands[0];
  optimizer::RemoveOperation(model, next);
}

// Per-channel values of a constant ADD operand broadcast against the conv's
// NCHW output (a scalar, [C], [C,1,1], [1,C,1,1]).
bool PerChannel(const core::Operand* x, int32_t cout, std::vector<float>* v) {
  const auto& d = x->type.dimensions;
  const int64_t n = GetElementCount(d);
  if (n != 1 && n != cout) return false;
  if (n == cout && cout != 1) {
    // The non-1 dim must be the channel axis (1 of 4, counted from the end).
    const int32_t channel = static_cast<int32_t>(d.count) - 3;
    for (uint32_t i = 0; i < d.count; i++) {
      if (d.data[i] != 1 && static_cast<int32_t>(i) != channel) return false;
    }
    if (channel < 0) return false;
  }
  std::vector<float> raw;
  if (!optimizer::ReadFloats(x, n, &raw)) return false;
  v->assign(static_cast<size_t>(cout), raw[0]);
  if (n == cout) *v = raw;
  return true;
}

bool FuseBatchNorm(OwnedModel* m, core::Operation* conv, core::Operation* bn) {
  int32_t cout = 0;
  std::vector<float> w, b, scale, beta, mean, var;
  float eps = 0;
  if (bn->type != NNADAPTER_BATCH_NORMALIZATION || bn->input_operands.size() != 6 ||
      !FusibleConv(*conv, &cout, &w) || !ConvBias(*conv, cout, &b) ||
      !optimizer::ReadFloats(bn->input_operands[1], cout, &scale) ||
      !optimizer::ReadFloats(bn->input_operands[2], cout, &beta) ||
      !optimizer::ReadFloats(bn->input_operands[3], cout, &mean) ||
      !optimizer::ReadFloats(bn->input_operands[4], cout, &var) ||
      !GetConstantFloat(bn->input_operands[5], &eps)) {
    return false;
  }
  const size_t per = w.size() / static_cast<size_t>(cout);
  for (int32_t o = 0; o < cout; o++) {
    const float k = scale[o] / std::sqrt(var[o] + eps);
    for (size_t i = 0; i < per; i++) w[o * per + i] *= k;
    b[o] = (b[o] - mean[o]) * k + beta[o];
  }
  const core::Operand* filter = conv->input_operands[1];
  const auto& fd = filter->type.dimensions.data;
  conv->input_operands[1] = FloatConstant(m, filter, {fd[0], fd[1], fd[2], fd[3]}, w);
  conv->input_operands[kConvBias] = FloatConstant(m, nullptr, {cout}, b);
  Absorb(&m->model, conv, bn);
  return true;
}

bool FuseAdd(OwnedModel* m, core::Operation* conv, core::Operation* add) {
  int32_t cout = 0, fuse = NNADAPTER_FUSED_NONE;
  std::vector<float> w, b, v;
  if (add->type != NNADAPTER_ADD || add->input_operands.size() < 2 ||
      !FusibleConv(*conv, &cout, &w) || !ConvBias(*conv, cout, &b)) {
    return false;
  }
  const core::Operand* y = conv->output_operands[0];
  core::Operand* other = add->input_operands[add->input_operands[0] == y ? 1 : 0];
  if (add->input_operands.size() > 2 &&
      !GetConstantInt32(add->input_operands[2], &fuse)) {
    return false;
  }
  // The sum keeps the conv output's shape (no broadcast of the conv side).
  const auto& od = add->output_operands[0]->type.dimensions;
  if (!other || !IsConstantOperand(other) || od.count != y->type.dimensions.count ||
      !std::equal(od.data, od.data + od.count, y->type.dimensions.data) ||
      !PerChannel(other, cout, &v)) {
    return false;
  }
  for (int32_t o = 0; o < cout; o++) b[o] += v[o];
  conv->input_operands[kConvBias] = FloatConstant(m, nullptr, {cout}, b);
  conv->input_operands[kConvFuseCode] = optimizer::AddInt32Constant(m, {fuse}, true);
  Absorb(&m->model, conv, add);
  return true;
}

bool FuseActivation(OwnedModel* m, core::Operation* conv, core::Operation* act) {
  int32_t cout = 0;
  std::vector<float> w;
  const int32_t fuse = act->type == NNADAPTER_RELU    ? NNADAPTER_FUSED_RELU
                       : act->type == NNADAPTER_RELU6 ? NNADAPTER_FUSED_RELU6
                                                      : -1;
  if (fuse < 0 || !FusibleConv(*conv, &cout, &w)) return false;
  conv->input_operands[kConvFuseCode] = optimizer::AddInt32Constant(m, {fuse}, true);
  Absorb(&m->model, conv, act);
  return true;
}

using Fuser = bool (*)(OwnedModel*, core::Operation*, core::Operation*);

size_t FuseIntoConv(OwnedModel* m, Fuser fuse) {
  size_t fused = 0;
  // A fusion deletes the absorbed operation, which may still be ahead in
  // `order`: it is skipped by address, never dereferenced (ASan found the
  // read of a freed operation).
  std::set<const core::Operation*> removed;
  for (auto* op : SortOperationsInTopologicalOrder(&m->model)) {
    if (removed.count(op) || op->type != NNADAPTER_CONV_2D || op->output_operands.size() != 1 ||
        !op->output_operands[0]) {
      continue;
    }
    core::Operation* next = optimizer::OnlyConsumer(&m->model, op->output_operands[0]);
    if (next && next->output_operands.size() == 1 && next->output_operands[0] &&
        fuse(m, op, next)) {
      removed.insert(next);
      fused++;
    }
  }
  optimizer::RemoveUnusedOperands(&m->model);
  return fused;
}

}  // namespace

size_t FuseConv2dBatchNorm(OwnedModel* model) { return FuseIntoConv(model, FuseBatchNorm); }
size_t FuseConv2dAdd(OwnedModel* model) { return FuseIntoConv(model, FuseAdd); }
size_t FuseConv2dActivation(OwnedModel* model) {
  return FuseIntoConv(model, FuseActivation);
}

}  // namespace nnadapter
