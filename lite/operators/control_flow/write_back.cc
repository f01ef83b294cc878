// write_back: the op Paddle Lite's SSA conversion of control flow appends to
// a sub-block (lite/model_parser/ssa/program_desc.cc InsertWriteBackOp;
// lite/operators/write_back_op.cc, lite/kernels/host/write_back_compute.cc):
// the block's last version of a variable is written back onto the
// variable of the enclosing block. All its slots are inputs:
//   Src_LoDTensor -> Dst_LoDTensor: Dst becomes a copy of Src (dims, LoD,
//     element type, data);
//   with attribute `tensor_array_copy` (any value: Paddle Lite tests only
//     its presence): Src_LoDTensorArray -> Dst_LoDTensorArray: Dst takes
//     Src's length, and each slot Dst holds no data for takes a copy of
//     Src's (Paddle Lite shares the buffer; slots Dst already holds stay);
//   Dep_LoDTensor / Dep_LoDTensorArray: ordering only (the outputs of the
//     ops that wrote Dst), checked to exist and not read.
// A weight (persistable) Dst is refused: weights are shared by cloned
// predictors and never written.
#include "lite/core/registry.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct WriteBackParam {
  bool array{false};
  const Tensor* src{nullptr};
  Tensor* dst{nullptr};
  const TensorArray* src_array{nullptr};
  TensorArray* dst_array{nullptr};
};

class WriteBackOp : public OperatorBase<WriteBackParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    if (p.array) return;
    p.dst->Resize(p.src->dims());
    p.dst->set_lod(p.src->lod());
    p.dst->set_dtype(p.src->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.array = desc.HasAttr("tensor_array_copy");
    if (p.array) {
      p.src_array = GetInputArray(desc, scope, "Src_LoDTensorArray");
      p.dst_array = GetInputArray(desc, scope, "Dst_LoDTensorArray");
    } else {
      p.src = GetInput(desc, scope, "Src_LoDTensor");
      p.dst = GetInput(desc, scope, "Dst_LoDTensor");
      LITE_ENFORCE(!p.dst->persistable(), "op 'write_back': input 'Dst_LoDTensor' ('",
                   desc.Input("Dst_LoDTensor")[0], "') is a weight; weights are never written");
    }
    // The slots of the other form are not used by this one; Paddle Lite
    // leaves them empty.
    const char* unused[] = {"Src_LoDTensor", "Dst_LoDTensor", "Src_LoDTensorArray",
                            "Dst_LoDTensorArray"};
    for (const char* slot : unused) {
      const bool array_slot = std::string(slot).find("Array") != std::string::npos;
      if (array_slot == p.array) continue;
      LITE_ENFORCE(desc.Input(slot).empty(), "op 'write_back': input '", slot, "' is given but ",
                   p.array ? "attribute 'tensor_array_copy' is set (arrays are copied)"
                           : "attribute 'tensor_array_copy' is absent (tensors are copied)");
      CheckInputNames(desc, scope, slot);
    }
    CheckInputNames(desc, scope, "Dep_LoDTensor");
    CheckInputNames(desc, scope, "Dep_LoDTensorArray");
  }
};

class WriteBackKernel : public KernelBase<WriteBackParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    if (!p.array) {
      if (p.dst != p.src) p.dst->CopyFrom(*p.src);
      return;
    }
    if (p.dst_array == p.src_array) return;
    p.dst_array->resize(p.src_array->size());
    for (size_t i = 0; i < p.src_array->size(); ++i) {
      Tensor& d = (*p.dst_array)[i];
      if (!d.initialized()) d.CopyFrom((*p.src_array)[i]);
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(WriteBackOp)
LITE_KERNEL_CLASS(WriteBackKernel)
