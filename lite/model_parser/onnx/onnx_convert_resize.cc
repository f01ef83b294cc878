// ONNX Resize (opset 10: X, scales; 11+: X, roi, scales, sizes) over the two
// spatial dims of NCHW. Forms Paddle's interpolation computes exactly become
// nearest_interp_v2 / bilinear_interp_v2 (which NNAdapter converters take):
// nearest with asymmetric+floor or align_corners+round_prefer_ceil, linear
// with half_pixel, pytorch_half_pixel, asymmetric or align_corners when the
// output extents are >= 2 and the sizes/scales constant. Every other form
// (cubic, the other nearest modes, tf_crop_and_resize, exclude_outside,
// small or run-time linear extents) becomes our `resize` op
// (lite/operators/tensor/resize.cc), which implements ONNX's definition.
#include <cmath>

#include "lite/model_parser/onnx/onnx_context.h"

namespace paddle {
namespace lite {
namespace onnx_import {
namespace {

struct ResizeForm {
  std::string mode, ctm, nearest_mode;
  bool by_sizes{false};
  int scales_input{1}, sizes_input{3};
};

ResizeForm ReadForm(ConvertContext& c) {
  ResizeForm f;
  f.mode = c.AttrString("mode", "nearest");
  f.ctm = c.AttrString("coordinate_transformation_mode", c.opset() >= 11 ? "half_pixel" : "asymmetric");
  // Opset 10's nearest rounds down.
  f.nearest_mode = c.opset() >= 11 ? c.AttrString("nearest_mode", "round_prefer_floor") : "floor";
  f.scales_input = c.opset() >= 11 ? 2 : 1;
  f.by_sizes = c.opset() >= 11 && c.HasInput(f.sizes_input);
  c.Check(f.by_sizes || c.HasInput(f.scales_input), "neither scales nor sizes is given");
  return f;
}

// Whether Paddle's nearest/bilinear interpolation computes this Resize
// exactly; `type` is then the Paddle op.
bool PaddleInterpFits(ConvertContext& c, const ResizeForm& f, std::string* type) {
  if (c.AttrInt("exclude_outside", 0) != 0) return false;
  const bool align_corners = f.ctm == "align_corners";
  if (f.mode == "nearest") {
    *type = "nearest_interp_v2";
    return (f.ctm == "asymmetric" && f.nearest_mode == "floor") ||
           (align_corners && f.nearest_mode == "round_prefer_ceil");
  }
  if (f.mode != "linear") return false;
  *type = "bilinear_interp_v2";
  if (f.ctm != "half_pixel" && f.ctm != "pytorch_half_pixel" && f.ctm != "asymmetric" && !align_corners) {
    return false;
  }
  // Paddle's bilinear maps an output extent of 1 to source 0 and aligns
  // corners on the rounded size; ONNX does neither, so this needs constant
  // sizes/scales that rule those cases out.
  const int which = f.by_sizes ? f.sizes_input : f.scales_input;
  if (!c.IsConst(which)) return false;
  const ValueInfo x = c.Info(c.Input(0));
  auto v = c.ConstFloats(which, f.by_sizes ? "sizes" : "scales");
  for (size_t i = 2; i < v.size() && i < 4; ++i) {
    const float in = x.rank == 4 && x.dims[i] > 0 ? static_cast<float>(x.dims[i]) : -1.f;
    const float out = f.by_sizes ? v[i] : (in > 0 ? std::floor(in * v[i]) : -1.f);
    if (!(out >= 2 || (out < 0 && v[i] >= 1.f))) return false;
    if (!f.by_sizes && align_corners && !(in > 0 && in * v[i] == std::floor(in * v[i]))) return false;
  }
  return true;
}

// Output size: constant sizes/scales become attributes, run-time ones are
// sliced to their H, W part (the slice op must precede the resize op).
void SetOutputSize(ConvertContext& c, const ResizeForm& f, cpp::OpDesc* desc) {
  auto slice_hw = [&](int input, const char* suffix) {
    const std::string hw = c.Temp(suffix);
    auto* sl = c.AddOp("slice");
    sl->SetInput("Input", {c.Input(input)});
    sl->SetOutput("Out", {hw});
    sl->SetAttr("axes", std::vector<int64_t>{0});
    sl->SetAttr("starts", std::vector<int64_t>{2});
    sl->SetAttr("ends", std::vector<int64_t>{4});
    return hw;
  };
  if (f.by_sizes && c.IsConst(f.sizes_input)) {
    auto s = c.ConstInts(f.sizes_input, "sizes");
    c.Check(s.size() == 4, "sizes must have 4 values (only NCHW spatial resizing is supported)");
    desc->SetAttr("out_h", static_cast<int32_t>(s[2]));
    desc->SetAttr("out_w", static_cast<int32_t>(s[3]));
  } else if (f.by_sizes) {
    desc->SetInput("OutSize", {slice_hw(f.sizes_input, "hw")});
  } else if (c.IsConst(f.scales_input)) {
    auto s = c.ConstFloats(f.scales_input, "scales");
    c.Check(s.size() == 4 && s[0] == 1.f && s[1] == 1.f,
            "scales other than 1 for N and C are not supported (only NCHW spatial resizing)");
    desc->SetAttr("scale", std::vector<float>{s[2], s[3]});
  } else {
    desc->SetInput("Scale", {slice_hw(f.scales_input, "scale_hw")});
  }
}

}  // namespace

void ConvertResize(ConvertContext& c) {
  const ResizeForm f = ReadForm(c);
  std::string type;
  const bool paddle = PaddleInterpFits(c, f, &type);
  cpp::OpDesc desc(paddle ? type : "resize");
  desc.SetInput("X", {c.Input(0)});
  desc.SetOutput("Out", {c.Output(0)});
  if (paddle) {
    const bool half_pixel = f.ctm == "half_pixel" || f.ctm == "pytorch_half_pixel";
    desc.SetAttr("align_corners", f.ctm == "align_corners");
    desc.SetAttr("align_mode", static_cast<int32_t>(f.mode == "linear" && half_pixel ? 0 : 1));
    desc.SetAttr("data_layout", std::string("NCHW"));
  } else {
    c.Check(f.mode == "nearest" || f.mode == "linear" || f.mode == "cubic",
            "mode '" + f.mode + "' is not supported (nearest, linear, cubic are)");
    desc.SetAttr("mode", f.mode);
    desc.SetAttr("coordinate_transformation_mode", f.ctm);
    desc.SetAttr("nearest_mode", f.nearest_mode);
    desc.SetAttr("cubic_coeff_a", c.AttrFloat("cubic_coeff_a", -0.75f));
    desc.SetAttr("exclude_outside", c.AttrInt("exclude_outside", 0) != 0);
    desc.SetAttr("extrapolation_value", c.AttrFloat("extrapolation_value", 0.f));
    if (f.ctm == "tf_crop_and_resize") {
      auto roi = c.ConstFloats(1, "roi");  // fails naming a run-time roi
      c.Check(roi.size() == 8, "roi must have 8 values (starts and ends of NCHW), got ", roi.size());
      desc.SetAttr("roi", std::vector<float>{roi[2], roi[3], roi[6], roi[7]});
    }
  }
  SetOutputSize(c, f, &desc);
  *c.AddOp(desc.Type()) = desc;
}

}  // namespace onnx_import
}  // namespace lite
}  // namespace paddle
