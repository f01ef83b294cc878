// Mappings of element-wise ONNX nodes: unary math, binary arithmetic,
// logic and comparison, variadic Max/Min/Sum, Where.
#include "mappers.h"

namespace conformance {

MapStatus MapAbs(const onnx::NodeProto& n, MapContext* c) { return MapUnary(n, c, NNADAPTER_ABS); }
MapStatus MapExp(const onnx::NodeProto& n, MapContext* c) { return MapUnary(n, c, NNADAPTER_EXP); }
MapStatus MapFloor(const onnx::NodeProto& n, MapContext* c) { return MapUnary(n, c, NNADAPTER_FLOOR); }
MapStatus MapLog(const onnx::NodeProto& n, MapContext* c) { return MapUnary(n, c, NNADAPTER_LOG); }
MapStatus MapRelu(const onnx::NodeProto& n, MapContext* c) { return MapUnary(n, c, NNADAPTER_RELU); }
MapStatus MapSigmoid(const onnx::NodeProto& n, MapContext* c) { return MapUnary(n, c, NNADAPTER_SIGMOID); }
MapStatus MapTanh(const onnx::NodeProto& n, MapContext* c) { return MapUnary(n, c, NNADAPTER_TANH); }
MapStatus MapCos(const onnx::NodeProto& n, MapContext* c) { return MapUnary(n, c, NNADAPTER_COS); }
MapStatus MapSin(const onnx::NodeProto& n, MapContext* c) { return MapUnary(n, c, NNADAPTER_SIN); }
MapStatus MapNot(const onnx::NodeProto& n, MapContext* c) { return MapUnary(n, c, NNADAPTER_NOT); }
MapStatus MapAssign(const onnx::NodeProto& n, MapContext* c) { return MapUnary(n, c, NNADAPTER_ASSIGN); }

MapStatus MapAdd(const onnx::NodeProto& n, MapContext* c) { return MapBinary(n, c, NNADAPTER_ADD, true); }
MapStatus MapSub(const onnx::NodeProto& n, MapContext* c) { return MapBinary(n, c, NNADAPTER_SUB, true); }
MapStatus MapMul(const onnx::NodeProto& n, MapContext* c) { return MapBinary(n, c, NNADAPTER_MUL, true); }
MapStatus MapDiv(const onnx::NodeProto& n, MapContext* c) { return MapBinary(n, c, NNADAPTER_DIV, true); }
MapStatus MapAnd(const onnx::NodeProto& n, MapContext* c) { return MapBinary(n, c, NNADAPTER_AND, false); }
MapStatus MapXor(const onnx::NodeProto& n, MapContext* c) { return MapBinary(n, c, NNADAPTER_XOR, false); }
MapStatus MapOr(const onnx::NodeProto& n, MapContext* c) { return MapBinary(n, c, NNADAPTER_OR, false); }
MapStatus MapEqual(const onnx::NodeProto& n, MapContext* c) { return MapBinary(n, c, NNADAPTER_EQUAL, false, NNADAPTER_BOOL8); }
// Equal's test data checks NOT_EQUAL with the negated expectation.
MapStatus MapNotEqual(const onnx::NodeProto& n, MapContext* c) {
  c->NegateBoolOutputs();
  return MapBinary(n, c, NNADAPTER_NOT_EQUAL, false, NNADAPTER_BOOL8);
}
MapStatus MapGreater(const onnx::NodeProto& n, MapContext* c) { return MapBinary(n, c, NNADAPTER_GREATER, false, NNADAPTER_BOOL8); }
MapStatus MapGreaterEqual(const onnx::NodeProto& n, MapContext* c) { return MapBinary(n, c, NNADAPTER_GREATER_EQUAL, false, NNADAPTER_BOOL8); }
MapStatus MapLess(const onnx::NodeProto& n, MapContext* c) { return MapBinary(n, c, NNADAPTER_LESS, false, NNADAPTER_BOOL8); }
MapStatus MapLessEqual(const onnx::NodeProto& n, MapContext* c) { return MapBinary(n, c, NNADAPTER_LESS_EQUAL, false, NNADAPTER_BOOL8); }

// Pow(x, y) -> POW(x, y, fuse). A rank-0 exponent becomes a [1] operand.
MapStatus MapPow(const onnx::NodeProto& n, MapContext* c) {
  if (n.input_size() != 2) return c->Error("Pow: expected 2 inputs");
  const Tensor* y = c->Value(n.input(1));
  if (y && y->dims.empty()) {
    Tensor y1 = *y;
    y1.dims = {1};
    c->InputWithValue(n.input(1), y1);
  }
  return MapBinary(n, c, NNADAPTER_POW, true);
}

// Pow(x, 2) with a constant/fed exponent equal to 2 -> SQUARE(x).
MapStatus MapSquare(const onnx::NodeProto& n, MapContext* c) {
  if (n.input_size() != 2) return MapStatus::kDecline;
  const Tensor* y = c->Value(n.input(1));
  if (!y || y->NumElements() != 1 || y->At(0) != 2.0) return MapStatus::kDecline;
  const int x = c->Operand(n.input(0));
  const int out = c->NewOutput(n.output(0), c->PrecisionOf(n.input(0)));
  c->spec()->Op(NNADAPTER_SQUARE, {x}, {out});
  return MapStatus::kOk;
}

// Variadic Max/Min: a chain of binary operations; a single input x is
// mapped to op(x, x) (== x).
static MapStatus MapVariadic(const onnx::NodeProto& n, MapContext* c,
                             NNAdapterOperationType type) {
  if (n.input_size() < 1) return c->Error(n.op_type() + ": no input");
  int acc = c->Operand(n.input(0));
  const int32_t p = c->PrecisionOf(n.input(0));
  if (n.input_size() == 1) {
    const int out = c->NewOutput(n.output(0), p);
    c->spec()->Op(type, {acc, acc, c->spec()->ConstI32(NNADAPTER_FUSED_NONE)}, {out});
    return MapStatus::kOk;
  }
  for (int i = 1; i < n.input_size(); ++i) {
    const int rhs = c->Operand(n.input(i));
    const int out = i + 1 == n.input_size() ? c->NewOutput(n.output(0), p)
                                            : c->spec()->Temp(p);
    c->spec()->Op(type, {acc, rhs, c->spec()->ConstI32(NNADAPTER_FUSED_NONE)}, {out});
    acc = out;
  }
  return MapStatus::kOk;
}
MapStatus MapMax(const onnx::NodeProto& n, MapContext* c) { return MapVariadic(n, c, NNADAPTER_MAX); }
MapStatus MapMin(const onnx::NodeProto& n, MapContext* c) { return MapVariadic(n, c, NNADAPTER_MIN); }

// Sum(x0..xn-1) -> SUM(x0..xn-1).
MapStatus MapSum(const onnx::NodeProto& n, MapContext* c) {
  std::vector<int> ins;
  for (int i = 0; i < n.input_size(); ++i) ins.push_back(c->Operand(n.input(i)));
  const int out = c->NewOutput(n.output(0), c->PrecisionOf(n.input(0)));
  c->spec()->Op(NNADAPTER_SUM, ins, {out});
  return MapStatus::kOk;
}

// Where(cond, x, y) -> WHERE(cond, x, y).
MapStatus MapWhere(const onnx::NodeProto& n, MapContext* c) {
  if (n.input_size() != 3) return c->Error("Where: expected 3 inputs");
  const int cond = c->Operand(n.input(0));
  const int x = c->Operand(n.input(1));
  const int y = c->Operand(n.input(2));
  const int out = c->NewOutput(n.output(0), c->PrecisionOf(n.input(1)));
  c->spec()->Op(NNADAPTER_WHERE, {cond, x, y}, {out});
  return MapStatus::kOk;
}

}  // namespace conformance
