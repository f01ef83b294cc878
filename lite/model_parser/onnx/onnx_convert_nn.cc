// ONNX nn operators → Paddle ops: Conv, ConvTranspose, pooling,
// normalization, Gemm/MatMul, Softmax, Resize, Flatten, DepthToSpace.
#include <algorithm>

#include "lite/model_parser/onnx/onnx_context.h"

namespace paddle {
namespace lite {
namespace onnx_import {
namespace {

std::vector<int32_t> I32(const std::vector<int64_t>& v) {
  return std::vector<int32_t>(v.begin(), v.end());
}

// ONNX pads [top, left, bottom, right] → Paddle paddings [top, bottom, left,
// right]; auto_pad → padding_algorithm (SAME_LOWER only with explicit pads
// known from static shapes is not supported).
void SetConvPads(ConvertContext& c, cpp::OpDesc* op, size_t spatial) {
  c.Check(spatial == 2, "only 2-D spatial inputs (NCHW) are supported, this node has ", spatial,
          " spatial dims");
  std::string auto_pad = c.AttrString("auto_pad", "NOTSET");
  auto pads = c.AttrInts("pads", std::vector<int64_t>(4, 0));
  c.Check(pads.size() == 4, "attribute 'pads' must have 4 values, got ", pads.size());
  op->SetAttr("paddings", std::vector<int32_t>{static_cast<int32_t>(pads[0]), static_cast<int32_t>(pads[2]),
                                               static_cast<int32_t>(pads[1]), static_cast<int32_t>(pads[3])});
  if (auto_pad == "NOTSET") {
    op->SetAttr("padding_algorithm", std::string("EXPLICIT"));
  } else if (auto_pad == "VALID") {
    op->SetAttr("padding_algorithm", std::string("VALID"));
  } else if (auto_pad == "SAME_UPPER") {
    op->SetAttr("padding_algorithm", std::string("SAME"));
  } else {
    c.Fail("auto_pad '" + auto_pad + "' is not supported (NOTSET, VALID, SAME_UPPER are)");
  }
}

size_t SpatialDims(ConvertContext& c, int weight_input) {
  if (c.HasAttr("kernel_shape")) return c.AttrInts("kernel_shape").size();
  int r = c.Rank(weight_input);
  if (r > 2) return static_cast<size_t>(r - 2);
  return 2;
}

}  // namespace

void ConvertConv(ConvertContext& c) {
  const size_t spatial = SpatialDims(c, 1);
  auto* op = c.AddOp("conv2d");
  op->SetInput("Input", {c.Input(0)});
  op->SetInput("Filter", {c.Input(1)});
  if (c.HasInput(2)) op->SetInput("Bias", {c.Input(2)});
  op->SetOutput("Output", {c.Output(0)});
  op->SetAttr("strides", I32(c.AttrInts("strides", {1, 1})));
  op->SetAttr("dilations", I32(c.AttrInts("dilations", {1, 1})));
  op->SetAttr("groups", static_cast<int32_t>(c.AttrInt("group", 1)));
  SetConvPads(c, op, spatial);
}

void ConvertConvTranspose(ConvertContext& c) {
  const size_t spatial = SpatialDims(c, 1);
  auto* op = c.AddOp("conv2d_transpose");
  op->SetInput("Input", {c.Input(0)});
  op->SetInput("Filter", {c.Input(1)});
  if (c.HasInput(2)) op->SetInput("Bias", {c.Input(2)});
  op->SetOutput("Output", {c.Output(0)});
  op->SetAttr("strides", I32(c.AttrInts("strides", {1, 1})));
  op->SetAttr("dilations", I32(c.AttrInts("dilations", {1, 1})));
  op->SetAttr("groups", static_cast<int32_t>(c.AttrInt("group", 1)));
  op->SetAttr("output_padding", I32(c.AttrInts("output_padding", {})));
  if (c.HasAttr("output_shape")) {
    auto os = c.AttrInts("output_shape");
    if (os.size() > 2) os.erase(os.begin(), os.end() - 2);
    op->SetAttr("output_size", I32(os));
    c.Check(!c.HasAttr("pads") || c.AttrString("auto_pad", "NOTSET") != "NOTSET",
            "output_shape with explicit pads is ambiguous; give one of them");
    op->SetAttr("paddings", std::vector<int32_t>{0, 0, 0, 0});
    op->SetAttr("padding_algorithm", std::string("SAME"));
    return;
  }
  SetConvPads(c, op, spatial);
}

void ConvertPool(ConvertContext& c) {
  const std::string& t = c.op_type();
  c.Check(!c.HasOutput(1), "the Indices output of MaxPool is not supported");
  auto* op = c.AddOp("pool2d");
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  const bool global = t.rfind("Global", 0) == 0;
  const bool is_max = t == "MaxPool" || t == "GlobalMaxPool";
  op->SetAttr("pooling_type", std::string(is_max ? "max" : "avg"));
  op->SetAttr("global_pooling", global);
  if (global) {
    int r = c.Rank(0);
    c.Check(r < 0 || r == 4, "only 4-D (NCHW) inputs are supported, got rank ", r);
    op->SetAttr("ksize", std::vector<int32_t>{1, 1});
    return;
  }
  auto k = c.AttrInts("kernel_shape");
  SetConvPads(c, op, k.size());
  op->SetAttr("ksize", I32(k));
  op->SetAttr("strides", I32(c.AttrInts("strides", {1, 1})));
  op->SetAttr("ceil_mode", c.AttrInt("ceil_mode", 0) != 0);
  op->SetAttr("exclusive", c.AttrInt("count_include_pad", 0) == 0);
  auto dil = c.AttrInts("dilations", {1, 1});
  c.Check(std::all_of(dil.begin(), dil.end(), [](int64_t d) { return d == 1; }),
          "pooling dilations other than 1 are not supported");
  c.Check(c.AttrInt("storage_order", 0) == 0, "storage_order 1 is not supported");
}

void ConvertBatchNorm(ConvertContext& c) {
  c.Check(c.AttrInt("training_mode", 0) == 0, "training_mode 1 is not supported (inference only)");
  c.Check(!c.HasOutput(1), "the training outputs (running mean/var) are not supported");
  auto* op = c.AddOp("batch_norm");
  op->SetInput("X", {c.Input(0)});
  op->SetInput("Scale", {c.Input(1)});
  op->SetInput("Bias", {c.Input(2)});
  op->SetInput("Mean", {c.Input(3)});
  op->SetInput("Variance", {c.Input(4)});
  op->SetOutput("Y", {c.Output(0)});
  op->SetAttr("epsilon", c.AttrFloat("epsilon", 1e-5f));
  op->SetAttr("is_test", true);
  op->SetAttr("data_layout", std::string("NCHW"));
}

void ConvertInstanceNorm(ConvertContext& c) {
  auto* op = c.AddOp("instance_norm");
  op->SetInput("X", {c.Input(0)});
  op->SetInput("Scale", {c.Input(1)});
  op->SetInput("Bias", {c.Input(2)});
  op->SetOutput("Y", {c.Output(0)});
  op->SetAttr("epsilon", c.AttrFloat("epsilon", 1e-5f));
}

void ConvertLayerNorm(ConvertContext& c) {
  c.Check(!c.HasOutput(1) && !c.HasOutput(2), "the Mean / InvStdDev outputs are not supported");
  int axis = static_cast<int>(c.AttrInt("axis", -1));
  if (axis < 0) axis += c.RequireRank(0, "a negative axis");
  auto* op = c.AddOp("layer_norm");
  op->SetInput("X", {c.Input(0)});
  op->SetInput("Scale", {c.Input(1)});
  if (c.HasInput(2)) op->SetInput("Bias", {c.Input(2)});
  op->SetOutput("Y", {c.Output(0)});
  op->SetAttr("epsilon", c.AttrFloat("epsilon", 1e-5f));
  op->SetAttr("begin_norm_axis", static_cast<int32_t>(axis));
  // Paddle's layer_norm takes Scale/Bias flattened over the normalized dims.
  for (int i = 1; i <= 2; ++i) {
    if (!c.HasInput(i)) continue;
    const Tensor* w = c.Constant(c.Input(i));
    if (w && w->dims().size() > 1) {
      Tensor flat;
      flat.CopyFrom(*w);
      flat.Resize({w->numel()});
      op->SetInput(i == 1 ? "Scale" : "Bias", {c.AddWeight("flat", flat)});
    }
  }
}

void ConvertGemm(ConvertContext& c) {
  const float alpha = c.AttrFloat("alpha", 1.f), beta = c.AttrFloat("beta", 1.f);
  const std::string product = c.HasInput(2) ? c.Temp("gemm") : c.Output(0);
  auto* mm = c.AddOp("matmul");
  mm->SetInput("X", {c.Input(0)});
  mm->SetInput("Y", {c.Input(1)});
  mm->SetOutput("Out", {product});
  mm->SetAttr("transpose_X", c.AttrInt("transA", 0) != 0);
  mm->SetAttr("transpose_Y", c.AttrInt("transB", 0) != 0);
  mm->SetAttr("alpha", alpha);
  if (!c.HasInput(2)) return;
  std::string bias = c.Input(2);
  if (beta != 1.f) {
    std::string scaled = c.Temp("beta");
    auto* s = c.AddOp("scale");
    s->SetInput("X", {bias});
    s->SetOutput("Out", {scaled});
    s->SetAttr("scale", beta);
    s->SetAttr("bias", 0.f);
    bias = scaled;
  }
  auto* add = c.AddOp("elementwise_add");
  add->SetInput("X", {product});
  add->SetInput("Y", {bias});
  add->SetOutput("Out", {c.Output(0)});
  add->SetAttr("axis", -1);
}

void ConvertMatMul(ConvertContext& c) {
  auto* op = c.AddOp("matmul_v2");
  op->SetInput("X", {c.Input(0)});
  op->SetInput("Y", {c.Input(1)});
  op->SetOutput("Out", {c.Output(0)});
  op->SetAttr("trans_x", false);
  op->SetAttr("trans_y", false);
}

// Softmax/LogSoftmax: from opset 13 along `axis`; before, over the input
// coerced to 2-D at `axis` (the same thing when axis is the last dim).
void ConvertSoftmax(ConvertContext& c) {
  const std::string type = c.op_type() == "Softmax" ? "softmax" : "log_softmax";
  int axis = static_cast<int>(c.AttrInt("axis", c.opset() >= 13 ? -1 : 1));
  const int rank = c.Rank(0);
  if (axis < 0 && rank >= 0) axis += rank;
  if (c.opset() >= 13 || (rank >= 0 && axis == rank - 1) || axis == -1) {
    auto* op = c.AddOp(type);
    op->SetInput("X", {c.Input(0)});
    op->SetOutput("Out", {c.Output(0)});
    op->SetAttr("axis", static_cast<int32_t>(axis));
    return;
  }
  c.Check(axis >= 0, "a negative axis needs a known rank");
  const std::string flat = c.Temp("flat"), soft = c.Temp("soft"), shape = c.Temp("shape");
  auto* f = c.AddOp("flatten");
  f->SetInput("X", {c.Input(0)});
  f->SetOutput("Out", {flat});
  f->SetAttr("axis", static_cast<int32_t>(axis));
  auto* s = c.AddOp(type);
  s->SetInput("X", {flat});
  s->SetOutput("Out", {soft});
  s->SetAttr("axis", -1);
  auto* sh = c.AddOp("shape");
  sh->SetInput("Input", {c.Input(0)});
  sh->SetOutput("Out", {shape});
  auto* r = c.AddOp("reshape2");
  r->SetInput("X", {soft});
  r->SetInput("Shape", {shape});
  r->SetOutput("Out", {c.Output(0)});
}

void ConvertFlatten(ConvertContext& c) {
  int axis = static_cast<int>(c.AttrInt("axis", 1));
  if (axis < 0) axis += c.RequireRank(0, "a negative axis");
  auto* op = c.AddOp("flatten");
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  op->SetAttr("axis", static_cast<int32_t>(axis));
}

void ConvertDepthToSpace(ConvertContext& c) {
  c.Check(c.AttrString("mode", "DCR") == "CRD",
          "mode '" + c.AttrString("mode", "DCR") + "' is not supported (CRD is)");
  auto* op = c.AddOp("pixel_shuffle");
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  op->SetAttr("upscale_factor", static_cast<int32_t>(c.AttrInt("blocksize")));
}

// Resize (opset 10: X, scales; 11+: X, roi, scales, sizes) and its modes:
// nearest with asymmetric+floor or align_corners+round_prefer_ceil, linear
// with half_pixel, pytorch_half_pixel, asymmetric or align_corners, over the
// two spatial dims of NCHW.
void ConvertResize(ConvertContext& c) {
  const std::string mode = c.AttrString("mode", "nearest");
  const std::string ctm = c.AttrString("coordinate_transformation_mode", c.opset() >= 11 ? "half_pixel" : "asymmetric");
  const std::string nm = c.AttrString("nearest_mode", "round_prefer_floor");
  c.Check(c.AttrInt("exclude_outside", 0) == 0, "exclude_outside 1 is not supported");
  bool align_corners = ctm == "align_corners";
  int align_mode = 1;
  std::string type;
  if (mode == "nearest") {
    const bool ok = (ctm == "asymmetric" && (c.opset() < 11 || nm == "floor")) ||
                    (align_corners && nm == "round_prefer_ceil");
    c.Check(ok, "nearest mode with coordinate_transformation_mode '", ctm, "' and nearest_mode '",
            nm, "' is not supported (asymmetric+floor, align_corners+round_prefer_ceil are)");
    type = "nearest_interp_v2";
  } else if (mode == "linear") {
    if (ctm == "half_pixel" || ctm == "pytorch_half_pixel") {
      align_mode = 0;
    } else {
      c.Check(ctm == "asymmetric" || align_corners, "linear mode with coordinate_transformation_mode '",
              ctm, "' is not supported (half_pixel, pytorch_half_pixel, asymmetric, align_corners are)");
    }
    type = "bilinear_interp_v2";
  } else {
    c.Fail("mode '" + mode + "' is not supported (nearest, linear are)");
  }
  auto* op = c.AddOp(type);
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  op->SetAttr("align_corners", align_corners);
  op->SetAttr("align_mode", static_cast<int32_t>(align_mode));
  op->SetAttr("data_layout", std::string("NCHW"));
  const int scales_input = c.opset() >= 11 ? 2 : 1;
  const int sizes_input = 3;
  auto spatial_only = [&](const std::vector<float>& v, float unit, const char* what) {
    c.Check(v.size() == 4 && v[0] == unit && v[1] == unit, what,
            " must have 4 values with 1 for N and C (only NCHW spatial resizing is supported)");
  };
  if (c.opset() >= 11 && c.HasInput(sizes_input)) {
    if (c.IsConst(sizes_input)) {
      auto s = c.ConstInts(sizes_input, "sizes");
      std::vector<float> f(s.begin(), s.end());
      c.Check(s.size() == 4, "sizes must have 4 values");
      op->SetAttr("out_h", static_cast<int32_t>(s[2]));
      op->SetAttr("out_w", static_cast<int32_t>(s[3]));
    } else {
      const std::string hw = c.Temp("hw");
      auto* sl = c.AddOp("slice");
      sl->SetInput("Input", {c.Input(sizes_input)});
      sl->SetOutput("Out", {hw});
      sl->SetAttr("axes", std::vector<int64_t>{0});
      sl->SetAttr("starts", std::vector<int64_t>{2});
      sl->SetAttr("ends", std::vector<int64_t>{4});
      op->SetInput("OutSize", {hw});
    }
    return;
  }
  c.Check(c.HasInput(scales_input), "neither scales nor sizes is given");
  if (c.IsConst(scales_input)) {
    auto s = c.ConstFloats(scales_input, "scales");
    spatial_only(s, 1.f, "scales");
    op->SetAttr("scale", std::vector<float>{s[2], s[3]});
  } else {
    const std::string hw = c.Temp("scale_hw");
    auto* sl = c.AddOp("slice");
    sl->SetInput("Input", {c.Input(scales_input)});
    sl->SetOutput("Out", {hw});
    sl->SetAttr("axes", std::vector<int64_t>{0});
    sl->SetAttr("starts", std::vector<int64_t>{2});
    sl->SetAttr("ends", std::vector<int64_t>{4});
    op->SetInput("Scale", {hw});
  }
}

}  // namespace onnx_import
}  // namespace lite
}  // namespace paddle
