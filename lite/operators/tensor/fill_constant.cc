// Constant producers:
// fill_constant: Out of `shape` (or ShapeTensor / ShapeTensorList) and
//   `dtype` (Paddle VarType number), filled with `value`, or `str_value` when
//   non-empty ("inf", "-inf", "nan" accepted), or the ValueTensor input.
// fill_constant_batch_size_like: like fill_constant, with
//   shape[output_dim_idx] = Input.dims[input_dim_idx].
// assign_value: Out of `shape` and `dtype` from fp32_values / int32_values /
//   int64_values / bool_values / fp64_values, or Paddle 2.6's `values`
//   (a SCALARS list, each Scalar cast to `dtype`).
#include <cmath>
#include <cstdlib>
#include <limits>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct FillConstantParam {
  std::vector<int64_t> shape;
  const Tensor* shape_tensor{nullptr};
  std::vector<Tensor*> shape_list;
  const Tensor* value_tensor{nullptr};
  const Tensor* like{nullptr};  // fill_constant_batch_size_like
  int input_dim_idx{0};
  int output_dim_idx{0};
  DataType dtype{DataType::kFloat32};
  double value{0};
  // assign_value
  std::vector<double> values;
  bool from_values{false};
  Tensor* out{nullptr};
};

double ParseValue(const std::string& op, const std::string& s) {
  if (s == "inf" || s == "+inf") return std::numeric_limits<double>::infinity();
  if (s == "-inf") return -std::numeric_limits<double>::infinity();
  if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  LITE_ENFORCE(end != s.c_str() && *end == '\0', "op '", op,
               "': attribute 'str_value' = \"", s, "\" is not a number");
  return v;
}

class FillConstantOp : public OperatorBase<FillConstantParam> {
 public:
  void InferShape() override {
    const std::string& op = type();
    DDim shape = param_.shape;
    if (param_.shape_tensor) {
      shape = ReadInts(*param_.shape_tensor, "op '" + op + "': input 'ShapeTensor'");
    } else if (!param_.shape_list.empty()) {
      shape = ReadIntList(param_.shape_list, "op '" + op + "': input 'ShapeTensorList'");
    }
    if (param_.like) {
      const DDim& ld = param_.like->dims();
      LITE_ENFORCE(param_.input_dim_idx >= 0 &&
                       param_.input_dim_idx < static_cast<int>(ld.size()),
                   "op '", op, "': input_dim_idx ", param_.input_dim_idx,
                   " is out of range for Input dims ", DimsToString(ld));
      LITE_ENFORCE(param_.output_dim_idx >= 0 &&
                       param_.output_dim_idx < static_cast<int>(shape.size()),
                   "op '", op, "': output_dim_idx ", param_.output_dim_idx,
                   " is out of range for shape ", DimsToString(shape));
      shape[param_.output_dim_idx] = ld[param_.input_dim_idx];
    }
    for (int64_t d : shape) {
      LITE_ENFORCE(d >= 0, "op '", op, "': shape ", DimsToString(shape),
                   " has a negative extent");
    }
    if (param_.from_values) {
      LITE_ENFORCE(static_cast<int64_t>(param_.values.size()) == Numel(shape), "op '",
                   op, "': ", param_.values.size(), " values given for shape ",
                   DimsToString(shape));
    }
    param_.out->Resize(shape);
    param_.out->set_dtype(param_.dtype);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    const std::string& op = desc.Type();
    param_.out = GetOutput(desc, scope, "Out");
    param_.dtype = DataTypeFromAttr(desc.GetAttr<int32_t>("dtype", 5), op);
    param_.shape = desc.GetAttr<std::vector<int64_t>>("shape", {});
    if (op == "assign_value") {
      param_.from_values = true;
      const char* names[] = {"fp32_values", "int32_values", "int64_values", "bool_values",
                             "fp64_values", "values"};
      for (const char* n : names) {
        if (!desc.HasAttr(n)) continue;
        auto v = desc.GetAttr<std::vector<double>>(n);
        if (!v.empty()) param_.values = v;
      }
      return;
    }
    param_.shape_tensor = GetOptionalInput(desc, scope, "ShapeTensor");
    param_.shape_list = GetOptionalInputList(desc, scope, "ShapeTensorList");
    param_.value_tensor = GetOptionalInput(desc, scope, "ValueTensor");
    std::string str = desc.GetAttr<std::string>("str_value", std::string());
    param_.value = str.empty() ? desc.GetAttr<double>("value", 0.0) : ParseValue(op, str);
    if (op == "fill_constant_batch_size_like") {
      param_.like = GetInput(desc, scope, "Input");
      param_.input_dim_idx = desc.GetAttr<int32_t>("input_dim_idx", 0);
      param_.output_dim_idx = desc.GetAttr<int32_t>("output_dim_idx", 0);
    }
  }
};

class FillConstantKernel : public KernelBase<FillConstantParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    double value = p.value;
    if (p.value_tensor) {
      auto v = ReadFloats(*p.value_tensor, "op 'fill_constant': input 'ValueTensor'");
      LITE_ENFORCE(v.size() == 1, "op 'fill_constant': input 'ValueTensor' must hold one "
                   "value, got ", v.size());
      value = v[0];
    }
    DispatchType(p.dtype, "fill_constant", [&](auto tag) {
      using T = decltype(tag);
      T* o = p.out->template mutable_data<T>();
      const int64_t n = p.out->numel();
      if (p.from_values) {
        for (int64_t i = 0; i < n; ++i) o[i] = static_cast<T>(p.values[i]);
      } else {
        const T v = static_cast<T>(value);
        for (int64_t i = 0; i < n; ++i) o[i] = v;
      }
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(FillConstantOp)
LITE_KERNEL_CLASS(FillConstantKernel)
