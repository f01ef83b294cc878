// concat: joins the inputs X[0..n) along `axis` (negative counts from the
// end; the optional AxisTensor overrides the attribute). All other dims must
// match. Any element type. With nhwc_data (int8_nhwc_chain_pass) the 4-D
// inputs hold NHWC data under NCHW dims and axis must be 1 (channels): each
// pixel's channel vectors are joined. Out takes X[0]'s LoD unless axis is 0 (as in
// Paddle: rows of sequences side by side keep their sequence offsets).
// nearest_upsample (set by upsample_concat_fuse_pass, never by Paddle):
// {kh0, kw0, kh1, kw1, ...}, one integer factor pair per input: 4-D float32
// NCHW inputs joined along channels, input i upsampled (nearest, each
// element repeated kh x kw times) as it is written into the output; the
// same copies as nearest_interp_v2 followed by concat, in one pass. With
// nhwc_data the inputs and the output hold NHWC data; each output row takes
// its channels from the inputs' source rows.
// output_int8 + Out0_scale = {s} (int8_nhwc_chain_pass, with nhwc_data, when
// only int8 convs of input_scale s read Out): float inputs, Out s8 NHWC
// holding QuantizeS8(x / s), what those convs would quantize on entry.
#include <algorithm>
#include <cstring>
#include <vector>

#include "lite/core/registry.h"
#include "lite/operators/nn/quantize_s8.h"
#include "lite/operators/tensor/nearest_repeat.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct ConcatParam {
  std::vector<Tensor*> x;
  Tensor* out{nullptr};
  const Tensor* axis_tensor{nullptr};
  int axis_attr{0};
  int axis{0};  // resolved by InferShape
  bool nhwc_data{false};
  float out_scale{0.f};  // > 0: output_int8 (Out holds s8 x / out_scale)
  std::vector<int32_t> upsample;  // nearest_upsample: kh, kw per input
};

class ConcatOp : public OperatorBase<ConcatParam> {
 public:
  void InferShape() override {
    const auto& xs = param_.x;
    int64_t axis = param_.axis_attr;
    if (param_.axis_tensor) {
      auto v = ReadInts(*param_.axis_tensor, "op 'concat': input 'AxisTensor'");
      LITE_ENFORCE(v.size() == 1, "op 'concat': input 'AxisTensor' must hold one value, got ",
                   v.size());
      axis = v[0];
    }
    const DDim& d0 = xs[0]->dims();
    const int64_t rank = static_cast<int64_t>(d0.size());
    param_.axis = NormalizeAxis(axis, rank, "concat", "axis");
    LITE_ENFORCE(!param_.nhwc_data || (rank == 4 && param_.axis == 1),
                 "op 'concat': inputs hold NHWC data (attribute nhwc_data), which joins along "
                 "channels only: expected 4-D inputs and axis 1, got dims ", DimsToString(d0),
                 " and axis ", param_.axis);
    if (!param_.upsample.empty()) CheckUpsampling(rank);
    LITE_ENFORCE(param_.out_scale <= 0.f || xs[0]->dtype() == DataType::kFloat32,
                 "op 'concat': attribute output_int8 quantizes float32 inputs, got ",
                 DataTypeName(xs[0]->dtype()));
    const DDim d0_up = UpsampledDims(0);
    DDim out = d0_up;
    out[param_.axis] = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
      const DDim d = UpsampledDims(i);
      bool ok = d.size() == d0.size() && xs[i]->dtype() == xs[0]->dtype();
      for (size_t k = 0; ok && k < d.size(); ++k) {
        if (static_cast<int>(k) != param_.axis && d[k] != d0_up[k]) ok = false;
      }
      LITE_ENFORCE(ok, "op 'concat': input X[", i, "] has dims ", DimsToString(d),
                   " and type ", DataTypeName(xs[i]->dtype()),
                   ", incompatible with X[0] dims ", DimsToString(d0_up), " type ",
                   DataTypeName(xs[0]->dtype()), " for concatenation along axis ",
                   param_.axis);
      out[param_.axis] += d[param_.axis];
    }
    param_.out->Resize(out);
    param_.out->set_dtype(param_.out_scale > 0.f ? DataType::kInt8 : xs[0]->dtype());
    if (param_.axis != 0) param_.out->set_lod(xs[0]->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.x = GetInputList(desc, scope, "X");
    param_.out = GetOutput(desc, scope, "Out");
    param_.axis_tensor = GetOptionalInput(desc, scope, "AxisTensor");
    param_.axis_attr = desc.GetAttr<int32_t>("axis", 0);
    param_.nhwc_data = desc.GetAttr<bool>("nhwc_data", false);
    param_.upsample = desc.GetAttr<std::vector<int32_t>>("nearest_upsample", {});
    if (desc.GetAttr<bool>("output_int8", false)) {
      const auto scale = desc.GetAttr<std::vector<float>>("Out0_scale", {});
      LITE_ENFORCE(scale.size() == 1 && scale[0] > 0.f && param_.nhwc_data,
                   "op 'concat': attribute output_int8 needs nhwc_data and one positive "
                   "Out0_scale, got ", scale.size(), " scale(s)",
                   scale.empty() ? "" : " (first " + std::to_string(scale[0]) + ")");
      param_.out_scale = scale[0];
    }
    LITE_ENFORCE(param_.upsample.empty() || param_.upsample.size() == 2 * param_.x.size(),
                 "op 'concat': attribute nearest_upsample must hold 2 factors (kh, kw) per "
                 "input, ", 2 * param_.x.size(), " values, got ", param_.upsample.size());
    for (int32_t k : param_.upsample) {
      LITE_ENFORCE(k >= 1, "op 'concat': attribute nearest_upsample factors must be >= 1, got ",
                   k);
    }
  }

 private:
  // Input i's dims after its nearest_upsample factors.
  DDim UpsampledDims(size_t i) const {
    DDim d = param_.x[i]->dims();
    if (!param_.upsample.empty()) {
      d[2] *= param_.upsample[2 * i];
      d[3] *= param_.upsample[2 * i + 1];
    }
    return d;
  }
  void CheckUpsampling(int64_t rank) const {
    LITE_ENFORCE(rank == 4 && param_.axis == 1, "op 'concat': attribute nearest_upsample "
                 "needs 4-D inputs joined along axis 1, got rank ", rank, " and axis ",
                 param_.axis);
    for (size_t i = 0; i < param_.x.size(); ++i) {
      LITE_ENFORCE(param_.x[i]->dtype() == DataType::kFloat32, "op 'concat': input X[", i,
                   "] must be float32 with attribute nearest_upsample, got ",
                   DataTypeName(param_.x[i]->dtype()));
    }
  }
};

class ConcatKernel : public KernelBase<ConcatParam> {
 public:
  void Run(const RunContext& ctx) override {
    if (!param().upsample.empty()) {
      if (param().nhwc_data) {
        RunNhwcUpsampling(ctx.threads);
      } else {
        RunUpsampling(ctx.threads);
      }
      return;
    }
    if (param().out_scale > 0.f) {
      RunQuantizing();
      return;
    }
    const auto& xs = param().x;
    Tensor* out = param().out;
    const size_t esize = SizeOf(xs[0]->dtype());
    char* o = static_cast<char*>(out->mutable_data(xs[0]->dtype()));
    // NHWC data joined along C is the NHWC view joined along its last axis.
    const bool nhwc = param().nhwc_data;
    auto view = [nhwc](const DDim& d) { return nhwc ? DDim{d[0], d[2], d[3], d[1]} : d; };
    const DDim od = view(out->dims());
    const int axis = nhwc ? 3 : param().axis;
    const int64_t outer = DimsProduct(od, 0, axis);
    const int64_t inner = DimsProduct(od, axis + 1, od.size());
    const int64_t out_row = od[axis] * inner * esize;
    int64_t offset = 0;
    for (const Tensor* x : xs) {
      const int64_t row = view(x->dims())[axis] * inner * esize;
      if (row > 0) {
        const char* src = static_cast<const char*>(x->raw_data());
        for (int64_t i = 0; i < outer; ++i) {
          std::memcpy(o + i * out_row + offset, src + i * row, row);
        }
      }
      offset += row;
    }
  }

 private:
  // NHWC float inputs -> s8 NHWC output by blocks of pixels: each input's
  // block quantized in one pass into a small buffer, then the pixels'
  // channel vectors interleaved into the output, written once in order.
  void RunQuantizing() {
    const auto& p = param();
    const DDim& od = p.out->dims();
    const int64_t pixels = od[0] * od[2] * od[3], out_c = od[1];
    const float inv = 1.f / p.out_scale;
    int8_t* out = p.out->mutable_data<int8_t>();
    constexpr int64_t kBlock = 128;
    block_.resize(static_cast<size_t>(kBlock * out_c));
    for (int64_t p0 = 0; p0 < pixels; p0 += kBlock) {
      const int64_t count = std::min(kBlock, pixels - p0);
      int64_t channel = 0;
      for (const Tensor* x : p.x) {
        const int64_t c = x->dims()[1];
        int8_t* q = block_.data() + channel * kBlock;
        QuantizeS8Array(x->data<float>() + p0 * c, q, count * c, inv);
        int8_t* o = out + p0 * out_c + channel;
        if (c % 8 == 0) {  // 8-byte moves in line (a memcpy call per pixel cost more)
          for (int64_t i = 0; i < count; ++i) {
            for (int64_t k = 0; k < c; k += 8) {
              uint64_t v;
              std::memcpy(&v, q + i * c + k, 8);
              std::memcpy(o + i * out_c + k, &v, 8);
            }
          }
        } else {
          for (int64_t i = 0; i < count; ++i) std::memcpy(o + i * out_c, q + i * c, c);
        }
        channel += c;
      }
    }
  }

  std::vector<int8_t> block_;  // RunQuantizing: one block of quantized pixels per input

  // NHWC data with nearest_upsample, float or quantized to s8 (output_int8):
  // output row y of image b takes input i's row y / kh_i, each pixel x its
  // pixel x / kw_i; an s8 output quantizes that source row once per output
  // row, the value its readers would quantize.
  void RunNhwcUpsampling(int threads) {
    const auto& p = param();
    const DDim& od = p.out->dims();
    const int64_t out_c = od[1], oh = od[2], ow = od[3], rows = od[0] * oh;
    const bool s8 = p.out_scale > 0.f;
    const float inv = s8 ? 1.f / p.out_scale : 0.f;
    int64_t widest = 0;
    for (const Tensor* x : p.x) widest = std::max(widest, x->dims()[1] * x->dims()[3]);
    int8_t* out8 = s8 ? p.out->mutable_data<int8_t>() : nullptr;
    float* outf = s8 ? nullptr : p.out->mutable_data<float>();
#pragma omp parallel num_threads(threads) if (threads > 1 && rows * ow * out_c > 65536)
    {
      std::vector<int8_t> q(static_cast<size_t>(s8 ? widest : 0));
#pragma omp for schedule(static)
      for (int64_t r = 0; r < rows; ++r) {
        const int64_t b = r / oh, y = r % oh;
        int64_t channel = 0;
        for (size_t i = 0; i < p.x.size(); ++i) {
          const DDim& d = p.x[i]->dims();
          const int64_t c = d[1], kh = p.upsample[2 * i], kw = p.upsample[2 * i + 1];
          const float* src = p.x[i]->data<float>() + (b * d[2] + y / kh) * d[3] * c;
          if (s8) {
            QuantizeS8Array(src, q.data(), d[3] * c, inv);
            int8_t* o = out8 + r * ow * out_c + channel;
            for (int64_t x = 0; x < ow; ++x) {
              std::memcpy(o + x * out_c, q.data() + (x / kw) * c, static_cast<size_t>(c));
            }
          } else {
            float* o = outf + r * ow * out_c + channel;
            for (int64_t x = 0; x < ow; ++x) {
              std::memcpy(o + x * out_c, src + (x / kw) * c, static_cast<size_t>(c) * 4);
            }
          }
          channel += c;
        }
      }
    }
  }

  // NCHW along channels: per image, input i's channels are one contiguous
  // block of the output, written by the repeat (factors 1, 1 copy).
  void RunUpsampling(int threads) {
    const auto& p = param();
    float* o = p.out->mutable_data<float>();
    const DDim& od = p.out->dims();
    const int64_t out_hw = od[2] * od[3];
    const int64_t image = od[1] * out_hw;
    int64_t channel = 0;
    for (size_t i = 0; i < p.x.size(); ++i) {
      const DDim& d = p.x[i]->dims();
      const float* src = p.x[i]->data<float>();
      const int64_t block = d[1] * d[2] * d[3];
      const bool copy = p.upsample[2 * i] == 1 && p.upsample[2 * i + 1] == 1;
      for (int64_t b = 0; b < od[0]; ++b) {
        float* dst = o + b * image + channel * out_hw;
        if (copy) {
          std::memcpy(dst, src + b * block, static_cast<size_t>(block) * sizeof(float));
          continue;
        }
        NearestIntegerUpscale(src + b * block, d[1], d[2], d[3], p.upsample[2 * i],
                              p.upsample[2 * i + 1], threads, UpscaleAddend{}, dst);
      }
      channel += d[1];
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ConcatOp)
LITE_KERNEL_CLASS(ConcatKernel)
