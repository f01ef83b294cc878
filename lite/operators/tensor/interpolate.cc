// nearest_interp, nearest_interp_v2, bilinear_interp, bilinear_interp_v2
// (float32, NCHW or NHWC via data_layout), with Paddle's exact rules:
// Output size: SizeTensor (list of 1-element int tensors) wins; otherwise a
//   positive scale (Scale input, else the `scale` attribute: a float in v1, a
//   list [h, w] (or [s]) in v2) gives out = int(in * scale); then OutSize
//   (int tensor [h, w]) overrides; otherwise out_h/out_w attributes.
// Coordinate ratio when out > 1: align_corners ? (in-1)/(out-1)
//   : v1: in/out;  v2: 1/scale if a scale was given, else in/out.
// Equal in/out sizes copy the input.
// nearest: src = align_corners ? int(ratio*k + 0.5) : int(ratio*k).
// bilinear: align_mode 0 and !align_corners: src = max(ratio*(k+0.5)-0.5, 0)
//   (half-pixel), else src = ratio*k; neighbours src and min(src+1, in-1).
// Fast path (NCHW nearest): when out = in * k exactly on both axes and the
//   source indices computed above are exactly i / kh, j / kw (checked per
//   index, so the result is the same copy bit for bit; the usual case is
//   align_corners false with an integer scale), each output row is built once
//   by repeating every input element kw times and then copied kh - 1 times.
// Addend (optional input, set by interp_add_fuse_pass, never by Paddle):
//   Out = interp(X) + Addend, the sum of the interpolated value and the
//   addend as elementwise_add computed it (float addition commutes, so either
//   operand order of the original add gives these bits). With Addend of the
//   interpolation's dims the sum is written in the same pass (the FPN's
//   upsample + add reads the low-resolution map once and writes once); other
//   dims broadcast as elementwise_add with axis -1 does, through a scratch
//   tensor.
// AddendScale (optional, with Addend, nearest, NCHW dims; set by
//   interp_addend_scale_fuse_pass): Addend is first multiplied by the
//   [N or 1, C, 1, 1] AddendScale per channel, plus itself with attribute
//   addend_plus_x: Out = interp(X) + (a * s + a), each step rounded as the
//   elementwise_mul it replaces did.
// output_int8 + Out0_scale = {s} (int8_nhwc_chain_pass, nearest with
//   nhwc_data, when only int8 convs with input_scale s read Out): Out is s8
//   NHWC holding QuantizeS8(value / s), what those convs would quantize on
//   entry, written in the same pass.
#include <algorithm>
#include <cmath>

#include "lite/core/registry.h"
#include "lite/operators/math/math_common.h"
#include "lite/operators/nn/cpu_clones.h"
#include "lite/operators/nn/quantize_s8.h"
#include "lite/operators/tensor/nearest_repeat.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

// sum[k] = x[k] + (a[k] * s[k] (+ a[k] with plus_x)), rounded step by step
// as the multiply and the adds it replaces (the file is built without
// contraction, so no clone fuses them).
LITE_CPU_CLONES
void ScaledAddendSum(const float* x, const float* a, const float* s, bool plus_x, int64_t n,
                     float* sum) {
  if (plus_x) {
    for (int64_t k = 0; k < n; ++k) sum[k] = x[k] + (a[k] * s[k] + a[k]);
  } else {
    for (int64_t k = 0; k < n; ++k) sum[k] = x[k] + a[k] * s[k];
  }
}

// True when idx[k] == k / factor for every k (factor = out / in, integer).
bool IsIntegerRepeat(const std::vector<int64_t>& idx, int64_t in, int64_t out) {
  if (in <= 0 || out % in != 0) return false;
  const int64_t factor = out / in;
  for (int64_t k = 0; k < out; ++k) {
    if (idx[k] != k / factor) return false;
  }
  return true;
}

struct InterpParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  const Tensor* out_size{nullptr};
  std::vector<Tensor*> size_tensor;
  const Tensor* scale_tensor{nullptr};
  const Tensor* addend{nullptr};
  const Tensor* addend_scale{nullptr};
  bool addend_plus_x{false};
  int out_h_attr{-1}, out_w_attr{-1};
  std::vector<float> scale_attr;
  bool v2{false};
  bool nearest{true};
  bool align_corners{true};
  int align_mode{1};
  bool nhwc{false};
  // NCHW dims holding NHWC data (int8_nhwc_chain_pass): dims as for NCHW,
  // memory as for NHWC.
  bool nhwc_data{false};
  float out_scale{0.f};  // > 0: output_int8 (Out holds s8 value / out_scale)
  // Resolved by InferShape.
  int64_t n{0}, c{0}, in_h{0}, in_w{0}, out_h{0}, out_w{0};
  float ratio_h{0}, ratio_w{0};
  DDim interp_dims;
  // Addend's dims differ from interp_dims: Out = broadcast(scratch + Addend).
  CachedBroadcastPlan broadcast;
  bool broadcast_addend{false};
};

class InterpOp : public OperatorBase<InterpParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    const DDim& d = p.x->dims();
    LITE_ENFORCE(d.size() == 4, "op '", op, "': input X must be 4-D (",
                 p.nhwc ? "NHWC" : "NCHW", "), got dims ", DimsToString(d));
    LITE_ENFORCE(p.x->dtype() == DataType::kFloat32, "op '", op,
                 "': input X must be float32, got ", DataTypeName(p.x->dtype()));
    p.n = d[0];
    p.c = p.nhwc ? d[3] : d[1];
    p.in_h = p.nhwc ? d[1] : d[2];
    p.in_w = p.nhwc ? d[2] : d[3];
    int64_t out_h = p.out_h_attr, out_w = p.out_w_attr;
    float scale_h = -1.f, scale_w = -1.f;
    if (!p.size_tensor.empty()) {
      auto s = ReadIntList(p.size_tensor, "op '" + op + "': input 'SizeTensor'");
      LITE_ENFORCE(s.size() == 2, "op '", op, "': input 'SizeTensor' must hold 2 "
                   "tensors (out_h, out_w), got ", s.size());
      out_h = s[0];
      out_w = s[1];
    } else {
      std::vector<float> scale = p.scale_attr;
      const char* source = "attribute 'scale'";
      if (p.scale_tensor) {
        scale = ReadFloats(*p.scale_tensor, "op '" + op + "': input 'Scale'");
        source = "input 'Scale'";
        LITE_ENFORCE(!scale.empty(), "op '", op, "': input 'Scale' is empty");
      }
      if (!scale.empty()) {
        scale_h = scale[0];
        scale_w = scale.size() > 1 ? scale[1] : scale[0];
        // A non-positive `scale` attribute means "unset"; a Scale input must be
        // positive.
        if (p.scale_tensor) {
          LITE_ENFORCE(scale_h > 0 && scale_w > 0, "op '", op, "': ", source,
                       " must be positive, got [", scale_h, ", ", scale_w, "]");
        }
      }
      if (scale_h > 0 && scale_w > 0) {
        out_h = static_cast<int64_t>(static_cast<float>(p.in_h) * scale_h);
        out_w = static_cast<int64_t>(static_cast<float>(p.in_w) * scale_w);
      }
      if (p.out_size) {
        auto s = ReadInts(*p.out_size, "op '" + op + "': input 'OutSize'");
        LITE_ENFORCE(s.size() == 2, "op '", op, "': input 'OutSize' must hold 2 values "
                     "(out_h, out_w), got ", s.size());
        out_h = s[0];
        out_w = s[1];
      }
    }
    LITE_ENFORCE(out_h > 0 && out_w > 0, "op '", op, "': output size (", out_h, ", ",
                 out_w, ") must be positive; set out_h/out_w, scale, OutSize or "
                 "SizeTensor (input X dims ", DimsToString(d), ")");
    p.out_h = out_h;
    p.out_w = out_w;
    auto ratio = [&](int64_t in, int64_t out, float scale) -> float {
      if (out <= 1) return 0.f;
      if (p.align_corners) return static_cast<float>(in - 1) / static_cast<float>(out - 1);
      if (p.v2 && scale > 0) return static_cast<float>(1. / scale);
      return static_cast<float>(in) / static_cast<float>(out);
    };
    p.ratio_h = ratio(p.in_h, out_h, scale_h);
    p.ratio_w = ratio(p.in_w, out_w, scale_w);
    p.interp_dims = p.nhwc ? DDim{p.n, out_h, out_w, p.c} : DDim{p.n, p.c, out_h, out_w};
    p.out->Resize(p.interp_dims);
    p.out->set_dtype(p.out_scale > 0.f ? DataType::kInt8 : DataType::kFloat32);
    if (p.addend) InferAddend();
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    const std::string& op = desc.Type();
    p.v2 = op.size() > 3 && op.compare(op.size() - 3, 3, "_v2") == 0;
    p.nearest = op.rfind("nearest", 0) == 0;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.out_size = GetOptionalInput(desc, scope, "OutSize");
    p.size_tensor = GetOptionalInputList(desc, scope, "SizeTensor");
    p.scale_tensor = GetOptionalInput(desc, scope, "Scale");
    p.addend = GetOptionalInput(desc, scope, "Addend");
    p.addend_scale = GetOptionalInput(desc, scope, "AddendScale");
    p.addend_plus_x = desc.GetAttr<bool>("addend_plus_x", false);
    p.broadcast.valid = false;
    p.out_h_attr = desc.GetAttr<int32_t>("out_h", -1);
    p.out_w_attr = desc.GetAttr<int32_t>("out_w", -1);
    if (desc.HasAttr("scale")) {
      // v2 stores a list and v1 a float; accept either form in both.
      const cpp::AttrType t = desc.attrs().at("scale").type;
      if (t == cpp::AttrType::FLOAT || t == cpp::AttrType::FLOAT64 || t == cpp::AttrType::INT ||
          t == cpp::AttrType::SCALAR) {
        float s = desc.GetAttr<float>("scale");
        if (s > 0) p.scale_attr = {s};
      } else {
        p.scale_attr = desc.GetAttr<std::vector<float>>("scale");
      }
    }
    p.align_corners = desc.GetAttr<bool>("align_corners", true);
    p.align_mode = desc.GetAttr<int32_t>("align_mode", 1);
    std::string layout = desc.GetAttr<std::string>("data_layout", std::string("NCHW"));
    LITE_ENFORCE(layout == "NCHW" || layout == "NHWC" || layout == "AnyLayout", "op '",
                 op, "': attribute 'data_layout' = \"", layout,
                 "\" is not supported (expected NCHW or NHWC)");
    p.nhwc = layout == "NHWC";
    p.nhwc_data = desc.GetAttr<bool>("nhwc_data", false);
    LITE_ENFORCE(!p.nhwc || !p.nhwc_data, "op '", op, "': attribute nhwc_data needs "
                 "data_layout NCHW, got NHWC");
    p.out_scale = 0.f;
    if (desc.GetAttr<bool>("output_int8", false)) {
      const auto scale = desc.GetAttr<std::vector<float>>("Out0_scale", {});
      LITE_ENFORCE(p.nearest && p.nhwc_data && scale.size() == 1 && scale[0] > 0.f, "op '",
                   op, "': attribute output_int8 is for nearest interpolation with nhwc_data "
                   "and one positive Out0_scale, got ", scale.size(), " scale(s)");
      p.out_scale = scale[0];
    }
    std::string method = desc.GetAttr<std::string>("interp_method", std::string());
    LITE_ENFORCE(method.empty() || method == (p.nearest ? "nearest" : "bilinear"), "op '",
                 op, "': attribute 'interp_method' = \"", method, "\" does not match the op");
  }

 private:
  void InferAddend() {
    auto& p = param_;
    const std::string& op = type();
    const DDim& a = p.addend->dims();
    LITE_ENFORCE(p.addend->dtype() == DataType::kFloat32, "op '", op,
                 "': input 'Addend' must be float32, got ", DataTypeName(p.addend->dtype()));
    p.broadcast_addend = a != p.interp_dims;
    if (p.addend_scale) {
      const DDim& sd = p.addend_scale->dims();
      LITE_ENFORCE(p.nearest && !p.nhwc && !p.broadcast_addend &&
                       p.addend_scale->dtype() == DataType::kFloat32 && sd.size() == 4 &&
                       (sd[0] == 1 || sd[0] == a[0]) && sd[1] == a[1] && sd[2] == 1 &&
                       sd[3] == 1,
                   "op '", op, "': input 'AddendScale' must be float32 [N or 1, C, 1, 1] "
                   "scaling an Addend of the interpolation's dims ",
                   DimsToString(p.interp_dims), " (nearest, data_layout NCHW); got ",
                   DimsToString(sd), " for Addend ", DimsToString(a));
    }
    if (!p.broadcast_addend) return;
    LITE_ENFORCE(!p.nhwc_data, "op '", op, "': input 'Addend' ", DimsToString(a),
                 " must have the interpolation's dims ", DimsToString(p.interp_dims),
                 " when the data is NHWC (attribute nhwc_data)");
    p.out->Resize(p.broadcast.Update(op, p.interp_dims, a, -1).out_dims);
  }
};

class InterpKernel : public KernelBase<InterpParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    const float* addend = p.addend ? p.addend->data<float>() : nullptr;
    if (p.out_scale > 0.f) {
      // (nhwc_data: the addend, if any, has the interpolation's dims)
      RunS8(addend, ctx.threads);
      return;
    }
    if (!p.broadcast_addend) {
      Interpolate(addend, ctx.threads, p.out->mutable_data<float>());
      return;
    }
    scratch_.Resize(p.interp_dims);
    Interpolate(nullptr, ctx.threads, scratch_.mutable_data<float>());
    BroadcastBinary(p.broadcast.plan, ctx.threads, scratch_.data<float>(),
                    p.addend->data<float>(), p.out->mutable_data<float>(),
                    [](float a, float b) { return a + b; });
  }

 private:
  Tensor scratch_;

  // The addend term of NCHW planes (nearest_repeat.h): AddendScale's
  // value for plane n * C + c is element n * C + c, or c when it has one image.
  UpscaleAddend UpscaleTerm(const float* addend) const {
    const auto& p = param();
    UpscaleAddend t;
    t.addend = addend;
    if (p.addend_scale) {
      t.scale = p.addend_scale->data<float>();
      t.scale_period = p.addend_scale->dims()[0] == 1 ? p.c : p.n * p.c;
      t.plus_x = p.addend_plus_x;
    }
    return t;
  }

  // out = interp(X) (+ addend, of out's dims, when not null; scaled with
  // AddendScale).
  void Interpolate(const float* addend, int threads, float* out) const {
    const auto& p = param();
    const float* x = p.x->data<float>();
    const int64_t numel = p.x->numel();
    // (An AddendScale goes to NearestNhwc whatever the sizes.)
    if (p.in_h == p.out_h && p.in_w == p.out_w && !p.addend_scale) {
      if (!addend) {
        std::copy(x, x + numel, out);
        return;
      }
      for (int64_t i = 0; i < numel; ++i) out[i] = x[i] + addend[i];
      return;
    }
    // Per output row/column: source indices and weights (Paddle's formulas,
    // evaluated in the same float/double precision).
    std::vector<int64_t> y0(p.out_h), y1(p.out_h), x0(p.out_w), x1(p.out_w);
    std::vector<float> wy(p.out_h), wx(p.out_w);
    Coords(p.ratio_h, p.in_h, p.out_h, &y0, &y1, &wy);
    Coords(p.ratio_w, p.in_w, p.out_w, &x0, &x1, &wx);
    const bool nhwc_mem = p.nhwc || p.nhwc_data;
    if (p.nearest && nhwc_mem) {
      NearestNhwc(x, y0, x0, threads, addend, out);
      return;
    }
    if (p.nearest && !nhwc_mem && IsIntegerRepeat(y0, p.in_h, p.out_h) &&
        IsIntegerRepeat(x0, p.in_w, p.out_w)) {
      NearestIntegerUpscale(x, p.n * p.c, p.in_h, p.in_w, p.out_h / p.in_h, p.out_w / p.in_w,
                            threads, UpscaleTerm(addend), out);
      return;
    }
    const int64_t in_hw = p.in_h * p.in_w, out_hw = p.out_h * p.out_w;
    const int64_t planes = p.n * p.c;
    const UpscaleAddend term = UpscaleTerm(addend);
    const int64_t C = p.c;
#pragma omp parallel for num_threads(threads) schedule(static) if (planes * out_hw > 65536)
    for (int64_t nc = 0; nc < planes; ++nc) {
      // NCHW: plane nc is contiguous; NHWC: element (h, w) of channel c.
      const int64_t b = nc / C, ch = nc % C;
      auto in_at = [&](int64_t h, int64_t w) {
        return nhwc_mem ? x[((b * p.in_h + h) * p.in_w + w) * C + ch] : x[nc * in_hw + h * p.in_w + w];
      };
      for (int64_t k = 0; k < p.out_h; ++k) {
        for (int64_t l = 0; l < p.out_w; ++l) {
          float v;
          if (p.nearest) {
            v = in_at(y0[k], x0[l]);
          } else {
            const float dn = wy[k], ds = 1.f - dn, dw = wx[l], de = 1.f - dw;
            v = in_at(y0[k], x0[l]) * ds * de + in_at(y1[k], x0[l]) * dn * de +
                in_at(y0[k], x1[l]) * ds * dw + in_at(y1[k], x1[l]) * dn * dw;
          }
          const int64_t o = nhwc_mem ? ((b * p.out_h + k) * p.out_w + l) * C + ch
                                     : nc * out_hw + k * p.out_w + l;
          if (!addend) {
            out[o] = v;
          } else if (!p.addend_scale) {
            out[o] = v + addend[o];
          } else {  // (the plane's scale, as the multiply it replaces)
            const float as = addend[o] * term.scale[nc % term.scale_period];
            out[o] = v + (term.plus_x ? as + addend[o] : as);
          }
        }
      }
    }
  }

  // output_int8: the float values quantized to s8. A resampling nearest
  // interpolation quantizes each output row as it is made; other cases go
  // through a float scratch tensor.
  void RunS8(const float* addend, int threads) {
    const auto& p = param();
    int8_t* out = p.out->mutable_data<int8_t>();
    const float inv = 1.f / p.out_scale;
    if (p.in_h != p.out_h || p.in_w != p.out_w || p.addend_scale) {
      std::vector<int64_t> y0(p.out_h), y1(p.out_h), x0(p.out_w), x1(p.out_w);
      std::vector<float> wy(p.out_h), wx(p.out_w);
      Coords(p.ratio_h, p.in_h, p.out_h, &y0, &y1, &wy);
      Coords(p.ratio_w, p.in_w, p.out_w, &x0, &x1, &wx);
      NearestNhwc(p.x->data<float>(), y0, x0, threads, addend, nullptr, out, inv);
      return;
    }
    scratch_.Resize(p.interp_dims);
    float* f = scratch_.mutable_data<float>();
    Interpolate(addend, threads, f);
    QuantizeS8Array(f, out, scratch_.numel(), inv);
  }

  // NHWC nearest: each output pixel copies its source pixel's C contiguous
  // channels (plus the addend's, scaled by AddendScale if given); into
  // `out`, or with out_s8 quantized there (QuantizeS8(value * inv)) in the
  // same pass.
  void NearestNhwc(const float* x, const std::vector<int64_t>& y0, const std::vector<int64_t>& x0,
                   int threads, const float* addend, float* out, int8_t* out_s8 = nullptr,
                   float inv = 0.f) const {
    const auto& p = param();
    const int64_t C = p.c, rows = p.n * p.out_h, row = p.out_w * C;
#pragma omp parallel num_threads(threads) if (rows * row > 65536)
    {
      std::vector<float> sums(static_cast<size_t>(p.addend_scale ? C : 0));
#pragma omp for schedule(static)
      for (int64_t r = 0; r < rows; ++r) {
        const int64_t b = r / p.out_h, k = r % p.out_h;
        const float* src = x + (b * p.in_h + y0[k]) * p.in_w * C;
        const float* add = addend ? addend + r * row : nullptr;
        const float* scale = nullptr;
        if (p.addend_scale) {
          scale = p.addend_scale->data<float>() + (p.addend_scale->dims()[0] == 1 ? 0 : b * C);
        }
        for (int64_t l = 0; l < p.out_w; ++l) {
          const float* s = src + x0[l] * C;
          if (scale) {
            float* sum = sums.data();
            ScaledAddendSum(s, add + l * C, scale, p.addend_plus_x, C, sum);
            if (out_s8) {
              QuantizeS8Array(sum, out_s8 + r * row + l * C, C, inv);
            } else {
              std::copy(sum, sum + C, out + r * row + l * C);
            }
            continue;
          }
          if (out_s8) {
            int8_t* q = out_s8 + r * row + l * C;
            if (add) {
              QuantizeSumS8Array(s, add + l * C, q, C, inv);
            } else {
              QuantizeS8Array(s, q, C, inv);
            }
            continue;
          }
          float* dst = out + r * row;
          if (!add) {
            std::copy(s, s + C, dst + l * C);
            continue;
          }
          for (int64_t k = 0; k < C; ++k) dst[l * C + k] = s[k] + add[l * C + k];
        }
      }
    }
  }

  void Coords(float ratio, int64_t in, int64_t out, std::vector<int64_t>* i0,
              std::vector<int64_t>* i1, std::vector<float>* w) const {
    const auto& p = param();
    for (int64_t k = 0; k < out; ++k) {
      if (p.nearest) {
        int64_t s = p.align_corners
                        ? static_cast<int64_t>(static_cast<double>(ratio * k) + 0.5)
                        : static_cast<int64_t>(ratio * k);
        (*i0)[k] = std::min<int64_t>(std::max<int64_t>(s, 0), in - 1);
        continue;
      }
      const bool half_pixel = p.align_mode == 0 && !p.align_corners;
      int64_t s = half_pixel ? static_cast<int64_t>(ratio * (k + 0.5) - 0.5)
                             : static_cast<int64_t>(ratio * k);
      s = std::max<int64_t>(s, 0);
      s = std::min<int64_t>(s, in - 1);
      float src = static_cast<float>(ratio * (k + 0.5) - 0.5);
      src = src > 0 ? src : 0.f;
      (*i0)[k] = s;
      (*i1)[k] = std::min<int64_t>(s + 1, in - 1);
      (*w)[k] = half_pixel ? src - static_cast<float>(s) : ratio * k - static_cast<float>(s);
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(InterpOp)
LITE_KERNEL_CLASS(InterpKernel)
