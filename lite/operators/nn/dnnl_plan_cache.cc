#include "lite/operators/nn/dnnl_plan_cache.h"

#include <algorithm>
#include <unordered_map>

#include "lite/operators/nn/layout_transpose.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {

// The dense row-major float layout of the op's tensors (nchw for 4-D).
dnnl::memory::desc PlainDesc(const DDim& d) {
  static const tag kPlain[] = {tag::undef, tag::a, tag::ab, tag::abc, tag::abcd, tag::abcde};
  LITE_ENFORCE(d.size() >= 1 && d.size() <= 5, "oneDNN plan: unsupported rank ", d.size());
  return dnnl::memory::desc(ToDnnlDims(d), dt::f32, kPlain[d.size()]);
}

// What the op's tensor of dims `d` holds for `user`.
dnnl::memory::desc UserDesc(const DDim& d, DnnlUser user, const dnnl::memory::desc& md) {
  if (user == DnnlUser::kNative) return md;
  if (user == DnnlUser::kBlockedFloat) {
    LITE_ENFORCE(d.size() == 4 && d[1] % kBlockedChannelMultiple == 0,
                 "oneDNN plan: blocked float data need 4-D dims with channels a multiple of ",
                 kBlockedChannelMultiple, ", got ", DimsToString(d));
    return dnnl::memory::desc(ToDnnlDims(d), dt::f32, BlockedActTag());
  }
  return PlainDesc(d);
}

DnnlMove MoveFor(const DDim& d, const dnnl::memory::desc& user, const dnnl::memory::desc& md) {
  if (md == user) return DnnlMove::kInPlace;
  if (d.size() == 4 && user == PlainDesc(d) &&
      md == dnnl::memory::desc(ToDnnlDims(d), dt::f32, tag::nhwc)) {
    return DnnlMove::kTranspose;
  }
  return DnnlMove::kReorder;
}

int64_t Numel(const DDim& d) {
  int64_t n = 1;
  for (int64_t v : d) n *= v;
  return n;
}

}  // namespace

dnnl::memory::format_tag BlockedActTag() {
  return BlockedActChannels() == 16 ? tag::nChw16c : tag::nChw8c;
}

DnnlPlan::DnnlPlan(const DnnlPlanKey& key, const dnnl::primitive_desc_base& pd,
                   dnnl::primitive prim, const dnnl::memory::desc& w_user,
                   bool post_act_fallback, DnnlUser src, DnnlUser dst)
    : key_(key),
      prim_(std::move(prim)),
      post_act_fallback_(post_act_fallback),
      w_user_(w_user),
      w_md_(pd.weights_desc()) {
  const auto& eng = x86::DnnlEngine();
  const dnnl::memory::desc src_md = pd.src_desc(), dst_md = pd.dst_desc();
  src_md_ = src_md;
  dst_md_ = dst_md;
  src_user_ = UserDesc(key.in, src, src_md);
  dst_user_ = UserDesc(key.out, dst, dst_md);
  bias_md_ = dnnl::memory::desc({key.out[1]}, dt::f32, tag::x);
  src_move_ = src == DnnlUser::kByKernel ? DnnlMove::kByKernel : MoveFor(key.in, src_user_, src_md);
  dst_move_ = MoveFor(key.out, dst_user_, dst_md);
  LITE_ENFORCE(!post_act_fallback || dst != DnnlUser::kNative,
               "oneDNN plan: an activation applied after the primitive needs a float output");
  // src_mem_ / dst_mem_ are allocated (or shared) by DnnlPlanCache::Install.
  if (src_move_ == DnnlMove::kReorder) {
    src_reorder_ =
        dnnl::reorder(dnnl::reorder::primitive_desc(eng, src_user_, eng, src_md, x86::DnnlAttr()));
  }
  if (dst_move_ == DnnlMove::kReorder) {
    dst_reorder_ =
        dnnl::reorder(dnnl::reorder::primitive_desc(eng, dst_md, eng, dst_user_, x86::DnnlAttr()));
  }
}

void DnnlPlan::PackWeights(const void* user, bool keep) {
  auto& stream = x86::DnnlStream();
  dnnl::memory user_mem(w_user_, x86::DnnlEngine(), const_cast<void*>(user));
  const auto& eng = x86::DnnlEngine();
  x86::DnnlExecute(dnnl::reorder(dnnl::reorder::primitive_desc(eng, w_user_, eng,
                                                                weights_.get_desc(),
                                                                x86::DnnlAttr())),
                   stream, {{DNNL_ARG_FROM, user_mem}, {DNNL_ARG_TO, weights_}});
  weights_valid_ = keep;
}

void DnnlPlan::Execute(const void* src_data, const float* bias, void* dst_data,
                       const FusedActivation& act) {
  // A float user tensor unless kNative (then only handed to oneDNN).
  const float* src = static_cast<const float*>(src_data);
  float* dst = static_cast<float*>(dst_data);
  const auto& eng = x86::DnnlEngine();
  auto& stream = x86::DnnlStream();
  const DDim& in = key_.in;
  const DDim& od = key_.out;
  dnnl::memory src_user(src_user_, eng, const_cast<void*>(src_data));
  dnnl::memory dst_user(dst_user_, eng, dst_data);
  switch (src_move_) {
    case DnnlMove::kTranspose:
      x86::NchwToNhwc(src, static_cast<float*>(src_mem_.get_data_handle()), in[0], in[1],
                      in[2] * in[3], key_.threads);
      break;
    case DnnlMove::kReorder:
      x86::DnnlExecute(src_reorder_, stream, {{DNNL_ARG_FROM, src_user}, {DNNL_ARG_TO, src_mem_}});
      break;
    case DnnlMove::kInPlace:
    case DnnlMove::kByKernel:
      break;
  }
  std::unordered_map<int, dnnl::memory> args{
      {DNNL_ARG_SRC, src_move_ == DnnlMove::kInPlace ? src_user : src_mem_},
      {DNNL_ARG_DST, dst_move_ == DnnlMove::kInPlace ? dst_user : dst_mem_}};
  if (w_md_) args[DNNL_ARG_WEIGHTS] = weights_;
  if (bias) args[DNNL_ARG_BIAS] = dnnl::memory(bias_md_, eng, const_cast<float*>(bias));
  x86::DnnlExecute(prim_, stream, std::move(args));
  if (dst_move_ == DnnlMove::kTranspose) {
    stream.wait();
    x86::NhwcToNchw(static_cast<const float*>(dst_mem_.get_data_handle()), dst, od[0], od[1],
                    od[2] * od[3], key_.threads);
  } else if (dst_move_ == DnnlMove::kReorder) {
    x86::DnnlExecute(dst_reorder_, stream, {{DNNL_ARG_FROM, dst_mem_}, {DNNL_ARG_TO, dst_user}});
  }
  stream.wait();
  if (post_act_fallback_) act.ApplyInPlace(dst, Numel(od), key_.threads);
}

void DnnlPlanCache::Install(std::unique_ptr<DnnlPlan> plan, bool keep_weights) {
  // Plans for other shapes or weights are dropped; the plans for the same
  // ones at other thread counts stay (the thread count may change from run
  // to run, lite/core/thread_governor.h) and share buffers and packed weights
  // with the new plan: only one of them executes at a time.
  auto same_but_threads = [&](const DnnlPlan& o) {
    DnnlPlanKey k = o.key_;
    k.threads = plan->key_.threads;
    return k == plan->key_;
  };
  const DnnlPlan* prev = plans_.empty() ? nullptr : plans_.front().get();
  if (keep_weights && prev && prev->weights_valid_ && prev->key_.w_data == plan->key_.w_data &&
      prev->key_.w == plan->key_.w && prev->weights_.get_desc() == plan->w_md_) {
    plan->weights_ = prev->weights_;
    plan->weights_valid_ = true;
  } else if (plan->w_md_) {
    plan->weights_ = dnnl::memory(plan->w_md_, x86::DnnlEngine());
  }
  plans_.erase(std::remove_if(plans_.begin(), plans_.end(),
                              [&](const std::unique_ptr<DnnlPlan>& o) {
                                return !same_but_threads(*o);
                              }),
               plans_.end());
  auto buffer = [&](dnnl::memory DnnlPlan::*mem, const dnnl::memory::desc& md) {
    for (const auto& o : plans_) {
      if ((o.get()->*mem) && (o.get()->*mem).get_desc() == md) return o.get()->*mem;
    }
    return dnnl::memory(md, x86::DnnlEngine());
  };
  if (plan->src_move_ != DnnlMove::kInPlace) {
    plan->src_mem_ = buffer(&DnnlPlan::src_mem_, plan->src_md_);
  }
  if (plan->dst_move_ != DnnlMove::kInPlace) {
    plan->dst_mem_ = buffer(&DnnlPlan::dst_mem_, plan->dst_md_);
  }
  plans_.insert(plans_.begin(), std::move(plan));
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
