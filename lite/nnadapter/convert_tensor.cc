// Converters of tensor ops: concat, split, transpose, flatten,
// interpolation, shape, slice, strided_slice, fill_constant,
// fill_constant_batch_size_like, cast.
#include <algorithm>
#include <climits>
#include <map>

#include "lite/nnadapter/converters.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

namespace {
void NoTensorInputs(const cpp::OpDesc& op, std::initializer_list<const char*> slots) {
  for (const char* s : slots) {
    LITE_ENFORCE(!op.HasInput(s), "op '", op.Type(), "': input '", s,
                 "' (a run-time tensor) is not converted");
  }
}
int32_t Clamp32(int64_t v) {
  return static_cast<int32_t>(std::max<int64_t>(INT_MIN, std::min<int64_t>(INT_MAX, v)));
}
}  // namespace

void ConvertConcat(Converter& c, const cpp::OpDesc& op) {
  NoTensorInputs(op, {"AxisTensor"});
  std::vector<NNAdapterOperand*> in;
  for (const auto& x : op.Input("X")) in.push_back(c.Input(x));
  in.push_back(c.Int32(op.GetAttr<int32_t>("axis", 0)));
  c.AddOperation(NNADAPTER_CONCAT, in, {c.Output(One(op, "Out", false))});
}

void ConvertSplit(Converter& c, const cpp::OpDesc& op) {
  NoTensorInputs(op, {"AxisTensor", "SectionsTensorList"});
  const std::string& x = One(op, "X");
  const DDim dims = c.Dims(x);
  int axis = op.GetAttr<int32_t>("axis", 0);
  if (axis < 0) axis += static_cast<int>(dims.size());
  LITE_ENFORCE(axis >= 0 && axis < static_cast<int>(dims.size()), "op 'split': axis out of range");
  auto sections = op.GetAttr<std::vector<int32_t>>("sections", {});
  const int num = op.GetAttr<int32_t>("num", 0);
  const auto& outs = op.Output("Out");
  const int64_t extent = dims[axis];
  if (sections.empty()) {
    LITE_ENFORCE(num > 0 && extent > 0 && extent % num == 0, "op 'split': cannot split extent ",
                 extent, " into ", num, " equal parts at conversion time");
    sections.assign(num, static_cast<int32_t>(extent / num));
  } else {
    auto unknown = std::count(sections.begin(), sections.end(), -1);
    if (unknown == 1) {
      LITE_ENFORCE(extent > 0, "op 'split': a -1 section needs a known extent");
      int64_t known = 0;
      for (int32_t s : sections) known += s > 0 ? s : 0;
      for (auto& s : sections) {
        if (s == -1) s = static_cast<int32_t>(extent - known);
      }
    }
  }
  std::vector<NNAdapterOperand*> outputs;
  for (const auto& o : outs) outputs.push_back(c.Output(o));
  c.AddOperation(NNADAPTER_SPLIT, {c.Input(x), c.Int32(axis), c.Int32s(sections)}, outputs);
}

// tril_triu as WHERE(mask, X, 0): the mask is a constant bool [H, W] (kept
// where column - row <= diagonal for the lower triangle, >= for the upper),
// broadcast over X's leading dims; a NaN outside the triangle gives 0, as
// on the CPU. float32 X with known H and W only.
void ConvertTrilTriu(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const DDim d = c.Dims(x);
  LITE_ENFORCE(d.size() >= 2 && d[d.size() - 2] > 0 && d.back() > 0, "op 'tril_triu': X ",
               DimsToString(d), " needs a rank >= 2 and known last two extents to be converted");
  LITE_ENFORCE(c.DType(x) == DataType::kFloat32, "op 'tril_triu': only float32 X is converted");
  const int64_t h = d[d.size() - 2], w = d.back();
  const int64_t diagonal = op.GetAttr<int32_t>("diagonal", 0);
  const bool lower = op.GetAttr<bool>("lower", true);
  Tensor mask;
  mask.Resize({h, w});
  bool* m = mask.mutable_data<bool>();
  for (int64_t i = 0; i < h; ++i) {
    for (int64_t j = 0; j < w; ++j) m[i * w + j] = lower ? j - i <= diagonal : j - i >= diagonal;
  }
  c.AddOperation(NNADAPTER_WHERE, {c.ConstantTensor(mask, {h, w}), c.Input(x), c.Float32(0.f)},
                 {c.Output(One(op, "Out", false))});
}

void ConvertTranspose(Converter& c, const cpp::OpDesc& op) {
  c.AddOperation(NNADAPTER_TRANSPOSE,
                 {c.Input(One(op, "X")), c.Int32s(op.GetAttr<std::vector<int32_t>>("axis"))},
                 {c.Output(One(op, "Out", false))});
}

namespace {
// The `scale` attribute: a float in v1, a list [h, w] (or [s]) in v2; either
// form is accepted, as by the CPU kernel.
std::vector<float> InterpScale(const cpp::OpDesc& op) {
  auto it = op.attrs().find("scale");
  if (it == op.attrs().end()) return {};
  const cpp::AttrType t = it->second.type;
  if (t == cpp::AttrType::FLOAT || t == cpp::AttrType::FLOAT64 || t == cpp::AttrType::INT ||
      t == cpp::AttrType::SCALAR) {
    return {op.GetAttr<float>("scale")};
  }
  return op.GetAttr<std::vector<float>>("scale");
}
}  // namespace

// v1 and v2 differ in one rule: without align_corners, v2 maps coordinates
// by 1 / scale when a scale is given, v1 always by in / out. So a v1 scale
// becomes RESIZE's shape (int(in * scale), from the known input dims), and
// a v1 OutSize may come with a scale (it wins, as on the CPU).
void ConvertInterpolate(Converter& c, const cpp::OpDesc& op) {
  NoTensorInputs(op, {"SizeTensor", "Scale"});
  LITE_ENFORCE(op.GetAttr<std::string>("data_layout", "NCHW") == "NCHW", "op '", op.Type(),
               "': only NCHW is converted");
  const std::string& type = op.Type();
  const bool nearest = type.rfind("nearest", 0) == 0;
  const bool v1 = type.size() < 3 || type.compare(type.size() - 3, 3, "_v2") != 0;
  const int out_h = op.GetAttr<int32_t>("out_h", -1), out_w = op.GetAttr<int32_t>("out_w", -1);
  auto scale = InterpScale(op);
  NNAdapterOperand* shape = nullptr;
  NNAdapterOperand* scales = nullptr;
  const bool scaled = !scale.empty() && scale[0] > 0;
  if (scale.size() == 1) scale.push_back(scale[0]);
  if (op.HasInput("OutSize")) {
    // A run-time [h, w] (computed by shape ops, as in PP-HumanSeg): the
    // RESIZE shape operand. With a scale too, v2 takes the coordinates from
    // the scale and the size from OutSize, which RESIZE cannot express.
    LITE_ENFORCE(v1 || !scaled, "op '", op.Type(),
                 "': input 'OutSize' together with a positive 'scale' is not converted");
    const std::string& size = One(op, "OutSize");
    LITE_ENFORCE(c.DType(size) == DataType::kInt32 || c.DType(size) == DataType::kInt64,
                 "op '", op.Type(), "': input 'OutSize' must be int32 or int64");
    shape = c.Input(size);
  } else if (v1 && scaled) {
    const DDim d = c.Dims(One(op, "X"));
    LITE_ENFORCE(d.size() == 4 && d[2] > 0 && d[3] > 0, "op '", type,
                 "': a scale needs the input height and width at conversion time");
    shape = c.Int32s({static_cast<int32_t>(static_cast<float>(d[2]) * scale[0]),
                      static_cast<int32_t>(static_cast<float>(d[3]) * scale[1])});
  } else if (scaled) {
    scales = c.Constant2f(scale[0], scale[1]);
  } else {
    LITE_ENFORCE(out_h > 0 && out_w > 0, "op '", op.Type(), "': needs out_h/out_w or scale");
    shape = c.Int32s({out_h, out_w});
  }
  // Paddle's interpolate ops default align_corners to true (as the CPU kernel).
  const bool align_corners = op.GetAttr<bool>("align_corners", true);
  std::vector<NNAdapterOperand*> in = {c.Input(One(op, "X")), shape, scales, c.Bool(align_corners)};
  if (nearest) {
    c.AddOperation(NNADAPTER_RESIZE_NEAREST, in, {c.Output(One(op, "Out", false))});
  } else {
    in.push_back(c.Int32(op.GetAttr<int32_t>("align_mode", 1)));
    c.AddOperation(NNADAPTER_RESIZE_LINEAR, in, {c.Output(One(op, "Out", false))});
  }
}

void ConvertShape(Converter& c, const cpp::OpDesc& op) {
  c.AddOperation(NNADAPTER_SHAPE, {c.Input(One(op, "Input")), c.Int32(NNADAPTER_INT32)},
                 {c.Output(One(op, "Out", false))});
}

void ConvertSlice(Converter& c, const cpp::OpDesc& op) {
  NoTensorInputs(op, {"StartsTensor", "EndsTensor", "StartsTensorList", "EndsTensorList"});
  auto axes = op.GetAttr<std::vector<int32_t>>("axes");
  auto starts64 = op.GetAttr<std::vector<int64_t>>("starts");
  auto ends64 = op.GetAttr<std::vector<int64_t>>("ends");
  std::vector<int32_t> starts, ends;
  for (auto v : starts64) starts.push_back(Clamp32(v));
  for (auto v : ends64) ends.push_back(Clamp32(v));
  std::vector<int32_t> steps(axes.size(), 1);
  auto decrease = op.GetAttr<std::vector<int32_t>>("decrease_axis", {});
  std::vector<NNAdapterOperand*> in = {c.Input(One(op, "Input")), c.Int32s(axes), c.Int32s(starts),
                                       c.Int32s(ends), c.Int32s(steps)};
  const std::string& out = One(op, "Out", false);
  if (decrease.empty()) {
    c.AddOperation(NNADAPTER_SLICE, in, {c.Output(out)});
  } else {
    NNAdapterOperand* tmp = c.Temporary();
    c.AddOperation(NNADAPTER_SLICE, in, {tmp});
    c.AddOperation(NNADAPTER_SQUEEZE, {tmp, c.Int32s(decrease)}, {c.Output(out)});
  }
}

// crop / crop_tensor with attribute offsets and shape (crop: or Y's dims;
// crop_tensor: -1 extends to the end of X) as SLICE over every axis; their
// run-time Offsets / Shape / ...Tensor inputs are declined by name.
void ConvertCrop(Converter& c, const cpp::OpDesc& op) {
  NoTensorInputs(op, {"Offsets", "Shape", "ShapeTensor", "OffsetsTensor"});
  const std::string& x = One(op, "X");
  const DDim xd = c.Dims(x);
  auto shape = op.HasInput("Y") ? c.Dims(One(op, "Y")) : op.GetAttr<std::vector<int64_t>>("shape", {});
  auto offsets = op.GetAttr<std::vector<int64_t>>("offsets", {});
  if (offsets.empty()) offsets.assign(xd.size(), 0);
  LITE_ENFORCE(shape.size() == xd.size() && offsets.size() == xd.size(), "op '", op.Type(),
               "': shape ", DimsToString(shape), " and offsets ", DimsToString(offsets),
               " need one value per dim of X ", DimsToString(xd));
  std::vector<int32_t> axes, starts, ends;
  for (size_t i = 0; i < xd.size(); ++i) {
    int64_t size = shape[i];
    if (size == -1 && op.Type() == "crop_tensor") size = xd[i] - offsets[i];
    LITE_ENFORCE(xd[i] > 0 && offsets[i] >= 0 && size >= 0 && offsets[i] + size <= xd[i], "op '",
                 op.Type(), "': the window offset ", offsets[i], " size ", size, " of dim ", i,
                 " is not converted for X ", DimsToString(xd));
    axes.push_back(static_cast<int32_t>(i));
    starts.push_back(Clamp32(offsets[i]));
    ends.push_back(Clamp32(offsets[i] + size));
  }
  c.AddOperation(NNADAPTER_SLICE,
                 {c.Input(x), c.Int32s(axes), c.Int32s(starts), c.Int32s(ends),
                  c.Int32s(std::vector<int32_t>(axes.size(), 1))},
                 {c.Output(One(op, "Out", false))});
}

// strided_slice with positive strides (negative ones walk backwards with
// Paddle's end == -1 rule, which SLICE does not share).
void ConvertStridedSlice(Converter& c, const cpp::OpDesc& op) {
  NoTensorInputs(op, {"StartsTensor", "EndsTensor", "StartsTensorList", "EndsTensorList",
                      "StridesTensor", "StridesTensorList"});
  auto axes = op.GetAttr<std::vector<int32_t>>("axes");
  std::vector<int32_t> starts, ends, steps;
  for (auto v : op.GetAttr<std::vector<int64_t>>("starts")) starts.push_back(Clamp32(v));
  for (auto v : op.GetAttr<std::vector<int64_t>>("ends")) ends.push_back(Clamp32(v));
  for (auto v : op.GetAttr<std::vector<int64_t>>("strides")) {
    LITE_ENFORCE(v > 0, "op 'strided_slice': negative strides are not converted");
    steps.push_back(Clamp32(v));
  }
  auto decrease = op.GetAttr<std::vector<int32_t>>("decrease_axis", {});
  std::vector<NNAdapterOperand*> in = {c.Input(One(op, "Input")), c.Int32s(axes), c.Int32s(starts),
                                       c.Int32s(ends), c.Int32s(steps)};
  const std::string& out = One(op, "Out", false);
  if (decrease.empty()) {
    c.AddOperation(NNADAPTER_SLICE, in, {c.Output(out)});
  } else {
    NNAdapterOperand* tmp = c.Temporary(PrecisionOf(c.DType(One(op, "Input"))));
    c.AddOperation(NNADAPTER_SLICE, in, {tmp});
    c.AddOperation(NNADAPTER_SQUEEZE, {tmp, c.Int32s(decrease)}, {c.Output(out)});
  }
}

namespace {
// FILL's value operand from fill_constant's dtype, value and str_value.
NNAdapterOperand* FillValue(Converter& c, const cpp::OpDesc& op) {
  const int dtype = op.GetAttr<int32_t>("dtype", 5);
  std::string str_value = op.GetAttr<std::string>("str_value", "");
  double value = str_value.empty() ? op.GetAttr<float>("value", 0.f) : std::stod(str_value);
  NNAdapterOperand* v = nullptr;
  if (dtype == 5) {
    v = c.Float32(static_cast<float>(value));
  } else if (dtype == 2) {
    v = c.Int32(static_cast<int32_t>(value));
  } else if (dtype == 3) {
    v = c.Int64s({static_cast<int64_t>(value)});
  } else {
    ThrowError("op '", op.Type(), "': dtype ", dtype, " is not converted");
  }
  return v;
}
}  // namespace

// assign_value: its values as a constant operand, copied to Out by a CAST to
// its own type (an operation output cannot be a constant operand; ASSIGN
// takes float operands only).
void ConvertAssignValue(Converter& c, const cpp::OpDesc& op) {
  const DataType type = operators::DataTypeFromAttr(op.GetAttr<int32_t>("dtype", 5), op.Type());
  LITE_ENFORCE(type == DataType::kFloat32 || type == DataType::kInt32 ||
                   type == DataType::kInt64 || type == DataType::kBool,
               "op 'assign_value': attribute 'dtype' (", DataTypeName(type),
               ") is not converted (float32, int32, int64 or bool)");
  std::vector<double> values;
  for (const char* name : {"fp32_values", "int32_values", "int64_values", "bool_values"}) {
    if (!op.HasAttr(name)) continue;
    auto v = op.GetAttr<std::vector<double>>(name);
    if (!v.empty()) values = v;
  }
  const DDim shape = op.GetAttr<std::vector<int64_t>>("shape", {});
  LITE_ENFORCE(static_cast<int64_t>(values.size()) == Numel(shape) && !values.empty(),
               "op 'assign_value': ", values.size(), " values for shape ", DimsToString(shape));
  Tensor t;
  t.Resize(shape);
  operators::DispatchType(type, op.Type(), [&](auto tag) {
    using T = decltype(tag);
    T* data = t.mutable_data<T>();
    for (size_t i = 0; i < values.size(); ++i) data[i] = static_cast<T>(values[i]);
  });
  c.AddOperation(NNADAPTER_CAST, {c.ConstantTensor(t, shape), c.Int32(PrecisionOf(type))},
                 {c.Output(One(op, "Out", false))});
}

// one_hot_v2: CAST(EQUAL(UNSQUEEZE(X, [-1]), [0, 1, .., depth - 1])) for a
// constant depth (one_hot v1: X's trailing 1 is the column). An index
// outside [0, depth) gives a zero row, which is the
// CPU result with allow_out_of_range; without it the CPU kernel raises an
// error that the device cannot, so only valid indices give equal results.
void ConvertOneHot(Converter& c, const cpp::OpDesc& op) {
  NoTensorInputs(op, {"depth_tensor"});
  const int64_t depth = op.GetAttr<int64_t>("depth", -1);
  LITE_ENFORCE(depth > 0, "op '", op.Type(), "': attribute 'depth' = ", depth, " must be positive");
  const DataType out_type =
      operators::DataTypeFromAttr(op.GetAttr<int32_t>("dtype", 5), op.Type());
  LITE_ENFORCE(out_type == DataType::kFloat32 || out_type == DataType::kInt32 ||
                   out_type == DataType::kInt64,
               "op '", op.Type(), "': attribute 'dtype' (", DataTypeName(out_type),
               ") is not converted (float32, int32 or int64)");
  const std::string& x = One(op, "X");
  const DataType index_type = c.DType(x);
  LITE_ENFORCE(index_type == DataType::kInt32 || index_type == DataType::kInt64,
               "op '", op.Type(), "': X must be int32 or int64, got ", DataTypeName(index_type));
  std::vector<int64_t> classes(static_cast<size_t>(depth));
  for (int64_t i = 0; i < depth; ++i) classes[i] = i;
  NNAdapterOperand* range =
      index_type == DataType::kInt64 ? c.Int64s(classes)
                                     : c.Int32s(std::vector<int32_t>(classes.begin(), classes.end()));
  // v1: X's last dim is 1 and broadcasts against the classes as it is.
  NNAdapterOperand* column = c.Input(x);
  if (op.Type() == "one_hot") {
    const DDim d = c.Dims(x);
    LITE_ENFORCE(!d.empty() && d.back() == 1, "op 'one_hot': X ", DimsToString(d),
                 " must end in a dim of 1");
  } else {
    column = c.Temporary(PrecisionOf(index_type));
    c.AddOperation(NNADAPTER_UNSQUEEZE, {c.Input(x), c.Int32s({-1})}, {column});
  }
  NNAdapterOperand* hits = c.Temporary(NNADAPTER_BOOL8);
  c.AddOperation(NNADAPTER_EQUAL, {column, range}, {hits});
  c.AddOperation(NNADAPTER_CAST, {hits, c.Int32(PrecisionOf(out_type))},
                 {c.Output(One(op, "Out", false))});
}

void ConvertFillConstant(Converter& c, const cpp::OpDesc& op) {
  NoTensorInputs(op, {"ShapeTensor", "ShapeTensorList", "ValueTensor"});
  c.AddOperation(NNADAPTER_FILL, {c.Int64s(op.GetAttr<std::vector<int64_t>>("shape")),
                                  FillValue(c, op)},
                 {c.Output(One(op, "Out", false))});
}

// fill_constant_batch_size_like: FILL with the shape attribute whose
// output_dim_idx extent is Input's input_dim_idx extent at run time:
// CONCAT(shape[:o], SLICE(SHAPE(Input), i, i + 1), shape[o + 1:]).
void ConvertFillConstantBatchSizeLike(Converter& c, const cpp::OpDesc& op) {
  auto shape = op.GetAttr<std::vector<int64_t>>("shape");
  const std::string& like = One(op, "Input");
  const int64_t rank = static_cast<int64_t>(c.Dims(like).size());
  const int in_idx = op.GetAttr<int32_t>("input_dim_idx", 0);
  const int out_idx = op.GetAttr<int32_t>("output_dim_idx", 0);
  LITE_ENFORCE(in_idx >= 0 && in_idx < rank && out_idx >= 0 &&
                   out_idx < static_cast<int>(shape.size()),
               "op '", op.Type(), "': input_dim_idx ", in_idx, " / output_dim_idx ", out_idx,
               " out of range (Input rank ", rank, ", shape of ", shape.size(), " values)");
  NNAdapterOperand* dims = c.Temporary(NNADAPTER_INT64);
  c.AddOperation(NNADAPTER_SHAPE, {c.Input(like), c.Int32(NNADAPTER_INT64)}, {dims});
  NNAdapterOperand* extent = c.Temporary(NNADAPTER_INT64);
  c.AddOperation(NNADAPTER_SLICE,
                 {dims, c.Int32s({0}), c.Int32s({in_idx}), c.Int32s({in_idx + 1}), c.Int32s({1})},
                 {extent});
  std::vector<NNAdapterOperand*> parts;
  if (out_idx > 0) parts.push_back(c.Int64s({shape.begin(), shape.begin() + out_idx}));
  parts.push_back(extent);
  if (out_idx + 1 < static_cast<int>(shape.size())) {
    parts.push_back(c.Int64s({shape.begin() + out_idx + 1, shape.end()}));
  }
  NNAdapterOperand* full = extent;
  if (parts.size() > 1) {
    full = c.Temporary(NNADAPTER_INT64);
    parts.push_back(c.Int32(0));
    c.AddOperation(NNADAPTER_CONCAT, parts, {full});
  }
  c.AddOperation(NNADAPTER_FILL, {full, FillValue(c, op)}, {c.Output(One(op, "Out", false))});
}

void ConvertCast(Converter& c, const cpp::OpDesc& op) {
  static const std::map<int, int32_t> kTypes = {{0, NNADAPTER_BOOL8}, {2, NNADAPTER_INT32},
                                               {3, NNADAPTER_INT64},  {5, NNADAPTER_FLOAT32},
                                               {20, NNADAPTER_UINT8}, {21, NNADAPTER_INT8}};
  auto it = kTypes.find(op.GetAttr<int32_t>("out_dtype"));
  LITE_ENFORCE(it != kTypes.end(), "op 'cast': out_dtype ", op.GetAttr<int32_t>("out_dtype"),
               " is not converted");
  c.AddOperation(NNADAPTER_CAST, {c.Input(One(op, "X")), c.Int32(it->second)},
                 {c.Output(One(op, "Out", false))});
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
