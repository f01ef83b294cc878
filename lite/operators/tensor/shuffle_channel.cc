// shuffle_channel (ShuffleNet): X [N, C, H, W] with C = group * k; output
// channel j * group + g is input channel g * k + j (X reshaped to
// [N, group, k, H, W], transposed to [N, k, group, H, W]). Any element type.
// meshgrid: inputs X[0..n) 1-D of lengths l0..l(n-1); output Out[i] has
// dims [l0, .., l(n-1)] holding X[i] along dim i ("ij" indexing).
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct ShuffleChannelParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  int group{1};
};

class ShuffleChannelOp : public OperatorBase<ShuffleChannelParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const DDim& xd = p.x->dims();
    LITE_ENFORCE(xd.size() == 4, "op 'shuffle_channel': input 'X' must be 4-D NCHW, got ",
                 DimsToString(xd));
    LITE_ENFORCE(p.group > 0 && xd[1] % p.group == 0, "op 'shuffle_channel': attribute 'group' ",
                 p.group, " must be positive and divide the ", xd[1], " channels of X");
    p.out->Resize(xd);
    p.out->set_dtype(p.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.group = desc.GetAttr<int32_t>("group", 1);
  }
};

class ShuffleChannelKernel : public KernelBase<ShuffleChannelParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& d = p.x->dims();
    const int64_t g = p.group, k = d[1] / g;
    const size_t plane = static_cast<size_t>(d[2] * d[3]) * SizeOf(p.x->dtype());
    const char* x = static_cast<const char*>(p.x->raw_data());
    char* o = static_cast<char*>(p.out->mutable_data(p.x->dtype()));
    for (int64_t n = 0; n < d[0]; ++n)
      for (int64_t gi = 0; gi < g; ++gi)
        for (int64_t j = 0; j < k; ++j)
          std::memcpy(o + ((n * d[1]) + j * g + gi) * plane, x + ((n * d[1]) + gi * k + j) * plane,
                      plane);
  }
};

struct MeshgridParam {
  std::vector<Tensor*> xs;
  std::vector<Tensor*> outs;
};

class MeshgridOp : public OperatorBase<MeshgridParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    LITE_ENFORCE(p.xs.size() == p.outs.size(), "op 'meshgrid': ", p.xs.size(),
                 " inputs X but ", p.outs.size(), " outputs Out");
    DDim od;
    for (size_t i = 0; i < p.xs.size(); ++i) {
      const DDim& d = p.xs[i]->dims();
      LITE_ENFORCE(d.size() <= 1, "op 'meshgrid': input X[", i, "] must be 1-D, got ",
                   DimsToString(d));
      LITE_ENFORCE(p.xs[i]->dtype() == p.xs[0]->dtype(), "op 'meshgrid': input X[", i,
                   "] is ", DataTypeName(p.xs[i]->dtype()), ", X[0] is ",
                   DataTypeName(p.xs[0]->dtype()));
      od.push_back(d.empty() ? 1 : d[0]);
    }
    for (Tensor* o : p.outs) {
      o->Resize(od);
      o->set_dtype(p.xs[0]->dtype());
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.xs = GetInputList(desc, scope, "X");
    p.outs = GetOutputList(desc, scope, "Out");
  }
};

class MeshgridKernel : public KernelBase<MeshgridParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    if (p.outs.empty()) return;
    const DDim& od = p.outs[0]->dims();
    const size_t es = SizeOf(p.xs[0]->dtype());
    const int64_t total = Numel(od);
    for (size_t i = 0; i < p.xs.size(); ++i) {
      const int64_t inner = DimsProduct(od, i + 1, od.size()), n = od[i];
      const char* x = static_cast<const char*>(p.xs[i]->raw_data());
      char* o = static_cast<char*>(p.outs[i]->mutable_data(p.xs[i]->dtype()));
      for (int64_t e = 0; e < total; ++e) std::memcpy(o + e * es, x + ((e / inner) % n) * es, es);
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ShuffleChannelOp)
LITE_KERNEL_CLASS(ShuffleChannelKernel)
LITE_OP_CLASS(MeshgridOp)
LITE_KERNEL_CLASS(MeshgridKernel)
