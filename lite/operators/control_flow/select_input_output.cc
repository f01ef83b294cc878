// select_input: Out = X[Mask] (the branch of a cond that ran);
// select_output: Out[Mask] = X (the other outputs untouched). Mask is a
// one-element int32 tensor (Paddle's contract; int64 is accepted too) in
// [0, number of branches); the chosen tensor is copied with its LoD.
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct SelectParam {
  std::vector<Tensor*> x;    // select_input: the branches; select_output: {X}
  std::vector<Tensor*> out;  // select_input: {Out}; select_output: the branches
  std::vector<std::string> branch_names;
  const Tensor* mask{nullptr};
  std::string op;
};

int64_t ReadMask(const SelectParam& p) {
  const Tensor& m = *p.mask;
  LITE_ENFORCE(m.initialized() && m.numel() == 1 &&
                   (m.dtype() == DataType::kInt32 || m.dtype() == DataType::kInt64),
               "op '", p.op, "': input 'Mask' must be an int32 tensor with one element, got ",
               m.initialized() ? DataTypeName(m.dtype()) : "no data", " with dims ",
               DimsToString(m.dims()));
  const int64_t i = ReadInts(m, "op '" + p.op + "': input 'Mask'")[0];
  const int64_t n = static_cast<int64_t>(p.branch_names.size());
  LITE_ENFORCE(i >= 0 && i < n, "op '", p.op, "': Mask ", i, " is out of range for ", n,
               " branches (", p.op == "select_input" ? "input 'X'" : "output 'Out'", ")");
  return i;
}

class SelectOp : public OperatorBase<SelectParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const int64_t i = ReadMask(p);
    const bool in = p.op == "select_input";
    const Tensor& src = in ? *p.x[i] : *p.x[0];
    Tensor* dst = in ? p.out[0] : p.out[i];
    LITE_ENFORCE(src.initialized(), "op '", p.op, "': the selected tensor '",
                 in ? p.branch_names[i] : "X", "' has no data (its branch did not run)");
    dst->Resize(src.dims());
    dst->set_dtype(src.dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op = desc.Type();
    p.mask = GetInput(desc, scope, "Mask");
    if (p.op == "select_input") {
      p.x = GetInputList(desc, scope, "X");
      p.branch_names = desc.Input("X");
      p.out = {GetOutput(desc, scope, "Out")};
    } else {
      p.x = {GetInput(desc, scope, "X")};
      p.out = GetOutputList(desc, scope, "Out");
      p.branch_names = desc.Output("Out");
    }
  }
};

class SelectKernel : public KernelBase<SelectParam> {
 public:
  void Run(const RunContext&) override {
    const auto& p = param();
    const int64_t i = ReadMask(p);
    const bool in = p.op == "select_input";
    const Tensor& src = in ? *p.x[i] : *p.x[0];
    Tensor* dst = in ? p.out[0] : p.out[i];
    if (dst != &src) dst->CopyFrom(src);
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(SelectOp)
LITE_KERNEL_CLASS(SelectKernel)
