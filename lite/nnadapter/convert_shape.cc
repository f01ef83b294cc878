// Converters of shape and indexing ops: reshape with run-time shapes,
// squeeze/unsqueeze, flatten, stack/unstack, gather, lookup_table, range,
// tile, expand, pad2d/pad3d.
#include <algorithm>

#include "lite/nnadapter/converters.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

namespace {
bool Has(const cpp::OpDesc& op, const char* slot) {
  return op.HasInput(slot) && !op.Input(slot).empty();
}
void DeclineTensor(const cpp::OpDesc& op, const char* slot) {
  LITE_ENFORCE(!Has(op, slot), "op '", op.Type(), "': input '", slot,
               "' (a run-time tensor) is not converted");
}
int Normalize(int64_t axis, int64_t rank) {
  return static_cast<int>(axis < 0 ? axis + rank : axis);
}
}  // namespace

// reshape/reshape2: the `shape` attribute, or the run-time `Shape` tensor,
// or the `ShapeTensor` list of one-element tensors joined by CONCAT.
void ConvertReshape(Converter& c, const cpp::OpDesc& op) {
  NNAdapterOperand* x = c.Input(One(op, "X"));
  NNAdapterOperand* shape = nullptr;
  if (Has(op, "Shape")) {
    const std::string& s = One(op, "Shape");
    LITE_ENFORCE(c.DType(s) == DataType::kInt32 || c.DType(s) == DataType::kInt64, "op '",
                 op.Type(), "': input 'Shape' must be int32 or int64");
    shape = c.Input(s);
  } else if (Has(op, "ShapeTensor")) {
    const auto& list = op.Input("ShapeTensor");
    const DataType type = c.DType(list[0]);
    std::vector<NNAdapterOperand*> parts;
    for (const auto& s : list) {
      LITE_ENFORCE(c.DType(s) == type && (type == DataType::kInt32 || type == DataType::kInt64),
                   "op '", op.Type(), "': the ShapeTensor list must be all int32 or all int64 ('",
                   s, "' differs)");
      // Each item holds one extent; its recorded dims may be [] (a scalar)
      // or [1]: make every one [1] for CONCAT.
      NNAdapterOperand* one = c.Temporary(PrecisionOf(type));
      c.AddOperation(NNADAPTER_RESHAPE, {c.Input(s), c.Int32s({1})}, {one});
      parts.push_back(one);
    }
    if (parts.size() == 1) {
      shape = parts[0];
    } else {
      shape = c.Temporary(PrecisionOf(type));
      parts.push_back(c.Int32(0));
      c.AddOperation(NNADAPTER_CONCAT, parts, {shape});
    }
  } else {
    shape = c.Int32s(op.GetAttr<std::vector<int32_t>>("shape"));
  }
  c.AddOperation(NNADAPTER_RESHAPE, {x, shape}, {c.Output(One(op, "Out", false))});
}

// Paddle keeps an axis whose extent is not 1; an empty list drops every 1.
void ConvertSqueeze(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const DDim dims = c.Dims(x);
  const int64_t rank = static_cast<int64_t>(dims.size());
  std::vector<int32_t> axes;
  auto listed = op.GetAttr<std::vector<int64_t>>("axes", {});
  if (listed.empty()) {
    for (int64_t i = 0; i < rank; ++i) {
      LITE_ENFORCE(dims[i] >= 0, "op '", op.Type(), "': squeezing every 1 of X ",
                   DimsToString(dims), " needs known extents");
      if (dims[i] == 1) axes.push_back(static_cast<int32_t>(i));
    }
  } else {
    for (int64_t a : listed) {
      const int axis = Normalize(a, rank);
      LITE_ENFORCE(axis >= 0 && axis < rank, "op '", op.Type(), "': axis ", a, " out of range");
      if (dims[axis] == 1 || dims[axis] < 0) axes.push_back(axis);
    }
  }
  NNAdapterOperand* out = c.Output(One(op, "Out", false));
  if (axes.empty()) {
    c.AddOperation(NNADAPTER_ASSIGN, {c.Input(x)}, {out});
  } else {
    c.AddOperation(NNADAPTER_SQUEEZE, {c.Input(x), c.Int32s(axes)}, {out});
  }
}

// Paddle inserts the axes one after another (a negative axis counts from
// the end of the shape built so far); UNSQUEEZE takes their final positions.
void ConvertUnsqueeze(Converter& c, const cpp::OpDesc& op) {
  DeclineTensor(op, "AxesTensor");
  DeclineTensor(op, "AxesTensorList");
  const std::string& x = One(op, "X");
  const int64_t rank = static_cast<int64_t>(c.Dims(x).size());
  auto axes = op.GetAttr<std::vector<int64_t>>("axes", {});
  LITE_ENFORCE(!axes.empty(), "op '", op.Type(), "': attribute 'axes' is empty");
  std::vector<int> marks(static_cast<size_t>(rank), 0);
  for (int64_t a : axes) {
    const int64_t cur = static_cast<int64_t>(marks.size());
    int64_t pos = a < 0 ? a + cur + 1 : a;
    LITE_ENFORCE(pos >= 0 && pos <= cur, "op '", op.Type(), "': axis ", a, " out of range");
    marks.insert(marks.begin() + pos, 1);
  }
  std::vector<int32_t> positions;
  for (size_t i = 0; i < marks.size(); ++i) {
    if (marks[i]) positions.push_back(static_cast<int32_t>(i));
  }
  c.AddOperation(NNADAPTER_UNSQUEEZE, {c.Input(x), c.Int32s(positions)},
                 {c.Output(One(op, "Out", false))});
}

// flatten/flatten2: [prod(dims[:axis]), prod(dims[axis:])] as two FLATTENs.
void ConvertFlatten2D(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const int64_t rank = static_cast<int64_t>(c.Dims(x).size());
  const int axis = op.GetAttr<int32_t>("axis", 1);
  LITE_ENFORCE(axis >= 0 && axis <= rank, "op '", op.Type(), "': axis ", axis, " out of range");
  NNAdapterOperand* out = c.Output(One(op, "Out", false));
  NNAdapterOperand* in = c.Input(x);
  if (axis == 0 || axis == rank) {
    NNAdapterOperand* flat = c.Temporary(PrecisionOf(c.DType(x)));
    c.AddOperation(NNADAPTER_FLATTEN, {in, c.Int32(0), c.Int32(-1)}, {flat});
    c.AddOperation(NNADAPTER_UNSQUEEZE, {flat, c.Int32s({axis == 0 ? 0 : 1})}, {out});
    return;
  }
  NNAdapterOperand* tail = c.Temporary(PrecisionOf(c.DType(x)));
  c.AddOperation(NNADAPTER_FLATTEN, {in, c.Int32(axis), c.Int32(-1)}, {tail});
  c.AddOperation(NNADAPTER_FLATTEN, {tail, c.Int32(0), c.Int32(axis - 1)}, {out});
}

void ConvertStack(Converter& c, const cpp::OpDesc& op) {
  std::vector<NNAdapterOperand*> in;
  for (const auto& x : op.Input("X")) in.push_back(c.Input(x));
  in.push_back(c.Int32(op.GetAttr<int32_t>("axis", 0)));
  c.AddOperation(NNADAPTER_STACK, in, {c.Output(One(op, "Y", false))});
}

// unstack and unbind (outputs Out): the standard operation UNSTACK.
void ConvertUnstack(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const DDim dims = c.Dims(x);
  const int axis = Normalize(op.GetAttr<int32_t>("axis", 0), static_cast<int64_t>(dims.size()));
  const auto& outs = op.Output(op.Type() == "unbind" ? "Out" : "Y");
  LITE_ENFORCE(axis >= 0 && axis < static_cast<int>(dims.size()), "op '", op.Type(),
               "': axis out of range");
  LITE_ENFORCE(dims[axis] < 0 || dims[axis] == static_cast<int64_t>(outs.size()),
               "op '", op.Type(), "': ", outs.size(), " outputs for extent ", dims[axis]);
  std::vector<NNAdapterOperand*> parts;
  for (const auto& name : outs) parts.push_back(c.Output(name));
  c.AddOperation(NNADAPTER_UNSTACK,
                 {c.Input(x), c.Int32(axis), c.Int32(static_cast<int32_t>(outs.size()))}, parts);
}

// pixel_shuffle (no standard operation): channel c * r * r + i * r + j
// moves to the pixel (h * r + i, w * r + j) of channel c, i.e. RESHAPE to
// [N, C, r, r, H, W] (NHWC: [N, H, W, C, r, r]), TRANSPOSE by
// [0, 1, 4, 2, 5, 3], RESHAPE to [N, C, H * r, W * r] (NHWC: [N, H * r,
// W * r, C]). The extents must be known at conversion time.
void ConvertPixelShuffle(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const DDim d = c.Dims(x);
  const int64_t r = op.GetAttr<int32_t>("upscale_factor", 1);
  const bool nhwc = op.GetAttr<std::string>("data_format", "NCHW") == "NHWC";
  LITE_ENFORCE(d.size() == 4 && r >= 1, "op 'pixel_shuffle': expected a 4-D X and upscale_factor "
               ">= 1, got X ", DimsToString(d), " and ", r);
  for (int64_t e : d) {
    LITE_ENFORCE(e > 0, "op 'pixel_shuffle': X ", DimsToString(d),
                 " needs known extents at conversion time");
  }
  const int64_t ch = d[nhwc ? 3 : 1], h = d[nhwc ? 1 : 2], w = d[nhwc ? 2 : 3];
  LITE_ENFORCE(ch % (r * r) == 0, "op 'pixel_shuffle': channels ", ch,
               " are not a multiple of upscale_factor^2 = ", r * r);
  auto i32 = [](std::vector<int64_t> v) { return std::vector<int32_t>(v.begin(), v.end()); };
  const int64_t c_out = ch / (r * r);
  const auto split = nhwc ? i32({d[0], h, w, c_out, r, r}) : i32({d[0], c_out, r, r, h, w});
  const auto joined = nhwc ? i32({d[0], h * r, w * r, c_out}) : i32({d[0], c_out, h * r, w * r});
  NNAdapterOperand* a = c.Temporary(PrecisionOf(c.DType(x)));
  NNAdapterOperand* b = c.Temporary(PrecisionOf(c.DType(x)));
  c.AddOperation(NNADAPTER_RESHAPE, {c.Input(x), c.Int32s(split)}, {a});
  c.AddOperation(NNADAPTER_TRANSPOSE, {a, c.Int32s({0, 1, 4, 2, 5, 3})}, {b});
  c.AddOperation(NNADAPTER_RESHAPE, {b, c.Int32s(joined)}, {c.Output(One(op, "Out", false))});
}

// Paddle's gather and lookup_table refuse a negative index (as their CPU
// kernels do), where NNAdapter's GATHER, like ONNX Gather, counts a negative
// index from the end (-5 would silently read row extent - 5). A negative
// index becomes -(extent + 1), outside GATHER's [-extent, extent): the
// device refuses the run, and the subgraph op reports the CPU kernel's own
// error for it. `extent` must be known (> 0).
NNAdapterOperand* NegativeIndicesOutOfRange(Converter& c, const cpp::OpDesc& op,
                                            NNAdapterOperand* indices, DataType type,
                                            int64_t extent) {
  LITE_ENFORCE(type == DataType::kInt32 || type == DataType::kInt64, "op '", op.Type(),
               "': indices must be int32 or int64, got ", DataTypeName(type));
  LITE_ENFORCE(extent > 0, "op '", op.Type(), "': the indexed extent must be known, got ", extent);
  const bool wide = type == DataType::kInt64;
  NNAdapterOperand* zero = wide ? c.Int64s({0}) : c.Int32s({0});
  NNAdapterOperand* bad =
      wide ? c.Int64s({-(extent + 1)}) : c.Int32s({static_cast<int32_t>(-(extent + 1))});
  NNAdapterOperand* negative = c.Temporary(NNADAPTER_BOOL8);
  c.AddOperation(NNADAPTER_LESS, {indices, zero}, {negative});
  NNAdapterOperand* checked = c.Temporary(PrecisionOf(type));
  c.AddOperation(NNADAPTER_WHERE, {negative, bad, indices}, {checked});
  return checked;
}

void ConvertGather(Converter& c, const cpp::OpDesc& op) {
  // index_select names the axis `dim`.
  int32_t axis = op.GetAttr<int32_t>(op.Type() == "index_select" ? "dim" : "axis", 0);
  if (Has(op, "Axis")) {
    const Tensor* t = c.Weight(One(op, "Axis"));
    LITE_ENFORCE(t && t->numel() == 1, "op 'gather': a run-time Axis tensor is not converted");
    axis = t->dtype() == DataType::kInt64 ? static_cast<int32_t>(t->data<int64_t>()[0])
                                          : t->data<int32_t>()[0];
  }
  const std::string& index = One(op, "Index");
  LITE_ENFORCE(c.Dims(index).size() == 1, "op 'gather': only a 1-D Index is converted, got ",
               DimsToString(c.Dims(index)));
  const std::string& x = One(op, "X");
  const DDim xd = c.Dims(x);
  const int64_t rank = static_cast<int64_t>(xd.size());
  LITE_ENFORCE(axis >= -rank && axis < rank, "op 'gather': axis ", axis, " is outside [", -rank,
               ", ", rank, ") for X ", DimsToString(xd));
  const int64_t extent = xd[static_cast<size_t>(axis < 0 ? axis + rank : axis)];
  LITE_ENFORCE(extent > 0, "op 'gather': X ", DimsToString(xd), " with an unknown extent on axis ",
               axis, " is not converted");
  NNAdapterOperand* indices =
      NegativeIndicesOutOfRange(c, op, c.Input(index), c.DType(index), extent);
  c.AddOperation(NNADAPTER_GATHER, {c.Input(x), indices, c.Int32(axis)},
                 {c.Output(One(op, "Out", false))});
}

// gather_nd with Index [..., k] (rank >= 2, 1 <= k): the row of X reshaped
// to [d0 * .. * d(k-1), dk, ..] at the linear index sum_j Index[..., j] *
// stride_j (column SLICEs added: REDUCE_SUM takes floats only), exact for
// the in-range indices the CPU kernel accepts.
void ConvertGatherNd(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const std::string& index = One(op, "Index");
  const DDim xd = c.Dims(x), id = c.Dims(index);
  LITE_ENFORCE(id.size() >= 2, "op 'gather_nd': Index ", DimsToString(id),
               " of rank < 2 is not converted");
  const int64_t k = id.back();
  LITE_ENFORCE(k >= 1 && k <= static_cast<int64_t>(xd.size()), "op 'gather_nd': Index ",
               DimsToString(id), " with last dim outside [1, rank of X ", DimsToString(xd),
               "] is not converted");
  std::vector<int64_t> strides(static_cast<size_t>(k), 1);
  for (int64_t j = k - 2; j >= 0; --j) strides[j] = strides[j + 1] * xd[j + 1];
  const DataType index_type = c.DType(index);
  LITE_ENFORCE(index_type == DataType::kInt32 || index_type == DataType::kInt64,
               "op 'gather_nd': Index must be int32 or int64");
  NNAdapterOperand* stride_operand =
      index_type == DataType::kInt64 ? c.Int64s(strides)
                                     : c.Int32s(std::vector<int32_t>(strides.begin(), strides.end()));
  std::vector<int32_t> rows = {-1};
  for (size_t j = static_cast<size_t>(k); j < xd.size(); ++j) {
    rows.push_back(static_cast<int32_t>(xd[j]));
  }
  const NNAdapterOperandPrecisionCode ip = PrecisionOf(index_type);
  NNAdapterOperand* scaled = c.Temporary(ip);
  c.AddOperation(NNADAPTER_MUL,
                 {c.Input(index), stride_operand, c.Int32(NNADAPTER_FUSED_NONE)}, {scaled});
  const int32_t last = static_cast<int32_t>(id.size()) - 1;
  NNAdapterOperand* sum = nullptr;
  for (int32_t j = 0; j < static_cast<int32_t>(k); ++j) {
    NNAdapterOperand* column = c.Temporary(ip);
    c.AddOperation(NNADAPTER_SLICE,
                   {scaled, c.Int32s({last}), c.Int32s({j}), c.Int32s({j + 1}), c.Int32s({1})},
                   {column});
    if (sum) {
      NNAdapterOperand* next = c.Temporary(ip);
      c.AddOperation(NNADAPTER_ADD, {sum, column, c.Int32(NNADAPTER_FUSED_NONE)}, {next});
      column = next;
    }
    sum = column;
  }
  NNAdapterOperand* linear = c.Temporary(ip);
  NNAdapterOperand* table = c.Temporary(PrecisionOf(c.DType(x)));
  c.AddOperation(NNADAPTER_SQUEEZE, {sum, c.Int32s({last})}, {linear});
  c.AddOperation(NNADAPTER_RESHAPE, {c.Input(x), c.Int32s(rows)}, {table});
  c.AddOperation(NNADAPTER_GATHER, {table, linear, c.Int32(0)}, {c.Output(One(op, "Out", false))});
}

// lookup_table (Ids [..., 1]) and lookup_table_v2 (Ids [...]): rows of W.
void ConvertLookupTable(Converter& c, const cpp::OpDesc& op) {
  const int64_t padding_idx = op.GetAttr<int64_t>("padding_idx", -1);
  LITE_ENFORCE(padding_idx == -1, "op '", op.Type(), "': padding_idx ", padding_idx,
               " (rows written as zeros) is not converted");
  const std::string& ids = One(op, "Ids");
  NNAdapterOperand* indices = c.Input(ids);
  if (op.Type() == "lookup_table") {
    const DDim d = c.Dims(ids);
    LITE_ENFORCE(!d.empty() && d.back() == 1, "op 'lookup_table': Ids ", DimsToString(d),
                 " must end in 1");
    NNAdapterOperand* squeezed = c.Temporary(PrecisionOf(c.DType(ids)));
    c.AddOperation(NNADAPTER_SQUEEZE, {indices, c.Int32s({static_cast<int32_t>(d.size()) - 1})},
                   {squeezed});
    indices = squeezed;
  }
  const std::string& w = One(op, "W");
  indices = NegativeIndicesOutOfRange(c, op, indices, c.DType(ids), c.Dims(w)[0]);
  c.AddOperation(NNADAPTER_GATHER, {c.Input(w), indices, c.Int32(0)},
                 {c.Output(One(op, "Out", false))});
}

void ConvertRange(Converter& c, const cpp::OpDesc& op) {
  const DataType type = c.DType(One(op, "Start"));
  LITE_ENFORCE(type == DataType::kFloat32 || type == DataType::kInt32, "op 'range': only float32 "
               "and int32 Start/End/Step are converted");
  c.AddOperation(NNADAPTER_RANGE,
                 {c.Input(One(op, "Start")), c.Input(One(op, "End")), c.Input(One(op, "Step"))},
                 {c.Output(One(op, "Out", false))});
}

// tile: repeats padded with leading 1s to the rank; more repeats than the
// rank unsqueeze X first (Paddle's rule).
void ConvertTile(Converter& c, const cpp::OpDesc& op) {
  DeclineTensor(op, "RepeatTimes");
  DeclineTensor(op, "repeat_times_tensor");
  const std::string& x = One(op, "X");
  const size_t rank = c.Dims(x).size();
  auto repeats = op.GetAttr<std::vector<int32_t>>("repeat_times", {});
  NNAdapterOperand* in = c.Input(x);
  if (repeats.size() > rank) {
    std::vector<int32_t> lead;
    for (size_t i = 0; i < repeats.size() - rank; ++i) lead.push_back(static_cast<int32_t>(i));
    NNAdapterOperand* up = c.Temporary(PrecisionOf(c.DType(x)));
    c.AddOperation(NNADAPTER_UNSQUEEZE, {in, c.Int32s(lead)}, {up});
    in = up;
  }
  while (repeats.size() < rank) repeats.insert(repeats.begin(), 1);
  c.AddOperation(NNADAPTER_TILE, {in, c.Int32s(repeats)}, {c.Output(One(op, "Out", false))});
}

// expand_as (v1) as TILE by target_tensor's dims over X's (static dims, each
// a multiple, as the CPU op requires).
void ConvertExpandAs(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const DDim xd = c.Dims(x), td = c.Dims(One(op, "target_tensor"));
  LITE_ENFORCE(xd.size() == td.size(), "op 'expand_as': X ", DimsToString(xd),
               " and target_tensor ", DimsToString(td), " differ in rank");
  std::vector<int32_t> repeats;
  for (size_t i = 0; i < xd.size(); ++i) {
    LITE_ENFORCE(xd[i] > 0 && td[i] > 0 && td[i] % xd[i] == 0, "op 'expand_as': target_tensor ",
                 DimsToString(td), " is not a known multiple of X ", DimsToString(xd));
    repeats.push_back(static_cast<int32_t>(td[i] / xd[i]));
  }
  c.AddOperation(NNADAPTER_TILE, {c.Input(x), c.Int32s(repeats)}, {c.Output(One(op, "Out", false))});
}

// expand_v2 (shape, -1 keeps the extent) and expand_as_v2 (Y's or
// target_shape's dims) as EXPAND to a constant shape.
void ConvertExpand(Converter& c, const cpp::OpDesc& op) {
  DeclineTensor(op, "Shape");
  DeclineTensor(op, "expand_shapes_tensor");
  const std::string& x = One(op, "X");
  const DDim xd = c.Dims(x);
  std::vector<int64_t> shape;
  if (op.Type() == "expand_as_v2") {
    shape = op.GetAttr<std::vector<int64_t>>("target_shape", {});
    if (shape.empty()) {
      LITE_ENFORCE(Has(op, "Y"), "op 'expand_as_v2': needs Y or target_shape");
      const DDim yd = c.Dims(One(op, "Y"));
      shape.assign(yd.begin(), yd.end());
    }
  } else {
    shape = op.GetAttr<std::vector<int64_t>>("shape", {});
  }
  const size_t lead = shape.size() - std::min(shape.size(), xd.size());
  std::vector<int32_t> target;
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t v = shape[i];
    if (v == -1 && i >= lead) v = xd[i - lead];
    LITE_ENFORCE(v >= 0, "op '", op.Type(), "': extent ", i, " of the target shape is unknown");
    target.push_back(static_cast<int32_t>(v));
  }
  c.AddOperation(NNADAPTER_EXPAND, {c.Input(x), c.Int32s(target)},
                 {c.Output(One(op, "Out", false))});
}

// pad2d ([top, bottom, left, right]) and pad3d ([left, right, top, bottom,
// front, back]) on NCHW / NCDHW as PAD of every dimension.
void ConvertPad(Converter& c, const cpp::OpDesc& op) {
  DeclineTensor(op, "Paddings");
  const bool is3d = op.Type() == "pad3d";
  const std::string fmt = op.GetAttr<std::string>("data_format", is3d ? "NCDHW" : "NCHW");
  LITE_ENFORCE(fmt == "NCHW" || fmt == "NCDHW", "op '", op.Type(), "': data_format '", fmt,
               "' is not converted");
  const std::string mode = op.GetAttr<std::string>("mode", "constant");
  int32_t code = NNADAPTER_PAD_MODE_CONSTANT;
  if (mode == "reflect") {
    code = NNADAPTER_PAD_MODE_REFLECT;
  } else if (mode == "edge" || mode == "replicate") {
    code = NNADAPTER_PAD_MODE_EDGE;
  } else {
    LITE_ENFORCE(mode == "constant", "op '", op.Type(), "': mode '", mode, "' is not converted");
  }
  auto p = op.GetAttr<std::vector<int32_t>>("paddings", std::vector<int32_t>(is3d ? 6 : 4, 0));
  LITE_ENFORCE(p.size() == (is3d ? 6u : 4u), "op '", op.Type(), "': paddings must have ",
               is3d ? 6 : 4, " values");
  std::vector<int32_t> pads = {0, 0, 0, 0};
  if (is3d) {
    pads.insert(pads.end(), {p[4], p[5], p[2], p[3], p[0], p[1]});
  } else {
    pads.insert(pads.end(), p.begin(), p.end());
  }
  const float value = op.GetAttr<float>(is3d ? "value" : "pad_value", 0.f);
  c.AddOperation(NNADAPTER_PAD,
                 {c.Input(One(op, "X")), c.Int32s(pads), c.Int32(code), c.Float32(value)},
                 {c.Output(One(op, "Out", false))});
}

// roll as ROLL (shifts and axes as attributes; a ShiftsTensor declines).
void ConvertRoll(Converter& c, const cpp::OpDesc& op) {
  DeclineTensor(op, "ShiftsTensor");
  std::vector<int32_t> shifts, axes;
  for (int64_t v : op.GetAttr<std::vector<int64_t>>("shifts", {})) {
    LITE_ENFORCE(v >= INT32_MIN && v <= INT32_MAX, "op 'roll': shift ", v,
                 " does not fit an INT32 operand");
    shifts.push_back(static_cast<int32_t>(v));
  }
  for (int64_t v : op.GetAttr<std::vector<int64_t>>("axis", {})) axes.push_back(static_cast<int32_t>(v));
  // An absent trailing operand is passed as nullptr (no axes: a flat roll).
  c.AddOperation(NNADAPTER_ROLL,
                 {c.Input(One(op, "X")), c.Int32s(shifts), axes.empty() ? nullptr : c.Int32s(axes)},
                 {c.Output(One(op, "Out", false))});
}

// meshgrid as MESHGRID ("ij" indexing, one output per input).
void ConvertMeshgrid(Converter& c, const cpp::OpDesc& op) {
  std::vector<NNAdapterOperand*> in, out;
  for (const auto& name : op.Input("X")) in.push_back(c.Input(name));
  for (const auto& name : op.Output("Out")) out.push_back(c.Output(name));
  LITE_ENFORCE(!in.empty() && in.size() == out.size(), "op 'meshgrid': ", in.size(),
               " inputs X but ", out.size(), " outputs Out");
  c.AddOperation(NNADAPTER_MESHGRID, in, out);
}

// pad (v1: paddings [before, after] per dim, constant pad_value) as PAD.
void ConvertPadV1(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  auto p = op.GetAttr<std::vector<int32_t>>("paddings", {});
  LITE_ENFORCE(p.size() == 2 * c.Dims(x).size(), "op 'pad': paddings has ", p.size(),
               " values for X ", DimsToString(c.Dims(x)));
  c.AddOperation(NNADAPTER_PAD,
                 {c.Input(x), c.Int32s(p), c.Int32(NNADAPTER_PAD_MODE_CONSTANT),
                  c.Float32(op.GetAttr<float>("pad_value", 0.f))},
                 {c.Output(One(op, "Out", false))});
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
