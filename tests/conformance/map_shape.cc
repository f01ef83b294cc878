// Mappings of shape-manipulating ONNX nodes. Attribute-like inputs (shape,
// axes, repeats, pads, starts/ends...) that node tests feed as graph inputs
// are folded into constant INT32 operands.
#include <algorithm>

#include "mappers.h"
#include "nnadapter/utility/debug.h"

namespace conformance {
namespace {

// Integer values of attribute `attr` (older opsets) or of input `index`
// (newer opsets); *present tells whether either exists.
bool IntsFromAttrOrInput(const onnx::NodeProto& n, MapContext* c,
                         const std::string& attr, int index,
                         std::vector<int64_t>* out, bool* present) {
  *present = false;
  if (FindAttr(n, attr)) {
    *out = AttrInts(n, attr);
    *present = true;
    return true;
  }
  if (c->HasInput(n, index)) {
    const Tensor* v = c->Value(n.input(index));
    if (!v) return false;
    *out = ToInt64(*v);
    *present = true;
  }
  return true;
}

int32_t PrecisionFromOnnxType(int64_t t) {
  switch (t) {
    case onnx::TensorProto::FLOAT: return NNADAPTER_FLOAT32;
    case onnx::TensorProto::DOUBLE: return NNADAPTER_FLOAT64;
    case onnx::TensorProto::FLOAT16: return NNADAPTER_FLOAT16;
    case onnx::TensorProto::INT8: return NNADAPTER_INT8;
    case onnx::TensorProto::UINT8: return NNADAPTER_UINT8;
    case onnx::TensorProto::INT16: return NNADAPTER_INT16;
    case onnx::TensorProto::INT32: return NNADAPTER_INT32;
    case onnx::TensorProto::INT64: return NNADAPTER_INT64;
    case onnx::TensorProto::BOOL: return NNADAPTER_BOOL8;
    default: return NNADAPTER_UNKNOWN_PRECISION;
  }
}

}  // namespace

// Reshape(x, shape) -> RESHAPE(x, shape as INT32 constant).
MapStatus MapReshape(const onnx::NodeProto& n, MapContext* c) {
  const Tensor* shape = c->Value(n.input(1));
  if (!shape) return c->Error("Reshape: shape must be known before running");
  if (AttrInt(n, "allowzero", 0) != 0) return c->Error("Reshape: allowzero=1");
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), c->PrecisionOf(n.input(0)));
  s->Op(NNADAPTER_RESHAPE, {x, s->ConstI32s(ToI32(ToInt64(*shape)))}, {y});
  return MapStatus::kOk;
}

// Flatten(axis = k) -> 2-D [prod(d[:k]), prod(d[k:])]: FLATTEN(0, k-1) then
// FLATTEN(1, last); k == 0 and k == rank add an UNSQUEEZE.
MapStatus MapFlatten(const onnx::NodeProto& n, MapContext* c) {
  const int rank = c->RankOf(n.input(0));
  if (rank < 1) return c->Error("Flatten: input rank unknown");
  const int32_t k = static_cast<int32_t>(NormAxis(AttrInt(n, "axis", 1), rank));
  CaseSpec* s = c->spec();
  const int32_t p = c->PrecisionOf(n.input(0));
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), p);
  if (k == 0 || k == rank) {
    const int t = s->Temp(p);
    s->Op(NNADAPTER_FLATTEN, {x, s->ConstI32(0), s->ConstI32(rank - 1)}, {t});
    s->Op(NNADAPTER_UNSQUEEZE, {t, s->ConstI32s({k == 0 ? 0 : 1})}, {y});
    return MapStatus::kOk;
  }
  int t = x;
  int r = rank;
  if (k > 1) {
    t = s->Temp(p);
    s->Op(NNADAPTER_FLATTEN, {x, s->ConstI32(0), s->ConstI32(k - 1)}, {t});
    r = rank - k + 1;
  }
  s->Op(NNADAPTER_FLATTEN, {t, s->ConstI32(1), s->ConstI32(r - 1)}, {y});
  return MapStatus::kOk;
}

static MapStatus MapSqueezeLike(const onnx::NodeProto& n, MapContext* c,
                                NNAdapterOperationType type) {
  std::vector<int64_t> axes;
  bool present;
  if (!IntsFromAttrOrInput(n, c, "axes", 1, &axes, &present)) {
    return c->Error(n.op_type() + ": axes must be known before running");
  }
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), c->PrecisionOf(n.input(0)));
  std::vector<int> ins = {x};
  ins.push_back(present ? s->ConstI32s(ToI32(axes)) : -1);
  if (!present && type == NNADAPTER_UNSQUEEZE) return c->Error("Unsqueeze: no axes");
  s->Op(type, ins, {y});
  return MapStatus::kOk;
}
MapStatus MapSqueeze(const onnx::NodeProto& n, MapContext* c) { return MapSqueezeLike(n, c, NNADAPTER_SQUEEZE); }
MapStatus MapUnsqueeze(const onnx::NodeProto& n, MapContext* c) { return MapSqueezeLike(n, c, NNADAPTER_UNSQUEEZE); }

// Transpose(perm, default reversed) -> TRANSPOSE(x, perm).
MapStatus MapTranspose(const onnx::NodeProto& n, MapContext* c) {
  std::vector<int32_t> perm = ToI32(AttrInts(n, "perm"));
  if (perm.empty()) {
    const int rank = c->RankOf(n.input(0));
    if (rank < 0) return c->Error("Transpose: rank unknown");
    for (int i = rank - 1; i >= 0; --i) perm.push_back(i);
  }
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), c->PrecisionOf(n.input(0)));
  s->Op(NNADAPTER_TRANSPOSE, {x, s->ConstI32s(perm)}, {y});
  return MapStatus::kOk;
}

// Concat(x0..xn-1, axis) -> CONCAT(x0..xn-1, axis).
MapStatus MapConcat(const onnx::NodeProto& n, MapContext* c) {
  CaseSpec* s = c->spec();
  std::vector<int> ins;
  for (int i = 0; i < n.input_size(); ++i) ins.push_back(c->Operand(n.input(i)));
  ins.push_back(s->ConstI32(static_cast<int32_t>(AttrInt(n, "axis", 0))));
  const int y = c->NewOutput(n.output(0), c->PrecisionOf(n.input(0)));
  s->Op(NNADAPTER_CONCAT, ins, {y});
  return MapStatus::kOk;
}

// Split(x, split?, axis) -> SPLIT(x, axis, split); without `split` the axis
// is divided into equal parts (input adaptation).
MapStatus MapSplit(const onnx::NodeProto& n, MapContext* c) {
  const std::vector<int32_t> dims = c->DimsOf(n.input(0));
  const int rank = static_cast<int>(dims.size());
  if (rank == 0) return c->Error("Split: input dims unknown");
  const int64_t axis = NormAxis(AttrInt(n, "axis", 0), rank);
  std::vector<int64_t> split;
  bool present;
  if (!IntsFromAttrOrInput(n, c, "split", 1, &split, &present)) {
    return c->Error("Split: split must be known before running");
  }
  const int parts = n.output_size();
  if (!present) {
    if (dims[axis] % parts) return c->Error("Split: axis not divisible");
    split.assign(static_cast<size_t>(parts), dims[axis] / parts);
  }
  CaseSpec* s = c->spec();
  const int32_t p = c->PrecisionOf(n.input(0));
  const int x = c->Operand(n.input(0));
  std::vector<int> outs;
  for (int i = 0; i < parts; ++i) outs.push_back(c->NewOutput(n.output(i), p));
  s->Op(NNADAPTER_SPLIT, {x, s->ConstI32(static_cast<int32_t>(axis)), s->ConstI32s(ToI32(split))}, outs);
  return MapStatus::kOk;
}

// Slice: opset >= 10 inputs (starts, ends, axes?, steps?), older attributes
// -> SLICE(x, axes, starts, ends, steps); INT64 extremes clamp to INT32.
MapStatus MapSlice(const onnx::NodeProto& n, MapContext* c) {
  std::vector<int64_t> starts, ends, axes, steps;
  bool p1, p2, p3, p4;
  if (!IntsFromAttrOrInput(n, c, "starts", 1, &starts, &p1) ||
      !IntsFromAttrOrInput(n, c, "ends", 2, &ends, &p2) ||
      !IntsFromAttrOrInput(n, c, "axes", 3, &axes, &p3) ||
      !IntsFromAttrOrInput(n, c, "steps", 4, &steps, &p4) || !p1 || !p2) {
    return c->Error("Slice: starts/ends/axes/steps must be known before running");
  }
  if (!p3) for (size_t i = 0; i < starts.size(); ++i) axes.push_back(static_cast<int64_t>(i));
  if (!p4) steps.assign(starts.size(), 1);
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), c->PrecisionOf(n.input(0)));
  s->Op(NNADAPTER_SLICE,
        {x, s->ConstI32s(ToI32(axes)), s->ConstI32s(ToI32(starts)),
         s->ConstI32s(ToI32(ends)), s->ConstI32s(ToI32(steps))},
        {y});
  return MapStatus::kOk;
}

// Gather(x, indices, axis) -> GATHER(x, indices, axis).
MapStatus MapGather(const onnx::NodeProto& n, MapContext* c) {
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int idx = c->Operand(n.input(1));
  const int y = c->NewOutput(n.output(0), c->PrecisionOf(n.input(0)));
  s->Op(NNADAPTER_GATHER, {x, idx, s->ConstI32(static_cast<int32_t>(AttrInt(n, "axis", 0)))}, {y});
  return MapStatus::kOk;
}

// Tile(x, repeats) -> TILE(x, repeats).
MapStatus MapTile(const onnx::NodeProto& n, MapContext* c) {
  const Tensor* r = c->Value(n.input(1));
  if (!r) return c->Error("Tile: repeats must be known before running");
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), c->PrecisionOf(n.input(0)));
  s->Op(NNADAPTER_TILE, {x, s->ConstI32s(ToI32(ToInt64(*r)))}, {y});
  return MapStatus::kOk;
}

// Expand(x, shape) -> EXPAND(x, out_shape). ONNX broadcasts x and `shape`
// both ways (shape may be shorter than x or hold 1 where x is larger);
// NNAdapter's output shape equals its shape operand, so the broadcast
// result shape is computed here (input adaptation).
MapStatus MapExpand(const onnx::NodeProto& n, MapContext* c) {
  const Tensor* shape = c->Value(n.input(1));
  if (!shape) return c->Error("Expand: shape must be known before running");
  const std::vector<int32_t> xdims = c->DimsOf(n.input(0));
  std::vector<int32_t> target = ToI32(ToInt64(*shape));
  if (!xdims.empty() && xdims[0] >= 0) {
    const size_t rank = std::max(xdims.size(), target.size());
    std::vector<int32_t> out(rank);
    for (size_t i = 0; i < rank; ++i) {
      const int64_t xi = static_cast<int64_t>(i) - static_cast<int64_t>(rank - xdims.size());
      const int64_t ti = static_cast<int64_t>(i) - static_cast<int64_t>(rank - target.size());
      const int32_t a = xi >= 0 ? xdims[static_cast<size_t>(xi)] : 1;
      const int32_t b = ti >= 0 ? target[static_cast<size_t>(ti)] : 1;
      if (a != b && a != 1 && b != 1) {
        return c->Error("Expand: shapes " + DimsToString(xdims) + " and " +
                        DimsToString(target) + " do not broadcast");
      }
      out[i] = a == 1 ? b : a;
    }
    target = out;
  }
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), c->PrecisionOf(n.input(0)));
  s->Op(NNADAPTER_EXPAND, {x, s->ConstI32s(target)}, {y});
  return MapStatus::kOk;
}

// Pad(x, pads, value?) mode constant/reflect/edge -> PAD(x, pads reordered to
// [d0_begin, d0_end, d1_begin, ...], mode, value).
MapStatus MapPad(const onnx::NodeProto& n, MapContext* c) {
  std::vector<int64_t> pads;
  bool present;
  if (!IntsFromAttrOrInput(n, c, c->opset() < 11 ? "paddings" : "pads", 1, &pads, &present) ||
      (!present && !IntsFromAttrOrInput(n, c, "pads", 1, &pads, &present)) || !present) {
    return c->Error("Pad: pads must be known before running");
  }
  const size_t rank = pads.size() / 2;
  std::vector<int32_t> nna;
  for (size_t i = 0; i < rank; ++i) {
    nna.push_back(static_cast<int32_t>(pads[i]));
    nna.push_back(static_cast<int32_t>(pads[i + rank]));
  }
  const std::string mode = AttrString(n, "mode", "constant");
  int32_t m;
  if (mode == "constant") m = NNADAPTER_PAD_MODE_CONSTANT;
  else if (mode == "reflect") m = NNADAPTER_PAD_MODE_REFLECT;
  else if (mode == "edge") m = NNADAPTER_PAD_MODE_EDGE;
  else return c->Error("Pad: mode " + mode);
  const int32_t p = c->PrecisionOf(n.input(0));
  double value = AttrFloat(n, "value", 0.f);
  if (c->opset() >= 11 && c->HasInput(n, 2)) {
    const Tensor* v = c->Value(n.input(2));
    if (!v) return c->Error("Pad: value must be known before running");
    value = v->At(0);
  }
  CaseSpec* s = c->spec();
  int value_operand;
  if (p == NNADAPTER_FLOAT32) value_operand = s->ConstF32(static_cast<float>(value));
  else if (p == NNADAPTER_INT32) value_operand = s->ConstI32(static_cast<int32_t>(value));
  else if (p == NNADAPTER_INT64) value_operand = s->Const(I64({1}, {static_cast<int64_t>(value)}));
  else return c->Error("Pad: precision " + nnadapter::OperandPrecisionName(p));
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), p);
  s->Op(NNADAPTER_PAD, {x, s->ConstI32s(nna), s->ConstI32(m), value_operand}, {y});
  return MapStatus::kOk;
}

// Shape(x, start?, end?) -> SHAPE(x, INT64), plus SLICE for start/end.
MapStatus MapShape(const onnx::NodeProto& n, MapContext* c) {
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const bool sliced = FindAttr(n, "start") || FindAttr(n, "end");
  const int y = sliced ? s->Temp(NNADAPTER_INT64) : c->NewOutput(n.output(0), NNADAPTER_INT64);
  s->Op(NNADAPTER_SHAPE, {x, s->ConstI32(NNADAPTER_INT64)}, {y});
  if (sliced) {
    const int32_t start = static_cast<int32_t>(AttrInt(n, "start", 0));
    const int32_t end = static_cast<int32_t>(AttrInt(n, "end", INT32_MAX));
    const int z = c->NewOutput(n.output(0), NNADAPTER_INT64);
    s->Op(NNADAPTER_SLICE,
          {y, s->ConstI32s({0}), s->ConstI32s({start}), s->ConstI32s({end}), s->ConstI32s({1})},
          {z});
  }
  return MapStatus::kOk;
}

// Cast(to) / CastLike(x, like) -> CAST(x, dtype).
MapStatus MapCast(const onnx::NodeProto& n, MapContext* c) {
  int32_t to;
  if (n.op_type() == "CastLike") {
    const Tensor* like = c->Value(n.input(1));
    if (!like) return c->Error("CastLike: 'like' must be known");
    to = like->precision;
  } else {
    to = PrecisionFromOnnxType(AttrInt(n, "to", 0));
  }
  if (to == NNADAPTER_UNKNOWN_PRECISION) return c->Error("Cast: target type not in NNAdapter");
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), to);
  s->Op(NNADAPTER_CAST, {x, s->ConstI32(to)}, {y});
  return MapStatus::kOk;
}

// ConstantOfShape(shape, value) -> FILL(shape, value[1]).
MapStatus MapConstantOfShape(const onnx::NodeProto& n, MapContext* c) {
  const Tensor* shape = c->Value(n.input(0));
  if (!shape) return c->Error("ConstantOfShape: shape must be known");
  Tensor value = F32({1}, {0.f});
  if (const auto* a = FindAttr(n, "value")) {
    std::string err;
    if (!TensorFromProto(a->t(), &value, &err)) return c->Error("ConstantOfShape: " + err);
    value.dims = {1};
  }
  CaseSpec* s = c->spec();
  const int y = c->NewOutput(n.output(0), value.precision);
  s->Op(NNADAPTER_FILL, {s->Const(I64({static_cast<int32_t>(shape->NumElements())}, ToInt64(*shape))),
                         s->Const(value)},
        {y});
  return MapStatus::kOk;
}

// Range(start, limit, delta) scalars -> RANGE of [1] constants.
MapStatus MapRange(const onnx::NodeProto& n, MapContext* c) {
  CaseSpec* s = c->spec();
  std::vector<int> ins;
  int32_t p = NNADAPTER_UNKNOWN_PRECISION;
  for (int i = 0; i < 3; ++i) {
    const Tensor* v = c->Value(n.input(i));
    if (!v) return c->Error("Range: inputs must be known");
    Tensor t = *v;
    t.dims = {1};
    p = t.precision;
    ins.push_back(s->Const(t));
  }
  const int y = c->NewOutput(n.output(0), p);
  s->Op(NNADAPTER_RANGE, ins, {y});
  return MapStatus::kOk;
}

}  // namespace conformance
