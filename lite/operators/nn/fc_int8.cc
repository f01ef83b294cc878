// int8 kernel of mul / fc (kernel key kX86/kInt8), chosen when the op carries
// enable_int8 and its scales (see fc_param.h; quant_dequant_fold_pass writes
// them for QAT models). Float in and out: X [M, K] is quantized per tensor
// (q = clamp(round_half_even(x / input_scale), -127, 127)), the weights
// [K, N] per output column once (cached for persistable weights; an int8
// weight tensor is taken as already quantized), oneDNN computes the
// s8 x s8 -> s32 matmul and rescales to float with input_scale *
// weight_scale[n]; the bias and the fused activation follow.
#include <algorithm>
#include <memory>

#include "lite/core/registry.h"
#include "lite/operators/nn/dnnl_plan_cache.h"
#include "lite/operators/nn/fc_param.h"
#include "lite/operators/nn/int8_float_emulation.h"
#include "lite/operators/nn/quantize_s8.h"

namespace paddle {
namespace lite {
namespace operators {

class FcInt8Kernel : public DnnlKernel<FcParam> {
 private:
  std::unique_ptr<DnnlPlan> Build(const DnnlPlanKey& key) {
    auto& p = param();
    // Without exact int8 in oneDNN (int8_float_emulation.h) the same
    // quantized values run through an f32 matmul.
    const dt q = emulate_ ? dt::f32 : dt::s8;
    dnnl::memory::desc src_md({p.M, p.K}, q, tag::ab);
    dnnl::memory::desc w_any({p.K, p.N}, q, tag::any);
    dnnl::memory::desc dst_md({p.M, p.N}, dt::f32, tag::ab);
    std::vector<float> scales(p.N);
    for (int64_t n = 0; n < p.N; ++n) scales[n] = p.input_scale * ScaleAt(p.weight_scale, n);
    dnnl::primitive_attr attr = x86::DnnlAttr();
    // The emulation folds the scales into its f32 weights (PackWeights).
    if (!emulate_) attr.set_output_scales(1 << 1, scales);
    dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(src_md, w_any, dst_md), attr,
                                    x86::DnnlEngine());
    // X is quantized straight into the primitive's s8 buffer; bias and
    // activation follow in RunImpl.
    return std::make_unique<DnnlPlan>(key, pd, dnnl::matmul(pd),
                                      dnnl::memory::desc({p.K, p.N}, q, tag::ab),
                                      /*post_act_fallback=*/false, DnnlUser::kByKernel);
  }

  // Quantizes (if float) the top-left [K, N] of the weights per column and
  // packs them into oneDNN's layout.
  void PackWeights(DnnlPlan* plan) {
    auto& p = param();
    const int64_t K = p.K, N = p.N, ld = p.padding_weights ? N + 4 : N;
    std::vector<int8_t> q(K * N);
    if (p.w->dtype() == DataType::kInt8) {
      const int8_t* w = p.w->data<int8_t>();
      for (int64_t k = 0; k < K; ++k) std::copy(w + k * ld, w + k * ld + N, q.begin() + k * N);
    } else {
      const float* w = p.w->data<float>();
      for (int64_t k = 0; k < K; ++k) {
        for (int64_t n = 0; n < N; ++n) {
          q[k * N + n] = SaturateS8(w[k * ld + n] / ScaleAt(p.weight_scale, n));
        }
      }
    }
    if (emulate_) {
      std::vector<float> f(q.size());
      for (int64_t k = 0; k < K; ++k) {
        for (int64_t n = 0; n < N; ++n) {
          f[k * N + n] = q[k * N + n] * (p.input_scale * ScaleAt(p.weight_scale, n));
        }
      }
      plan->PackWeights(f.data(), p.w->persistable());
      return;
    }
    plan->PackWeights(q.data(), p.w->persistable());
  }

  void RunImpl(const RunContext& ctx) override {
    auto& p = param();
    float* out = p.out->mutable_data<float>();
    if (FillFcWithoutProducts(p, out)) return;
    const float* bias = p.bias ? p.bias->data<float>() : nullptr;
    x86::ScopedDnnlThreads threads(ctx.threads);
    DnnlPlanKey key{{p.M, p.K}, {p.K, p.N}, {p.M, p.N}, p.w->raw_data(), false, {}, {},
                    ctx.threads};
    if (!emulate_decided_) {
      emulate_ = Int8RunsInFloat();
      emulate_decided_ = true;
    }
    DnnlPlan& plan = plans_.Get(key, /*keep_weights=*/false, [&] { return Build(key); });
    if (!plan.weights_valid()) PackWeights(&plan);
    const int64_t n = p.M * p.K;
    const float* x = p.x->data<float>();
    const float inv = 1.f / p.input_scale;
    if (emulate_) {
      float* q = static_cast<float*>(plan.src_buffer());
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (n > 65536)
      for (int64_t i = 0; i < n; ++i) q[i] = QuantizeS8(x[i], inv);
    } else {
      int8_t* q = static_cast<int8_t*>(plan.src_buffer());
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (n > 65536)
      for (int64_t i = 0; i < n; ++i) q[i] = QuantizeS8(x[i], inv);
    }
    plan.Execute(nullptr, nullptr, out, p.act);
    if (bias) {
      for (int64_t i = 0; i < p.M; ++i)
        for (int64_t j = 0; j < p.N; ++j) out[i * p.N + j] += bias[j];
    }
    p.act.ApplyInPlace(out, p.M * p.N, ctx.threads);
  }

  DnnlPlanCache plans_;
  bool emulate_decided_{false};
  bool emulate_{false};  // int8_float_emulation.h, decided once per kernel
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_KERNEL_CLASS(FcInt8Kernel)
