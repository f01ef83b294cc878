// linspace: Out = Num values from Start to Stop (one-element tensors; Num
//   int32), evenly spaced; as Paddle, the first half counts up from Start and
//   the second half down from Stop (so both ends are exact); `dtype` (Paddle
//   VarType number) is the output type. Num = 1 gives [Start].
// empty: Out of `shape` (attribute, ShapeTensor or ShapeTensorList) and
//   `dtype`. Paddle leaves the values uninitialized; here they are 0, so
//   runs are reproducible.
#include <cstring>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct LinspaceParam {
  const Tensor *start{nullptr}, *stop{nullptr}, *num{nullptr};
  Tensor* out{nullptr};
  DataType dtype{DataType::kFloat32};
  int64_t count{0};
};

double OneValue(const Tensor& t, const char* slot) {
  LITE_ENFORCE(t.numel() == 1, "op 'linspace': input '", slot, "' must hold one value, got dims ",
               DimsToString(t.dims()));
  double v = 0;
  DispatchType(t.dtype(), "linspace", [&](auto tag) {
    using T = decltype(tag);
    v = static_cast<double>(t.template data<T>()[0]);
  });
  return v;
}

class LinspaceOp : public OperatorBase<LinspaceParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    p.count = static_cast<int64_t>(OneValue(*p.num, "Num"));
    LITE_ENFORCE(p.count > 0, "op 'linspace': input 'Num' must be positive, got ", p.count);
    p.out->Resize({p.count});
    p.out->set_dtype(p.dtype);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.start = GetInput(desc, scope, "Start");
    p.stop = GetInput(desc, scope, "Stop");
    p.num = GetInput(desc, scope, "Num");
    p.out = GetOutput(desc, scope, "Out");
    p.dtype = DataTypeFromAttr(desc.GetAttr<int32_t>("dtype", 5), "linspace");
  }
};

class LinspaceKernel : public KernelBase<LinspaceParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const double start = OneValue(*p.start, "Start"), stop = OneValue(*p.stop, "Stop");
    const int64_t n = p.count;
    DispatchType(p.dtype, "linspace", [&](auto tag) {
      using T = decltype(tag);
      T* o = p.out->template mutable_data<T>();
      if (n == 1) {
        o[0] = static_cast<T>(start);
        return;
      }
      const double step = (stop - start) / static_cast<double>(n - 1);
      for (int64_t i = 0; i < n; ++i)
        o[i] = static_cast<T>(i < n / 2 ? start + step * i : stop - step * (n - 1 - i));
    });
  }
};

struct EmptyParam {
  const Tensor* shape_tensor{nullptr};
  std::vector<Tensor*> shape_list;
  std::vector<int64_t> shape;
  Tensor* out{nullptr};
  DataType dtype{DataType::kFloat32};
};

class EmptyOp : public OperatorBase<EmptyParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    std::vector<int64_t> d = p.shape;
    if (p.shape_tensor) {
      d = ReadInts(*p.shape_tensor, "op 'empty': input 'ShapeTensor'");
    } else if (!p.shape_list.empty()) {
      d = ReadIntList(p.shape_list, "op 'empty': input 'ShapeTensorList'");
    }
    for (int64_t v : d) {
      LITE_ENFORCE(v >= 0, "op 'empty': shape ", DimsToString(d), " has a negative dim");
    }
    p.out->Resize(d);
    p.out->set_dtype(p.dtype);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.out = GetOutput(desc, scope, "Out");
    p.shape = desc.GetAttr<std::vector<int64_t>>("shape", {});
    p.shape_tensor = GetOptionalInput(desc, scope, "ShapeTensor");
    p.shape_list = GetOptionalInputList(desc, scope, "ShapeTensorList");
    p.dtype = DataTypeFromAttr(desc.GetAttr<int32_t>("dtype", 5), "empty");
  }
};

class EmptyKernel : public KernelBase<EmptyParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    void* o = p.out->mutable_data(p.dtype);
    if (p.out->numel() > 0) std::memset(o, 0, p.out->memory_size());
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(LinspaceOp)
LITE_KERNEL_CLASS(LinspaceKernel)
LITE_OP_CLASS(EmptyOp)
LITE_KERNEL_CLASS(EmptyKernel)
