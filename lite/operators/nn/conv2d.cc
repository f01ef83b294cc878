// conv2d / depthwise_conv2d (Paddle semantics, NCHW) on oneDNN.
//
// Inputs: Input [N, C, H, W], Filter [M, C/groups, KH, KW], optional Bias [M]
// (not in Paddle's conv2d; added by fusion passes). Output [N, M, OH, OW].
// A depthwise conv may carry a 1x1 conv in front (pointwise_depthwise_fuse_pass:
// PointwiseFilter, PointwiseBias, pointwise_act_type; conv_param.h).
// Attributes: strides, paddings (2 or 4 values), padding_algorithm
// (EXPLICIT/SAME/VALID), dilations, groups, data_format (NCHW), plus the
// fused activation attributes described in nn_common.h ("act_type", ...).
//
// The kernel lets oneDNN choose the activation and weight layouts
// (format_tag::any: blocked nChw16c for most shapes, which is what makes the
// depthwise case fast), reorders the weights once per (weights, dims) and
// reorders activations in/out of the blocked layout around each call.
#include <memory>

#include "lite/core/registry.h"
#include "lite/operators/nn/conv_param.h"
#include "lite/operators/nn/depthwise_conv_nchw.h"
#include "lite/operators/nn/dnnl_plan_cache.h"
#include "lite/operators/nn/dnnl_thread_stable.h"
#include "lite/operators/nn/pointwise_conv_nchw.h"
#include "lite/operators/nn/pointwise_depthwise_nchw.h"
#include "lite/operators/nn/stem_conv_nchw.h"
#include "lite/operators/nn/winograd_conv3x3.h"

namespace paddle {
namespace lite {
namespace operators {

class ConvOp : public OperatorBase<ConvParam> {
 public:
  PrecisionType PreferredPrecision() const override {
    return param_.enable_int8 ? PrecisionType::kInt8 : PrecisionType::kFloat;
  }
  void InferShape() override {
    auto& p = param_;
    const std::string& op = p.op_type;
    CheckConvRanks(p, "[M, C/groups, KH, KW]");
    const DDim in = p.pointwise_filter ? PointwiseOutputDims() : p.input->dims();
    const DDim& w = p.filter->dims();
    LITE_ENFORCE(in[1] == w[1] * p.groups, "op '", op, "': input 'Input' ",
                 DimsToString(in), " has ", in[1], " channels but 'Filter' ",
                 DimsToString(w), " with groups=", p.groups, " expects ",
                 w[1] * p.groups, " (Filter dim 1 x groups)");
    LITE_ENFORCE(w[0] % p.groups == 0, "op '", op, "': 'Filter' ", DimsToString(w),
                 " output channels ", w[0], " are not divisible by groups=", p.groups);
    LITE_ENFORCE(p.input->dtype() != DataType::kInt8 || p.input_nhwc, "op '", op,
                 "': input 'Input' is int8; expected float32 (int8 only as NHWC data between "
                 "int8 convs, attribute input_nhwc)");
    if (p.enable_int8) {
      LITE_ENFORCE(p.weight_scale.size() == 1 || static_cast<int64_t>(p.weight_scale.size()) == w[0],
                   "op '", op, "': attribute 'weight_scale' has ", p.weight_scale.size(),
                   " values; expected 1 or ", w[0], " (output channels of 'Filter' ",
                   DimsToString(w), ")");
    }
    if (p.input_blocked || p.output_blocked) {
      LITE_ENFORCE(!p.enable_int8 && !p.input_nhwc && !p.output_nhwc && !p.pointwise_filter &&
                       p.input->dtype() == DataType::kFloat32,
                   "op '", op, "': attributes 'input_blocked' / 'output_blocked' are for float "
                   "convs on NCHW tensors without int8, NHWC or PointwiseFilter attributes");
      LITE_ENFORCE(!p.input_blocked || in[1] % kBlockedChannelMultiple == 0, "op '", op,
                   "': attribute 'input_blocked' needs input channels that are a multiple of ",
                   kBlockedChannelMultiple, ", got ", in[1]);
      LITE_ENFORCE(!p.output_blocked || w[0] % kBlockedChannelMultiple == 0, "op '", op,
                   "': attribute 'output_blocked' needs output channels that are a multiple "
                   "of ", kBlockedChannelMultiple, ", got ", w[0]);
    }
    if (p.bias) {
      LITE_ENFORCE(p.bias->numel() == w[0], "op '", op, "': input 'Bias' ",
                   DimsToString(p.bias->dims()), " must have ", w[0],
                   " elements (output channels)");
    }
    ResolveConvPadding(&p);
    DDim out{in[0], w[0], 0, 0};
    for (int i = 0; i < 2; ++i) {
      const int64_t k = p.eff_dilations[i] * (w[2 + i] - 1) + 1;
      const int64_t pad_before = p.eff_paddings[2 * i], pad_after = p.eff_paddings[2 * i + 1];
      LITE_ENFORCE(in[2 + i] + pad_before + pad_after >= k, "op '", op, "': input 'Input' ", DimsToString(in),
                   " is smaller than the dilated kernel ", DimsToString(w),
                   " plus paddings along spatial axis ", i);
      out[2 + i] = WindowOutputExtent(in[2 + i], pad_before, pad_after, k, p.strides[i]);
    }
    p.output->Resize(out);
    p.output->set_dtype(p.output_int8 ? DataType::kInt8 : DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    ReadConvAttributes(desc, scope, &p);
    ReadConvInt8Attributes(desc, &p);
    p.input_blocked = desc.GetAttr<bool>("input_blocked", false);
    p.output_blocked = desc.GetAttr<bool>("output_blocked", false);
    p.pointwise_filter = GetOptionalInput(desc, scope, "PointwiseFilter");
    p.pointwise_bias = GetOptionalInput(desc, scope, "PointwiseBias");
    if (p.pointwise_filter) {
      p.pointwise_act = FusedActivation::DefaultNamed(desc, "pointwise_act_type");
      p.pointwise_act.post_scale = desc.GetAttr<float>("pointwise_post_act_scale", 1.f);
      p.pointwise_act.post_shift = desc.GetAttr<float>("pointwise_post_act_shift", 0.f);
    }
  }

 private:
  // The depthwise conv's input when a 1x1 conv is folded in front of it:
  // [N, M, H, W] from Input [N, C, H, W] and PointwiseFilter [M, C, 1, 1].
  DDim PointwiseOutputDims() const {
    const auto& p = param_;
    const std::string& op = p.op_type;
    const DDim& x = p.input->dims();
    const DDim& pw = p.pointwise_filter->dims();
    LITE_ENFORCE(pw.size() == 4 && pw[1] == x[1] && pw[2] == 1 && pw[3] == 1, "op '", op,
                 "': input 'PointwiseFilter' ", DimsToString(pw), " must be [M, ", x[1],
                 ", 1, 1] for Input ", DimsToString(x));
    LITE_ENFORCE(!p.pointwise_bias || p.pointwise_bias->numel() == pw[0], "op '", op,
                 "': input 'PointwiseBias' must have ", pw[0], " elements");
    LITE_ENFORCE(!p.enable_int8 && !p.input_nhwc && !p.output_nhwc &&
                     p.input->dtype() == DataType::kFloat32,
                 "op '", op, "': a PointwiseFilter takes float32 NCHW Input only");
    LITE_ENFORCE(p.groups == pw[0] && p.filter->dims()[0] == pw[0], "op '", op,
                 "': a PointwiseFilter needs a depthwise conv with one filter per channel "
                 "(groups = Filter dim 0 = ", pw[0], ")");
    return DDim{x[0], pw[0], x[2], x[3]};
  }
};

class ConvDnnlKernel : public DnnlKernel<ConvParam> {
 private:
  std::unique_ptr<DnnlPlan> Build(const DnnlPlanKey& key) {
    auto& p = param();
    const auto& eng = x86::DnnlEngine();
    const DDim &in = key.in, &w = key.w, &out = key.out;
    const int64_t g = p.groups;
    dnnl::memory::dims src_dims = ToDnnlDims(in), dst_dims = ToDnnlDims(out);
    dnnl::memory::dims w_dims;
    tag w_user_tag;
    if (g == 1) {
      w_dims = ToDnnlDims(w);
      w_user_tag = tag::oihw;
    } else {
      w_dims = {g, w[0] / g, w[1], w[2], w[3]};
      w_user_tag = tag::goihw;
    }
    dnnl::memory::desc w_any(w_dims, dt::f32, tag::any);
    dnnl::memory::desc b_md({w[0]}, dt::f32, tag::x);
    dnnl::memory::dims strides{p.strides[0], p.strides[1]};
    dnnl::memory::dims dil{key.dil[0] - 1, key.dil[1] - 1};
    dnnl::memory::dims pad_l{key.pads[0], key.pads[2]}, pad_r{key.pads[1], key.pads[3]};
    const bool pointwise = w[2] == 1 && w[3] == 1 && p.strides[0] == 1 && p.strides[1] == 1 &&
                           key.pads == std::vector<int>{0, 0, 0, 0} && g == 1;
    const bool blocked = p.input_blocked || p.output_blocked;
    dnnl::post_ops ops;
    // oneDNN 2.6's GEMM convolution (used for pointwise NCHW below) applies
    // eltwise post-ops per element in scalar code: a 1x1 conv 24->120 @80x80
    // with hard_swish took 3.4 ms instead of 0.2 ms. Our SIMD loop afterwards
    // costs one pass over an output that is still in cache. (Blocked convs
    // run oneDNN's direct kernels, which apply post-ops in vector code.)
    bool post_act_fallback =
        !p.act.AppendPostOps(&ops) || (pointwise && !blocked && p.act.Vectorized());
    const dnnl::primitive_attr no_post_ops = x86::DnnlAttr();
    dnnl::primitive_attr attr = x86::DnnlAttr();
    if (!post_act_fallback) attr.set_post_ops(ops);
    auto make_pd_with = [&](const dnnl::primitive_attr& a, tag act_tag, dnnl::algorithm alg,
                            tag src_tag = tag::undef) {
      dnnl::memory::desc src_md(src_dims, dt::f32, src_tag == tag::undef ? act_tag : src_tag);
      dnnl::memory::desc dst_md(dst_dims, dt::f32, act_tag);
      auto desc = key.has_bias
                      ? dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference, alg,
                                                        src_md, w_any, b_md, dst_md, strides,
                                                        dil, pad_l, pad_r)
                      : dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference, alg,
                                                        src_md, w_any, dst_md, strides, dil,
                                                        pad_l, pad_r);
      return dnnl::convolution_forward::primitive_desc(desc, a, eng);
    };
    if (blocked) {
      // Blocked data in place on the chained side(s); the other side (a
      // reorder from or to NCHW at the chain's end) in oneDNN's choice of
      // layout, or on AVX-512 in the blocked one (with its choice, NHWC, a
      // chain starting at a depthwise conv got the reference kernel: 62 ms
      // instead of 0.5 for the detector's 32 channels @320x320 stride 2).
      // An activation oneDNN cannot express exactly runs as our pass over
      // the output afterwards, which is element-wise and so layout-free.
      const tag blk = BlockedActTag();
      const tag other = OneDnnUsesAvx512() ? blk : tag::any;
      const auto pd = make_pd_with(attr, p.output_blocked ? blk : other,
                                   dnnl::algorithm::convolution_direct,
                                   p.input_blocked ? blk : other);
      return std::make_unique<DnnlPlan>(
          key, pd, dnnl::convolution_forward(pd), dnnl::memory::desc(w_dims, dt::f32, w_user_tag),
          post_act_fallback, p.input_blocked ? DnnlUser::kBlockedFloat : DnnlUser::kPlainFloat,
          p.output_blocked ? DnnlUser::kBlockedFloat : DnnlUser::kPlainFloat);
    }
    auto make_pd = [&](tag act_tag, dnnl::algorithm alg, tag src_tag = tag::undef) {
      return make_pd_with(attr, act_tag, alg, src_tag);
    };
    // Activation layout policy (measured on AVX-512, 1 thread, tensors NCHW at
    // the op boundary):
    // - pointwise stride-1 unpadded convs run on plain NCHW (oneDNN's GEMM
    //   convolution): no layout conversion at all, and as fast or faster than
    //   the blocked kernels plus two conversions;
    // - when the input channels are a multiple of 16, nChw16c: oneDNN's
    //   nchw<->nChw16c reorders are cheap (jit:blk) and its nChw16c kernels
    //   (incl. depthwise) are fast (PP-OCR's 3x3 96->24 convs: 1.6x faster
    //   than NHWC brgconv + transposes);
    // - otherwise oneDNN's choice (typically NHWC brgconv), converted with our
    //   AVX transposes (oneDNN's nchw<->nhwc and odd-channel blocked reorders
    //   are several times slower).
    const bool blocked16 = in[1] % 16 == 0;
    // 3x3 stride-1 undilated ungrouped convs with 16-multiple input channels
    // try oneDNN's Winograd kernels first (F(4x4,3x3) / F(2x2,3x3), AVX-512
    // only): PP-OCR's 3x3 96->24 @160x160 primitive takes 3.9 ms in the
    // detector (DNNL_VERBOSE) instead of 6.9 ms for the direct nChw16c kernel.
    // Their rounding differs from direct convolution by ~1e-6 relative.
    const bool winograd = g == 1 && blocked16 && w[2] == 3 && w[3] == 3 &&
                          p.strides[0] == 1 && p.strides[1] == 1 && key.dil[0] == 1 &&
                          key.dil[1] == 1 && out[2] * out[3] >= 64;
    std::unique_ptr<dnnl::convolution_forward::primitive_desc> pd_ptr;
    if (winograd) {
      // nullptr when not available on this CPU or shape, or not the same
      // kernel at every thread count a run of this predictor may use: direct
      // below.
      pd_ptr = ThreadStableConvPd(
          [&] { return make_pd(tag::nChw16c, dnnl::algorithm::convolution_winograd); },
          max_threads_);
      // oneDNN 2.6's Winograd kernels accept no eltwise post-op but relu, and
      // our relu is eltwise_clip (NaN -> 0, nn_common.cc): with it the
      // detector's head conv (3x3 96->24 @160x160 + relu) fell back to the
      // direct kernel at ~2.5x the time. Winograd without post-ops plus our
      // SIMD pass over the NCHW output costs far less.
      if (!pd_ptr && !post_act_fallback && p.act.kind != FusedActivation::kNone &&
          p.act.Vectorized()) {
        pd_ptr = ThreadStableConvPd(
            [&] {
              return make_pd_with(no_post_ops, tag::nChw16c,
                                  dnnl::algorithm::convolution_winograd);
            },
            max_threads_);
        post_act_fallback = pd_ptr != nullptr;
      }
    }
    // Few input channels (a network's first conv, 3 -> 8 @640x640): oneDNN's
    // direct kernel reads plain NCHW and writes nChw16c, no input transpose
    // (detector stem with the output reorder: ~1.45 ms vs ~1.65 ms for NHWC
    // brgconv and two transposes, same-window A/B).
    if (!pd_ptr && g == 1 && in[1] <= 4 && !pointwise) {
      try {
        pd_ptr.reset(new dnnl::convolution_forward::primitive_desc(
            make_pd(tag::any, dnnl::algorithm::convolution_direct, tag::nchw)));
        if (std::string(pd_ptr->impl_info_str()).rfind("ref", 0) == 0) pd_ptr.reset();
      } catch (const dnnl::error&) {
        pd_ptr.reset();
      }
    }
    const bool chosen = pd_ptr != nullptr;
    for (tag t : {pointwise ? tag::nchw : (blocked16 ? tag::nChw16c : tag::any), tag::any}) {
      if (chosen) break;
      try {
        pd_ptr.reset(new dnnl::convolution_forward::primitive_desc(
            make_pd(t, dnnl::algorithm::convolution_direct)));
        // Never settle for a reference (unoptimized) implementation when
        // oneDNN's own layout choice may have a JIT one.
        if (t == tag::any || std::string(pd_ptr->impl_info_str()).rfind("ref", 0) != 0) break;
      } catch (const dnnl::error&) {
        if (t == tag::any) throw;
      }
    }
    auto& pd = *pd_ptr;
    // Packed weights are reused by the cache when only the batch or spatial
    // size changed; only persistable (weight) tensors are packed once, a
    // non-persistable filter is repacked on every run.
    return std::make_unique<DnnlPlan>(key, pd, dnnl::convolution_forward(pd),
                                      dnnl::memory::desc(w_dims, dt::f32, w_user_tag),
                                      post_act_fallback);
  }

  void RunImpl(const RunContext& ctx) override {
    auto& p = param();
    const DDim& fd = p.filter->dims();
    const DDim& od = p.output->dims();
    if (p.pointwise_filter) {
      RunPointwiseDepthwise(ctx);
      return;
    }
    const DDim& id = p.input->dims();
    const bool blocked = p.input_blocked || p.output_blocked;  // oneDNN's kernels only
    // Direct NCHW depthwise where it beats oneDNN (DepthwiseNchwPays: large
    // planes; on small ones oneDNN's blocked kernels win).
    if (!blocked && DepthwiseNchwApplies(p.groups, id[1], fd[1], p.eff_dilations, p.strides) &&
        DepthwiseNchwPays(fd[2], fd[3], od[2], od[3])) {
      DepthwiseShape s{id[0], id[1], id[2], id[3], fd[0], fd[2], fd[3], od[2], od[3],
                       p.strides[0], p.strides[1], p.eff_paddings[0], p.eff_paddings[2]};
      DepthwiseConvNchw(s, p.input->data<float>(), p.filter->data<float>(),
                        p.bias ? p.bias->data<float>() : nullptr, p.act,
                        p.output->mutable_data<float>(), ctx.threads);
      return;
    }
    // On CPUs where oneDNN runs AVX2 kernels: 3x3 stride-1 convs on our
    // Winograd F(4x4, 3x3) (winograd_conv3x3.h), 1x1 convs with few input
    // channels on our pointwise kernel (pointwise_conv_nchw.h). The packed
    // filter is kept while the (persistable) filter is the same.
    const bool plain_float = !blocked && !p.enable_int8 && !p.input_nhwc && !p.output_nhwc &&
                             p.input->dtype() == DataType::kFloat32;
    const std::vector<int64_t> fdims{fd[0], fd[1], fd[2], fd[3]};
    const float* bias = p.bias ? p.bias->data<float>() : nullptr;
    if (plain_float &&
        Winograd3x3Applies(p.groups, fdims, p.strides, p.eff_dilations, od[2], od[3])) {
      const std::vector<float>& packed = packed_.Get(*p.filter, PackWinograd);
      Winograd3x3Shape s{id[0], id[1], id[2], id[3], fd[0], od[2], od[3],
                         p.eff_paddings[0], p.eff_paddings[2]};
      Winograd3x3Nchw(s, p.input->data<float>(), packed.data(), bias, p.act,
                      p.output->mutable_data<float>(), ctx.threads);
      return;
    }
    if (plain_float &&
        StemConvApplies(p.groups, fdims, p.strides, p.eff_dilations, p.eff_paddings)) {
      StemConvShape s{id[0], id[1], id[2], id[3], fd[0], od[2], od[3], p.eff_paddings[0],
                      p.eff_paddings[2]};
      StemConvNchw(s, p.input->data<float>(), p.filter->data<float>(), bias, p.act,
                   p.output->mutable_data<float>(), ctx.threads);
      return;
    }
    if (plain_float &&
        PointwiseNchwApplies(p.groups, fdims, p.strides, p.eff_paddings, od[2] * od[3])) {
      const std::vector<float>& packed = packed_.Get(*p.filter, PackPointwise);
      PointwiseShape s{id[0], id[1], od[2] * od[3], fd[0]};
      PointwiseConvNchw(s, p.input->data<float>(), packed.data(), bias, p.act,
                        p.output->mutable_data<float>(), ctx.threads);
      return;
    }
    // Tiny convs (the 1x1 convs of SE blocks on a pooled 1x1 map) run on the
    // calling thread: a parallel region costs more than their work, and
    // oneDNN's GEMM convolution splits their reduction by thread count, so
    // their values (and the classifier's output, by 1 ulp) depended on it.
    const double flops = 2.0 * od[0] * od[1] * od[2] * od[3] * fd[1] * fd[2] * fd[3];
    max_threads_ = ctx.max_threads;
    RunFloatConvPlan(&plans_, p, flops < kSerialConvFlops ? 1 : ctx.threads,
                     [&](const DnnlPlanKey& key) { return Build(key); });
  }

  static constexpr double kSerialConvFlops = 1 << 20;

  // The 1x1 conv folded in front (pointwise_depthwise_nchw.h).
  void RunPointwiseDepthwise(const RunContext& ctx) {
    auto& p = param();
    const DDim& x = p.input->dims();
    const DDim& fd = p.filter->dims();
    const DDim& od = p.output->dims();
    const DDim& pwd = p.pointwise_filter->dims();
    const std::vector<float>& packed = pointwise_packed_.Get(*p.pointwise_filter, PackPointwise);
    PointwiseDepthwiseShape s{x[1],
                              {x[0], pwd[0], x[2], x[3], fd[0], fd[2], fd[3], od[2], od[3],
                               p.strides[0], p.strides[1], p.eff_paddings[0], p.eff_paddings[2]}};
    LITE_ENFORCE(DepthwiseNchwApplies(p.groups, pwd[0], fd[1], p.eff_dilations, p.strides),
                 "op '", p.op_type, "': a PointwiseFilter needs an undilated depthwise conv "
                 "with strides <= 4");
    PointwiseDepthwiseNchw(s, p.input->data<float>(), packed.data(),
                           p.pointwise_bias ? p.pointwise_bias->data<float>() : nullptr,
                           p.pointwise_act, p.filter->data<float>(),
                           p.bias ? p.bias->data<float>() : nullptr, p.act,
                           p.output->mutable_data<float>(), ctx.threads);
  }

  int max_threads_{1};  // RunContext::max_threads of the current run

  // The filter as our Winograd or pointwise kernel packs it ([M, C, KH, KW]).
  static std::vector<float> PackWinograd(const float* f, const DDim& d) {
    return Winograd3x3Filter(f, d[0], d[1]);
  }
  static std::vector<float> PackPointwise(const float* f, const DDim& d) {
    return PointwisePackFilter(f, d[0], d[1]);
  }
  PackedFilterCache packed_;
  PackedFilterCache pointwise_packed_;

  DnnlPlanCache plans_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ConvOp)
LITE_KERNEL_CLASS(ConvDnnlKernel)
