// shape: Out = the dims of Input as a 1-D int32 tensor; shape64 (Paddle 3):
// the same as int64.
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct ShapeParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  bool int64{false};
};

class ShapeOp : public OperatorBase<ShapeParam> {
 public:
  void InferShape() override {
    param_.out->Resize({static_cast<int64_t>(param_.x->dims().size())});
    param_.out->set_dtype(param_.int64 ? DataType::kInt64 : DataType::kInt32);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.x = GetInput(desc, scope, "Input");
    param_.out = GetOutput(desc, scope, "Out");
    param_.int64 = desc.Type() == "shape64";
  }
};

class ShapeKernel : public KernelBase<ShapeParam> {
 public:
  void Run(const RunContext&) override {
    const DDim& d = param().x->dims();
    if (param().int64) {
      int64_t* o = param().out->mutable_data<int64_t>();
      for (size_t i = 0; i < d.size(); ++i) o[i] = d[i];
      return;
    }
    int32_t* o = param().out->mutable_data<int32_t>();
    for (size_t i = 0; i < d.size(); ++i) o[i] = static_cast<int32_t>(d[i]);
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ShapeOp)
LITE_KERNEL_CLASS(ShapeKernel)
