// ONNX shape and tensor operators → Paddle ops. Values that are constants
// at import (initializers, Constant outputs) become attributes; values only
// known at run time are wired to the Paddle ops' tensor inputs, so dynamic
// shapes (p2o.DynamicDimension.*) keep working.
#include <algorithm>
#include <cstring>

#include "lite/model_parser/onnx/onnx_context.h"
#include "lite/model_parser/onnx/onnx_shape_values.h"

namespace paddle {
namespace lite {
namespace onnx_import {
namespace {

// The axes of Squeeze/Unsqueeze/Split-like operators: attribute before
// opset 13, constant input from 13.
std::vector<int64_t> AxesOf(ConvertContext& c, int input, const char* attr) {
  if (c.opset() >= 13) return c.HasInput(input) ? c.ConstInts(input, attr) : std::vector<int64_t>{};
  return c.AttrInts(attr, {});
}

// Axes normalized against `rank` (negative ones counted from the end):
// each in [-rank, rank - 1] and none twice.
std::vector<int64_t> NormalizedAxes(ConvertContext& c, std::vector<int64_t> axes, int rank,
                                    const char* what) {
  for (auto& a : axes) {
    if (rank < 0) {
      c.Check(a >= 0, "negative ", what, " need the input rank");
      continue;
    }
    c.Check(a >= -rank && a < rank, what, " value ", a, " is outside [", -rank, ", ", rank - 1,
            "] for rank ", rank);
    if (a < 0) a += rank;
  }
  std::vector<int64_t> sorted = axes;
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 1; i < sorted.size(); ++i) {
    c.Check(sorted[i] != sorted[i - 1], what, " name axis ", sorted[i],
            " twice; each axis may appear once");
  }
  return axes;
}

}  // namespace

void ConvertConstant(ConvertContext& c) {
  Tensor t;
  if (const onnx::TensorProto* p = c.AttrTensor("value")) {
    TensorFromProto(*p, c.base_dir(), c.Output(0), &t);
  } else if (c.HasAttr("value_float")) {
    t.Resize({});
    *t.mutable_data<float>() = c.AttrFloat("value_float", 0.f);
  } else if (c.HasAttr("value_floats")) {
    auto v = c.AttrFloats("value_floats");
    t.Resize({static_cast<int64_t>(v.size())});
    std::copy(v.begin(), v.end(), t.mutable_data<float>());
  } else if (c.HasAttr("value_int")) {
    t.Resize({});
    *t.mutable_data<int64_t>() = c.AttrInt("value_int");
  } else if (c.HasAttr("value_ints")) {
    auto v = c.AttrInts("value_ints");
    t.Resize({static_cast<int64_t>(v.size())});
    std::copy(v.begin(), v.end(), t.mutable_data<int64_t>());
  } else {
    c.Fail("only value, value_float(s) and value_int(s) are supported");
  }
  c.SetConstant(c.Output(0), t);
}

void ConvertConstantOfShape(ConvertContext& c) {
  Tensor value;
  if (const onnx::TensorProto* p = c.AttrTensor("value")) {
    TensorFromProto(*p, c.base_dir(), c.Output(0) + " value", &value);
  } else {
    value.Resize({1});
    *value.mutable_data<float>() = 0.f;
  }
  c.Check(value.numel() == 1, "attribute 'value' must hold one element");
  if (c.IsConst(0)) {
    auto shape = c.ConstInts(0, "shape");
    Tensor t;
    t.Resize(shape);
    char* dst = static_cast<char*>(t.mutable_data(value.dtype()));
    const size_t sz = SizeOf(value.dtype());
    for (int64_t i = 0; i < t.numel(); ++i) {
      std::memcpy(dst + i * sz, value.raw_data(), sz);
    }
    c.SetConstant(c.Output(0), t);
    return;
  }
  std::vector<double> v;
  switch (value.dtype()) {
    case DataType::kFloat32: v.push_back(value.data<float>()[0]); break;
    case DataType::kInt64: v.push_back(static_cast<double>(value.data<int64_t>()[0])); break;
    case DataType::kInt32: v.push_back(value.data<int32_t>()[0]); break;
    case DataType::kBool: v.push_back(value.data<bool>()[0] ? 1 : 0); break;
    default: c.Fail("value type is not supported");
  }
  auto* op = c.AddOp("fill_constant");
  op->SetInput("ShapeTensor", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  op->SetAttr("dtype", PaddleDtypeCode(value.dtype()));
  op->SetAttr("value", v[0]);
}

// Paddle's shape op yields int32; ONNX Shape is int64.
void ConvertShape(ConvertContext& c) {
  const std::string s32 = c.Temp("shape32");
  auto* op = c.AddOp("shape");
  op->SetInput("Input", {c.Input(0)});
  op->SetOutput("Out", {s32});
  const bool sliced = c.HasAttr("start") || c.HasAttr("end");
  const std::string s64 = sliced ? c.Temp("shape64") : c.Output(0);
  auto* cast = c.AddOp("cast");
  cast->SetInput("X", {s32});
  cast->SetOutput("Out", {s64});
  cast->SetAttr("in_dtype", PaddleDtypeCode(DataType::kInt32));
  cast->SetAttr("out_dtype", PaddleDtypeCode(DataType::kInt64));
  if (!sliced) return;
  auto* sl = c.AddOp("slice");
  sl->SetInput("Input", {s64});
  sl->SetOutput("Out", {c.Output(0)});
  sl->SetAttr("axes", std::vector<int64_t>{0});
  sl->SetAttr("starts", std::vector<int64_t>{c.AttrInt("start", 0)});
  sl->SetAttr("ends", std::vector<int64_t>{c.AttrInt("end", INT64_MAX)});
}

void ConvertSlice(ConvertContext& c) {
  std::vector<int64_t> axes, steps;
  bool have_starts = false, have_ends = false;
  std::vector<int64_t> starts, ends;
  if (c.opset() < 10) {
    starts = c.AttrInts("starts");
    ends = c.AttrInts("ends");
    axes = c.AttrInts("axes", {});
    have_starts = have_ends = true;
  } else {
    if (c.IsConst(1)) { starts = c.ConstInts(1, "starts"); have_starts = true; }
    if (c.IsConst(2)) { ends = c.ConstInts(2, "ends"); have_ends = true; }
    if (c.HasInput(3)) axes = c.ConstInts(3, "axes");
    if (c.HasInput(4)) steps = c.ConstInts(4, "steps");
  }
  if (axes.empty()) {
    size_t n = have_starts ? starts.size() : have_ends ? ends.size() : 0;
    if (n == 0) {
      const ValueInfo s = c.Info(c.Input(1));
      c.Check(s.rank == 1 && !s.dims.empty() && s.dims[0] >= 0,
              "without axes, the number of starts must be known");
      // The declared length of starts is untrusted: it cannot exceed the data's rank.
      const ValueInfo data = c.Info(c.Input(0));
      const int64_t limit = data.rank >= 0 ? data.rank : kMaxTensorRank;
      c.Check(s.dims[0] <= limit, "starts declares " + std::to_string(s.dims[0]) +
                                      " entries but the data has at most " +
                                      std::to_string(limit) + " axes");
      n = static_cast<size_t>(s.dims[0]);
    }
    for (size_t i = 0; i < n; ++i) axes.push_back(static_cast<int64_t>(i));
  }
  const bool strided = std::any_of(steps.begin(), steps.end(), [](int64_t s) { return s != 1; });
  auto* op = c.AddOp(strided ? "strided_slice" : "slice");
  op->SetInput("Input", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  op->SetAttr("axes", axes);
  if (have_starts) op->SetAttr("starts", starts); else op->SetInput("StartsTensor", {c.Input(1)});
  if (have_ends) op->SetAttr("ends", ends); else op->SetInput("EndsTensor", {c.Input(2)});
  if (strided) op->SetAttr("strides", steps);
}

void ConvertReshape(ConvertContext& c) {
  auto* op = c.AddOp("reshape2");
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  const bool allowzero = c.AttrInt("allowzero", 0) != 0;
  if (c.opset() < 5 || !c.HasInput(1)) {
    op->SetAttr("shape", c.AttrInts("shape"));
    return;
  }
  if (c.IsConst(1)) {
    auto shape = c.ConstInts(1, "shape");
    c.Check(!allowzero || std::find(shape.begin(), shape.end(), 0) == shape.end(),
            "allowzero with a 0 in the shape (an empty tensor) is not supported");
    op->SetAttr("shape", shape);
  } else {
    c.Check(!allowzero, "allowzero 1 with a computed shape is not supported");
    op->SetInput("Shape", {c.Input(1)});
  }
}

void ConvertGather(ConvertContext& c) {
  int64_t axis = c.AxisAttr("axis", 0);
  const ValueInfo data = c.Info(c.Input(0));
  if (axis < 0) {
    c.Check(data.rank >= 0, "a negative axis needs the data rank");
    axis += data.rank;
  }
  std::string index = c.Input(1);
  const ValueInfo idx = c.Info(index);
  if (const Tensor* t = c.Constant(index)) {
    // Negative indices count from the end (ONNX); Paddle's gather does not.
    std::vector<int64_t> v;
    for (int64_t i = 0; i < t->numel(); ++i) {
      v.push_back(t->dtype() == DataType::kInt32 ? t->data<int32_t>()[i] : t->data<int64_t>()[i]);
    }
    if (data.rank > axis && data.dims[axis] >= 0) {
      const int64_t n = data.dims[axis];
      for (size_t i = 0; i < v.size(); ++i) {
        c.Check(v[i] >= -n && v[i] < n, "indices[", i, "] is ", v[i], "; expected a value in [",
                -n, ", ", n - 1, "] for axis ", axis, " of extent ", n);
      }
    }
    const bool negative = std::any_of(v.begin(), v.end(), [](int64_t x) { return x < 0; });
    if (negative) {
      c.Check(data.rank > axis && data.dims[axis] >= 0,
              "negative indices need the extent of the gathered axis");
      for (auto& x : v) if (x < 0) x += data.dims[axis];
    }
    index = c.AddInt64Weight("index", v);  // 1-D; other ranks are restored below
  }
  c.Check(idx.rank >= 0, "indices of unknown rank are not supported");
  // Indices of rank >= 2 gather with their flattened form; the result is
  // reshaped to data dims[:axis] + indices dims + data dims[axis+1:].
  std::vector<int64_t> multi_shape;
  if (idx.rank >= 2) {
    bool known = data.rank > axis;
    for (int64_t d : idx.dims) known = known && d >= 0;
    for (int i = static_cast<int>(axis) + 1; known && i < data.rank; ++i) known = data.dims[i] >= 0;
    c.Check(known, "indices of rank ", idx.rank,
            " need static indices dims and data dims after the axis");
    multi_shape.assign(static_cast<size_t>(axis), 0);
    multi_shape.insert(multi_shape.end(), idx.dims.begin(), idx.dims.end());
    multi_shape.insert(multi_shape.end(), data.dims.begin() + axis + 1, data.dims.end());
  }
  if (!c.Constant(c.Input(1))) {
    // Negative run-time indices count from the end: extent is added where
    // index < 0. ONNX allows only [-extent, extent - 1]; anything outside
    // stays outside and Paddle's gather refuses it naming the index (never
    // wrapped around as a modulo would).
    const std::string s32 = c.Temp("shape32"), ext32 = c.Temp("extent32"), ext = c.Temp("extent"),
                      wrapped = c.Temp("index"),
                      negative = c.Temp("negative");
    auto* sh = c.AddOp("shape");
    sh->SetInput("Input", {c.Input(0)});
    sh->SetOutput("Out", {s32});
    auto* sl = c.AddOp("slice");
    sl->SetInput("Input", {s32});
    sl->SetOutput("Out", {ext32});
    sl->SetAttr("axes", std::vector<int64_t>{0});
    sl->SetAttr("starts", std::vector<int64_t>{axis});
    sl->SetAttr("ends", std::vector<int64_t>{axis + 1});
    const DataType it = idx.dtype == DataType::kInt32 ? DataType::kInt32 : DataType::kInt64;
    auto* cast = c.AddOp("cast");
    cast->SetInput("X", {ext32});
    cast->SetOutput("Out", {ext});
    cast->SetAttr("in_dtype", PaddleDtypeCode(DataType::kInt32));
    cast->SetAttr("out_dtype", PaddleDtypeCode(it));
    Tensor zero;
    zero.Resize({1});
    if (it == DataType::kInt32) {
      *zero.mutable_data<int32_t>() = 0;
    } else {
      *zero.mutable_data<int64_t>() = 0;
    }
    // index + extent * (index < 0): no sum can overflow (a negative plus a
    // positive extent, or a non-negative plus 0).
    const std::string negative_n = c.Temp("negative_n"), shift = c.Temp("shift");
    auto* lt = c.AddOp("less_than");
    lt->SetInput("X", {index});
    lt->SetInput("Y", {c.AddWeight("zero", zero)});
    lt->SetOutput("Out", {negative});
    lt->SetAttr("axis", -1);
    auto* to_int = c.AddOp("cast");
    to_int->SetInput("X", {negative});
    to_int->SetOutput("Out", {negative_n});
    to_int->SetAttr("in_dtype", PaddleDtypeCode(DataType::kBool));
    to_int->SetAttr("out_dtype", PaddleDtypeCode(it));
    auto* mul = c.AddOp("elementwise_mul");
    mul->SetInput("X", {negative_n});
    mul->SetInput("Y", {ext});
    mul->SetOutput("Out", {shift});
    mul->SetAttr("axis", -1);
    auto* add = c.AddOp("elementwise_add");
    add->SetInput("X", {index});
    add->SetInput("Y", {shift});
    add->SetOutput("Out", {wrapped});
    add->SetAttr("axis", -1);
    index = wrapped;
  }
  const bool scalar = idx.rank == 0, multi = idx.rank >= 2;
  if ((scalar || multi) && !c.Constant(c.Input(1))) {
    const std::string flat = c.Temp("index1");
    auto* r = c.AddOp("reshape2");
    r->SetInput("X", {index});
    r->SetOutput("Out", {flat});
    r->SetAttr("shape", std::vector<int64_t>{scalar ? 1 : -1});
    index = flat;
  }
  const std::string out = scalar || multi ? c.Temp("gathered") : c.Output(0);
  auto* op = c.AddOp("gather");
  op->SetInput("X", {c.Input(0)});
  op->SetInput("Index", {index});
  op->SetOutput("Out", {out});
  op->SetAttr("axis", static_cast<int32_t>(axis));
  if (multi) {
    auto* r = c.AddOp("reshape2");
    r->SetInput("X", {out});
    r->SetOutput("Out", {c.Output(0)});
    r->SetAttr("shape", multi_shape);
    return;
  }
  if (!scalar) return;
  auto* sq = c.AddOp("squeeze2");
  sq->SetInput("X", {out});
  sq->SetOutput("Out", {c.Output(0)});
  sq->SetAttr("axes", std::vector<int32_t>{static_cast<int32_t>(axis)});
}

void ConvertConcat(ConvertContext& c) {
  auto* op = c.AddOp("concat");
  std::vector<std::string> xs;
  for (int i = 0; i < c.NumInputs(); ++i) xs.push_back(c.Input(i));
  op->SetInput("X", xs);
  op->SetOutput("Out", {c.Output(0)});
  c.Check(c.HasAttr("axis"), "attribute 'axis' is required");
  op->SetAttr("axis", static_cast<int32_t>(c.AxisAttr("axis", 0)));
}

void ConvertSplit(ConvertContext& c) {
  std::vector<int64_t> split = c.opset() >= 13
                                   ? (c.HasInput(1) ? c.ConstInts(1, "split") : std::vector<int64_t>{})
                                   : c.AttrInts("split", {});
  auto* op = c.AddOp("split");
  op->SetInput("X", {c.Input(0)});
  std::vector<std::string> outs;
  for (int i = 0; i < c.NumOutputs(); ++i) outs.push_back(c.Output(i));
  op->SetOutput("Out", outs);
  op->SetAttr("axis", static_cast<int32_t>(c.AxisAttr("axis", 0)));
  if (split.empty()) {
    op->SetAttr("num", static_cast<int32_t>(outs.size()));
  } else {
    op->SetAttr("sections", split);
    op->SetAttr("num", 0);
  }
}

void ConvertSqueeze(ConvertContext& c) {
  const bool squeeze = c.op_type() == "Squeeze";
  auto axes = AxesOf(c, 1, "axes");
  const ValueInfo x = c.Info(c.Input(0));
  if (!squeeze) {
    c.Check(!axes.empty(), "axes are required");
    // Unsqueeze's axes index the output, of rank + len(axes).
    const int out_rank = x.rank < 0 ? -1 : x.rank + static_cast<int>(axes.size());
    axes = NormalizedAxes(c, axes, out_rank, "axes");
    std::sort(axes.begin(), axes.end());
  } else {
    axes = NormalizedAxes(c, axes, x.rank, "axes");
    for (int64_t a : axes) {
      const int64_t d = x.rank >= 0 ? x.dims[a] : -1;
      c.Check(d < 0 || d == 1, "axis ", a, " of input '", c.Input(0), "' has extent ", d,
              "; Squeeze removes only dims of extent 1");
    }
  }
  auto* op = c.AddOp(squeeze ? "squeeze2" : "unsqueeze2");
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  op->SetAttr("axes", I32(axes));
}

void ConvertTranspose(ConvertContext& c) {
  auto perm = c.AttrInts("perm", {});
  if (perm.empty()) {
    const int rank = c.RequireRank(0, "the default (reversing) perm");
    for (int i = rank - 1; i >= 0; --i) perm.push_back(i);
  }
  auto* op = c.AddOp("transpose2");
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  op->SetAttr("axis", I32(perm));
}

// Pad over the spatial dims of a 4-D (pad2d) or 5-D (pad3d) input.
void ConvertPad(ConvertContext& c) {
  const std::string mode = c.AttrString("mode", "constant");
  std::vector<int64_t> pads;
  float value = 0.f;
  if (c.opset() < 11) {
    pads = c.AttrInts("pads");
    value = c.AttrFloat("value", 0.f);
  } else {
    pads = c.ConstInts(1, "pads");
    if (c.HasInput(2)) {
      auto v = c.ConstFloats(2, "constant_value");
      c.Check(v.size() == 1, "constant_value must hold one value");
      value = v[0];
    }
    c.Check(!c.HasInput(3), "the axes input is not supported");
  }
  const size_t rank = pads.size() / 2;
  c.Check(rank == 4 || rank == 5, "only 4-D and 5-D inputs are supported, got ", rank, "-D pads");
  c.Check(pads[0] == 0 && pads[1] == 0 && pads[rank] == 0 && pads[rank + 1] == 0,
          "padding the N or C dim is not supported");
  c.Check(mode == "constant" || mode == "reflect" || mode == "edge", "mode '", mode, "' is not supported");
  const DataType t = c.InputType(0);
  c.Check(t == DataType::kUnknown || t == DataType::kFloat32 || t == DataType::kInt32 ||
              t == DataType::kInt64,
          "input type ", DataTypeName(t), " is not supported (float32, int32, int64 are)");
  auto* op = c.AddOp(rank == 4 ? "pad2d" : "pad3d");
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  if (rank == 4) {
    op->SetAttr("paddings", std::vector<int32_t>{static_cast<int32_t>(pads[2]), static_cast<int32_t>(pads[6]),
                                                 static_cast<int32_t>(pads[3]), static_cast<int32_t>(pads[7])});
    op->SetAttr("mode", mode);
    op->SetAttr("pad_value", value);
  } else {
    op->SetAttr("paddings", std::vector<int32_t>{
        static_cast<int32_t>(pads[4]), static_cast<int32_t>(pads[9]), static_cast<int32_t>(pads[3]),
        static_cast<int32_t>(pads[8]), static_cast<int32_t>(pads[2]), static_cast<int32_t>(pads[7])});
    op->SetAttr("mode", mode == "edge" ? std::string("replicate") : mode);
    op->SetAttr("value", value);
  }
  op->SetAttr("data_format", std::string(rank == 4 ? "NCHW" : "NCDHW"));
}

// Expand broadcasts both ways; a target 1 aligned with an input dim keeps
// that dim, which is Paddle's -1.
void ConvertExpand(ConvertContext& c) {
  if (!c.IsConst(1)) {
    // A run-time shape: numpy's two-way broadcasting is X + zeros(shape).
    const DataType t = c.InputType(0) == DataType::kUnknown ? DataType::kFloat32 : c.InputType(0);
    const std::string zeros = c.Temp("zeros");
    auto* fill = c.AddOp("fill_constant");
    fill->SetInput("ShapeTensor", {c.Input(1)});
    fill->SetOutput("Out", {zeros});
    fill->SetAttr("dtype", PaddleDtypeCode(t));
    fill->SetAttr("value", 0.0);
    auto* add = c.AddOp("elementwise_add");
    add->SetInput("X", {c.Input(0)});
    add->SetInput("Y", {zeros});
    add->SetOutput("Out", {c.Output(0)});
    add->SetAttr("axis", -1);
    return;
  }
  auto shape = c.ConstInts(1, "shape");
  const int rank = c.RequireRank(0, "Expand");
  auto* op = c.AddOp("expand_v2");
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  while (static_cast<int>(shape.size()) < rank) shape.insert(shape.begin(), 1);
  const size_t lead = shape.size() - static_cast<size_t>(rank);
  for (size_t i = lead; i < shape.size(); ++i) {
    if (shape[i] == 1) shape[i] = -1;
  }
  op->SetAttr("shape", shape);
}

void ConvertTile(ConvertContext& c) {
  auto* op = c.AddOp("tile");
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  if (c.IsConst(1)) {
    op->SetAttr("repeat_times", c.ConstInts(1, "repeats"));
  } else {
    op->SetInput("RepeatTimes", {c.Input(1)});
  }
}

}  // namespace onnx_import
}  // namespace lite
}  // namespace paddle
