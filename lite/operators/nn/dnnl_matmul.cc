#include "lite/operators/nn/dnnl_matmul.h"

#include <algorithm>

namespace paddle {
namespace lite {
namespace operators {

dnnl::memory::dims DenseStrides(const dnnl::memory::dims& dims) {
  dnnl::memory::dims s(dims.size(), 1);
  for (int i = static_cast<int>(dims.size()) - 2; i >= 0; --i) s[i] = s[i + 1] * dims[i + 1];
  return s;
}

struct DnnlMatmul::Plan {
  MatmulSpec spec;
  bool post_act_fallback{false};
  dnnl::matmul prim;
  dnnl::memory::desc src_md, w_user_md, w_md, dst_md, bias_md;
  dnnl::memory packed;          // when pack_weights
  const float* packed_from{nullptr};
};

void DnnlMatmul::Run(const std::string& op, const MatmulSpec& spec,
                     const FusedActivation& act, const float* src, const float* weights,
                     const float* bias, float* dst) {
  WithDnnlErrors(op, [&] {
    x86::ScopedDnnlThreads threads(spec.threads);
    const auto& eng = x86::DnnlEngine();
    auto& stream = x86::DnnlStream();
    std::shared_ptr<Plan> found;
    for (const auto& p : plans_) {
      if (p->spec == spec) found = p;
    }
    if (!found) {
      // Plans for the same spec at other thread counts stay (the count may
      // change from run to run); any other spec replaces them.
      std::shared_ptr<Plan> prev = plans_.empty() ? nullptr : plans_.front();
      plans_.erase(std::remove_if(plans_.begin(), plans_.end(),
                                  [&](const std::shared_ptr<Plan>& o) {
                                    MatmulSpec k = o->spec;
                                    k.threads = spec.threads;
                                    return !(k == spec);
                                  }),
                   plans_.end());
      auto plan = std::make_shared<Plan>();
      plan->spec = spec;
      plan->src_md = dnnl::memory::desc(spec.src_dims, dt::f32, spec.src_strides);
      plan->w_user_md = dnnl::memory::desc(spec.w_dims, dt::f32, spec.w_strides);
      plan->dst_md = dnnl::memory::desc(spec.dst_dims, dt::f32, DenseStrides(spec.dst_dims));
      dnnl::memory::desc w_req =
          spec.pack_weights ? dnnl::memory::desc(spec.w_dims, dt::f32, tag::any) : plan->w_user_md;
      dnnl::primitive_attr attr = x86::DnnlAttr();
      if (spec.alpha != 1.f) attr.set_output_scales(0, {spec.alpha});
      dnnl::post_ops ops;
      plan->post_act_fallback = !act.AppendPostOps(&ops);
      if (!plan->post_act_fallback) attr.set_post_ops(ops);
      std::unique_ptr<dnnl::matmul::desc> d;
      if (spec.has_bias) {
        dnnl::memory::dims bd(spec.dst_dims.size(), 1);
        bd.back() = spec.dst_dims.back();
        plan->bias_md = dnnl::memory::desc(bd, dt::f32, DenseStrides(bd));
        d.reset(new dnnl::matmul::desc(plan->src_md, w_req, plan->bias_md, plan->dst_md));
      } else {
        d.reset(new dnnl::matmul::desc(plan->src_md, w_req, plan->dst_md));
      }
      dnnl::matmul::primitive_desc pd(*d, attr, eng);
      plan->prim = dnnl::matmul(pd);
      plan->w_md = pd.weights_desc();
      if (spec.pack_weights) {
        if (prev && prev->spec.pack_weights && prev->packed_from == weights &&
            prev->w_md == plan->w_md && prev->spec.w_dims == spec.w_dims &&
            prev->spec.w_strides == spec.w_strides) {
          plan->packed = prev->packed;
          plan->packed_from = weights;
        } else {
          plan->packed = dnnl::memory(plan->w_md, eng);
        }
      }
      plans_.insert(plans_.begin(), plan);
      found = plan;
    }
    Plan& plan = *found;
    dnnl::memory w_user(plan.w_user_md, eng, const_cast<float*>(weights));
    dnnl::memory w_mem = w_user;
    if (plan.spec.pack_weights) {
      if (plan.packed_from != weights) {
        x86::DnnlExecute(dnnl::reorder(dnnl::reorder::primitive_desc(
                             eng, plan.w_user_md, eng, plan.w_md, x86::DnnlAttr())),
                         stream, {{DNNL_ARG_FROM, w_user}, {DNNL_ARG_TO, plan.packed}});
        plan.packed_from = weights;
      }
      w_mem = plan.packed;
    }
    std::unordered_map<int, dnnl::memory> args{
        {DNNL_ARG_SRC, dnnl::memory(plan.src_md, eng, const_cast<float*>(src))},
        {DNNL_ARG_WEIGHTS, w_mem},
        {DNNL_ARG_DST, dnnl::memory(plan.dst_md, eng, dst)}};
    if (spec.has_bias) {
      args[DNNL_ARG_BIAS] = dnnl::memory(plan.bias_md, eng, const_cast<float*>(bias));
    }
    x86::DnnlExecute(plan.prim, stream, std::move(args));
    if (plan.post_act_fallback) {
      int64_t n = 1;
      for (auto v : spec.dst_dims) n *= v;
      act.ApplyInPlace(dst, n, spec.threads);
    }
  });
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
