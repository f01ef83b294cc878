// resize: ONNX Resize over the two spatial dims of NCHW float32, for the
// forms Paddle's nearest/bilinear interpolation ops cannot express (the ONNX
// importer uses those ops whenever they match, so offloading keeps working).
// Paddle has no such op; it is ours.
// Output size: OutSize input (int [h, w]) or out_h/out_w attributes, else
//   floor(in * scale) from the Scale input (float [h, w]) or the `scale`
//   attribute [h, w]. The coordinate scale is `scale` when given, else
//   out / in.
// Source coordinate x of output index k, per coordinate_transformation_mode:
//   half_pixel (k + 0.5) / s - 0.5; pytorch_half_pixel the same, 0 when
//   out == 1; align_corners k (in - 1) / (out - 1), 0 when out == 1;
//   asymmetric k / s; tf_half_pixel_for_nn (k + 0.5) / s; tf_crop_and_resize
//   roi_start (in - 1) + k (roi_end - roi_start)(in - 1) / (out - 1), with
//   extrapolation_value outside [0, in - 1] (roi: [start_h, start_w, end_h,
//   end_w]).
// Taps (ONNX's reference rule: the pixel left of x is preferred, so an
//   integer x has base x - 1 and fraction 1, else base floor(x), fraction
//   x - base; indices clamp to the edge):
//   nearest: base or base + 1 by nearest_mode (round_prefer_floor,
//     round_prefer_ceil, floor, ceil); an integer x is x itself;
//   linear: base, base + 1 weighted 1 - r, r;
//   cubic: base - 1 .. base + 2 with Keys' weights for cubic_coeff_a;
//     exclude_outside drops taps outside the input and renormalizes.
#include <cmath>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct ResizeParam {
  const Tensor* x{nullptr};
  const Tensor* out_size{nullptr};
  const Tensor* scale_tensor{nullptr};
  Tensor* out{nullptr};
  std::string mode, ctm, nearest_mode;
  float cubic_a{-0.75f};
  bool exclude_outside{false};
  float extrapolation{0.f};
  int out_h_attr{-1}, out_w_attr{-1};
  std::vector<float> scale_attr, roi;
  // Resolved by InferShape.
  double scale_h{0}, scale_w{0};
};

// The taps of one output index along one axis.
struct Taps {
  int64_t index[4];
  double weight[4];
  int count{0};
  bool outside{false};  // tf_crop_and_resize outside the input
};

bool IsOneOf(const std::string& v, std::initializer_list<const char*> options) {
  for (const char* o : options) {
    if (v == o) return true;
  }
  return false;
}

class ResizeOp : public OperatorBase<ResizeParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& d = p.x->dims();
    LITE_ENFORCE(d.size() == 4, "op 'resize': input X must be 4-D (NCHW), got dims ",
                 DimsToString(d));
    LITE_ENFORCE(p.x->dtype() == DataType::kFloat32, "op 'resize': input X must be float32, got ",
                 DataTypeName(p.x->dtype()));
    std::vector<float> scale = p.scale_attr;
    if (p.scale_tensor) scale = ReadFloats(*p.scale_tensor, "op 'resize': input 'Scale'");
    int64_t out_h = p.out_h_attr, out_w = p.out_w_attr;
    if (p.out_size) {
      auto s = ReadInts(*p.out_size, "op 'resize': input 'OutSize'");
      LITE_ENFORCE(s.size() == 2, "op 'resize': input 'OutSize' must hold 2 values (h, w), got ",
                   s.size());
      out_h = s[0];
      out_w = s[1];
    }
    if (out_h > 0 && out_w > 0) {
      p.scale_h = static_cast<double>(out_h) / static_cast<double>(d[2]);
      p.scale_w = static_cast<double>(out_w) / static_cast<double>(d[3]);
    } else {
      LITE_ENFORCE(scale.size() == 2 && scale[0] > 0 && scale[1] > 0,
                   "op 'resize': give OutSize, out_h/out_w or 2 positive scales (h, w)");
      p.scale_h = scale[0];
      p.scale_w = scale[1];
      out_h = static_cast<int64_t>(std::floor(static_cast<double>(d[2]) * scale[0]));
      out_w = static_cast<int64_t>(std::floor(static_cast<double>(d[3]) * scale[1]));
    }
    LITE_ENFORCE(out_h > 0 && out_w > 0, "op 'resize': output size (", out_h, ", ", out_w,
                 ") must be positive (X dims ", DimsToString(d), ")");
    p.out->Resize({d[0], d[1], out_h, out_w});
    p.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.out_size = GetOptionalInput(desc, scope, "OutSize");
    p.scale_tensor = GetOptionalInput(desc, scope, "Scale");
    p.mode = desc.GetAttr<std::string>("mode", std::string("nearest"));
    p.ctm = desc.GetAttr<std::string>("coordinate_transformation_mode", std::string("half_pixel"));
    p.nearest_mode = desc.GetAttr<std::string>("nearest_mode", std::string("round_prefer_floor"));
    p.cubic_a = desc.GetAttr<float>("cubic_coeff_a", -0.75f);
    p.exclude_outside = desc.GetAttr<bool>("exclude_outside", false);
    p.extrapolation = desc.GetAttr<float>("extrapolation_value", 0.f);
    p.out_h_attr = desc.GetAttr<int32_t>("out_h", -1);
    p.out_w_attr = desc.GetAttr<int32_t>("out_w", -1);
    p.scale_attr = desc.GetAttr<std::vector<float>>("scale", {});
    p.roi = desc.GetAttr<std::vector<float>>("roi", {});
    LITE_ENFORCE(IsOneOf(p.mode, {"nearest", "linear", "cubic"}), "op 'resize': mode '", p.mode,
                 "' is not supported (nearest, linear, cubic)");
    LITE_ENFORCE(IsOneOf(p.ctm, {"half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric",
                                 "tf_half_pixel_for_nn", "tf_crop_and_resize"}),
                 "op 'resize': coordinate_transformation_mode '", p.ctm, "' is not supported");
    LITE_ENFORCE(IsOneOf(p.nearest_mode, {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil"}),
                 "op 'resize': nearest_mode '", p.nearest_mode, "' is not supported");
    LITE_ENFORCE(p.ctm != "tf_crop_and_resize" || p.roi.size() == 4,
                 "op 'resize': tf_crop_and_resize needs attribute 'roi' with 4 values "
                 "[start_h, start_w, end_h, end_w], got ", p.roi.size());
  }
};

class ResizeKernel : public KernelBase<ResizeParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    const DDim& d = p.x->dims();
    const int64_t planes = d[0] * d[1], in_h = d[2], in_w = d[3];
    const int64_t out_h = p.out->dims()[2], out_w = p.out->dims()[3];
    std::vector<Taps> ty(out_h), tx(out_w);
    for (int64_t k = 0; k < out_h; ++k) ty[k] = AxisTaps(k, in_h, out_h, p.scale_h, 0);
    for (int64_t k = 0; k < out_w; ++k) tx[k] = AxisTaps(k, in_w, out_w, p.scale_w, 1);
    const float* x = p.x->data<float>();
    float* out = p.out->mutable_data<float>();
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (planes * out_h * out_w > 65536)
    for (int64_t nc = 0; nc < planes; ++nc) {
      const float* src = x + nc * in_h * in_w;
      float* dst = out + nc * out_h * out_w;
      for (int64_t i = 0; i < out_h; ++i) {
        const Taps& a = ty[i];
        for (int64_t j = 0; j < out_w; ++j) {
          const Taps& b = tx[j];
          if (a.outside || b.outside) {
            dst[i * out_w + j] = p.extrapolation;
            continue;
          }
          double v = 0;
          for (int u = 0; u < a.count; ++u) {
            const float* row = src + a.index[u] * in_w;
            double r = 0;
            for (int t = 0; t < b.count; ++t) r += b.weight[t] * row[b.index[t]];
            v += a.weight[u] * r;
          }
          dst[i * out_w + j] = static_cast<float>(v);
        }
      }
    }
  }

 private:
  double SourceCoord(int64_t k, int64_t in, int64_t out, double scale, int axis) const {
    const auto& p = param();
    const double kd = static_cast<double>(k), ind = static_cast<double>(in);
    const double outd = scale * ind;  // ONNX's length_resized
    if (p.ctm == "half_pixel") return (kd + 0.5) / scale - 0.5;
    if (p.ctm == "pytorch_half_pixel") return out > 1 ? (kd + 0.5) / scale - 0.5 : 0.0;
    if (p.ctm == "align_corners") return out == 1 ? 0.0 : kd * (ind - 1) / (outd - 1);
    if (p.ctm == "asymmetric") return kd / scale;
    if (p.ctm == "tf_half_pixel_for_nn") return (kd + 0.5) / scale;
    const double start = p.roi[axis], end = p.roi[2 + axis];
    if (out == 1) return 0.5 * (start + end) * (ind - 1);
    return start * (ind - 1) + kd * (end - start) * (ind - 1) / (outd - 1);
  }

  Taps AxisTaps(int64_t k, int64_t in, int64_t out, double scale, int axis) const {
    const auto& p = param();
    Taps t;
    const double x = SourceCoord(k, in, out, scale, axis);
    if (p.ctm == "tf_crop_and_resize" && (x < 0 || x > static_cast<double>(in - 1))) {
      t.outside = true;
      return t;
    }
    const bool whole = x == std::floor(x);
    const int64_t base = static_cast<int64_t>(std::floor(x)) - (whole ? 1 : 0);
    const double r = whole ? 1.0 : x - std::floor(x);
    auto clamp = [&](int64_t i) { return std::min<int64_t>(std::max<int64_t>(i, 0), in - 1); };
    if (p.mode == "nearest") {
      bool right = true;  // an integer x: base + 1 == x
      if (!whole) {
        const std::string& m = p.nearest_mode;
        right = m == "ceil" || (m == "round_prefer_floor" && r > 0.5) ||
                (m == "round_prefer_ceil" && r >= 0.5);
      }
      t.index[0] = clamp(base + (right ? 1 : 0));
      t.weight[0] = 1.0;
      t.count = 1;
      return t;
    }
    if (p.mode == "linear") {
      t.index[0] = clamp(base);
      t.index[1] = clamp(base + 1);
      t.weight[0] = 1.0 - r;
      t.weight[1] = r;
      t.count = 2;
      return t;
    }
    const double A = p.cubic_a, s = r + 1, q = 1 - r, qs = q + 1;
    const double w[4] = {((A * s - 5 * A) * s + 8 * A) * s - 4 * A,
                         ((A + 2) * r - (A + 3)) * r * r + 1,
                         ((A + 2) * q - (A + 3)) * q * q + 1,
                         ((A * qs - 5 * A) * qs + 8 * A) * qs - 4 * A};
    double sum = 0;
    for (int i = 0; i < 4; ++i) {
      const int64_t idx = base - 1 + i;
      const bool out_of_range = idx < 0 || idx >= in;
      t.index[i] = clamp(idx);
      t.weight[i] = p.exclude_outside && out_of_range ? 0.0 : w[i];
      sum += t.weight[i];
    }
    if (p.exclude_outside && sum != 0) {
      for (double& v : t.weight) v /= sum;
    }
    t.count = 4;
    return t;
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ResizeOp)
LITE_KERNEL_CLASS(ResizeKernel)
