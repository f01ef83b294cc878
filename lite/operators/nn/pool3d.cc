// pool3d (Paddle semantics, NCDHW float32), plain C++ loops: max/avg
// pooling with ksize, strides (3 values), paddings (3 or 6: front, back,
// top, bottom, left, right), padding_algorithm, global_pooling, ceil_mode
// and exclusive (avg divides by the count of real input elements in the
// window; otherwise by kd * kh * kw). Output extent: (in + pads - k [+
// stride - 1 with ceil_mode]) / stride + 1. adaptive: the output extents
// are ksize and output position o of an axis with `in` inputs and `out`
// outputs covers Paddle's bin [floor(o*in/out), ceil((o+1)*in/out)); avg
// divides by the bin's size (paddings, strides, exclusive do not apply).
#include <algorithm>
#include <limits>

#include "lite/core/registry.h"
#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct Pool3dParam : PoolWindowParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  // Resolved by InferShape.
  std::vector<int> eff_ksize, eff_paddings;
  bool adaptive{false};
};

class Pool3dOp : public OperatorBase<Pool3dParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& in = p.x->dims();
    LITE_ENFORCE(in.size() == 5, "op 'pool3d': input 'X' must be 5-D NCDHW, got ",
                 DimsToString(in));
    p.eff_ksize = p.ksize;
    p.eff_paddings = p.paddings;
    DDim out{in[0], in[1], 1, 1, 1};
    if (p.global_pooling) {
      p.eff_ksize = {static_cast<int>(in[2]), static_cast<int>(in[3]), static_cast<int>(in[4])};
      p.eff_paddings.assign(6, 0);
    } else if (p.adaptive) {
      for (int i = 0; i < 3; ++i) {
        LITE_ENFORCE(p.ksize[i] > 0, "op 'pool3d': adaptive output size (ksize) ",
                     DimsToString(DDim(p.ksize.begin(), p.ksize.end())), " must be positive");
        out[2 + i] = p.ksize[i];
      }
    } else {
      ApplyPaddingAlgorithm("pool3d", p.padding_algorithm, {in[2], in[3], in[4]}, p.ksize,
                            p.strides, &p.eff_paddings, nullptr);
      for (int i = 0; i < 3; ++i) {
        out[2 + i] = WindowOutputExtent(in[2 + i], p.eff_paddings[2 * i],
                                        p.eff_paddings[2 * i + 1], p.eff_ksize[i],
                                        p.strides[i], p.ceil_mode);
        LITE_ENFORCE(out[2 + i] > 0, "op 'pool3d': input 'X' ", DimsToString(in),
                     " plus paddings gives no output along spatial dim ", i, " for ksize ",
                     p.eff_ksize[i], " and stride ", p.strides[i]);
      }
    }
    p.out->Resize(out);
    p.out->set_dtype(DataType::kFloat32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    ReadPoolWindow(desc, 3, &p);
    p.adaptive = desc.GetAttr<bool>("adaptive", false);
  }
};

class Pool3dKernel : public KernelBase<Pool3dParam> {
 public:
  void Run(const RunContext& ctx) override {
    const auto& p = param();
    const DDim& in = p.x->dims();
    const DDim& od = p.out->dims();
    const float* x = p.x->data<float>();
    float* out = p.out->mutable_data<float>();
    const int64_t planes = in[0] * in[1];
    const int64_t isp[3] = {in[2], in[3], in[4]}, osp[3] = {od[2], od[3], od[4]};
    const int64_t in_vol = isp[0] * isp[1] * isp[2], out_vol = osp[0] * osp[1] * osp[2];
    const int64_t k_vol = static_cast<int64_t>(p.eff_ksize[0]) * p.eff_ksize[1] * p.eff_ksize[2];
    const bool adaptive = p.adaptive && !p.global_pooling;
#pragma omp parallel for num_threads(ctx.threads) schedule(static) if (planes * out_vol > 65536)
    for (int64_t nc = 0; nc < planes; ++nc) {
      const float* src = x + nc * in_vol;
      for (int64_t o = 0; o < out_vol; ++o) {
        const int64_t pos[3] = {o / (osp[1] * osp[2]), (o / osp[2]) % osp[1], o % osp[2]};
        int64_t lo[3], hi[3];
        for (int d = 0; d < 3; ++d) {
          if (adaptive) {
            lo[d] = pos[d] * isp[d] / osp[d];
            hi[d] = ((pos[d] + 1) * isp[d] + osp[d] - 1) / osp[d];
            continue;
          }
          const int64_t start = pos[d] * p.strides[d] - p.eff_paddings[2 * d];
          lo[d] = std::max<int64_t>(start, 0);
          hi[d] = std::min<int64_t>(start + p.eff_ksize[d], isp[d]);
        }
        float acc = p.is_max ? -std::numeric_limits<float>::max() : 0.f;
        for (int64_t a = lo[0]; a < hi[0]; ++a)
          for (int64_t b = lo[1]; b < hi[1]; ++b)
            for (int64_t c = lo[2]; c < hi[2]; ++c) {
              const float v = src[(a * isp[1] + b) * isp[2] + c];
              acc = p.is_max ? std::max(acc, v) : acc + v;
            }
        if (!p.is_max) {
          const int64_t count = (p.exclusive || adaptive) ? (hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]) : k_vol;
          acc = count > 0 ? acc / static_cast<float>(count) : 0.f;
        }
        out[nc * out_vol + o] = acc;
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(Pool3dOp)
LITE_KERNEL_CLASS(Pool3dKernel)
