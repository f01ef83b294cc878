// gather_tree: the full token sequences of a finished beam search, as
// Paddle's gather_tree defines it. Ids and Parents are [max_time, batch,
// beam] (int32 or int64, same type); Out[t][b][k] is the token at step t of
// the beam that ends in slot k at the last step, found by following Parents
// back from the last step. A parent outside [0, beam) is an Error naming the
// step, batch and beam.
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct GatherTreeParam {
  const Tensor* ids{nullptr};
  const Tensor* parents{nullptr};
  Tensor* out{nullptr};
};

class GatherTreeOp : public OperatorBase<GatherTreeParam> {
 public:
  void InferShape() override {
    const auto& p = param_;
    const DDim& d = p.ids->dims();
    LITE_ENFORCE(d.size() == 3 && p.parents->dims() == d && p.ids->dtype() == p.parents->dtype(),
                 "op 'gather_tree': inputs 'Ids' and 'Parents' must have the same type and dims "
                 "[max_time, batch, beam], got ",
                 DimsToString(d), " and ", DimsToString(p.parents->dims()));
    p.out->Resize(d);
    p.out->set_dtype(p.ids->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.ids = GetInput(desc, scope, "Ids");
    param_.parents = GetInput(desc, scope, "Parents");
    param_.out = GetOutput(desc, scope, "Out");
  }
};

template <typename T>
void GatherTree(const Tensor& ids_t, const Tensor& parents_t, Tensor* out_t) {
  const DDim& d = ids_t.dims();
  const int64_t steps = d[0], batch = d[1], beam = d[2];
  const T* ids = ids_t.data<T>();
  const T* parents = parents_t.data<T>();
  T* out = out_t->mutable_data<T>();
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t k = 0; k < beam; ++k) {
      int64_t slot = k;  // the beam slot followed at step t
      for (int64_t t = steps - 1; t >= 0; --t) {
        const int64_t at = (t * batch + b) * beam;
        out[at + k] = ids[at + slot];
        const T parent = parents[at + slot];
        LITE_ENFORCE(t == 0 || (parent >= 0 && parent < beam), "op 'gather_tree': Parents[", t,
                     "][", b, "][", slot, "] = ", static_cast<int64_t>(parent),
                     " is not a beam index in [0, ", beam, ")");
        slot = static_cast<int64_t>(parent);
      }
    }
  }
}

class GatherTreeKernel : public KernelBase<GatherTreeParam> {
 public:
  void Run(const RunContext&) override {
    const auto& p = param();
    if (p.ids->dtype() == DataType::kInt64) {
      GatherTree<int64_t>(*p.ids, *p.parents, p.out);
    } else {
      LITE_ENFORCE(p.ids->dtype() == DataType::kInt32, "op 'gather_tree': 'Ids' must be int32 "
                   "or int64, got ", DataTypeName(p.ids->dtype()));
      GatherTree<int32_t>(*p.ids, *p.parents, p.out);
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(GatherTreeOp)
LITE_KERNEL_CLASS(GatherTreeKernel)
