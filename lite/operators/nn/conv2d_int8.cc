// int8 kernel of conv2d / depthwise_conv2d (kernel key kX86/kInt8), chosen
// when the op carries enable_int8 + input_scale + weight_scale (see
// conv_param.h; quant_dequant_fold_pass writes them for QAT models). Float
// NCHW in and out: the input is quantized per tensor (q =
// clamp(round_half_even(x / input_scale), -127, 127)) straight into NHWC s8
// (8x8 AVX2 register transposes, one pass), the float filter is quantized
// per output channel once (cached for persistable filters; an int8 Filter
// tensor is taken as already quantized), oneDNN computes the s8 x s8 -> s32
// convolution on NHWC and rescales to float with input_scale *
// weight_scale[m] (+ bias, + fused activation), and the f32 NHWC result is
// transposed back to NCHW. NHWC is oneDNN's native int8 layout; its own
// nchw<->nhwc reorders were the slow part (see conv2d.cc). Between int8
// convs (int8_nhwc_chain_pass, attributes in conv_param.h) the input may
// already be NHWC (s8: read in place; float: quantized without transpose)
// and the output is left NHWC (f32, or s8 with Output0_scale) for the next
// conv or residual add (docs/int8.md).
#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

#include "lite/core/registry.h"
#include "lite/operators/nn/conv3x3_s8_vnni.h"
#include "lite/operators/nn/conv_param.h"
#include "lite/operators/nn/dnnl_plan_cache.h"
#include "lite/operators/nn/int8_float_emulation.h"
#include "lite/operators/nn/quantize_s8.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {

// Pixels [p0, p0 + 8) of channels [c0, c0 + cb) (cb <= 8): eight float
// rows of the NCHW plane are transposed in registers and each pixel's cb
// channels stored as cb bytes of the NHWC s8 image.
__attribute__((target("avx2"))) void QuantTile8(const float* src, int64_t hw, int8_t* dst,
                                               int64_t c, int64_t c0, int64_t cb, int64_t p0,
                                               __m256 inv, __m256 lo, __m256 hi) {
  __m256 r[8];
  for (int64_t k = 0; k < 8; ++k) {
    r[k] = k < cb ? _mm256_loadu_ps(src + (c0 + k) * hw + p0) : _mm256_setzero_ps();
  }
  __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
  __m256 t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
  __m256 t4 = _mm256_unpacklo_ps(r[4], r[5]), t5 = _mm256_unpackhi_ps(r[4], r[5]);
  __m256 t6 = _mm256_unpacklo_ps(r[6], r[7]), t7 = _mm256_unpackhi_ps(r[6], r[7]);
  __m256 s0 = _mm256_shuffle_ps(t0, t2, 0x44), s1 = _mm256_shuffle_ps(t0, t2, 0xEE);
  __m256 s2 = _mm256_shuffle_ps(t1, t3, 0x44), s3 = _mm256_shuffle_ps(t1, t3, 0xEE);
  __m256 s4 = _mm256_shuffle_ps(t4, t6, 0x44), s5 = _mm256_shuffle_ps(t4, t6, 0xEE);
  __m256 s6 = _mm256_shuffle_ps(t5, t7, 0x44), s7 = _mm256_shuffle_ps(t5, t7, 0xEE);
  __m256 px[8] = {_mm256_permute2f128_ps(s0, s4, 0x20), _mm256_permute2f128_ps(s1, s5, 0x20),
                  _mm256_permute2f128_ps(s2, s6, 0x20), _mm256_permute2f128_ps(s3, s7, 0x20),
                  _mm256_permute2f128_ps(s0, s4, 0x31), _mm256_permute2f128_ps(s1, s5, 0x31),
                  _mm256_permute2f128_ps(s2, s6, 0x31), _mm256_permute2f128_ps(s3, s7, 0x31)};
  for (int64_t j = 0; j < 8; ++j) {
    const __m128i q8 = Quant8(px[j], inv, lo, hi);
    int8_t* out = dst + (p0 + j) * c + c0;
    if (cb == 8 || (cb == c && j * cb + 8 <= 8 * cb)) {
      // With fewer than 8 channels in all (a network's RGB input), the 8
      // bytes run into the next pixels', which their own stores rewrite
      // next; the pixels whose 8 bytes would leave this block of 8 (another
      // thread's) are copied exactly. A memcpy per pixel took 0.65 ms of
      // the QAT detector's 17.5 (3 x 640 x 640 input, Zen 5).
      _mm_storel_epi64(reinterpret_cast<__m128i*>(out), q8);
    } else {
      alignas(16) int8_t tmp[16];
      _mm_store_si128(reinterpret_cast<__m128i*>(tmp), q8);
      std::memcpy(out, tmp, cb);
    }
  }
}

// Pixel block b (pixels [8b, 8b + 8)) of all channels.
__attribute__((target("avx2"))) void QuantBlock8(const float* src, int8_t* dst, int64_t c,
                                                int64_t hw, float inv, int64_t b) {
  const __m256 vinv = _mm256_set1_ps(inv), lo = _mm256_set1_ps(-127.f),
               hi = _mm256_set1_ps(127.f);
  for (int64_t c0 = 0; c0 < c; c0 += 8) {
    QuantTile8(src, hw, dst, c, c0, std::min<int64_t>(8, c - c0), b * 8, vinv, lo, hi);
  }
}

// Three planes (an RGB input) -> interleaved s8 pixels, 16 at a time: each
// plane's 16 values quantized to 16 bytes, then interleaved with byte
// shuffles. The 8x8 transposes of QuantBlock8 spent 5 of 8 lanes on absent
// channels here: 0.55 ms of the QAT detector's 640x640 input on Zen 5.
__attribute__((target("avx2"))) void QuantRgb16(const float* src, int64_t hw, int8_t* dst,
                                               int64_t p0, __m256 inv, __m256 lo,
                                               __m256 hi) {
  __m128i plane[3];
  for (int k = 0; k < 3; ++k) {
    const float* x = src + k * hw + p0;
    plane[k] = _mm_unpacklo_epi64(Quant8(_mm256_loadu_ps(x), inv, lo, hi),
                                  Quant8(_mm256_loadu_ps(x + 8), inv, lo, hi));
  }
  // Output byte b of the 48 is channel b % 3 of pixel b / 3: for each of
  // the three 16-byte pieces, one shuffle per plane (-1: zero) and an or.
  alignas(16) static const int8_t kIdx[3][3][16] = {
      {{0, -1, -1, 1, -1, -1, 2, -1, -1, 3, -1, -1, 4, -1, -1, 5},
       {-1, 0, -1, -1, 1, -1, -1, 2, -1, -1, 3, -1, -1, 4, -1, -1},
       {-1, -1, 0, -1, -1, 1, -1, -1, 2, -1, -1, 3, -1, -1, 4, -1}},
      {{-1, -1, 6, -1, -1, 7, -1, -1, 8, -1, -1, 9, -1, -1, 10, -1},
       {5, -1, -1, 6, -1, -1, 7, -1, -1, 8, -1, -1, 9, -1, -1, 10},
       {-1, 5, -1, -1, 6, -1, -1, 7, -1, -1, 8, -1, -1, 9, -1, -1}},
      {{-1, 11, -1, -1, 12, -1, -1, 13, -1, -1, 14, -1, -1, 15, -1, -1},
       {-1, -1, 11, -1, -1, 12, -1, -1, 13, -1, -1, 14, -1, -1, 15, -1},
       {10, -1, -1, 11, -1, -1, 12, -1, -1, 13, -1, -1, 14, -1, -1, 15}}};
  for (int piece = 0; piece < 3; ++piece) {
    __m128i v = _mm_setzero_si128();
    for (int k = 0; k < 3; ++k) {
      const __m128i idx = _mm_load_si128(reinterpret_cast<const __m128i*>(kIdx[piece][k]));
      v = _mm_or_si128(v, _mm_shuffle_epi8(plane[k], idx));
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + p0 * 3 + piece * 16), v);
  }
}

__attribute__((target("avx2"))) void QuantRgbBlocks(const float* src, int8_t* dst, int64_t hw,
                                                   float inv, int64_t b0, int64_t b1) {
  const __m256 vinv = _mm256_set1_ps(inv), lo = _mm256_set1_ps(-127.f),
               hi = _mm256_set1_ps(127.f);
  for (int64_t b = b0; b < b1; ++b) QuantRgb16(src, hw, dst, b * 16, vinv, lo, hi);
}

// One NCHW float image [c, hw] -> quantized NHWC s8 [hw, c], in one pass
// (no float NHWC copy): 8x8 register transposes with AVX2 (byte shuffles
// for 3 channels), scalar elsewhere.
void QuantizeToNhwc(const float* src, int8_t* dst, int64_t c, int64_t hw, float inv,
                    int threads) {
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2 && c == 3) {
    const int64_t blocks = hw / 16;
    constexpr int64_t kChunk = 256;  // blocks of 16 pixels per task
    const int64_t chunks = (blocks + kChunk - 1) / kChunk;
#pragma omp parallel for num_threads(threads) schedule(static) if (chunks > 4 && threads > 1)
    for (int64_t k = 0; k < chunks; ++k) {
      QuantRgbBlocks(src, dst, hw, inv, k * kChunk, std::min(blocks, (k + 1) * kChunk));
    }
    for (int64_t p = blocks * 16; p < hw; ++p) {
      for (int64_t k = 0; k < 3; ++k) dst[p * 3 + k] = QuantizeS8(src[k * hw + p], inv);
    }
    return;
  }
  const int64_t full = avx2 ? hw / 8 * 8 : 0;
  const int64_t blocks = full / 8;
#pragma omp parallel for num_threads(threads) schedule(static) if (c * hw > 65536)
  for (int64_t b = 0; b < blocks; ++b) QuantBlock8(src, dst, c, hw, inv, b);
  for (int64_t p = full; p < hw; ++p) {
    for (int64_t k = 0; k < c; ++k) dst[p * c + k] = QuantizeS8(src[k * hw + p], inv);
  }
}

// A float NHWC activation -> s8 NHWC (no transpose).
void QuantizeContiguous(const float* src, int8_t* dst, int64_t n, float inv, int threads) {
  constexpr int64_t kChunk = 1 << 14;
  const int64_t chunks = (n + kChunk - 1) / kChunk;
#pragma omp parallel for num_threads(threads) schedule(static) if (chunks > 4 && threads > 1)
  for (int64_t c = 0; c < chunks; ++c) {
    const int64_t b = c * kChunk, e = std::min(n, b + kChunk);
    QuantizeS8Array(src + b, dst + b, e - b, inv);
  }
}

}  // namespace

void ReadConvInt8Attributes(const cpp::OpDesc& desc, ConvParam* p) {
  p->enable_int8 = desc.GetAttr<bool>("enable_int8", false);
  if (!p->enable_int8) return;
  p->input_scale = desc.GetAttr<float>("input_scale", 0.f);
  p->weight_scale = desc.GetAttr<std::vector<float>>("weight_scale", {});
  LITE_ENFORCE(p->input_scale > 0.f, "op '", p->op_type,
               "': enable_int8 needs attribute 'input_scale' > 0, got ", p->input_scale);
  LITE_ENFORCE(!p->weight_scale.empty(), "op '", p->op_type,
               "': enable_int8 needs attribute 'weight_scale' (per output channel)");
  for (float v : p->weight_scale) {
    LITE_ENFORCE(v > 0.f, "op '", p->op_type, "': attribute 'weight_scale' values must be > 0");
  }
  p->input_nhwc = desc.GetAttr<bool>("input_nhwc", false);
  p->output_nhwc = desc.GetAttr<bool>("output_nhwc", false);
  p->output_int8 = desc.GetAttr<bool>("output_int8", false);
  if (p->output_nhwc) {
    // An NHWC output holds the primitive's result as is: no activation after it.
    LITE_ENFORCE(ConvInt8CanWriteNhwc(desc), "op '", p->op_type,
                 "': output_nhwc needs a fused activation oneDNN applies as a post-op, got '",
                 desc.GetAttr<std::string>("act_type", ""), "'");
  }
  if (p->output_int8) {
    LITE_ENFORCE(p->output_nhwc, "op '", p->op_type, "': output_int8 needs output_nhwc");
    const auto s = desc.GetAttr<std::vector<float>>("Output0_scale", {});
    LITE_ENFORCE(s.size() == 1 && s[0] > 0.f, "op '", p->op_type,
                 "': output_int8 needs attribute 'Output0_scale' with one value > 0");
    p->output_scale = s[0];
  }
}

bool ConvInt8CanWriteNhwc(const cpp::OpDesc& desc) {
  dnnl::post_ops ops;
  return ParseFusedActivation(desc).AppendPostOps(&ops);
}

class ConvInt8DnnlKernel : public DnnlKernel<ConvParam> {
 private:
  std::unique_ptr<DnnlPlan> Build(const DnnlPlanKey& key) {
    auto& p = param();
    const DDim &in = key.in, &w = key.w, &out = key.out;
    const int64_t g = p.groups, M = w[0];
    dnnl::memory::dims src_dims = ToDnnlDims(in), dst_dims = ToDnnlDims(out);
    dnnl::memory::dims w_dims = g == 1 ? ToDnnlDims(w) : dnnl::memory::dims{g, M / g, w[1], w[2], w[3]};
    // Without exact int8 in oneDNN (int8_float_emulation.h) the same
    // quantized values run through an f32 primitive.
    const dt q = emulate_ ? dt::f32 : dt::s8;
    dnnl::memory::desc src_md(src_dims, q, tag::nhwc);
    dnnl::memory::desc dst_md(dst_dims, p.output_int8 && !emulate_ ? dt::s8 : dt::f32, tag::nhwc);
    dnnl::memory::desc w_any(w_dims, q, tag::any);
    dnnl::memory::desc b_md({M}, dt::f32, tag::x);
    dnnl::memory::dims strides{p.strides[0], p.strides[1]};
    dnnl::memory::dims dil{key.dil[0] - 1, key.dil[1] - 1};
    dnnl::memory::dims pad_l{key.pads[0], key.pads[2]}, pad_r{key.pads[1], key.pads[3]};
    auto desc = dnnl::convolution_forward::desc(
        dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct, src_md, w_any,
        b_md, dst_md, strides, dil, pad_l, pad_r);
    // The s32 accumulator times acc_scales_ is the float result; an int8
    // output is that result / output_scale, folded into the output scales
    // without activation and applied after it (a linear post-op) otherwise,
    // then rounded to nearest even and saturated by oneDNN.
    SetAccScales();
    std::vector<float> scales = acc_scales_;
    dnnl::post_ops ops;
    const bool post_act_fallback = !p.act.AppendPostOps(&ops);
    if (p.output_int8 && p.act.Identity() && !emulate_) {
      for (float& v : scales) v /= p.output_scale;
    } else if (p.output_int8) {
      ops.append_eltwise(1.f, dnnl::algorithm::eltwise_linear, 1.f / p.output_scale, 0.f);
    }
    dnnl::primitive_attr attr = x86::DnnlAttr();
    // The f32 primitive takes no per-channel output scales: the emulation
    // folds them into its weights (PackWeights) and takes the bias as is.
    if (!emulate_) attr.set_output_scales(1 << 1, scales);
    if (!post_act_fallback) attr.set_post_ops(ops);
    dnnl::convolution_forward::primitive_desc pd(desc, attr, x86::DnnlEngine());
    // A float input is quantized straight into the primitive's NHWC s8
    // buffer; an int8 input and an NHWC output are the primitive's own memory.
    return std::make_unique<DnnlPlan>(
        key, pd, dnnl::convolution_forward(pd),
        dnnl::memory::desc(w_dims, q, g == 1 ? tag::oihw : tag::goihw), post_act_fallback,
        InputIsS8() && !emulate_ ? DnnlUser::kNative : DnnlUser::kByKernel,
        p.output_nhwc ? DnnlUser::kNative : DnnlUser::kPlainFloat);
  }

  bool InputIsS8() const { return param().input->dtype() == DataType::kInt8;
  }

  // acc_scales_[m] = input_scale * weight_scale[m]: the s32 sum's scale.
  void SetAccScales() {
    auto& p = param();
    const int64_t M = p.filter->dims()[0];
    acc_scales_.resize(M);
    for (int64_t m = 0; m < M; ++m) acc_scales_[m] = p.input_scale * ScaleAt(p.weight_scale, m);
  }

  // bias_q_: the bias (zeros without one), divided by acc_scales_ when
  // `divide` (oneDNN adds the bias to the s32 accumulator), else as is.
  void SetBiasQ(bool divide) {
    auto& p = param();
    const int64_t M = p.filter->dims()[0];
    bias_q_.resize(M);
    for (int64_t m = 0; m < M; ++m) {
      const float b = p.bias ? p.bias->data<float>()[m] : 0.f;
      bias_q_[m] = divide ? b / acc_scales_[m] : b;
    }
  }

  // The filter quantized per output channel (an int8 filter as is).
  std::vector<int8_t> QuantizedFilter() const {
    auto& p = param();
    const int64_t M = p.filter->dims()[0], per = p.filter->numel() / std::max<int64_t>(M, 1);
    std::vector<int8_t> q(p.filter->numel());
    if (p.filter->dtype() == DataType::kInt8) {
      const int8_t* src = p.filter->data<int8_t>();
      std::copy(src, src + q.size(), q.begin());
    } else {
      const float* src = p.filter->data<float>();
      for (int64_t m = 0; m < M; ++m) {
        const float inv = 1.f / ScaleAt(p.weight_scale, m);
        for (int64_t i = 0; i < per; ++i) q[m * per + i] = SaturateS8(src[m * per + i] * inv);
      }
    }
    return q;
  }

  // Quantizes (if float) and packs the filter.
  void PackWeights(DnnlPlan* plan) {
    auto& p = param();
    const int64_t M = p.filter->dims()[0], per = p.filter->numel() / std::max<int64_t>(M, 1);
    const std::vector<int8_t> q = QuantizedFilter();
    if (emulate_) {
      // q * input_scale * weight_scale[m]: the f32 convolution of the
      // quantized input then gives the rescaled result directly.
      std::vector<float> f(q.size());
      for (int64_t m = 0; m < M; ++m) {
        for (int64_t i = 0; i < per; ++i) f[m * per + i] = q[m * per + i] * acc_scales_[m];
      }
      plan->PackWeights(f.data(), p.filter->persistable());
      return;
    }
    plan->PackWeights(q.data(), p.filter->persistable());
  }

  // A float input quantized to NHWC s8 at dst: NCHW in one pass per image
  // (transposing), NHWC as is.
  void QuantizeInput(const RunContext& ctx, int8_t* dst) const {
    auto& p = param();
    const DDim& in = p.input->dims();
    const int64_t image = in[1] * in[2] * in[3];
    const float inv = 1.f / p.input_scale;
    const float* x = p.input->data<float>();
    if (p.input_nhwc) {
      QuantizeContiguous(x, dst, in[0] * image, inv, ctx.threads);
      return;
    }
    for (int64_t b = 0; b < in[0]; ++b) {
      QuantizeToNhwc(x + b * image, dst + b * image, in[1], in[2] * in[3], inv, ctx.threads);
    }
  }

  // The fp32 emulation: the input's quantized values as floats, the f32
  // primitive, and (for an int8 output) oneDNN's final rounding and s8
  // saturation done here.
  void RunEmulated(const RunContext& ctx, DnnlPlan& plan) {
    auto& p = param();
    const int64_t n = p.input->numel();
    float* src = static_cast<float*>(plan.src_buffer());
    if (InputIsS8()) {
      const int8_t* x = p.input->data<int8_t>();
      for (int64_t i = 0; i < n; ++i) src[i] = x[i];
    } else {
      q8_.resize(static_cast<size_t>(n));
      QuantizeInput(ctx, q8_.data());
      for (int64_t i = 0; i < n; ++i) src[i] = q8_[i];
    }
    if (!p.output_int8) {
      plan.Execute(nullptr, bias_q_.data(), p.output->mutable_data<float>(), p.act);
      return;
    }
    const int64_t m = p.output->numel();
    out_f_.resize(static_cast<size_t>(m));
    plan.Execute(nullptr, bias_q_.data(), out_f_.data(), p.act);
    // Saturate, then round half to even with the 1.5 * 2^23 trick (exact
    // for |v| <= 128, as nearbyint in the default rounding mode): a loop
    // the compiler vectorizes, where a libm nearbyint call per element cost
    // more than the convolution (a 32 -> 200 1x1 conv: 0.17 ms against
    // 0.06 ms with a float output).
    int8_t* o = p.output->mutable_data<int8_t>();
    const float* f = out_f_.data();
    for (int64_t i = 0; i < m; ++i) {
      const float v = std::min(127.f, std::max(-128.f, f[i]));
      o[i] = static_cast<int8_t>(static_cast<int32_t>((v + 12582912.f) - 12582912.f));
    }
  }

  // Conv3x3S8 (conv3x3_s8_vnni.h) takes the conv: exact int8, a float
  // output (NCHW or NHWC) with no activation or relu.
  bool DirectApplies() const {
    auto& p = param();
    const bool act_ok =
        p.act.Identity() || (p.act.kind == FusedActivation::kRelu && !p.act.HasPostAffine());
    return !emulate_ && !p.output_int8 && act_ok &&
           Conv3x3S8Applies(p.groups, p.filter->dims(), p.input->dims(), p.strides,
                            p.eff_dilations, p.eff_paddings);
  }

  void RunDirect(const RunContext& ctx) {
    auto& p = param();
    const DDim &in = p.input->dims(), &fd = p.filter->dims();
    const int64_t M = fd[0];
    if (!direct_.packed() || direct_source_ != p.filter->raw_data() || direct_dims_ != fd ||
        !p.filter->persistable()) {
      direct_.Pack(QuantizedFilter().data(), M, fd[1]);
      direct_source_ = p.filter->raw_data();
      direct_dims_ = fd;
    }
    // The scales and the bias as the oneDNN path computes them.
    SetAccScales();
    SetBiasQ(/*divide=*/true);
    const int8_t* x8 = nullptr;
    if (InputIsS8()) {
      x8 = p.input->data<int8_t>();
    } else {
      q8_.resize(static_cast<size_t>(p.input->numel()));
      QuantizeInput(ctx, q8_.data());
      x8 = q8_.data();
    }
    const Conv3x3S8Shape s{in[0], in[1], in[2], in[3], M};
    direct_.Run(s, x8, bias_q_.data(), acc_scales_.data(), !p.act.Identity(), p.output_nhwc,
                p.output->mutable_data<float>(), ctx.threads);
  }

  void RunImpl(const RunContext& ctx) override {
    auto& p = param();
    if (!emulate_decided_) {
      emulate_ = Int8RunsInFloat();
      emulate_decided_ = true;
    }
    if (DirectApplies()) {
      RunDirect(ctx);
      return;
    }
    x86::ScopedDnnlThreads threads(ctx.threads);
    const DnnlPlanKey key = ConvPlanKey(p, ctx.threads);
    // Packed int8 weights are not carried over to a new plan: they are
    // requantized with each build.
    DnnlPlan& plan = plans_.Get(key, /*keep_weights=*/false, [&] { return Build(key); });
    if (!plan.weights_valid()) PackWeights(&plan);
    SetBiasQ(/*divide=*/!emulate_);
    if (emulate_) {
      RunEmulated(ctx, plan);
      return;
    }
    void* dst = p.output_int8 ? static_cast<void*>(p.output->mutable_data<int8_t>())
                              : static_cast<void*>(p.output->mutable_data<float>());
    if (InputIsS8()) {
      plan.Execute(p.input->data<int8_t>(), bias_q_.data(), dst, p.act);
      return;
    }
    QuantizeInput(ctx, static_cast<int8_t*>(plan.src_buffer()));
    plan.Execute(nullptr, bias_q_.data(), dst, p.act);
  }

  DnnlPlanCache plans_;
  std::vector<float> acc_scales_;  // input_scale * weight_scale[m] of the current plan
  std::vector<float> bias_q_;
  bool emulate_decided_{false};
  bool emulate_{false};   // int8_float_emulation.h, decided once per kernel
  std::vector<int8_t> q8_;  // emulation and Conv3x3S8: the quantized input
  std::vector<float> out_f_;  // emulation: the result before s8 rounding
  Conv3x3S8 direct_;          // DirectApplies: its packed filter
  const void* direct_source_{nullptr};
  DDim direct_dims_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_KERNEL_CLASS(ConvInt8DnnlKernel)
