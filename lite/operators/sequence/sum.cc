// sum: Out = X[0] + X[1] + ... (all the same dims, float); Out takes the
// LoD of X[0], as Paddle does. Empty (0-element) inputs are skipped, as
// Paddle skips uninitialized ones. Paddle's SelectedRows inputs (sparse
// gradients of training programs) have no counterpart in this runtime: an
// input the program declares SELECTED_ROWS is an error naming it.
#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {

struct SumParam {
  std::vector<Tensor*> xs;
  Tensor* out{nullptr};
};

class SumOp : public OperatorBase<SumParam> {
 public:
  void SetEnv(const OpEnv& env) override { program_ = env.program; }
  void InferShape() override {
    auto& p = param_;
    const DDim* dims = nullptr;
    for (size_t i = 0; i < p.xs.size(); ++i) {
      const Tensor* x = p.xs[i];
      if (x->numel() == 0) continue;
      if (!dims) {
        dims = &x->dims();
        continue;
      }
      LITE_ENFORCE(x->dims() == *dims, "op 'sum': input 'X'[", i, "] has dims ",
                   DimsToString(x->dims()), " but 'X'[0] has ", DimsToString(*dims));
    }
    p.out->Resize(dims ? *dims : p.xs[0]->dims());
    p.out->set_dtype(DataType::kFloat32);
    p.out->set_lod(p.xs[0]->lod());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    for (const auto& name : desc.Input("X")) {
      for (size_t b = 0; program_ && b < program_->blocks.size(); ++b) {
        const cpp::VarDesc* v = program_->blocks[b].FindVar(name);
        LITE_ENFORCE(!v || v->type != cpp::VarKind::SELECTED_ROWS, "op 'sum': input 'X' variable '",
                     name, "' is a SELECTED_ROWS (sparse rows); this runtime sums dense "
                     "LoD tensors only (SelectedRows appear in training programs, not inference)");
      }
    }
    param_.xs = GetInputList(desc, scope, "X");
    param_.out = GetOutput(desc, scope, "Out");
  }

 private:
  const cpp::ProgramDesc* program_{nullptr};
};

class SumKernel : public KernelBase<SumParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const int64_t n = p.out->numel();
    // Inputs are read before the output is written: Out may alias X[0].
    std::vector<float> acc(static_cast<size_t>(n), 0.f);
    for (const Tensor* x : p.xs) {
      if (x->numel() == 0) continue;
      const float* v = x->data<float>();
      for (int64_t i = 0; i < n; ++i) acc[i] += v[i];
    }
    float* out = p.out->mutable_data<float>();
    std::copy(acc.begin(), acc.end(), out);
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(SumOp)
LITE_KERNEL_CLASS(SumKernel)
