// Tensor arrays (LOD_TENSOR_ARRAY variables, lite/core/scope.h):
// write_to_array: Out[I] = X (a copy with its LoD; the array grows to I + 1,
//   new slots between stay empty), as Paddle's write_to_array;
// read_from_array: Out = X[I] (a copy); reading a slot never written or past
//   the end is an Error naming the array (Paddle leaves Out untouched there,
//   which at inference only hides a bug);
// lod_array_length: Out = the number of slots, int64 [1].
// I is a one-element int64 (or int32) tensor, >= 0.
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct TensorArrayParam {
  std::string op, array_name;
  TensorArray* array{nullptr};
  const Tensor* x{nullptr};  // write_to_array
  const Tensor* i{nullptr};  // write_to_array, read_from_array
  Tensor* out{nullptr};      // read_from_array, lod_array_length
};

int64_t ReadIndex(const TensorArrayParam& p) {
  const Tensor& t = *p.i;
  LITE_ENFORCE(t.initialized() && t.numel() == 1, "op '", p.op,
               "': input 'I' must hold one integer, got dims ", DimsToString(t.dims()));
  const int64_t i = ReadInts(t, "op '" + p.op + "': input 'I'")[0];
  LITE_ENFORCE(i >= 0, "op '", p.op, "': index ", i, " into array '", p.array_name,
               "' is negative");
  return i;
}

const Tensor& ReadSlot(const TensorArrayParam& p) {
  const int64_t i = ReadIndex(p);
  LITE_ENFORCE(i < static_cast<int64_t>(p.array->size()) && (*p.array)[i].initialized(),
               "op '", p.op, "': slot ", i, " of array '", p.array_name, "' (", p.array->size(),
               " slots) was never written");
  return (*p.array)[i];
}

class TensorArrayOp : public OperatorBase<TensorArrayParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    if (p.op == "read_from_array") {
      const Tensor& slot = ReadSlot(p);
      p.out->Resize(slot.dims());
      p.out->set_dtype(slot.dtype());
    } else if (p.op == "lod_array_length") {
      p.out->Resize({1});
      p.out->set_dtype(DataType::kInt64);
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op = desc.Type();
    if (p.op == "write_to_array") {
      p.x = GetInput(desc, scope, "X");
      p.i = GetInput(desc, scope, "I");
      p.array = GetOutputArray(desc, scope, "Out");
      p.array_name = desc.Output("Out")[0];
      return;
    }
    p.array = GetInputArray(desc, scope, "X");
    p.array_name = desc.Input("X")[0];
    if (p.op == "read_from_array") p.i = GetInput(desc, scope, "I");
    p.out = GetOutput(desc, scope, "Out");
  }
};

class TensorArrayKernel : public KernelBase<TensorArrayParam> {
 public:
  void Run(const RunContext&) override {
    const auto& p = param();
    if (p.op == "write_to_array") {
      LITE_ENFORCE(p.x->initialized(), "op 'write_to_array': input 'X' has no data");
      const int64_t i = ReadIndex(p);
      if (i >= static_cast<int64_t>(p.array->size())) p.array->resize(i + 1);
      (*p.array)[i].CopyFrom(*p.x);
    } else if (p.op == "read_from_array") {
      p.out->CopyFrom(ReadSlot(p));
    } else {
      p.out->mutable_data<int64_t>()[0] = static_cast<int64_t>(p.array->size());
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(TensorArrayOp)
LITE_KERNEL_CLASS(TensorArrayKernel)
