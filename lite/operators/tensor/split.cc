// split: splits X along `axis` into `num` equal parts or by `sections`
// (one entry may be -1 = the rest). Optional inputs AxisTensor and
// SectionsTensorList override the attributes. Any element type.
#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct SplitParam {
  const Tensor* x{nullptr};
  std::vector<Tensor*> out;
  const Tensor* axis_tensor{nullptr};
  std::vector<Tensor*> sections_tensor_list;
  int axis_attr{0};
  int num{0};
  std::vector<int64_t> sections;
  int axis{0};  // resolved by InferShape
};

class SplitOp : public OperatorBase<SplitParam> {
 public:
  void InferShape() override {
    const DDim& in = param_.x->dims();
    int64_t axis = param_.axis_attr;
    if (param_.axis_tensor) {
      auto v = ReadInts(*param_.axis_tensor, "op 'split': input 'AxisTensor'");
      LITE_ENFORCE(v.size() == 1, "op 'split': input 'AxisTensor' must hold one value");
      axis = v[0];
    }
    param_.axis = NormalizeAxis(axis, static_cast<int64_t>(in.size()), "split", "axis");
    const int64_t extent = in[param_.axis];
    const size_t n_out = param_.out.size();
    std::vector<int64_t> sizes;
    std::vector<int64_t> sections = param_.sections;
    if (!param_.sections_tensor_list.empty()) {
      sections = ReadIntList(param_.sections_tensor_list,
                             "op 'split': input 'SectionsTensorList'");
    }
    if (param_.num > 0) {
      LITE_ENFORCE(extent % param_.num == 0, "op 'split': dim ", param_.axis,
                   " of input X (dims ", DimsToString(in), ") = ", extent,
                   " is not divisible by num = ", param_.num);
      LITE_ENFORCE(static_cast<size_t>(param_.num) == n_out, "op 'split': num = ",
                   param_.num, " but ", n_out, " outputs are given");
      sizes.assign(param_.num, extent / param_.num);
    } else {
      LITE_ENFORCE(sections.size() == n_out, "op 'split': sections ",
                   DimsToString(sections), " has ", sections.size(),
                   " entries but ", n_out, " outputs are given");
      int unknown = -1;
      int64_t sum = 0;
      for (size_t i = 0; i < sections.size(); ++i) {
        if (sections[i] == -1) {
          LITE_ENFORCE(unknown < 0, "op 'split': sections ", DimsToString(sections),
                       " has more than one -1");
          unknown = static_cast<int>(i);
        } else {
          LITE_ENFORCE(sections[i] >= 0, "op 'split': sections ",
                       DimsToString(sections), " has a negative entry");
          sum += sections[i];
        }
      }
      sizes = sections;
      if (unknown >= 0) {
        LITE_ENFORCE(sum <= extent, "op 'split': sections ", DimsToString(sections),
                     " exceed dim ", param_.axis, " of input X dims ", DimsToString(in));
        sizes[unknown] = extent - sum;
      } else {
        LITE_ENFORCE(sum == extent, "op 'split': sections ", DimsToString(sections),
                     " sum to ", sum, " but dim ", param_.axis, " of input X (dims ",
                     DimsToString(in), ") is ", extent);
      }
    }
    for (size_t i = 0; i < n_out; ++i) {
      DDim d = in;
      d[param_.axis] = sizes[i];
      param_.out[i]->Resize(d);
      param_.out[i]->set_dtype(param_.x->dtype());
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.x = GetInput(desc, scope, "X");
    param_.out = GetOutputList(desc, scope, "Out");
    param_.axis_tensor = GetOptionalInput(desc, scope, "AxisTensor");
    param_.sections_tensor_list = GetOptionalInputList(desc, scope, "SectionsTensorList");
    param_.axis_attr = desc.GetAttr<int32_t>("axis", 0);
    param_.num = desc.GetAttr<int32_t>("num", 0);
    param_.sections = desc.GetAttr<std::vector<int64_t>>("sections", {});
  }
};

class SplitKernel : public KernelBase<SplitParam> {
 public:
  void Run(const RunContext&) override {
    const Tensor& x = *param().x;
    const DDim& in = x.dims();
    const int axis = param().axis;
    const size_t esize = SizeOf(x.dtype());
    const int64_t outer = DimsProduct(in, 0, axis);
    const int64_t inner = DimsProduct(in, axis + 1, in.size());
    const int64_t in_row = in[axis] * inner * esize;
    const char* src = static_cast<const char*>(x.raw_data());
    int64_t offset = 0;
    for (Tensor* o : param().out) {
      char* dst = static_cast<char*>(o->mutable_data(x.dtype()));
      const int64_t row = o->dims()[axis] * inner * esize;
      if (row > 0) {
        for (int64_t i = 0; i < outer; ++i) {
          std::memcpy(dst + i * row, src + i * in_row + offset, row);
        }
      }
      offset += row;
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(SplitOp)
LITE_KERNEL_CLASS(SplitKernel)
