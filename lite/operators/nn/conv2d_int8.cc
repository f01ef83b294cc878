// int8 kernel of conv2d / depthwise_conv2d (kernel key kX86/kInt8), chosen
// when the op carries enable_int8 + input_scale + weight_scale (see
// conv_param.h; quant_dequant_fold_pass writes them for QAT models). Float
// NCHW in and out: the input is transposed to NHWC (x86::NchwToNhwc, AVX)
// and quantized per tensor (q = clamp(round_half_even(x / input_scale),
// -127, 127), a loop the compiler vectorizes), the float filter is quantized
// per output channel once (cached for persistable filters; an int8 Filter
// tensor is taken as already quantized), oneDNN computes the s8 x s8 -> s32
// convolution on NHWC and rescales to float with input_scale *
// weight_scale[m] (+ bias, + fused activation), and the f32 NHWC result is
// transposed back to NCHW. NHWC is oneDNN's native int8 layout; its own
// nchw<->nhwc reorders were the slow part (see conv2d.cc).
#include <algorithm>
#include <cmath>
#include <memory>

#include "lite/core/registry.h"
#include "lite/kernels/x86/layout_transpose.h"
#include "lite/operators/nn/conv_param.h"

namespace paddle {
namespace lite {
namespace operators {

class ConvInt8DnnlKernel : public KernelBase<ConvParam> {
 public:
  void Run(const RunContext& ctx) override {
    WithDnnlErrors(param().op_type, [&] { RunImpl(ctx); });
  }

 private:
  using tag = dnnl::memory::format_tag;
  using dt = dnnl::memory::data_type;

  struct Key {
    DDim in, w;
    const void* w_data{nullptr};
    bool has_bias{false};
    std::vector<int> pads, dil;
    int threads{0};
    bool operator==(const Key& o) const {
      return in == o.in && w == o.w && w_data == o.w_data && has_bias == o.has_bias &&
             pads == o.pads && dil == o.dil && threads == o.threads;
    }
  };

  struct Plan {
    Key key;
    dnnl::convolution_forward conv;
    dnnl::memory::desc w_user;
    dnnl::memory src_mem, dst_mem, weights, bias;
    bool weights_valid{false};
    bool post_act_fallback{false};
    std::vector<float> out_scales;
  };

  float WeightScale(int64_t m) const {
    const auto& s = param().weight_scale;
    return s.size() == 1 ? s[0] : s[m];
  }

  void Build(const Key& key) {
    auto& p = param();
    const auto& eng = x86::DnnlEngine();
    auto plan = std::make_unique<Plan>();
    plan->key = key;
    const DDim& in = key.in;
    const DDim& w = key.w;
    const DDim& out = p.output->dims();
    const int64_t g = p.groups, M = w[0];
    dnnl::memory::dims src_dims = ToDnnlDims(in), dst_dims = ToDnnlDims(out);
    dnnl::memory::dims w_dims = g == 1 ? ToDnnlDims(w) : dnnl::memory::dims{g, M / g, w[1], w[2], w[3]};
    plan->w_user = dnnl::memory::desc(w_dims, dt::s8, g == 1 ? tag::oihw : tag::goihw);
    dnnl::memory::desc src_any(src_dims, dt::s8, tag::nhwc);
    dnnl::memory::desc dst_any(dst_dims, dt::f32, tag::nhwc);
    dnnl::memory::desc w_any(w_dims, dt::s8, tag::any);
    dnnl::memory::desc b_md({M}, dt::f32, tag::x);
    dnnl::memory::dims strides{p.strides[0], p.strides[1]};
    dnnl::memory::dims dil{key.dil[0] - 1, key.dil[1] - 1};
    dnnl::memory::dims pad_l{key.pads[0], key.pads[2]}, pad_r{key.pads[1], key.pads[3]};
    auto desc = dnnl::convolution_forward::desc(
        dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct, src_any, w_any,
        b_md, dst_any, strides, dil, pad_l, pad_r);
    dnnl::primitive_attr attr;
    plan->out_scales.resize(M);
    for (int64_t m = 0; m < M; ++m) plan->out_scales[m] = p.input_scale * WeightScale(m);
    attr.set_output_scales(1 << 1, plan->out_scales);
    dnnl::post_ops ops;
    plan->post_act_fallback = !p.act.AppendPostOps(&ops);
    if (!plan->post_act_fallback) attr.set_post_ops(ops);
    dnnl::convolution_forward::primitive_desc pd(desc, attr, eng);
    plan->conv = dnnl::convolution_forward(pd);
    plan->src_mem = dnnl::memory(pd.src_desc(), eng);
    plan->dst_mem = dnnl::memory(pd.dst_desc(), eng);
    plan->weights = dnnl::memory(pd.weights_desc(), eng);
    plan->bias = dnnl::memory(b_md, eng);
    plan_ = std::move(plan);
  }

  // Quantizes (if float) and packs the filter; oneDNN adds the bias before
  // the output scale, so the bias is stored divided by it.
  void PackWeights(Plan* plan) {
    auto& p = param();
    const DDim& w = p.filter->dims();
    const int64_t M = w[0], per = p.filter->numel() / std::max<int64_t>(M, 1);
    std::vector<int8_t> q(p.filter->numel());
    if (p.filter->dtype() == DataType::kInt8) {
      const int8_t* src = p.filter->data<int8_t>();
      std::copy(src, src + q.size(), q.begin());
    } else {
      const float* src = p.filter->data<float>();
      for (int64_t m = 0; m < M; ++m) {
        const float inv = 1.f / WeightScale(m);
        for (int64_t i = 0; i < per; ++i) {
          const float v = std::nearbyint(src[m * per + i] * inv);
          q[m * per + i] = static_cast<int8_t>(std::min(127.f, std::max(-127.f, v)));
        }
      }
    }
    const auto& eng = x86::DnnlEngine();
    dnnl::memory user(plan->w_user, eng, q.data());
    dnnl::reorder(user, plan->weights).execute(x86::DnnlStream(), user, plan->weights);
    x86::DnnlStream().wait();
    plan->weights_valid = p.filter->persistable();
  }

  void RunImpl(const RunContext& ctx) {
    auto& p = param();
    x86::ScopedDnnlThreads threads(ctx.threads);
    Key key{p.input->dims(), p.filter->dims(), p.filter->raw_data(), p.bias != nullptr,
            p.eff_paddings, p.eff_dilations, ctx.threads};
    if (!plan_ || !(plan_->key == key)) Build(key);
    Plan& plan = *plan_;
    if (!plan.weights_valid) PackWeights(&plan);
    const int64_t M = p.filter->dims()[0];
    float* bias_q = static_cast<float*>(plan.bias.get_data_handle());
    for (int64_t m = 0; m < M; ++m) {
      bias_q[m] = p.bias ? p.bias->data<float>()[m] / plan.out_scales[m] : 0.f;
    }
    // NCHW float -> NHWC float -> s8 (round half to even via the 1.5 * 2^23
    // trick, exact for |v| <= 127; no libm call, so the loop vectorizes).
    const DDim& in = p.input->dims();
    const int64_t n = p.input->numel(), hw = in[2] * in[3];
    nhwc_in_.resize(n);
    x86::NchwToNhwc(p.input->data<float>(), nhwc_in_.data(), in[0], in[1], hw, ctx.threads);
    const float inv = 1.f / p.input_scale;
    const float* x = nhwc_in_.data();
    int8_t* q = static_cast<int8_t*>(plan.src_mem.get_data_handle());
    const int64_t chunk = 16384;
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (n > 65536)
    for (int64_t b = 0; b < n; b += chunk) {
      const int64_t e = std::min(n, b + chunk);
      for (int64_t i = b; i < e; ++i) {
        float v = std::min(127.f, std::max(-127.f, x[i] * inv));
        v = (v + 12582912.f) - 12582912.f;
        q[i] = static_cast<int8_t>(static_cast<int32_t>(v));
      }
    }
    auto& stream = x86::DnnlStream();
    plan.conv.execute(stream, {{DNNL_ARG_SRC, plan.src_mem},
                               {DNNL_ARG_WEIGHTS, plan.weights},
                               {DNNL_ARG_BIAS, plan.bias},
                               {DNNL_ARG_DST, plan.dst_mem}});
    stream.wait();
    const DDim& od = p.output->dims();
    float* out = p.output->mutable_data<float>();
    x86::NhwcToNchw(static_cast<const float*>(plan.dst_mem.get_data_handle()), out, od[0], od[1],
                    od[2] * od[3], ctx.threads);
    if (plan.post_act_fallback) p.act.ApplyInPlace(out, p.output->numel(), ctx.threads);
  }

  std::unique_ptr<Plan> plan_;
  std::vector<float> nhwc_in_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_REGISTER_KERNEL(conv2d, kX86, kInt8, kNCHW, def,
                     paddle::lite::operators::ConvInt8DnnlKernel)
LITE_REGISTER_KERNEL(depthwise_conv2d, kX86, kInt8, kNCHW, def,
                     paddle::lite::operators::ConvInt8DnnlKernel)
