// ONNX convolution and pooling → Paddle conv2d, conv2d_transpose, pool2d
// (1-D as 2-D, 2-D; NCHW; every pads form and group) and conv3d,
// conv3d_transpose, pool3d (3-D, NCDHW).
#include <algorithm>

#include "lite/model_parser/onnx/onnx_context.h"

namespace paddle {
namespace lite {
namespace onnx_import {
namespace {

// ONNX pads [begin..., end...] → Paddle paddings [begin0, end0, begin1,
// end1, ...]; auto_pad → padding_algorithm. SAME_LOWER (the odd pad before)
// becomes explicit paddings computed from the static input size and the
// kernel extents `k` (dilated), and so does SAME_UPPER with `explicit_same`
// (for ops without padding_algorithm). 2-D and 3-D (1-D arrives as 2-D).
void SetConvPads(ConvertContext& c, cpp::OpDesc* op, size_t spatial, const std::vector<int64_t>& k,
                 bool explicit_same = false) {
  c.Check(spatial == 2 || spatial == 3, spatial,
          "-D spatial inputs are not supported (1-D, 2-D and 3-D are, NC...)");
  const int n = static_cast<int>(spatial);
  std::string auto_pad = c.AttrString("auto_pad", "NOTSET");
  auto pads = c.AttrInts("pads", std::vector<int64_t>(2 * spatial, 0));
  c.Check(pads.size() == 2 * spatial, "attribute 'pads' must have ", 2 * spatial, " values, got ",
          pads.size());
  const bool lower = auto_pad == "SAME_LOWER";
  if (lower || (explicit_same && auto_pad == "SAME_UPPER")) {
    const ValueInfo x = c.Info(c.Input(0));
    bool known = x.rank == n + 2 && static_cast<int>(k.size()) == n;
    for (int i = 0; known && i < n; ++i) known = x.dims[2 + i] > 0;
    c.Check(known, "auto_pad ", auto_pad, " with unknown input spatial dims is not supported here");
    auto strides = c.AttrInts("strides", std::vector<int64_t>(spatial, 1));
    for (int i = 0; i < n; ++i) {
      const int64_t in = x.dims[2 + i], out = (in + strides[i] - 1) / strides[i];
      const int64_t total = std::max<int64_t>((out - 1) * strides[i] + k[i] - in, 0);
      pads[i] = lower ? total - total / 2 : total / 2;
      pads[n + i] = total - pads[i];
    }
    auto_pad = "NOTSET";
  }
  std::vector<int32_t> paddle_pads;
  for (int i = 0; i < n; ++i) {
    paddle_pads.push_back(static_cast<int32_t>(pads[i]));
    paddle_pads.push_back(static_cast<int32_t>(pads[n + i]));
  }
  op->SetAttr("paddings", paddle_pads);
  if (auto_pad == "NOTSET") {
    op->SetAttr("padding_algorithm", std::string("EXPLICIT"));
  } else if (auto_pad == "VALID") {
    op->SetAttr("padding_algorithm", std::string("VALID"));
  } else if (auto_pad == "SAME_UPPER") {
    op->SetAttr("padding_algorithm", std::string("SAME"));
  } else {
    c.Fail("auto_pad '" + auto_pad + "' is not supported (NOTSET, VALID, SAME_UPPER, SAME_LOWER are)");
  }
}

// "conv2d" → "conv3d" for 3 spatial dims (the same for pool and transpose).
std::string OpFor(const char* type2d, size_t spatial) {
  std::string t = type2d;
  if (spatial == 3) t.replace(t.find("2d"), 2, "3d");
  return t;
}

// The dilated kernel extents of a Conv (from W's dims or kernel_shape).
std::vector<int64_t> ConvKernelExtents(ConvertContext& c) {
  std::vector<int64_t> k = c.AttrInts("kernel_shape", {});
  if (k.empty()) {
    const ValueInfo w = c.Info(c.Input(1));
    for (int i = 2; i < w.rank; ++i) k.push_back(w.dims[i]);
  }
  auto dil = c.AttrInts("dilations", std::vector<int64_t>(k.size(), 1));
  for (size_t i = 0; i < k.size() && i < dil.size(); ++i) k[i] = (k[i] - 1) * dil[i] + 1;
  return k;
}

// ONNX: kernel_shape, when given, is the weight's spatial dims; a model
// where they disagree is malformed (the two would give different outputs).
void CheckKernelShapeMatchesWeight(ConvertContext& c, int weight_input) {
  if (!c.HasAttr("kernel_shape")) return;
  const std::vector<int64_t> k = c.AttrInts("kernel_shape");
  const ValueInfo w = c.Info(c.Input(weight_input));
  if (w.rank < 0) return;
  c.Check(static_cast<int>(k.size()) == w.rank - 2, "attribute 'kernel_shape' has ", k.size(),
          " values but the weight '", c.Input(weight_input), "' has rank ", w.rank, " (", w.rank - 2,
          " spatial dims)");
  for (size_t i = 0; i < k.size(); ++i) {
    const int64_t d = w.dims[i + 2];
    c.Check(d < 0 || d == k[i], "attribute 'kernel_shape'[", i, "] is ", k[i],
            " but the weight '", c.Input(weight_input), "' has ", d, " there");
  }
}

size_t SpatialDims(ConvertContext& c, int weight_input) {
  if (c.HasAttr("kernel_shape")) return c.AttrInts("kernel_shape").size();
  int r = c.Rank(weight_input);
  if (r > 2) return static_cast<size_t>(r - 2);
  return 2;
}

// Conv and ConvTranspose: inputs X, W, optional B; strides, dilations, group.
// The per-spatial-dim lists of Conv, ConvTranspose and the pools have one
// value per spatial dim (pads two): a shorter list was read past its end
// (found by the ONNX fuzzer).
void CheckSpatialLists(ConvertContext& c, int weight_input) {
  const size_t spatial = weight_input >= 0 ? SpatialDims(c, weight_input)
                                           : c.AttrInts("kernel_shape", {}).size();
  for (const char* name : {"strides", "dilations", "kernel_shape", "output_padding"}) {
    if (!c.HasAttr(name)) continue;
    const size_t n = c.AttrInts(name).size();
    c.Check(n == spatial, "attribute '", name, "' has ", n, " values; the input has ", spatial,
            " spatial dims");
  }
  if (c.HasAttr("pads")) {
    const size_t n = c.AttrInts("pads").size();
    c.Check(n == 2 * spatial, "attribute 'pads' has ", n, " values; expected ", 2 * spatial,
            " (begin and end of ", spatial, " spatial dims)");
  }
  if (c.HasAttr("output_shape")) {
    const size_t n = c.AttrInts("output_shape").size();
    c.Check(n == spatial || n == spatial + 2, "attribute 'output_shape' has ", n,
            " values; expected ", spatial, " (or ", spatial + 2, " with N and C)");
  }
}

cpp::OpDesc* AddConvLike(ConvertContext& c, const char* type) {
  auto* op = c.AddOp(type);
  op->SetInput("Input", {c.Input(0)});
  op->SetInput("Filter", {c.Input(1)});
  if (c.HasInput(2)) op->SetInput("Bias", {c.Input(2)});
  op->SetOutput("Output", {c.Output(0)});
  const std::vector<int64_t> ones(SpatialDims(c, 1), 1);
  op->SetAttr("strides", I32(c.AttrInts("strides", ones)));
  op->SetAttr("dilations", I32(c.AttrInts("dilations", ones)));
  op->SetAttr("groups", static_cast<int32_t>(c.AttrInt("group", 1)));
  return op;
}

// A value with a unit dim inserted at axis 2 ([N, C, L] → [N, C, 1, L]).
std::string InsertUnitDim(ConvertContext& c, const std::string& name) {
  ValueInfo info = c.Info(name);
  if (info.rank >= 0) {
    info.dims.insert(info.dims.begin() + std::min(2, info.rank), 1);
    ++info.rank;
  }
  std::string out;
  if (const Tensor* w = c.Constant(name)) {
    Tensor t;
    t.CopyFrom(*w);
    t.Resize(info.dims);
    out = c.AddWeight("2d", t);
  } else {
    out = c.Temp("2d");
    auto* u = c.AddOp("unsqueeze2");
    u->SetInput("X", {name});
    u->SetOutput("Out", {out});
    u->SetAttr("axes", std::vector<int32_t>{2});
  }
  c.SetInfo(out, info);
  return out;
}

// 1-D convolution and pooling run as their 2-D form over [N, C, 1, L]: the
// node is rewritten with a unit first spatial dim (kernel 1, stride 1,
// dilation 1, no padding there), which computes exactly the same values,
// converted by `convert`, and the unit dim is removed from the result.
// `weight_input` is W's input index (-1: none). False when not 1-D.
bool ConvertAs2d(ConvertContext& c, int weight_input, Converter convert) {
  const size_t spatial = weight_input >= 0 ? SpatialDims(c, weight_input)
                                           : c.AttrInts("kernel_shape", {}).size();
  if (spatial != 1) return false;
  onnx::NodeProto node = c.node();
  node.set_input(0, InsertUnitDim(c, c.Input(0)));
  if (weight_input >= 0) node.set_input(weight_input, InsertUnitDim(c, c.Input(weight_input)));
  const std::string out2d = c.Temp("2d");
  node.set_output(0, out2d);
  for (auto& a : *node.mutable_attribute()) {
    auto* ints = a.mutable_ints();
    if (a.name() == "pads" && ints->size() == 2) {
      const int64_t begin = ints->Get(0), end = ints->Get(1);
      ints->Clear();
      for (int64_t v : {int64_t{0}, begin, int64_t{0}, end}) ints->Add(v);
    } else if (a.name() == "kernel_shape" || a.name() == "strides" || a.name() == "dilations" ||
               a.name() == "output_shape" || a.name() == "output_padding") {
      ints->Add(0);
      for (int i = ints->size() - 1; i > 0; --i) ints->Set(i, ints->Get(i - 1));
      ints->Set(0, a.name() == "output_padding" ? 0 : 1);
    }
  }
  ConvertContext c2d = c.ForNode(node);
  convert(c2d);
  auto* sq = c.AddOp("squeeze2");
  sq->SetInput("X", {out2d});
  sq->SetOutput("Out", {c.Output(0)});
  sq->SetAttr("axes", std::vector<int32_t>{2});
  return true;
}

}  // namespace

void ConvertConv(ConvertContext& c) {
  CheckKernelShapeMatchesWeight(c, 1);
  CheckSpatialLists(c, 1);
  if (ConvertAs2d(c, 1, &ConvertConv)) return;
  const size_t spatial = SpatialDims(c, 1);
  auto* op = AddConvLike(c, OpFor("conv2d", spatial).c_str());
  SetConvPads(c, op, spatial, ConvKernelExtents(c));
}

void ConvertConvTranspose(ConvertContext& c) {
  CheckKernelShapeMatchesWeight(c, 1);
  CheckSpatialLists(c, 1);
  if (ConvertAs2d(c, 1, &ConvertConvTranspose)) return;
  const size_t spatial = SpatialDims(c, 1);
  auto* op = AddConvLike(c, OpFor("conv2d_transpose", spatial).c_str());
  op->SetAttr("output_padding", I32(c.AttrInts("output_padding", {})));
  const std::string auto_pad = c.AttrString("auto_pad", "NOTSET");
  if (c.HasAttr("output_shape") || auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
    // ONNX derives the pads from the wanted output size; they become
    // explicit paddings (plus output_padding) for the input's static size.
    c.Check(spatial == 2, "output_shape / SAME auto_pad with ", spatial,
            "-D spatial inputs is not supported (1-D and 2-D are)");
    const ValueInfo x = c.Info(c.Input(0));
    const ValueInfo w = c.Info(c.Input(1));
    c.Check(x.rank == 4 && x.dims[2] > 0 && x.dims[3] > 0 && w.rank == 4,
            "output_shape / SAME auto_pad with unknown input spatial dims is not supported");
    auto strides = c.AttrInts("strides", {1, 1});
    auto dil = c.AttrInts("dilations", {1, 1});
    auto opad = c.AttrInts("output_padding", {0, 0});
    std::vector<int64_t> out = c.AttrInts("output_shape", {});
    if (out.size() > 2) out.erase(out.begin(), out.end() - 2);
    std::vector<int32_t> pads(4, 0), extra(2, 0);
    for (int i = 0; i < 2; ++i) {
      const int64_t in = x.dims[2 + i], k = (w.dims[2 + i] - 1) * dil[i] + 1;
      const int64_t want = out.empty() ? in * strides[i] : out[i];
      // An output larger than the unpadded one grows at the end (as ONNX
      // Runtime does): no padding, the difference as output_padding.
      const int64_t total = strides[i] * (in - 1) + opad[i] + k - want;
      const int64_t pad = std::max<int64_t>(total, 0);
      const int64_t head = auto_pad == "SAME_UPPER" ? pad / 2 : pad - pad / 2;
      pads[2 * i] = static_cast<int32_t>(head);
      pads[2 * i + 1] = static_cast<int32_t>(pad - head);
      extra[i] = static_cast<int32_t>(opad[i] + std::max<int64_t>(-total, 0));
    }
    op->SetAttr("paddings", pads);
    op->SetAttr("padding_algorithm", std::string("EXPLICIT"));
    op->SetAttr("output_padding", extra);
    return;
  }
  SetConvPads(c, op, spatial, ConvKernelExtents(c));
}

// MaxPool with its Indices output, dilations or a non-float input runs as
// max_pool2d_with_index; Indices (flat over NCHW) are its per-plane Mask
// (h * W + w; w * H + h for storage_order 1) plus (n * C + c) * H * W, for a
// static input.
void ConvertMaxPoolWithIndex(ConvertContext& c, const std::vector<int64_t>& k) {
  c.Check(k.size() == 2, "MaxPool with Indices, dilations or a non-float input needs 2-D kernels");
  const std::string mask = c.HasOutput(1) ? c.Temp("mask") : c.Temp("unused_mask");
  auto* op = c.AddOp("max_pool2d_with_index");
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  op->SetOutput("Mask", {mask});
  SetConvPads(c, op, 2, ConvKernelExtents(c), true);
  op->SetAttr("ksize", I32(k));
  op->SetAttr("strides", I32(c.AttrInts("strides", {1, 1})));
  op->SetAttr("dilations", I32(c.AttrInts("dilations", {1, 1})));
  op->SetAttr("ceil_mode", c.AttrInt("ceil_mode", 0) != 0);
  if (!c.HasOutput(1)) return;
  const ValueInfo x = c.Info(c.Input(0));
  bool known = x.rank == 4;
  for (int i = 0; known && i < 4; ++i) known = x.dims[i] > 0;
  c.Check(known, "the Indices output needs static input dims");
  // The offsets below are a constant of N * C entries and reach N * C * H * W:
  // declared dims are untrusted, so both are bounded (a real model is far
  // below: 2^24 planes, 2^40 elements).
  constexpr int64_t kMaxPlanes = int64_t{1} << 24, kMaxElements = int64_t{1} << 40;
  const bool bounded = x.dims[0] <= kMaxPlanes / x.dims[1] &&
                       x.dims[3] <= kMaxElements / (x.dims[0] * x.dims[1]) &&
                       x.dims[2] <= kMaxElements / (x.dims[0] * x.dims[1] * x.dims[3]);
  c.Check(bounded, "the Indices output supports at most 2^24 planes and 2^40 elements, the "
          "input declares [", x.dims[0], ", ", x.dims[1], ", ", x.dims[2], ", ", x.dims[3], "]");
  Tensor offsets;
  offsets.Resize({x.dims[0], x.dims[1], 1, 1});
  int64_t* o = offsets.mutable_data<int64_t>();
  for (int64_t i = 0; i < x.dims[0] * x.dims[1]; ++i) o[i] = i * x.dims[2] * x.dims[3];
  const std::string mask64 = c.Temp("mask64");
  auto* cast = c.AddOp("cast");
  cast->SetInput("X", {mask});
  cast->SetOutput("Out", {mask64});
  cast->SetAttr("in_dtype", PaddleDtypeCode(DataType::kInt32));
  cast->SetAttr("out_dtype", PaddleDtypeCode(DataType::kInt64));
  std::string within = mask64;
  if (c.AttrInt("storage_order", 0) != 0) {
    // Column-major within the plane: w * H + h from h * W + w.
    auto scalar = [&](int64_t v) {
      Tensor t;
      t.Resize({1});
      t.mutable_data<int64_t>()[0] = v;
      return c.AddWeight("scalar", t);
    };
    auto binary = [&](const char* type, const std::string& a, const std::string& b) {
      const std::string out = c.Temp("col_major");
      auto* e = c.AddOp(type);
      e->SetInput("X", {a});
      e->SetInput("Y", {b});
      e->SetOutput("Out", {out});
      e->SetAttr("axis", -1);
      return out;
    };
    const std::string w = scalar(x.dims[3]), h = scalar(x.dims[2]);
    const std::string col = binary("elementwise_mul", binary("elementwise_mod", mask64, w), h);
    within = binary("elementwise_add", col, binary("elementwise_floordiv", mask64, w));
  }
  auto* add = c.AddOp("elementwise_add");
  add->SetInput("X", {within});
  add->SetInput("Y", {c.AddWeight("plane_offsets", offsets)});
  add->SetOutput("Out", {c.Output(1)});
  add->SetAttr("axis", -1);
}

void ConvertPool(ConvertContext& c) {
  const std::string& t = c.op_type();
  if (t.rfind("Global", 0) != 0) CheckSpatialLists(c, -1);
  if (t.rfind("Global", 0) != 0 && ConvertAs2d(c, -1, &ConvertPool)) return;
  const DataType in_type = c.InputType(0);
  const bool float_input = in_type == DataType::kUnknown || in_type == DataType::kFloat32;
  const bool global = t.rfind("Global", 0) == 0;
  const std::vector<int64_t> k = global ? std::vector<int64_t>{} : c.AttrInts("kernel_shape");
  const auto dil = c.AttrInts("dilations", {});
  const bool dilated = std::any_of(dil.begin(), dil.end(), [](int64_t d) { return d != 1; });
  if (t == "MaxPool" && (c.HasOutput(1) || dilated || !float_input)) {
    ConvertMaxPoolWithIndex(c, k);
    return;
  }
  c.Check(float_input, "input type ", DataTypeName(in_type),
          " is not supported (float32; MaxPool also int32, int8, uint8)");
  c.Check(!dilated, "pooling dilations other than 1 are not supported (MaxPool's are)");
  const size_t spatial = global ? 2 : k.size();
  auto* op = c.AddOp(OpFor("pool2d", spatial));
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  const bool is_max = t == "MaxPool" || t == "GlobalMaxPool";
  op->SetAttr("pooling_type", std::string(is_max ? "max" : "avg"));
  op->SetAttr("global_pooling", global);
  if (global) {
    int r = c.Rank(0);
    c.Check(r < 0 || r == 4, "only 4-D (NCHW) inputs are supported, got rank ", r);
    op->SetAttr("ksize", std::vector<int32_t>{1, 1});
    return;
  }
  SetConvPads(c, op, k.size(), k);
  op->SetAttr("ksize", I32(k));
  op->SetAttr("strides", I32(c.AttrInts("strides", std::vector<int64_t>(k.size(), 1))));
  op->SetAttr("ceil_mode", c.AttrInt("ceil_mode", 0) != 0);
  op->SetAttr("exclusive", c.AttrInt("count_include_pad", 0) == 0);
  c.Check(c.AttrInt("storage_order", 0) == 0, "storage_order 1 is not supported");
}

}  // namespace onnx_import
}  // namespace lite
}  // namespace paddle
