// Ops that only change dims (data is copied unchanged, any element type):
// reshape, reshape2, flatten, flatten2, flatten_contiguous_range, squeeze,
// squeeze2, unsqueeze, unsqueeze2. The *2 variants (and
// flatten_contiguous_range) also produce XShape = [0, x dims...] without data.
#include <algorithm>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct ReshapeLikeParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  Tensor* xshape{nullptr};
  // reshape
  std::vector<int64_t> shape;
  const Tensor* shape_tensor{nullptr};
  std::vector<Tensor*> shape_tensor_list;
  // flatten / flatten_contiguous_range
  int axis{1};
  int start_axis{1};
  int stop_axis{1};
  // squeeze / unsqueeze
  std::vector<int64_t> axes;
  const Tensor* axes_tensor{nullptr};
  std::vector<Tensor*> axes_tensor_list;
};

// Shared: binds X/Out/XShape; InferShape = ComputeDims + XShape.
class ReshapeLikeOpBase : public OperatorBase<ReshapeLikeParam> {
 public:
  void InferShape() override {
    DDim out_dims = ComputeDims(param_.x->dims());
    param_.out->Resize(out_dims);
    param_.out->set_dtype(param_.x->dtype());
    SetXShape(param_.xshape, *param_.x);
  }

 protected:
  virtual DDim ComputeDims(const DDim& in) = 0;
  void BindCommon(const cpp::OpDesc& desc, Scope* scope) {
    param_.x = GetInput(desc, scope, "X");
    param_.out = GetOutput(desc, scope, "Out");
    param_.xshape = GetOptionalOutput(desc, scope, "XShape");
  }
};

// Paddle's reshape rule: 0 copies the input dim at the same index, one -1 is
// inferred from the remaining size.
DDim ReshapeDims(const std::string& op, const std::vector<int64_t>& shape,
                 const DDim& in) {
  DDim out(shape.size());
  int unknown = -1;
  int64_t known = 1;
  const int64_t in_numel = Numel(in);
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      LITE_ENFORCE(unknown < 0, "op '", op, "': shape ",
                   DimsToString(shape), " has more than one -1");
      unknown = static_cast<int>(i);
      continue;
    }
    if (shape[i] == 0) {
      LITE_ENFORCE(i < in.size(), "op '", op, "': shape ", DimsToString(shape),
                   " has 0 (copy input dim) at index ", i,
                   " but input X has only ", in.size(), " dims ",
                   DimsToString(in));
      out[i] = in[i];
    } else {
      LITE_ENFORCE(shape[i] > 0, "op '", op, "': shape ", DimsToString(shape),
                   " has invalid value ", shape[i], " at index ", i,
                   " (expected > 0, 0 or -1)");
      out[i] = shape[i];
    }
    known *= out[i];
  }
  if (unknown >= 0) {
    LITE_ENFORCE(known > 0 && in_numel % known == 0, "op '", op,
                 "': cannot infer the -1 in shape ", DimsToString(shape),
                 " from input X dims ", DimsToString(in), " (", in_numel,
                 " elements)");
    out[unknown] = in_numel / known;
  } else {
    LITE_ENFORCE(known == in_numel, "op '", op, "': shape ",
                 DimsToString(shape), " (", known,
                 " elements) does not match input X dims ", DimsToString(in),
                 " (", in_numel, " elements)");
  }
  return out;
}

class ReshapeOp : public ReshapeLikeOpBase {
 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    BindCommon(desc, scope);
    param_.shape = desc.GetAttr<std::vector<int64_t>>("shape", {});
    param_.shape_tensor = GetOptionalInput(desc, scope, "Shape");
    param_.shape_tensor_list = GetOptionalInputList(desc, scope, "ShapeTensor");
  }
  DDim ComputeDims(const DDim& in) override {
    const std::string& op = type();
    std::vector<int64_t> shape = param_.shape;
    if (!param_.shape_tensor_list.empty()) {
      shape = ReadIntList(param_.shape_tensor_list,
                          "op '" + op + "': input 'ShapeTensor'");
    } else if (param_.shape_tensor) {
      shape = ReadInts(*param_.shape_tensor, "op '" + op + "': input 'Shape'");
    }
    return ReshapeDims(op, shape, in);
  }
};

class FlattenOp : public ReshapeLikeOpBase {
 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    BindCommon(desc, scope);
    param_.axis = desc.GetAttr<int32_t>("axis", 1);
  }
  DDim ComputeDims(const DDim& in) override {
    const int rank = static_cast<int>(in.size());
    LITE_ENFORCE(param_.axis >= 0 && param_.axis <= rank, "op '", type(),
                 "': attribute 'axis' = ", param_.axis,
                 " must be in [0, rank] = [0, ", rank, "] for input X dims ",
                 DimsToString(in));
    return {DimsProduct(in, 0, param_.axis), DimsProduct(in, param_.axis, rank)};
  }
};

class FlattenRangeOp : public ReshapeLikeOpBase {
 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    BindCommon(desc, scope);
    param_.start_axis = desc.GetAttr<int32_t>("start_axis", 1);
    // Paddle's FlattenContiguousRangeOpMaker defaults stop_axis to 1 (not -1).
    param_.stop_axis = desc.GetAttr<int32_t>("stop_axis", 1);
  }
  DDim ComputeDims(const DDim& in) override {
    const int64_t rank = static_cast<int64_t>(in.size());
    if (rank == 0) return {1};
    int start = NormalizeAxis(param_.start_axis, rank, type(), "attribute 'start_axis'");
    int stop = NormalizeAxis(param_.stop_axis, rank, type(), "attribute 'stop_axis'");
    LITE_ENFORCE(start <= stop, "op '", type(), "': start_axis ", start,
                 " must not be after stop_axis ", stop, " (input X dims ",
                 DimsToString(in), ")");
    DDim out(in.begin(), in.begin() + start);
    out.push_back(DimsProduct(in, start, stop + 1));
    out.insert(out.end(), in.begin() + stop + 1, in.end());
    return out;
  }
};

class SqueezeOp : public ReshapeLikeOpBase {
 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    BindCommon(desc, scope);
    param_.axes = desc.GetAttr<std::vector<int64_t>>("axes", {});
  }
  DDim ComputeDims(const DDim& in) override {
    const int64_t rank = static_cast<int64_t>(in.size());
    std::vector<bool> drop(in.size(), false);
    if (param_.axes.empty()) {
      for (size_t i = 0; i < in.size(); ++i) drop[i] = in[i] == 1;
    } else {
      for (int64_t a : param_.axes) {
        int axis = NormalizeAxis(a, rank, type(), "attribute 'axes' value");
        // Paddle keeps (silently) an axis whose extent is not 1.
        if (in[axis] == 1) drop[axis] = true;
      }
    }
    DDim out;
    for (size_t i = 0; i < in.size(); ++i) {
      if (!drop[i]) out.push_back(in[i]);
    }
    return out;
  }
};

class UnsqueezeOp : public ReshapeLikeOpBase {
 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    BindCommon(desc, scope);
    param_.axes = desc.GetAttr<std::vector<int64_t>>("axes", {});
    param_.axes_tensor = GetOptionalInput(desc, scope, "AxesTensor");
    param_.axes_tensor_list = GetOptionalInputList(desc, scope, "AxesTensorList");
  }
  DDim ComputeDims(const DDim& in) override {
    std::vector<int64_t> axes = param_.axes;
    if (param_.axes_tensor) {
      axes = ReadInts(*param_.axes_tensor, "op '" + type() + "': input 'AxesTensor'");
    } else if (!param_.axes_tensor_list.empty()) {
      axes = ReadIntList(param_.axes_tensor_list,
                         "op '" + type() + "': input 'AxesTensorList'");
    }
    // Insert the new axes one after another, each into the shape produced so
    // far (Paddle's rule; negative axes count from the end of that shape).
    const size_t out_rank = in.size() + axes.size();
    std::vector<int> marks(out_rank, 0);  // 1 = inserted axis
    int64_t cur = static_cast<int64_t>(in.size());
    for (int64_t a : axes) {
      int64_t pos = a < 0 ? a + cur + 1 : a;
      LITE_ENFORCE(pos >= 0 && pos <= cur, "op '", type(), "': axis ", a,
                   " is out of range for a shape of rank ", cur,
                   " (expected [", -cur - 1, ", ", cur, "])");
      for (int64_t i = cur; i >= pos; --i) {
        if (marks[i] == 1) {
          marks[i + 1] = 1;
          marks[i] = 0;
        }
      }
      marks[pos] = 1;
      ++cur;
    }
    DDim out(out_rank);
    size_t k = 0;
    for (size_t i = 0; i < out_rank; ++i) out[i] = marks[i] ? 1 : in[k++];
    return out;
  }
};

class ReshapeCopyKernel : public KernelBase<ReshapeLikeParam> {
 public:
  void Run(const RunContext&) override {
    CopyElements(*param().x, param().out);
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(ReshapeOp)
LITE_OP_CLASS(FlattenOp)
LITE_OP_CLASS(FlattenRangeOp)
LITE_OP_CLASS(SqueezeOp)
LITE_OP_CLASS(UnsqueezeOp)
LITE_KERNEL_CLASS(ReshapeCopyKernel)
