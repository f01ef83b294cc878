// tensor_array_to_tensor: joins the slots of a tensor array X along `axis`,
// as Paddle's tensor_array_to_tensor: concatenated (use_stack false; every
// slot has the same dims except at axis, Out keeps slot 0's LoD) or stacked
// (use_stack true; every slot has the same dims, a new axis in
// [-(rank+1), rank]). OutIndex (int32 [slots]) holds each slot's size along
// axis, also when stacking (Paddle's documented example; 1 when stacking
// along a new last axis). Every slot must be written and
// of one element type; errors name the array and the slot.
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct TensorArrayToTensorParam {
  const TensorArray* x{nullptr};
  std::string x_name;
  Tensor* out{nullptr};
  Tensor* out_index{nullptr};
  int axis_attr{0};
  bool use_stack{false};
  int axis{0};  // normalized
};

class TensorArrayToTensorOp : public OperatorBase<TensorArrayToTensorParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const TensorArray& x = *p.x;
    LITE_ENFORCE(!x.empty(), "op 'tensor_array_to_tensor': array '", p.x_name, "' is empty");
    const Tensor& first = x[0];
    const DDim& d0 = first.dims();
    const auto rank = static_cast<int64_t>(d0.size());
    p.axis = NormalizeAxis(p.axis_attr, p.use_stack ? rank + 1 : rank, "tensor_array_to_tensor",
                           "axis");
    DDim out = d0;
    if (p.use_stack) out.insert(out.begin() + p.axis, 0);
    else out[p.axis] = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      const Tensor& t = x[i];
      bool same = t.initialized() && t.dtype() == first.dtype() && t.dims().size() == d0.size();
      for (int64_t j = 0; same && j < rank; ++j) {
        same = t.dims()[j] == d0[j] || (!p.use_stack && j == p.axis);
      }
      LITE_ENFORCE(same, "op 'tensor_array_to_tensor': slot ", i, " of array '", p.x_name,
                   "' (", t.initialized() ? DataTypeName(t.dtype()) : "never written", " ",
                   DimsToString(t.dims()), ") does not ", p.use_stack ? "stack" : "concatenate",
                   " with slot 0 (", DataTypeName(first.dtype()), " ", DimsToString(d0),
                   ") along axis ", p.axis);
      out[p.axis] += p.use_stack ? 1 : t.dims()[p.axis];
    }
    p.out->Resize(out);
    p.out->set_dtype(first.dtype());
    if (!p.use_stack) p.out->set_lod(first.lod());
    p.out_index->Resize({static_cast<int64_t>(x.size())});
    p.out_index->set_dtype(DataType::kInt32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInputArray(desc, scope, "X");
    p.x_name = desc.Input("X")[0];
    p.out = GetOutput(desc, scope, "Out");
    p.out_index = GetOutput(desc, scope, "OutIndex");
    p.axis_attr = desc.GetAttr<int32_t>("axis", 0);
    p.use_stack = desc.GetAttr<bool>("use_stack", false);
  }
};

class TensorArrayToTensorKernel : public KernelBase<TensorArrayToTensorParam> {
 public:
  void Run(const RunContext&) override {
    const auto& p = param();
    const TensorArray& x = *p.x;
    const DDim& d0 = x[0].dims();
    // Each slot adds a chunk of prod(dims[axis:]) elements per index of the
    // dims before axis (the stacked axis is a new one of size 1).
    int64_t outer = 1;
    for (int i = 0; i < p.axis; ++i) outer *= d0[i];
    const size_t elem = SizeOf(x[0].dtype());
    auto* dst = static_cast<char*>(p.out->mutable_data(x[0].dtype()));
    int32_t* index = p.out_index->mutable_data<int32_t>();
    std::vector<size_t> chunk(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      chunk[i] = static_cast<size_t>(outer == 0 ? 0 : x[i].numel() / outer) * elem;
      const DDim& d = x[i].dims();
      index[i] = static_cast<size_t>(p.axis) < d.size() ? static_cast<int32_t>(d[p.axis]) : 1;
    }
    for (int64_t o = 0; o < outer; ++o) {
      for (size_t i = 0; i < x.size(); ++i) {
        if (chunk[i] == 0) continue;
        std::memcpy(dst, static_cast<const char*>(x[i].raw_data()) + o * chunk[i], chunk[i]);
        dst += chunk[i];
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(TensorArrayToTensorOp)
LITE_KERNEL_CLASS(TensorArrayToTensorKernel)
