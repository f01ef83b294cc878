// ONNX elementwise, activation, reduction and type operators → Paddle ops.
#include <algorithm>
#include <limits>
#include <map>
#include <optional>

#include "lite/model_parser/onnx/onnx_context.h"

namespace paddle {
namespace lite {
namespace onnx_import {
namespace {

// An input converted to `want` when its type is known to differ: constants
// are converted at import, other values by a cast op.
std::string AsType(ConvertContext& c, int i, DataType want) {
  const std::string& name = c.Input(i);
  DataType have = c.InputType(i);
  if (want == DataType::kUnknown || have == DataType::kUnknown || have == want) return name;
  const std::string out = c.Temp("cast");
  auto* op = c.AddOp("cast");
  op->SetInput("X", {name});
  op->SetOutput("Out", {out});
  op->SetAttr("in_dtype", PaddleDtypeCode(have));
  op->SetAttr("out_dtype", PaddleDtypeCode(want));
  return out;
}

void Binary(ConvertContext& c, const std::string& type, const std::string& x, const std::string& y,
            const std::string& out) {
  auto* op = c.AddOp(type);
  op->SetInput("X", {x});
  op->SetInput("Y", {y});
  op->SetOutput("Out", {out});
  op->SetAttr("axis", -1);
}

void Scale(ConvertContext& c, const std::string& x, const std::string& out, float scale) {
  auto* op = c.AddOp("scale");
  op->SetInput("X", {x});
  op->SetOutput("Out", {out});
  op->SetAttr("scale", scale);
  op->SetAttr("bias", 0.f);
  op->SetAttr("bias_after_scale", true);
}

}  // namespace

void ConvertBinary(ConvertContext& c) {
  static const std::map<std::string, std::string> kOps = {
      {"Add", "elementwise_add"}, {"Sub", "elementwise_sub"}, {"Mul", "elementwise_mul"},
      {"Div", "elementwise_div"}, {"Pow", "elementwise_pow"}, {"Equal", "equal"},
      {"Less", "less_than"},      {"LessOrEqual", "less_equal"}, {"Greater", "greater_than"},
      {"GreaterOrEqual", "greater_equal"}, {"And", "logical_and"}, {"Or", "logical_or"},
      {"Xor", "logical_xor"}};
  c.Check(c.AttrInt("broadcast", 0) == 0 || !c.HasAttr("axis"),
          "legacy broadcast with an explicit axis is not supported");
  // Pow's exponent may have another type than its base (opset 12+).
  std::string y = c.op_type() == "Pow" ? AsType(c, 1, c.InputType(0)) : c.Input(1);
  Binary(c, kOps.at(c.op_type()), c.Input(0), y, c.Output(0));
}

void ConvertVariadic(ConvertContext& c) {
  static const std::map<std::string, std::string> kOps = {
      {"Max", "elementwise_max"}, {"Min", "elementwise_min"}, {"Sum", "elementwise_add"},
      {"Mean", "elementwise_add"}};
  const int n = c.NumInputs();
  c.Check(n >= 1, "at least one input is required");
  const bool mean = c.op_type() == "Mean";
  if (n == 1) {
    if (mean) {
      Scale(c, c.Input(0), c.Output(0), 1.f);
      return;
    }
    auto* op = c.AddOp("assign");
    op->SetInput("X", {c.Input(0)});
    op->SetOutput("Out", {c.Output(0)});
    return;
  }
  std::string acc = c.Input(0);
  for (int i = 1; i < n; ++i) {
    const bool last = i == n - 1 && !mean;
    std::string out = last ? c.Output(0) : c.Temp("acc");
    Binary(c, kOps.at(c.op_type()), acc, c.Input(i), out);
    acc = out;
  }
  if (mean) Scale(c, acc, c.Output(0), 1.f / static_cast<float>(n));
}

void ConvertUnary(ConvertContext& c) {
  const std::string& t = c.op_type();
  static const std::map<std::string, std::string> kPlain = {
      {"Relu", "relu"},   {"Sigmoid", "sigmoid"}, {"Tanh", "tanh"},   {"Exp", "exp"},
      {"Log", "log"},     {"Sqrt", "sqrt"},       {"Abs", "abs"},     {"Floor", "floor"},
      {"Ceil", "ceil"},   {"Sign", "sign"},       {"Softsign", "softsign"}, {"Erf", "erf"},
      {"Not", "logical_not"}, {"Identity", "assign"}, {"Dropout", "assign"}};
  if (t == "Dropout") {
    bool training = false;
    if (c.HasInput(2)) {
      c.Check(c.IsConst(2), "a run-time training_mode is not supported (inference only)");
      training = c.ConstInts(2, "training_mode").at(0) != 0;
    }
    c.Check(!training, "training_mode true is not supported (inference only)");
    if (c.HasOutput(1)) {
      // In inference every element is kept: the mask is all true.
      auto* mask = c.AddOp("fill_any_like");
      mask->SetInput("X", {c.Input(0)});
      mask->SetOutput("Out", {c.Output(1)});
      mask->SetAttr("value", 1.0);
      mask->SetAttr("dtype", PaddleDtypeCode(DataType::kBool));
    }
  }
  if (t == "Neg") {
    Scale(c, c.Input(0), c.Output(0), -1.f);
    return;
  }
  auto plain = kPlain.find(t);
  cpp::OpDesc* op = nullptr;
  if (plain != kPlain.end()) {
    op = c.AddOp(plain->second);
  } else if (t == "Reciprocal") {
    op = c.AddOp("pow");
    op->SetAttr("factor", -1.f);
  } else if (t == "Softplus") {
    op = c.AddOp("softplus");
    op->SetAttr("beta", 1.f);
    op->SetAttr("threshold", 20.f);
  } else if (t == "LeakyRelu") {
    op = c.AddOp("leaky_relu");
    op->SetAttr("alpha", c.AttrFloat("alpha", 0.01f));
  } else if (t == "Elu") {
    op = c.AddOp("elu");
    op->SetAttr("alpha", c.AttrFloat("alpha", 1.f));
  } else if (t == "HardSigmoid") {
    op = c.AddOp("hard_sigmoid");
    op->SetAttr("slope", c.AttrFloat("alpha", 0.2f));
    op->SetAttr("offset", c.AttrFloat("beta", 0.5f));
  } else if (t == "HardSwish") {
    op = c.AddOp("hard_swish");
    op->SetAttr("threshold", 6.f);
    op->SetAttr("scale", 6.f);
    op->SetAttr("offset", 3.f);
  } else {
    c.Fail("no unary mapping");
  }
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
}

// PRelu: slope of one value → mode "all"; [C] / [C,1,..] on NC... → "channel";
// slope with X's shape → "element".
void ConvertPRelu(ConvertContext& c) {
  const Tensor* slope = c.Constant(c.Input(1));
  if (!slope) {
    // A run-time slope: relu(x) + slope * (x - relu(x)), numpy broadcasting.
    const std::string r = c.Temp("relu"), neg = c.Temp("neg"), scaled = c.Temp("scaled");
    auto* relu = c.AddOp("relu");
    relu->SetInput("X", {c.Input(0)});
    relu->SetOutput("Out", {r});
    Binary(c, "elementwise_sub", c.Input(0), r, neg);
    Binary(c, "elementwise_mul", neg, c.Input(1), scaled);
    Binary(c, "elementwise_add", r, scaled, c.Output(0));
    return;
  }
  const ValueInfo x = c.Info(c.Input(0));
  std::string mode;
  DDim d = slope->dims();
  while (!d.empty() && d.front() == 1 && static_cast<int>(d.size()) > 1) d.erase(d.begin());
  if (slope->numel() == 1) {
    mode = "all";
  } else if (x.rank >= 2 && static_cast<int>(d.size()) == x.rank - 1 &&
             slope->numel() == d[0]) {
    mode = "channel";
  } else if (x.rank >= 2 && d.size() == 1 && x.dims.size() >= 2 && x.dims[1] == d[0]) {
    mode = "channel";
  } else if (x.rank >= 0 && static_cast<int>(slope->dims().size()) == x.rank) {
    mode = "element";
  } else {
    c.Fail("slope dims " + DimsToString(slope->dims()) + " are not supported (a scalar, "
           "per-channel, or X's full shape are)");
  }
  Tensor flat;
  flat.CopyFrom(*slope);
  if (mode == "channel") flat.Resize({slope->numel()});
  if (mode == "element") {
    DDim e = slope->dims();
    e[0] = 1;
    flat.Resize(e);
  }
  auto* op = c.AddOp("prelu");
  op->SetInput("X", {c.Input(0)});
  op->SetInput("Alpha", {c.AddWeight("alpha", flat)});
  op->SetOutput("Out", {c.Output(0)});
  op->SetAttr("mode", mode);
}

void ConvertClip(ConvertContext& c) {
  // Constant bounds: attributes, and Clip(0, 6) / Clip(0, +inf) on float
  // become relu6 / relu, which fuse into convs and map to NNAdapter.
  std::optional<float> lo, hi;
  bool runtime_bound = false;
  if (c.opset() < 11) {
    if (c.HasAttr("min")) lo = c.AttrFloat("min", 0.f);
    if (c.HasAttr("max")) hi = c.AttrFloat("max", 0.f);
  } else {
    for (int i = 1; i <= 2; ++i) {
      if (!c.HasInput(i)) continue;
      if (!c.IsConst(i)) {
        runtime_bound = true;
        continue;
      }
      auto v = c.ConstFloats(i, i == 1 ? "min" : "max");
      c.Check(v.size() == 1, "clip bound ", i == 1 ? "min" : "max", " must hold one value");
      (i == 1 ? lo : hi) = v[0];
    }
  }
  const bool is_float = c.InputType(0) == DataType::kFloat32;
  if (is_float && !runtime_bound && lo && *lo == 0.f && (!hi || *hi == 6.f)) {
    auto* op = c.AddOp(hi ? "relu6" : "relu");
    op->SetInput("X", {c.Input(0)});
    op->SetOutput("Out", {c.Output(0)});
    if (hi) op->SetAttr("threshold", 6.f);
    return;
  }
  auto* op = c.AddOp("clip");
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  if (lo) op->SetAttr("min", *lo);
  if (hi) op->SetAttr("max", *hi);
  if (runtime_bound) {
    if (c.HasInput(1) && !c.IsConst(1)) op->SetInput("Min", {c.Input(1)});
    if (c.HasInput(2) && !c.IsConst(2)) op->SetInput("Max", {c.Input(2)});
  }
}

void ConvertReduce(ConvertContext& c) {
  static const std::map<std::string, std::string> kOps = {
      {"ReduceMean", "reduce_mean"}, {"ReduceSum", "reduce_sum"}, {"ReduceMax", "reduce_max"},
      {"ReduceMin", "reduce_min"}, {"ReduceProd", "reduce_prod"}};
  std::vector<int64_t> axes;
  if (c.op_type() == "ReduceSum" && c.opset() >= 13) {
    if (c.HasInput(1)) axes = c.ConstInts(1, "axes");
  } else {
    axes = c.AttrInts("axes", {});
  }
  std::vector<int64_t> sorted = axes;
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 1; i < sorted.size(); ++i) {
    c.Check(sorted[i] != sorted[i - 1], "axes name axis ", sorted[i],
            " twice; each axis may appear once");
  }
  const int rank = c.Rank(0);
  for (int64_t a : axes) {
    c.Check(rank < 0 || (a >= -rank && a < rank), "axes value ", a, " is outside [", -rank, ", ",
            rank - 1, "] for rank ", rank);
  }
  const bool keep = c.AttrInt("keepdims", 1) != 0;
  if (axes.empty() && c.AttrInt("noop_with_empty_axes", 0) != 0) {
    auto* op = c.AddOp("assign");
    op->SetInput("X", {c.Input(0)});
    op->SetOutput("Out", {c.Output(0)});
    return;
  }
  auto* op = c.AddOp(kOps.at(c.op_type()));
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  op->SetAttr("keep_dim", keep);
  op->SetAttr("reduce_all", axes.empty());
  op->SetAttr("dim", std::vector<int32_t>(axes.begin(), axes.end()));
}

// select_last_index 1: the first extreme of X flipped along the axis is
// the last one of X; its index i there is extent - 1 - i in X. Needs the
// axis' extent at import (only as a number: a flip, not an index constant
// of `extent` entries, which a declared extent of 2^31 - 1 made 16 GB).
void ConvertArgMax(ConvertContext& c) {
  const bool last = c.AttrInt("select_last_index", 0) != 0;
  int64_t axis = c.AxisAttr("axis", 0);
  std::string x = c.Input(0), index = c.Output(0);
  int64_t extent = 0;
  if (last) {
    const ValueInfo info = c.Info(x);
    if (axis < 0 && info.rank >= 0) axis += info.rank;
    extent = axis >= 0 && axis < info.rank ? info.dims[axis] : -1;
    c.Check(extent > 0, "select_last_index 1 needs the extent of axis ", axis,
            " at import, which is not supported when it is dynamic");
    const std::string flipped = c.Temp("flipped");
    auto* f = c.AddOp("flip");
    f->SetInput("X", {x});
    f->SetOutput("Out", {flipped});
    f->SetAttr("axis", std::vector<int64_t>{axis});
    x = flipped;
    index = c.Temp("flipped_index");
  }
  auto* op = c.AddOp(c.op_type() == "ArgMax" ? "arg_max" : "arg_min");
  op->SetInput("X", {x});
  op->SetOutput("Out", {index});
  op->SetAttr("axis", axis);
  op->SetAttr("keepdims", c.AttrInt("keepdims", 1) != 0);
  op->SetAttr("flatten", false);
  op->SetAttr("dtype", PaddleDtypeCode(DataType::kInt64));
  if (!last) return;
  auto* s = c.AddOp("scale");
  s->SetInput("X", {index});
  s->SetOutput("Out", {c.Output(0)});
  s->SetAttr("scale", -1.f);
  s->SetAttr("bias", static_cast<float>(extent - 1));
  s->SetAttr("bias_after_scale", true);
}

void ConvertCast(ConvertContext& c) {
  const DataType to = DataTypeFromOnnx(static_cast<int>(c.AttrInt("to")));
  c.Check(to != DataType::kUnknown && to != DataType::kFloat16,
          "cast target type ", c.AttrInt("to"), " is not supported");
  auto* op = c.AddOp("cast");
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  const DataType from = c.InputType(0);
  op->SetAttr("in_dtype", from == DataType::kUnknown ? -1 : PaddleDtypeCode(from));
  op->SetAttr("out_dtype", PaddleDtypeCode(to));
}

void ConvertWhere(ConvertContext& c) {
  auto* op = c.AddOp("where");
  op->SetInput("Condition", {c.Input(0)});
  op->SetInput("X", {c.Input(1)});
  op->SetInput("Y", {c.Input(2)});
  op->SetOutput("Out", {c.Output(0)});
}

}  // namespace onnx_import
}  // namespace lite
}  // namespace paddle
