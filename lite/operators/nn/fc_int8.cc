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
#include "lite/operators/nn/fc_param.h"

namespace paddle {
namespace lite {
namespace operators {

class FcInt8Kernel : public KernelBase<FcParam> {
 public:
  void Run(const RunContext& ctx) override {
    WithDnnlErrors(param().op_type, [&] { RunImpl(ctx); });
  }

 private:
  using tag = dnnl::memory::format_tag;
  using dt = dnnl::memory::data_type;

  struct Plan {
    int64_t M{0}, K{0}, N{0};
    int threads{0};
    const void* w_data{nullptr};
    dnnl::matmul matmul;
    dnnl::memory src, weights;
    dnnl::memory::desc dst_md;
    bool weights_valid{false};
  };

  float WeightScale(int64_t n) const {
    const auto& s = param().weight_scale;
    return s.size() == 1 ? s[0] : s[n];
  }

  void Build(int threads) {
    auto& p = param();
    const auto& eng = x86::DnnlEngine();
    auto plan = std::make_unique<Plan>();
    plan->M = p.M;
    plan->K = p.K;
    plan->N = p.N;
    plan->threads = threads;
    plan->w_data = p.w->raw_data();
    dnnl::memory::desc src_md({p.M, p.K}, dt::s8, tag::ab);
    dnnl::memory::desc w_any({p.K, p.N}, dt::s8, tag::any);
    plan->dst_md = dnnl::memory::desc({p.M, p.N}, dt::f32, tag::ab);
    std::vector<float> scales(p.N);
    for (int64_t n = 0; n < p.N; ++n) scales[n] = p.input_scale * WeightScale(n);
    dnnl::primitive_attr attr;
    attr.set_output_scales(1 << 1, scales);
    dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(src_md, w_any, plan->dst_md), attr, eng);
    plan->matmul = dnnl::matmul(pd);
    plan->src = dnnl::memory(src_md, eng);
    plan->weights = dnnl::memory(pd.weights_desc(), eng);
    plan_ = std::move(plan);
  }

  // Quantizes (if float) the top-left [K, N] of the weights per column and
  // packs them into oneDNN's layout.
  void PackWeights(Plan* plan) {
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
          const float v = std::nearbyint(w[k * ld + n] / WeightScale(n));
          q[k * N + n] = static_cast<int8_t>(std::min(127.f, std::max(-127.f, v)));
        }
      }
    }
    const auto& eng = x86::DnnlEngine();
    dnnl::memory user({{K, N}, dt::s8, tag::ab}, eng, q.data());
    dnnl::reorder(user, plan->weights).execute(x86::DnnlStream(), user, plan->weights);
    x86::DnnlStream().wait();
    plan->weights_valid = p.w->persistable();
  }

  void RunImpl(const RunContext& ctx) {
    auto& p = param();
    float* out = p.out->mutable_data<float>();
    if (p.M == 0 || p.N == 0) return;
    const float* bias = p.bias ? p.bias->data<float>() : nullptr;
    if (p.K == 0) {
      for (int64_t i = 0; i < p.M * p.N; ++i) out[i] = p.act.Apply(bias ? bias[i % p.N] : 0.f);
      return;
    }
    x86::ScopedDnnlThreads threads(ctx.threads);
    if (!plan_ || plan_->M != p.M || plan_->K != p.K || plan_->N != p.N ||
        plan_->threads != ctx.threads || plan_->w_data != p.w->raw_data()) {
      Build(ctx.threads);
    }
    Plan& plan = *plan_;
    if (!plan.weights_valid) PackWeights(&plan);
    // Quantize X (1.5 * 2^23 rounds half to even exactly for |v| <= 127).
    const int64_t n = p.M * p.K;
    const float* x = p.x->data<float>();
    const float inv = 1.f / p.input_scale;
    int8_t* q = static_cast<int8_t*>(plan.src.get_data_handle());
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (n > 65536)
    for (int64_t i = 0; i < n; ++i) {
      float v = std::min(127.f, std::max(-127.f, x[i] * inv));
      v = (v + 12582912.f) - 12582912.f;
      q[i] = static_cast<int8_t>(static_cast<int32_t>(v));
    }
    const auto& eng = x86::DnnlEngine();
    dnnl::memory dst(plan.dst_md, eng, out);
    plan.matmul.execute(x86::DnnlStream(), {{DNNL_ARG_SRC, plan.src},
                                            {DNNL_ARG_WEIGHTS, plan.weights},
                                            {DNNL_ARG_DST, dst}});
    x86::DnnlStream().wait();
    if (bias) {
      for (int64_t i = 0; i < p.M; ++i)
        for (int64_t j = 0; j < p.N; ++j) out[i * p.N + j] += bias[j];
    }
    p.act.ApplyInPlace(out, p.M * p.N, ctx.threads);
  }

  std::unique_ptr<Plan> plan_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_KERNEL_CLASS(FcInt8Kernel)
