// Mappings of activation ONNX nodes.
#include <cfloat>

#include "mappers.h"

namespace conformance {

static MapStatus UnaryWithFloats(const onnx::NodeProto& n, MapContext* c,
                                 NNAdapterOperationType type,
                                 const std::vector<float>& params) {
  const int x = c->Operand(n.input(0));
  if (x < 0) return c->Error(n.op_type() + ": unknown input " + n.input(0));
  std::vector<int> ins = {x};
  for (float p : params) ins.push_back(c->spec()->ConstF32(p));
  const int out = c->NewOutput(n.output(0), c->PrecisionOf(n.input(0)));
  c->spec()->Op(type, ins, {out});
  return MapStatus::kOk;
}

// LeakyRelu(alpha = 0.01) -> LEAKY_RELU(x, alpha).
MapStatus MapLeakyRelu(const onnx::NodeProto& n, MapContext* c) {
  return UnaryWithFloats(n, c, NNADAPTER_LEAKY_RELU, {AttrFloat(n, "alpha", 0.01f)});
}

// HardSigmoid(alpha = 0.2, beta = 0.5) -> HARD_SIGMOID(x, alpha, beta).
MapStatus MapHardSigmoid(const onnx::NodeProto& n, MapContext* c) {
  return UnaryWithFloats(n, c, NNADAPTER_HARD_SIGMOID,
                         {AttrFloat(n, "alpha", 0.2f), AttrFloat(n, "beta", 0.5f)});
}

// HardSwish = x * max(0, min(1, x / 6 + 0.5)) -> HARD_SWISH(x, 1/6, 0.5).
MapStatus MapHardSwish(const onnx::NodeProto& n, MapContext* c) {
  return UnaryWithFloats(n, c, NNADAPTER_HARD_SWISH, {1.0f / 6.0f, 0.5f});
}

// Softplus = log(1 + exp(x)) -> SOFTPLUS(x, 1.0) (beta = 1).
MapStatus MapSoftplus(const onnx::NodeProto& n, MapContext* c) {
  return UnaryWithFloats(n, c, NNADAPTER_SOFTPLUS, {1.0f});
}

// PRelu(x, slope): a per-channel slope ([C] along axis 1, or a single value)
// -> PRELU(x, slope). A rank-1 slope broadcast along the LAST axis (opset >= 7
// numpy broadcasting) is adapted as TRANSPOSE(swap 1 and last) -> PRELU ->
// TRANSPOSE back; a per-element slope as RESHAPE -> PRELU -> RESHAPE.
MapStatus MapPRelu(const onnx::NodeProto& n, MapContext* c) {
  const Tensor* slope = c->Value(n.input(1));
  if (!slope) return c->Error("PRelu: slope must be known before running");
  const std::vector<int32_t> xdims = c->DimsOf(n.input(0));
  const int rank = static_cast<int>(xdims.size());
  const int64_t count = slope->NumElements();
  Tensor alpha = *slope;
  alpha.dims = {static_cast<int32_t>(count)};
  if (count == 1 || (rank >= 2 && slope->dims.size() == 1 && count == xdims[1] &&
                     (c->opset() < 7 || rank == 2))) {
    const int x = c->Operand(n.input(0));
    const int out = c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
    c->spec()->Op(NNADAPTER_PRELU, {x, c->spec()->Const(alpha)}, {out});
    return MapStatus::kOk;
  }
  if (rank > 2 && slope->dims.size() == 1 && count == xdims[rank - 1]) {
    std::vector<int32_t> perm(static_cast<size_t>(rank));
    for (int i = 0; i < rank; ++i) perm[i] = i;
    std::swap(perm[1], perm[rank - 1]);
    const int x = c->Operand(n.input(0));
    const int t0 = c->spec()->Temp(NNADAPTER_FLOAT32);
    c->spec()->Op(NNADAPTER_TRANSPOSE, {x, c->spec()->ConstI32s(perm)}, {t0});
    const int t1 = c->spec()->Temp(NNADAPTER_FLOAT32);
    c->spec()->Op(NNADAPTER_PRELU, {t0, c->spec()->Const(alpha)}, {t1});
    const int out = c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
    c->spec()->Op(NNADAPTER_TRANSPOSE, {t1, c->spec()->ConstI32s(perm)}, {out});
    return MapStatus::kOk;
  }
  // A slope with one value per element (its dims are x's, right-aligned):
  // RESHAPE x to [1, N] -> PRELU with the N slopes as channels -> RESHAPE
  // back (test_prelu_example).
  int64_t x_count = 1;
  for (int32_t d : xdims) x_count *= d;
  bool elementwise = rank >= 1 && count == x_count && slope->dims.size() >= xdims.size();
  for (size_t i = 0; elementwise && i < slope->dims.size(); ++i) {
    const size_t from_end = slope->dims.size() - 1 - i;
    const int64_t sd = slope->dims[from_end];
    elementwise = i < xdims.size() ? sd == xdims[xdims.size() - 1 - i] : sd == 1;
  }
  if (elementwise && x_count > 0) {
    const int x = c->Operand(n.input(0));
    const int t0 = c->spec()->Temp(NNADAPTER_FLOAT32);
    c->spec()->Op(NNADAPTER_RESHAPE,
                  {x, c->spec()->ConstI32s({1, static_cast<int32_t>(x_count)})}, {t0});
    const int t1 = c->spec()->Temp(NNADAPTER_FLOAT32);
    c->spec()->Op(NNADAPTER_PRELU, {t0, c->spec()->Const(alpha)}, {t1});
    const int out = c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
    c->spec()->Op(NNADAPTER_RESHAPE, {t1, c->spec()->ConstI32s(xdims)}, {out});
    return MapStatus::kOk;
  }
  return c->Error("PRelu: slope of shape " + DimsToString(slope->dims) +
                  " is neither per-channel, a last-axis vector nor per-element for input " +
                  DimsToString(xdims));
}

// Clip: opset < 11 attributes min/max, later optional inputs; an absent bound
// is -FLT_MAX / FLT_MAX -> CLIP(x, min[1], max[1]).
MapStatus MapClip(const onnx::NodeProto& n, MapContext* c) {
  const int x = c->Operand(n.input(0));
  const int32_t p = c->PrecisionOf(n.input(0));
  if (p != NNADAPTER_FLOAT32) return c->Error("Clip: only FLOAT32 is mapped");
  float lo = -FLT_MAX, hi = FLT_MAX;
  if (c->opset() < 11) {
    lo = AttrFloat(n, "min", lo);
    hi = AttrFloat(n, "max", hi);
  } else {
    for (int i = 1; i <= 2; ++i) {
      if (!c->HasInput(n, i)) continue;
      const Tensor* v = c->Value(n.input(i));
      if (!v || v->NumElements() != 1) return c->Error("Clip: bound must be a known scalar");
      (i == 1 ? lo : hi) = static_cast<float>(v->At(0));
    }
  }
  const int out = c->NewOutput(n.output(0), p);
  c->spec()->Op(NNADAPTER_CLIP, {x, c->spec()->ConstF32(lo), c->spec()->ConstF32(hi)}, {out});
  return MapStatus::kOk;
}

// Softmax/LogSoftmax(axis): opset >= 13 is per-axis (default -1); earlier
// opsets coerce to 2-D at `axis` (default 1), which equals the per-axis form
// only when axis is the last dimension.
static MapStatus MapSoftmaxLike(const onnx::NodeProto& n, MapContext* c,
                                NNAdapterOperationType type) {
  const int rank = c->RankOf(n.input(0));
  if (rank < 0) return c->Error(n.op_type() + ": rank of input unknown");
  const bool old = c->opset() < 13;
  const int64_t axis = NormAxis(AttrInt(n, "axis", old ? 1 : -1), rank);
  if (old && axis != rank - 1) {
    return c->Error(n.op_type() + ": opset < 13 with axis " +
                    std::to_string(axis) + " != last (2-D coercion)");
  }
  const int x = c->Operand(n.input(0));
  const int out = c->NewOutput(n.output(0), c->PrecisionOf(n.input(0)));
  c->spec()->Op(type, {x, c->spec()->ConstI32(static_cast<int32_t>(axis))}, {out});
  return MapStatus::kOk;
}
MapStatus MapSoftmax(const onnx::NodeProto& n, MapContext* c) { return MapSoftmaxLike(n, c, NNADAPTER_SOFTMAX); }
MapStatus MapLogSoftmax(const onnx::NodeProto& n, MapContext* c) { return MapSoftmaxLike(n, c, NNADAPTER_LOG_SOFTMAX); }

// LRN(size, bias = 1, alpha = 1e-4, beta = 0.75): ONNX's
// x / (bias + alpha / size * sum x^2) ^ beta -> LRN(x, size, bias, alpha, beta).
MapStatus MapLrn(const onnx::NodeProto& n, MapContext* c) {
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
  s->Op(NNADAPTER_LRN,
        {x, s->ConstI32(static_cast<int32_t>(AttrInt(n, "size", 5))),
         s->ConstF32(AttrFloat(n, "bias", 1.f)), s->ConstF32(AttrFloat(n, "alpha", 1e-4f)),
         s->ConstF32(AttrFloat(n, "beta", 0.75f))},
        {y});
  return MapStatus::kOk;
}

}  // namespace conformance
