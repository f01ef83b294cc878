// is_empty: Out = [X has no elements] (bool [1]), as Paddle's is_empty; a
// decoder loop stops when beam_search selects nothing.
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct IsEmptyParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
};

class IsEmptyOp : public OperatorBase<IsEmptyParam> {
 public:
  void InferShape() override {
    param_.out->Resize({1});
    param_.out->set_dtype(DataType::kBool);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.x = GetInput(desc, scope, "X");
    param_.out = GetOutput(desc, scope, "Out");
  }
};

class IsEmptyKernel : public KernelBase<IsEmptyParam> {
 public:
  void Run(const RunContext&) override {
    param().out->mutable_data<bool>()[0] = param().x->numel() == 0;
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(IsEmptyOp)
LITE_KERNEL_CLASS(IsEmptyKernel)
