// A oneDNN primitive planned for the shapes it was built for and reused until
// they change: conv2d (float and int8), conv2d_transpose, pool2d and the int8
// fc each keep one DnnlPlanCache. A plan owns the conversions between the op's dense
// float tensors (NCHW, or [M, N] for fc; or, for chained int8 convs, tensors
// already in the primitive's layout: DnnlUser::kNative) and the layouts the primitive chose
// (our AVX transposes for NHWC, oneDNN reorders for blocked layouts), the
// packed weights, and runs on the calling thread's stream (dnnl_context.h).
// Kernels keep choosing the algorithm and memory formats themselves (their
// primitive_desc); the plan only carries out what the descriptor says.
#pragma once
#include <memory>
#include <utility>
#include <vector>

#include "lite/operators/math/blocked_layout.h"
#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {

// The frame of a oneDNN kernel: Run reports a oneDNN failure as an Error
// naming the op.
template <typename ParamT>
class DnnlKernel : public KernelBase<ParamT> {
 public:
  void Run(const RunContext& ctx) override {
    WithDnnlErrors(this->param().op_type, [&] { RunImpl(ctx); });
  }

 protected:
  virtual void RunImpl(const RunContext& ctx) = 0;
};

// What a plan was built for; any change means a new plan.
struct DnnlPlanKey {
  DDim in, w, out;              // activation, weight (pooling: window) and output dims
  const void* w_data{nullptr};  // the weights' buffer
  bool has_bias{false};
  std::vector<int> pads, dil;  // resolved paddings [t, b, l, r] and dilations
  int threads{0};
  bool operator==(const DnnlPlanKey& o) const {
    return in == o.in && w == o.w && out == o.out && w_data == o.w_data &&
           has_bias == o.has_bias && pads == o.pads && dil == o.dil && threads == o.threads;
  }
};

// How an activation gets between the op's dense float tensor and the
// primitive's memory.
enum class DnnlMove {
  kInPlace,    // same layout: the primitive reads / writes the op's tensor
  kTranspose,  // NCHW <-> NHWC with x86::NchwToNhwc / NhwcToNchw (faster than oneDNN's)
  kReorder,    // any other layout: a oneDNN reorder
  kByKernel,   // the kernel writes the primitive's input itself (int8 quantization)
};

// What the op's activation tensor holds for a plan.
enum class DnnlUser {
  kPlainFloat,  // dense float (NCHW, or [M, N]): moved as the layouts require
  kByKernel,    // input only: the kernel writes the primitive's buffer itself
  kNative,      // the primitive's own layout and type (int8 NHWC between
                // chained int8 convs): read / written in place
  kBlockedFloat,  // float in BlockedActTag()'s layout (between chained float
                  // convs): moved as the layouts require
};

// The blocked layout of float activations between chained convs
// (lite/operators/math/blocked_layout.h): nChw16c or nChw8c (BlockedActChannels).
dnnl::memory::format_tag BlockedActTag();

class DnnlPlan {
 public:
  // `pd` is the descriptor `prim` was made from. `w_user` describes the
  // weights the kernel hands to PackWeights (empty for a primitive without
  // weights, such as pooling). `src` / `dst` say what the op's input and
  // output tensors hold (key.in / key.out dims). `post_act_fallback`: the
  // fused activation is not a post-op, Execute applies it afterwards (float
  // output only).
  DnnlPlan(const DnnlPlanKey& key, const dnnl::primitive_desc_base& pd, dnnl::primitive prim,
           const dnnl::memory::desc& w_user, bool post_act_fallback,
           DnnlUser src = DnnlUser::kPlainFloat, DnnlUser dst = DnnlUser::kPlainFloat);

  const DnnlPlanKey& key() const { return key_; }
  DnnlMove src_move() const { return src_move_; }
  DnnlMove dst_move() const { return dst_move_; }
  // The primitive's input buffer that a kByKernel input is written into.
  void* src_buffer() const { return src_mem_.get_data_handle(); }

  // True while the packed weights hold the current weights.
  bool weights_valid() const { return weights_valid_; }
  // Reorders the weights at `user` (laid out as w_user) into the packed
  // weights and waits, so `user` may be a temporary. `keep`: the weights
  // never change (persistable), so they stay valid for later runs.
  void PackWeights(const void* user, bool keep);

  // Runs on the calling thread's stream: `src` is the op's input data (unused
  // when kByKernel), `bias` the bias values (nullptr: the primitive has no
  // bias argument), `dst` the op's output data; then `act` when
  // post_act_fallback.
  void Execute(const void* src, const float* bias, void* dst, const FusedActivation& act);

 private:
  friend class DnnlPlanCache;
  DnnlPlanKey key_;
  dnnl::primitive prim_;
  bool post_act_fallback_{false};
  dnnl::memory::desc src_md_, dst_md_;  // the primitive's layouts
  dnnl::memory::desc src_user_, dst_user_, bias_md_;
  DnnlMove src_move_{DnnlMove::kInPlace}, dst_move_{DnnlMove::kInPlace};
  dnnl::reorder src_reorder_, dst_reorder_;
  dnnl::memory src_mem_, dst_mem_;  // the primitive's own buffers when not kInPlace
  dnnl::memory::desc w_user_, w_md_;
  dnnl::memory weights_;
  bool weights_valid_{false};
};

class DnnlPlanCache {
 public:
  // The plan for `key`: the current one when it was built for `key`, else
  // build() (returning std::unique_ptr<DnnlPlan>) makes a new one. With
  // `keep_weights` (persistable weights) the new plan takes the previous
  // packed weights when they came from the same buffer with the same dims
  // and packed layout (e.g. only the batch or spatial size changed).
  // Plans for the same key at other thread counts are kept (one per count).
  template <typename BuildFn>
  DnnlPlan& Get(const DnnlPlanKey& key, bool keep_weights, BuildFn&& build) {
    for (auto& plan : plans_) {
      if (plan->key() == key) return *plan;
    }
    Install(build(), keep_weights);
    return *plans_.front();
  }

 private:
  void Install(std::unique_ptr<DnnlPlan> plan, bool keep_weights);
  std::vector<std::unique_ptr<DnnlPlan>> plans_;  // newest first
};

// A filter repacked for a hand-written kernel by `pack(data, dims)`, kept
// while the filter's data, dims and the packing function stay, and only for
// a persistable filter (a non-persistable one may change between runs).
class PackedFilterCache {
 public:
  using PackFn = std::vector<float> (*)(const float* filter, const DDim& dims);
  const std::vector<float>& Get(const Tensor& filter, PackFn pack) {
    const float* data = filter.data<float>();
    if (packed_.empty() || source_ != data || dims_ != filter.dims() || pack_ != pack ||
        !filter.persistable()) {
      packed_ = pack(data, filter.dims());
      source_ = data;
      dims_ = filter.dims();
      pack_ = pack;
    }
    return packed_;
  }

 private:
  std::vector<float> packed_;
  const float* source_{nullptr};
  DDim dims_;
  PackFn pack_{nullptr};
};

// The key of a conv-like op (ConvParam, ConvTransposeParam) for its current
// tensors and resolved paddings / dilations.
template <typename ConvLikeParam>
DnnlPlanKey ConvPlanKey(const ConvLikeParam& p, int threads) {
  return DnnlPlanKey{p.input->dims(),     p.filter->dims(),    p.output->dims(),
                     p.filter->raw_data(), p.bias != nullptr,   p.eff_paddings,
                     p.eff_dilations,      threads};
}

// Runs a float conv-like op through `cache`: build(key) makes the plan when
// the key changed, the float filter is packed when the packing is not
// valid, then Execute with the op's input, bias, output and activation.
template <typename ConvLikeParam, typename BuildFn>
void RunFloatConvPlan(DnnlPlanCache* cache, const ConvLikeParam& p, int threads,
                      BuildFn&& build) {
  x86::ScopedDnnlThreads guard(threads);
  const DnnlPlanKey key = ConvPlanKey(p, threads);
  DnnlPlan& plan = cache->Get(key, p.filter->persistable(), [&] { return build(key); });
  if (!plan.weights_valid()) {
    plan.PackWeights(p.filter->template data<float>(), p.filter->persistable());
  }
  plan.Execute(p.input->template data<float>(),
               p.bias ? p.bias->template data<float>() : nullptr,
               p.output->template mutable_data<float>(), p.act);
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
